import KioskControls
import KioskTestSupport
import Testing
import KioskConfig

@Suite struct MQTTSettingsTests {
    static let screens = #""startScreen": "main", "screens": [{"id": "main"}]"#

    static func config(_ mqtt: String) -> String { #"{"mqtt": "# + mqtt + ", " + screens + "}" }

    @Test("without an mqtt object the kiosk talks to no broker")
    func absent() throws {
        #expect(try ConfigLoader.decode("{\(Self.screens)}", file: "k.json").mqtt == nil)
    }

    @Test("only the url is required: ports, client id and prefix have defaults")
    func defaults() throws {
        let mqtt = try #require(try ConfigLoader.decode(Self.config(#"{"url": "mqtt://10.0.0.5"}"#), file: "k.json").mqtt)
        #expect(mqtt.url == BrokerURL(scheme: .mqtt, host: "10.0.0.5", port: 1883))
        #expect(mqtt.keepalive == 30)
        #expect(mqtt.allow == nil)   // the default list of ops (KioskService's table says which)
        #expect(mqtt.clientID(hostName: "lobby-3.local") == "swiftkiosk-lobby-3-local")
        #expect(mqtt.topicPrefix(clientID: "swiftkiosk-lobby-3-local") == "swiftkiosk/swiftkiosk-lobby-3-local")
    }

    @Test("every key is read")
    func full() throws {
        let json = Self.config(#"{"url": "mqtts://broker.example", "clientID": "lobby-3", "topicPrefix": "museum/lobby-3", "#
            + #""username": "kiosk", "passwordFile": "/etc/pw", "caFile": "/etc/ca.pem", "keepalive": 60}"#)
        let mqtt = try #require(try ConfigLoader.decode(json, file: "k.json", readFile: reader(["/etc/ca.pem": Self.pem])).mqtt)
        #expect(mqtt == MQTTSettings(url: BrokerURL(scheme: .mqtts, host: "broker.example", port: 8883), clientID: "lobby-3",
                                     topicPrefix: "museum/lobby-3", username: "kiosk", passwordFile: "/etc/pw",
                                     caFile: "/etc/ca.pem", keepalive: 60))
        #expect(mqtt.clientID(hostName: "ignored") == "lobby-3")
        #expect(mqtt.topicPrefix(clientID: "lobby-3") == "museum/lobby-3")
    }

    @Test("mqtt.allow is read as the list of ops the broker may send, an empty list included")
    func allow() throws {
        let listed = try ConfigLoader.decode(Self.config(#"{"url": "mqtt://b", "allow": ["get", "set", "reload"]}"#), file: "k.json")
        #expect(listed.mqtt?.allow == ["get", "set", "reload"])
        let none = try ConfigLoader.decode(Self.config(#"{"url": "mqtt://b", "allow": []}"#), file: "k.json")
        #expect(none.mqtt?.allow == [])
    }

    @Test("URLs that are accepted", arguments: [
        ("mqtt://broker", "mqtt://broker:1883"), ("mqtts://broker:8884", "mqtts://broker:8884"),
        ("mqtt://127.0.0.1:1", "mqtt://127.0.0.1:1"), ("mqtt://[::1]:1884", "mqtt://[::1]:1884"),
        ("mqtts://[fe80::1]", "mqtts://[fe80::1]:8883"),
    ])
    func goodURL(text: String, shown: String) throws {
        let url = try BrokerURL.parse(text).get()
        #expect(url.description == shown)
    }

    @Test("an IP literal is known as one: nothing needs resolving")
    func literal() throws {
        #expect(try BrokerURL.parse("mqtt://127.0.0.1").get().hostIsIPLiteral)
        #expect(try BrokerURL.parse("mqtt://[::1]").get().hostIsIPLiteral)
        #expect(try !BrokerURL.parse("mqtt://broker.local").get().hostIsIPLiteral)
    }

    static let bad: [BadConfig] = [
        BadConfig("the url is required", config("{}"),
                  #"demo.json: mqtt: missing required key "url" (line 1)"#),
        BadConfig("another scheme", config(#"{"url": "http://broker"}"#),
                  #"demo.json: mqtt.url: must start with mqtt:// or mqtts:// (found "http://broker") (line 1)"#),
        BadConfig("no host", config(#"{"url": "mqtt://"}"#), "demo.json: mqtt.url: has no host (line 1)"),
        BadConfig("a port out of range", config(#"{"url": "mqtt://broker:65536"}"#),
                  #"demo.json: mqtt.url: must have a port between 1 and 65535 (found "65536") (line 1)"#),
        BadConfig("a port that is not a number", config(#"{"url": "mqtt://broker:http"}"#),
                  #"demo.json: mqtt.url: must have a port between 1 and 65535 (found "http") (line 1)"#),
        BadConfig("an empty port", config(#"{"url": "mqtt://broker:"}"#),
                  #"demo.json: mqtt.url: must have a port between 1 and 65535 (found "") (line 1)"#),
        BadConfig("credentials in the url", config(#"{"url": "mqtt://kiosk:hunter2@broker"}"#),
                  #"demo.json: mqtt.url: must not contain a user name or password (use "username" and "passwordFile") (line 1)"#),
        BadConfig("a path", config(#"{"url": "mqtt://broker/kiosk"}"#),
                  #"demo.json: mqtt.url: must be only mqtt[s]://host[:port], without a path, query or fragment (found "/kiosk") (line 1)"#),
        BadConfig("a bad host", config(#"{"url": "mqtt://bro ker"}"#),
                  #"demo.json: mqtt.url: has an invalid host "bro ker" (letters, digits, "-" and ".", or an IP address) (line 1)"#),
        BadConfig("an unclosed IPv6 address", config(#"{"url": "mqtt://[::1"}"#),
                  #"demo.json: mqtt.url: has an IPv6 address without its closing "]" (line 1)"#),
        BadConfig("the url is a string", config(#"{"url": 1883}"#),
                  "demo.json: mqtt.url: expected a string, found a number (line 1)"),
        BadConfig("keepalive too short", config(#"{"url": "mqtt://b", "keepalive": 1}"#),
                  "demo.json: mqtt.keepalive: must be between 5 and 3600 seconds (found 1) (line 1)"),
        BadConfig("keepalive in whole seconds", config(#"{"url": "mqtt://b", "keepalive": 7.5}"#),
                  "demo.json: mqtt.keepalive: must be a whole number of seconds (found 7.5) (line 1)"),
        BadConfig("a wildcard in the prefix", config(##"{"url": "mqtt://b", "topicPrefix": "kiosks/#"}"##),
                  ##"demo.json: mqtt.topicPrefix: must not contain the wildcards "+" or "#" (line 1)"##),
        BadConfig("a prefix ending in a slash", config(#"{"url": "mqtt://b", "topicPrefix": "kiosks/"}"#),
                  #"demo.json: mqtt.topicPrefix: must not begin or end with "/" (line 1)"#),
        BadConfig("a space in the client id", config(#"{"url": "mqtt://b", "clientID": "lobby 3"}"#),
                  "demo.json: mqtt.clientID: must not contain spaces or control characters (line 1)"),
        BadConfig("an empty client id", config(#"{"url": "mqtt://b", "clientID": ""}"#),
                  "demo.json: mqtt.clientID: must not be empty (line 1)"),
        BadConfig("a password file without a user", config(#"{"url": "mqtt://b", "passwordFile": "/etc/pw"}"#),
                  #"demo.json: mqtt.passwordFile: needs "username" as well (line 1)"#),
        BadConfig("a CA file without TLS", config(#"{"url": "mqtt://b", "caFile": "/etc/ca.pem"}"#),
                  "demo.json: mqtt.caFile: is only used with an mqtts:// url (the url is mqtt://b:1883) (line 1)"),
        BadConfig("a password in the config is an unknown key", config(#"{"url": "mqtt://b", "password": "hunter2"}"#),
                  #"demo.json: mqtt: unknown key "password" (line 1)"#),
        BadConfig("mqtt is an object", config(#""mqtt://b""#),
                  "demo.json: mqtt: expected an object, found a string (line 1)"),
    ]

    @Test(arguments: bad)
    func rejected(_ c: BadConfig) {
        #expect(problems(in: c.json) == c.expected)
    }

    static let pem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"

    static func caFileProblems(_ files: [String: String]) -> [String] {
        let json = config(#"{"url": "mqtts://broker.example", "caFile": "certs/ca.pem"}"#)
        do {
            _ = try ConfigLoader.decode(json, file: "k.json", readFile: reader(files))
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test("a caFile that cannot be read, or holds no PEM certificate, is a problem at mqtt.caFile naming the file")
    func caFile() {
        #expect(Self.caFileProblems([:]) == [#"k.json: mqtt.caFile: cannot read "certs/ca.pem": No such file or directory (line 1)"#])
        #expect(Self.caFileProblems(["certs/ca.pem": "garbage\n"])
                == [#"k.json: mqtt.caFile: "certs/ca.pem" holds no PEM certificate (a "-----BEGIN CERTIFICATE-----" block) (line 1)"#])
        #expect(Self.caFileProblems(["certs/ca.pem": Self.pem]) == [])
    }

    @Test("a password written in the url or as a key is never repeated in the messages")
    func passwordNotEchoed() {
        let messages = problems(in: Self.config(#"{"url": "mqtt://kiosk:hunter2@broker", "password": "hunter2"}"#))
        #expect(!messages.isEmpty)
        #expect(!messages.joined().contains("hunter2"))
    }
}
