import KioskCore

/// One op of the control protocol: what a request naming it may hold, what its reply holds,
/// what it costs the runner's queue, how `kiosk ctl` spells it, and how it is carried out.
///
/// Every op is one entry of `ControlOperationTable.standard`; the request parser, the
/// handler, the queue, `kiosk ctl` and its `--help` read nothing else, and a test holds
/// Contracts.md ("Control socket") to the table.
///
/// Sendable though it holds closures: they are the handler's methods, unapplied (the table
/// captures nothing), and the table never changes.
package struct ControlOperation: @unchecked Sendable {
    /// The `"op"` of a request: `"showPanel"`.
    package let name: String
    /// The fields a request may hold besides `op` and `id`, in the order messages list them.
    package let fields: [Field]
    /// The members of an ok reply besides `ok` and `id` (every one a reply may hold).
    package let reply: [String]
    /// What carrying it out takes of a pass of the runner's loop.
    let cost: Cost
    /// `kiosk ctl`'s spelling of it.
    package let shortcut: Shortcut
    /// Whether a broker may send it when the config's `mqtt.allow` does not say: false for
    /// what a message on a shared broker should never do unasked (`reload`: files read, the
    /// scene rebuilt, popups closed). See `ControlPermissions`.
    package let brokerMaySendByDefault: Bool
    /// The field that names a file the kiosk writes (`screenshot`'s `path`), if any: a channel
    /// that may not write files (MQTT) refuses a request holding it.
    package let fileField: String?
    /// Carries out a parsed request on the handler's kiosk (the loop's thread).
    let carryOut: (ControlRequestHandler, ControlRequest) -> ControlRequestHandler.Performance

    /// A field a request may hold.
    package struct Field {
        package var name: String
        package var type: FieldType
        package var required: Bool

        /// A field the request must hold.
        static func required(_ name: String, _ type: FieldType) -> Field { Field(name: name, type: type, required: true) }
        /// A field the request may leave out.
        static func optional(_ name: String, _ type: FieldType) -> Field { Field(name: name, type: type, required: false) }
    }

    /// A field's JSON type.
    package enum FieldType: String {
        case string, number, object
        case bool = "boolean"

        /// "a string", "an object": as messages name what was expected.
        var described: String { self == .object ? "an object" : "a \(rawValue)" }

        func matches(_ node: JSONNode) -> Bool {
            switch (self, node.kind) {
            case (.string, .string), (.number, .number), (.object, .object), (.bool, .bool): true
            default: false
            }
        }
    }

    /// What an op takes of the budget the runner's queue carries out per pass
    /// (`ControlRequestQueue` turns it into a number).
    enum Cost {
        /// A value read or set, an overlay, a screen change: a few microseconds.
        case small
        /// A copy of the frame (about 1 ms at 1080p), which the request then holds until its
        /// reply is made off the loop: worth many small requests, and only a few at a time.
        case frameCopy
        /// Files read and a scene built: the whole of a pass.
        case wholePass
    }

    /// The handler's method that carries out one request: `ControlRequestHandler.showPanel`.
    typealias Perform = (ControlRequestHandler) -> (ControlRequest) throws(ControlRequestHandler.Failure) -> ControlReply

    /// An op whose reply is made on the loop's thread, in its turn, by `perform`; a failure it
    /// throws is the error reply.
    init(_ name: String, fields: [Field] = [], reply: [String] = [], cost: Cost = .small,
         brokerMaySendByDefault: Bool = true, fileField: String? = nil, shortcut: Shortcut,
         perform: @escaping Perform) {
        self.init(name, fields: fields, reply: reply, cost: cost, brokerMaySendByDefault: brokerMaySendByDefault,
                  fileField: fileField, shortcut: shortcut, performInParts: { handler in
            { request in
                do throws(ControlRequestHandler.Failure) { return .replied(try perform(handler)(request)) } catch {
                    return .replied(.error(id: request.id, error.message, error.fields))
                }
            }
        })
    }

    /// An op that may leave part of its work (`Performance.remaining`) to another thread.
    init(_ name: String, fields: [Field] = [], reply: [String] = [], cost: Cost = .small,
         brokerMaySendByDefault: Bool = true, fileField: String? = nil, shortcut: Shortcut,
         performInParts: @escaping (ControlRequestHandler) -> (ControlRequest) -> ControlRequestHandler.Performance) {
        precondition(fileField.map { name in fields.contains { $0.name == name } } ?? true,
                     "ControlOperation \(name): the file field is not one of its fields")
        self.name = name
        self.fields = fields
        self.reply = reply
        self.cost = cost
        self.brokerMaySendByDefault = brokerMaySendByDefault
        self.fileField = fileField
        self.shortcut = shortcut
        carryOut = { handler, request in performInParts(handler)(request) }
    }

    /// The field named `name`, if the op takes one.
    package func field(named name: String) -> Field? { fields.first { $0.name == name } }
}
