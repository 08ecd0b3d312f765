import CSystemd
@preconcurrency import Glibc

/// The system D-Bus connection, through sd-bus's non-variadic API only.
///
/// `sd_bus_call_method` and `sd_bus_message_read` are C variadics, which Swift cannot import, so
/// every call here is built with `sd_bus_message_new_method_call` + `sd_bus_message_append_basic`,
/// sent with `sd_bus_call`, and its reply read one value at a time with
/// `sd_bus_message_read_basic`. Only the basic types logind's session API needs are covered.
final class SystemBus {
    let pointer: OpaquePointer

    /// Connects to the system bus (`sd_bus_open_system`). Fails at once, with `ENOENT`, where
    /// there is no bus socket (containers, initramfs).
    init() throws(LogindError) {
        var bus: OpaquePointer?
        let result = sd_bus_open_system(&bus)
        guard result >= 0, let bus else { throw LogindError(call: "sd_bus_open_system", errno: -result) }
        pointer = bus
    }

    deinit {
        // Flush so a last ReleaseControl reaches logind before the socket closes.
        sd_bus_flush_close_unref(pointer)
    }

    /// One argument of a method call.
    enum Argument {
        case uint32(UInt32)
        case bool(Bool)
        case string(String)
    }

    /// Calls `member` and waits for the reply (sd-bus's default timeout, 25 s). Signals that
    /// arrive meanwhile are queued and delivered by the next `sd_bus_process`.
    func call(
        _ destination: String, _ path: String, _ interface: String, _ member: String, _ arguments: [Argument] = []
    ) throws(LogindError) -> BusMessage {
        var request: OpaquePointer?
        var result = sd_bus_message_new_method_call(pointer, &request, destination, path, interface, member)
        guard result >= 0, let request else {
            throw LogindError(call: member, errno: -result)
        }
        let message = BusMessage(adopting: request)
        for argument in arguments {
            result = message.append(argument)
            guard result >= 0 else { throw LogindError(call: member, errno: -result) }
        }
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        result = sd_bus_call(pointer, message.pointer, 0, &error, &reply)
        guard result >= 0, let reply else {
            throw LogindError(call: member, errno: -result, busError: Self.describe(error))
        }
        return BusMessage(adopting: reply)
    }

    /// The value of a property, positioned inside its variant (`sd_bus_get_property`).
    func property(
        _ destination: String, _ path: String, _ interface: String, _ member: String, type: String
    ) throws(LogindError) -> BusMessage {
        var error = sd_bus_error()
        defer { sd_bus_error_free(&error) }
        var reply: OpaquePointer?
        let result = sd_bus_get_property(pointer, destination, path, interface, member, &error, &reply, type)
        guard result >= 0, let reply else {
            throw LogindError(call: "\(member) property", errno: -result, busError: Self.describe(error))
        }
        return BusMessage(adopting: reply)
    }

    /// "name: message" of a D-Bus error, or nil when the failure was local (no error set).
    static func describe(_ error: sd_bus_error) -> String? {
        guard let name = error.name else { return nil }
        guard let message = error.message else { return String(cString: name) }
        return "\(String(cString: name)): \(String(cString: message))"
    }
}

/// A D-Bus type code as `sd_bus_message_*_basic` take it (`'u'`, `'s'`, …).
@inline(__always)
func busType(_ code: Unicode.Scalar) -> CChar { CChar(bitPattern: UInt8(ascii: code)) }

/// An `sd_bus_message` this code owns (one reference, dropped at the end of its life).
struct BusMessage: ~Copyable {
    let pointer: OpaquePointer

    init(adopting pointer: OpaquePointer) { self.pointer = pointer }

    deinit { sd_bus_message_unref(pointer) }

    func append(_ argument: SystemBus.Argument) -> Int32 {
        switch argument {
        case .uint32(var value):
            return sd_bus_message_append_basic(pointer, busType("u"), &value)
        case .bool(let flag):
            // D-Bus booleans are C ints on the wire API.
            var value: Int32 = flag ? 1 : 0
            return sd_bus_message_append_basic(pointer, busType("b"), &value)
        case .string(let text):
            // For string types the argument is the characters themselves, not a pointer to them.
            return text.withCString { sd_bus_message_append_basic(pointer, busType("s"), $0) }
        }
    }

    func readUInt32() -> UInt32? { BusMessage.readUInt32(pointer) }
    func readBool() -> Bool? { BusMessage.readBool(pointer) }
    func readString(type: Unicode.Scalar = "s") -> String? { BusMessage.readString(pointer, type: type) }
    func readFileDescriptor() -> Int32? { BusMessage.readFileDescriptor(pointer) }

    /// Enters a struct or variant (`sd_bus_message_enter_container`).
    func enter(_ type: Unicode.Scalar, contents: String) -> Bool {
        sd_bus_message_enter_container(pointer, busType(type), contents) >= 0
    }

    // The readers also serve messages this code does not own (signals inside a handler).

    static func readUInt32(_ message: OpaquePointer) -> UInt32? {
        var value: UInt32 = 0
        return sd_bus_message_read_basic(message, busType("u"), &value) > 0 ? value : nil
    }

    static func readBool(_ message: OpaquePointer) -> Bool? {
        var value: Int32 = 0
        return sd_bus_message_read_basic(message, busType("b"), &value) > 0 ? value != 0 : nil
    }

    static func readString(_ message: OpaquePointer, type: Unicode.Scalar = "s") -> String? {
        var value: UnsafePointer<CChar>?
        guard sd_bus_message_read_basic(message, busType(type), &value) > 0, let value else { return nil }
        return String(cString: value)
    }

    /// A descriptor owned by the message: valid until the message is released. Duplicate it to
    /// keep it.
    static func readFileDescriptor(_ message: OpaquePointer) -> Int32? {
        var value: Int32 = -1
        return sd_bus_message_read_basic(message, busType("h"), &value) > 0 ? value : nil
    }
}
