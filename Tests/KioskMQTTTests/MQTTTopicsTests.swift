import Testing
import KioskMQTT

@Suite struct MQTTTopicsTests {
    let topics = MQTTTopics(prefix: "museum/lobby-3")

    @Test("every topic lies under the prefix")
    func topicNames() {
        #expect(topics.status == "museum/lobby-3/status")
        #expect(topics.events == "museum/lobby-3/events")
        #expect(topics.request == "museum/lobby-3/request")
        #expect(topics.reply == "museum/lobby-3/reply")
        #expect(topics.state(of: "price") == "museum/lobby-3/state/price")
        #expect(topics.stateFilter == "museum/lobby-3/state/+")
    }

    @Test("an id that would split a topic level or be a wildcard is percent-encoded",
          arguments: [("a/b", "a%2Fb"), ("vol+", "vol%2B"), ("#1", "%231"), ("50%", "50%25"), ("नमस्ते", "नमस्ते")])
    func escaping(id: String, level: String) {
        #expect(topics.state(of: id) == "museum/lobby-3/state/" + level)
        #expect(topics.controlID(ofStateTopic: topics.state(of: id)) == id)
    }

    @Test("topics that are not a state topic name no control")
    func notState() {
        #expect(topics.controlID(ofStateTopic: "museum/lobby-3/events") == nil)
        #expect(topics.controlID(ofStateTopic: "museum/lobby-3/state/a/b") == nil)
        #expect(topics.controlID(ofStateTopic: "museum/lobby-3/state/%zz") == nil)
    }
}

@Suite struct ReconnectBackoffTests {
    @Test("the delay starts at 1 s, doubles to 60 s and stays there")
    func schedule() {
        var backoff = ReconnectBackoff()
        let delays = (0..<9).map { _ in backoff.failed() }
        #expect(delays == [1, 2, 4, 8, 16, 32, 60, 60, 60].map { Duration.seconds($0) })
        #expect(backoff.failures == 9)
    }

    @Test("a success starts the schedule again at 1 s")
    func reset() {
        var backoff = ReconnectBackoff()
        _ = backoff.failed(); _ = backoff.failed(); _ = backoff.failed()
        backoff.succeeded()
        #expect(backoff.failures == 0)
        #expect(backoff.failed() == .seconds(1))
        #expect(backoff.failed() == .seconds(2))
    }
}

@Suite struct MQTTPasswordTests {
    @Test("a password file's final newline is not part of the password, and an empty file has none")
    func fileContents() {
        #expect(MQTTPassword(fileContents: "s3cret\n") == MQTTPassword(fileContents: "s3cret"))
        #expect(MQTTPassword(fileContents: "s3cret\r\n") == MQTTPassword(fileContents: "s3cret"))
        #expect(MQTTPassword(fileContents: "\n") == nil)
        #expect(MQTTPassword(fileContents: "") == nil)
    }

    @Test("a password prints as <redacted>, however it is interpolated")
    func redacted() throws {
        let password = try #require(MQTTPassword(fileContents: "hunter2"))
        #expect("\(password)" == "<redacted>")
        #expect(String(reflecting: password) == "<redacted>")
        #expect(!"\([password])".contains("hunter2"))
    }
}
