import KioskLoop
import KioskUI

/// Something that lives in the runner's loop for one run: started once the display is up and
/// the scene exists, stopped when the run ends (before the display is restored).
///
/// The MQTT bridge is one (`MQTTService`). A service sees every event after the app's `emit`.
/// Services run only on the monotonic clock: on the virtual clock a run is over in
/// milliseconds and nothing outside could take part.
public protocol KioskRunnerService: AnyObject {
    /// Registers the service's descriptors and timers in `loop`; `runner.runtime` is set when
    /// the display knew its size at start.
    func start(loop: EventLoop, runner: KioskRunner) throws
    /// Every control event, in order, after the app's `emit`.
    func emitted(_ event: ControlEvent)
    /// The run is over: say goodbye, unregister.
    func stop()
}
