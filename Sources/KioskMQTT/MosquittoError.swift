@preconcurrency import Glibc
import CMosquitto
import KioskLoop

/// A libmosquitto call that failed: the call's name and its `MOSQ_ERR_*` code, with
/// `mosquitto_strerror`'s text (or `strerror(errno)` for `MOSQ_ERR_ERRNO`, whose reason is in
/// errno: a refused connection, an unreachable host).
package struct MosquittoError: Error, Sendable, Equatable, CustomStringConvertible {
    package let call: String
    package let code: Int32
    package let reason: String

    init(call: String, code: Int32, errno savedErrno: Int32 = Glibc.errno) {
        self.call = call
        self.code = code
        reason = Self.reason(code: code, errno: savedErrno)
    }

    package var description: String { "\(call): \(reason)" }

    /// The text for `code`, without libmosquitto's final full stop ("The connection was
    /// lost."), since it is always followed by more of a sentence of ours.
    static func reason(code: Int32, errno savedErrno: Int32) -> String {
        if code == Int32(MOSQ_ERR_ERRNO.rawValue) { return SystemCallError.message(savedErrno) }
        let text = String(cString: mosquitto_strerror(code))
        return text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// Throws for anything but `MOSQ_ERR_SUCCESS`.
    static func check(_ call: String, _ code: Int32) throws(MosquittoError) {
        guard code == Int32(MOSQ_ERR_SUCCESS.rawValue) else { throw MosquittoError(call: call, code: code) }
    }
}
