import KioskConfig
import KioskControls
import KioskCore
import KioskLoop
import KioskMQTT
import KioskUI

/// The MQTT bridge as a service of the runner: made from the config's `mqtt` settings,
/// started in the runner's loop, fed every event, stopped (with `offline`) at the end.
/// Requests on `PREFIX/request` are the control socket's, answered by the same
/// ``ControlRequestHandler`` (a `subscribe` means nothing here: `PREFIX/events` has them all),
/// within MQTT's permissions: the ops of `mqtt.allow`, no file written (`ControlPermissions`).
package final class MQTTService: RunnerService {
    /// The config's `mqtt` section.
    package let settings: MQTTSettings
    /// The bridge, while running.
    package private(set) var bridge: MQTTBridge?

    private let password: MQTTPassword?
    private let log: (String, Log.Priority) -> Void
    private weak var target: ControlTarget?
    private var link: MQTTStateLink?
    /// The scene whose states went out in full (a reload brings a new one).
    private weak var publishedScene: Scene?

    /// Reads `passwordFile` now, at start: a missing or unreadable one stops the kiosk from
    /// starting, like a missing template. The error names the file, never its content.
    /// `passwordFile` and `caFile` are relative to `configDirectory` unless absolute, as every
    /// path in a config is.
    package init(settings: MQTTSettings, configDirectory: FilePath = ".",
                log: @escaping (String, Log.Priority) -> Void = { LineWriter.standardError.writeLine($0, priority: $1) }) throws {
        var settings = settings
        settings.passwordFile = settings.passwordFile.map { configDirectory.appending($0).description }
        settings.caFile = settings.caFile.map { configDirectory.appending($0).description }
        self.settings = settings
        self.log = log
        if let path = settings.passwordFile {
            let text: String
            do { text = try TextFile.read(path) } catch {
                throw FileError(path: "mqtt.passwordFile \(path)", reason: error.reason)
            }
            guard let password = MQTTPassword(fileContents: text) else {
                throw FileError(path: "mqtt.passwordFile \(path)", reason: "the file is empty")
            }
            self.password = password
        } else {
            password = nil
        }
    }

    /// Connects (from a helper thread: name resolution blocks) and registers the broker's
    /// socket in `loop`; requests act on `target`.
    package func start(loop: EventLoop, target: ControlTarget) throws {
        self.target = target
        let clientID = settings.clientID(hostName: MQTTBridge.hostName())
        let permissions = ControlPermissions.mqtt(allow: settings.allow)
        let bridge = try MQTTBridge(connection: Self.connection(settings, clientID: clientID), clientID: clientID,
                                    password: password, loop: loop, handleRequest: { [weak self, weak target] line, reply in
                                        // The runner's queue, as for the socket: a burst is `busy`, never a stall.
                                        guard let self, let target else { return }
                                        target.submit(line, from: ObjectIdentifier(self), permissions: permissions) {
                                            reply($0.line)
                                        }
                                    }, log: log)
        self.bridge = bridge
        link = MQTTStateLink(publishEvent: { [unowned bridge] in bridge.publish(eventLine: $0) },
                             publishState: { [unowned bridge] in bridge.publishState(controlID: $0, valueJSON: $1) })
        publishAllStatesOfNewScene()
        bridge.start()
    }

    /// What the bridge needs of the `mqtt` settings: the bridge reads no config.
    static func connection(_ settings: MQTTSettings, clientID: String) -> MQTTConnection {
        MQTTConnection(host: settings.url.host, port: settings.url.port, usesTLS: settings.url.scheme == .mqtts,
                       caFile: settings.caFile, username: settings.username, keepalive: settings.keepalive,
                       topicPrefix: settings.topicPrefix(clientID: clientID), url: settings.url.description)
    }

    /// Publishes the event, and the value it changed.
    /// An event holding a secret (a masked field's `submitted`) goes out as it discloses it
    /// (its length) unless `maskedText` says the broker may carry it.
    package func eventHandedOut(_ event: ControlEvent, line: String, sequence: Int) {
        publishAllStatesOfNewScene()
        link?.emitted(event, line: Self.numberedLine(Self.line(of: event, line, maskedText: settings.maskedText),
                                                     sequence: sequence), scene: target?.scene)
    }

    /// The line `P/events` carries for `event` (whose line everywhere else is `line`): the
    /// disclosed one when it holds a secret, unless `maskedText`.
    static func line(of event: ControlEvent, _ line: String, maskedText: Bool) -> String {
        event.disclosedValue == nil || maskedText ? line : event.disclosed.jsonLine
    }

    /// Publishes `offline` and disconnects.
    package func stop() {
        bridge?.stop()
        bridge = nil
        link = nil
    }

    /// Every pass of the loop: the scene may have appeared (services start before the display
    /// knows its size) or been replaced by a reload.
    package func advance(to now: Instant) { publishAllStatesOfNewScene() }

    /// Every control's state goes out once per scene: when it first exists, and after a reload
    /// (whose controls may differ). The bridge keeps them for every reconnect.
    private func publishAllStatesOfNewScene() {
        guard let scene = target?.scene, scene !== publishedScene, let link else { return }
        publishedScene = scene
        link.publishAllStates(of: scene)
    }
}
