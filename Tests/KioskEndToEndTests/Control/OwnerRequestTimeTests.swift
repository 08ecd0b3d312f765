import Foundation
import KioskTestSupport
import Testing

/// When an owner's request happened, as its events say: the scene's clock stands still
/// between frames, so a request stamped with it would seem to come right after the last frame.
@Suite("Owner requests, their time", .serialized)
struct OwnerRequestTimeTests {
    @Test("a set after the kiosk was idle is stamped with when it was carried out, not with the last frame's time")
    func setAfterIdle() throws {
        let kiosk = try ControlledKiosk()
        try kiosk.start()
        let events = try SocketClient(path: kiosk.socketPath)
        _ = try events.request(#"{"op": "subscribe"}"#)
        var times: [Double] = []
        for lower in [30, 31, 32] {
            usleep(400_000)   // idle: no frame, no step
            try events.send(#"{"op": "set", "control": "price", "value": {"lower": \#(lower)}}"#)
            var reply = try #require(try events.readLine())
            while !reply.hasPrefix(#"{"ok""#) { reply = try #require(try events.readLine()) }
            let changed = try #require(try events.readLine().flatMap(EventLine.init))
            _ = try events.readLine()   // valueCommitted
            #expect(changed.event == "valueChanged" && changed.origin == "owner")
            times.append(changed.t)
        }
        // 400 ms apart at least (less only if the clock were the last frame's).
        #expect(times[1] - times[0] >= 390 && times[2] - times[1] >= 390, "\(times)")
        #expect(kiosk.stop() == 0)
    }
}
