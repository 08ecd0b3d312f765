import KioskService

/// Everything `--help` prints. Kept next to the commands so that it changes with them.
enum HelpText {
    static let version = "0.1.0"

    static let main = """
    kiosk \(version) - a software-rendered touchscreen kiosk runtime

    Usage:
      kiosk run   --config FILE [options]   run a kiosk (see 'kiosk run --help')
      kiosk check [--fonts] FILE            validate a config, its templates and string files;
                                            print every problem (or its warnings and OK)
                                            (--fonts: the font packages it needs)
      kiosk calibrate --config FILE         four-point touch calibration into the config
      kiosk bench [options]                 frame times beside a memcpy floor (see --help)
      kiosk ctl [--socket PATH] REQUEST     talk to a running kiosk (see 'kiosk ctl --help')
      kiosk --help | --version

    A kiosk is described by a JSON config (see config/demo.json and Documentation/).
    Control changes leave the process as JSON lines on stdout (or --events FILE).
    """

    /// Made from the option table (`RunCommand.options`).
    static var run: String { RunCommand.help }

    static let check = """
    Usage: kiosk check [--fonts] FILE

    Validates a config and prints every problem with the file and the JSON path, e.g.
      demo.json: screens[0].controls[2].max: must be greater than min (0)
    Warnings (the config works: emoji without a colour emoji font) come as 'warning:' lines.
    Exits 0 when the config is valid, 1 otherwise.

    --fonts   print the Debian font packages the config's texts need, one a line (the
              default sans-serif, and those its scripts, icons and emoji call for), whether
              or not they are installed; scripts/install.sh installs them.
    """

    /// The backends and their options are the table's (`CalibrateCommand.backends`, `.backendOptionTable`).
    static let calibrate = """
    Usage: kiosk calibrate --config FILE [--backend \(calibrateBackends)] [options]

    Shows a cross near each corner of the screen in turn; touch the centre of each. The
    fitted matrix (libinput's six numbers) is written to the config's input.calibration;
    the rest of the file stays exactly as it was and the file is replaced atomically (through
    a symbolic link, keeping its permissions).
    Touches are taken raw: no previous calibration applies while calibrating.

    Options:
      --backend \(calibrateBackends)   drm (default) or fbdev: the real display and touchscreen
      --rotation DEG           as for kiosk run (default: display.rotation)
    \(calibrateBackendOptions)
      Headless (for tests): --input TOUCHES.jsonl (four taps), --size WxH, --screenshot OUT.png
    """

    static let bench = """
    Usage: kiosk bench [--config FILE | --scene anchor] [--overlay ID] [--size WxH[,WxH…] [--sizes-only]] [--json]
                       [--iterations N (1…100000)] [--only overlay|full|range|circular|text|language|progress|toggle|list|panel|pages|photo|decode|memcpy]

    Renders the config's start screen (config/demo.json by default; --scene anchor is
    config/bench-anchor.json with its popup) at 1920x1080, 800x480 and the --size ones, and
    reports median milliseconds, each also as a ratio to the floor: a memcpy of one full frame
    between buffers larger than the CPU caches, measured in the same run. The frames: a full
    frame with the overlay (--overlay ID, a popup or panel; default the first popup) fully
    shown over its dim; a full frame with nothing over the screen; the first range slider's
    upper knob moving one step; the first circular slider turning one degree; the first label
    changing its text; the frame after a language switch, every text laid out again (a config
    with languages: between its first and its last; --config config/demo.json, English and
    Arabic); an indeterminate progress bar's band sweeping (the first progress bar,
    or one added for the bench); a toggle's thumb on its spring (the first toggle, or one added);
    a list of 200 rows over the left half of the screen, mid-fling;
    the first panel sliding in and out, its dim animating; a full frame over a full-screen photo
    background (a 1920x1080 JPEG made for the run, fitted with cover); the decoding of that
    JPEG; swipeable pages following a finger mid-swipe (the start screen's group, or a page added
    beside it). Each frame includes the copy of its damage to a scanout buffer.
    Layouts written for another size are scaled uniformly and centred. Build with
    'swift build -c release'; --only runs one case (and the floor) and --sizes-only leaves out the default
    sizes (for a profiler).
    """

    /// The requests are the op table's shortcuts (`ControlShortcut.helpLines`).
    static let ctl = """
    Usage: kiosk ctl [--socket PATH] REQUEST

    Sends one request to a running kiosk's control socket and prints the JSON reply.
    Exits 0 when the reply says ok, 1 when it does not (the error also goes to stderr) or the
    kiosk cannot be reached or does not answer within 10 s, 2 for a bad command line.
    The socket is --socket PATH, by default /run/swiftkiosk/kiosk.sock (the service's).

    Requests:
    \(ControlShortcut.helpLines)

    Example: kiosk ctl set price lower=3 upper=7
    """

    private static let calibrateBackends = CalibrateCommand.backends.map(\.rawValue).joined(separator: "|")
    /// "  --drm-device, --output, …   as for kiosk run", wrapped.
    private static let calibrateBackendOptions: String = {
        var lines = BackendHelp.wrap(CalibrateCommand.backendOptionTable.map { "--" + $0.name }.joined(separator: ", "),
                                     width: 80).map { "  " + $0 }
        lines[lines.count - 1] += "   as for kiosk run"
        return lines.joined(separator: "\n")
    }()
}
