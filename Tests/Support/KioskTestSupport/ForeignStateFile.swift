/// A file the kiosk must not take for its state file (a password file), and the words it
/// uses for one: shared by the state keeper's tests and the command line's.
public enum ForeignStateFile {
    /// A password file's text.
    public static let passwd = "root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n"
    /// Why the kiosk keeps its hands off such a file.
    public static let notOurs = #"not a SwiftKiosk state file (it does not begin with {"format": "swiftkiosk-state")"#
}
