/// A `DisplayRequest` whose options no backend has, or whose value the chosen backend does not
/// take: "--mode must look like 800x480 or 1920x1080@60, not '80'". The command line refuses
/// the same before it builds a request, as a usage error.
public struct DisplayOptionError: Error, CustomStringConvertible, Equatable {
    /// What was wrong, naming the option as the command line spells it.
    public var message: String
    public var description: String { "display request: \(message)" }

    package init(message: String) { self.message = message }
}
