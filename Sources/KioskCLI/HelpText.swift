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

    static let run = """
    Usage: kiosk run --config FILE [options]

    Options:
      --config FILE          the kiosk's JSON config (required)
      --backend NAME         auto | drm | wayland | fbdev | headless (default auto: drm when
                             a card with a connected output can be opened and no compositor
                             holds it, else wayland when WAYLAND_DISPLAY is set, else fbdev
                             when /dev/fb0 is a framebuffer, else headless)
      --size WxH             the headless panel's size in its own orientation, and a Wayland
                             surface's when the compositor names none (default: the config's
                             display.designSize turned by the rotation, else 800x480)
      --rotation DEG         0 | 90 | 180 | 270, overrides display.rotation in the config;
                             turns rendering and touch together
      --state FILE           keep control values and the screen in FILE across restarts
                             (overrides state.file in the config): restored at start,
                             written atomically on every commit and screen change, at most
                             every state.debounce ms (500) while a finger drags, and at exit;
                             a bad file is reported and ignored

    Control socket (see 'kiosk ctl --help' and Documentation/Contracts.md):
      --socket PATH          serve the control socket at PATH (overrides the config's
                             ipc.socket); not on the virtual clock
    SIGHUP (systemctl reload) or 'kiosk ctl reload' re-reads the config and its templates:
    a bad one is reported and changes nothing; a good one replaces the scene, keeping the
    values of the controls that still exist and the current screen.

    Headless options (virtual clock unless --clock real; same inputs give the same events
    and pixels):
      --clock real|virtual   virtual (default with headless): time jumps, the run ends when
                             nothing is left to happen; real: the monotonic clock, until
                             SIGTERM, SIGINT or --until (so the socket, the state file and
                             MQTT can take part headless)
      --input FILE           touch script, JSON lines in panel coordinates:
                             {"t": 0, "type": "down", "id": 0, "x": 137, "y": 115}
      --until MS             stop at this time, 0…1000000000 ms (default: when the script is
                             over and nothing moves any more; on the real clock: SIGTERM)
      --screenshot OUT.png   write the final framebuffer as scanned out (panel orientation)
      --events OUT|-         where to write events as JSON lines (default: stdout)

    DRM options (real display and touch):
      --drm-device PATH      the card, e.g. /dev/dri/card0 (default: the first with a
                             connected output)
      --output NAME          the connector, e.g. HDMI-A-1 (default: the first connected)
      --mode WxH[@Hz]        the mode (default: the output's preferred one)
      --legacy               use legacy modesetting even where atomic works
      --list-outputs         print the connectors, their status and modes, then exit
      --input-device PATHS   evdev nodes (comma-separated) instead of the udev seat
      --seat NAME            the udev seat (default seat0)

    Framebuffer options (Linux fbdev; 16, 24 or 32 bpp; touch as for DRM):
      --fb-device PATH       the framebuffer, e.g. /dev/fb1 (default /dev/fb0)
      --input-device, --seat as for DRM
    On a device the kiosk runs until SIGTERM or SIGINT and then puts the display back.

    Wayland options (a client of cage, Weston's kiosk-shell, labwc or a desktop):
      --windowed WxH         a desktop window of that size instead of fullscreen; the
                             compositor may resize it and the layout follows
    The compositor is WAYLAND_DISPLAY's. Touch and pointer come from its seat; the cursor
    is hidden over the kiosk unless input.showCursor. Closing the window ends the run
    (exit 0); a compositor that goes away or a protocol error ends it with exit 1.

    A short summary (frames rendered, events emitted) goes to stderr. Events that cannot be
    written (a full disk, a closed pipe) are reported at once; the run goes on and exits 1.
    """

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

    static let calibrate = """
    Usage: kiosk calibrate --config FILE [--backend drm|fbdev|headless] [options]

    Shows a cross near each corner of the screen in turn; touch the centre of each. The
    fitted matrix (libinput's six numbers) is written to the config's input.calibration;
    the rest of the file stays exactly as it was and the file is replaced atomically (through
    a symbolic link, keeping its permissions).
    Touches are taken raw: no previous calibration applies while calibrating.

    Options:
      --backend drm|fbdev|headless   drm (default) or fbdev: the real display and touchscreen
      --rotation DEG           as for kiosk run (default: display.rotation)
      --drm-device, --output, --mode, --legacy, --fb-device, --input-device   as for kiosk run
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
}
