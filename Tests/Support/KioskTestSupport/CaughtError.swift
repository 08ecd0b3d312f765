import Testing

/// The error of type `E` that `body` throws; `nil`, with an issue recorded, when it throws
/// nothing or an error of another type.
///
/// What `#expect(throws:)` returns from Swift Testing 6.1 on. The tests also compile with 6.0
/// (Debian 13's swiftlang, `scripts/debian13-test.sh`), whose `#expect(throws:)` returns nothing.
public func caughtError<E: Error, R>(
    _ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> R
) -> E? {
    do {
        _ = try body()
    } catch let error as E {
        return error
    } catch {
        Issue.record("expected an error of type \(E.self), caught \(error)", sourceLocation: sourceLocation)
        return nil
    }
    Issue.record("expected an error of type \(E.self), nothing was thrown", sourceLocation: sourceLocation)
    return nil
}
