@preconcurrency import Glibc
import Testing
import KioskDevice

/// The backlight against a fake `/sys/class/backlight` folder.
@Suite("Backlight")
struct BacklightTests {
    /// A temporary class folder with one device per (name, brightness, max).
    private func fakeSysfs(_ devices: [(String, Int, Int)]) -> String {
        var template = Array("/tmp/backlight-XXXXXX".utf8CString)
        let root = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        for (name, brightness, maximum) in devices {
            mkdir(root + "/" + name, 0o755)
            write("\(brightness)\n", to: root + "/" + name + "/brightness")
            write("\(maximum)\n", to: root + "/" + name + "/max_brightness")
        }
        return root
    }

    private func write(_ text: String, to path: String) {
        let f = fopen(path, "w")!
        fputs(text, f)
        fclose(f)
    }

    private func read(_ path: String) -> String {
        let f = fopen(path, "r")!
        defer { fclose(f) }
        var buffer = [CChar](repeating: 0, count: 64)
        _ = fgets(&buffer, 64, f)
        // String(cString:) of an array is deprecated in 6.3: decode up to the terminator.
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: "\n")
    }

    @Test("the first device is used: dim is level × max, off is 0, on and restore put back the start value")
    func dimOffOn() throws {
        let root = fakeSysfs([("b_panel", 800, 1000), ("a_panel", 90, 100)])
        let backlight = try #require(try Backlight.find(root: root))
        #expect(backlight.name == "a_panel" && backlight.initial == 90 && backlight.maximum == 100 && backlight.route == "direct")
        let file = root + "/a_panel/brightness"
        try backlight.set(level: 0.3)
        #expect(read(file) == "30")
        try backlight.set(level: 0.001)
        #expect(read(file) == "1")       // a dim never rounds to the backlight off
        try backlight.set(level: 0)
        #expect(read(file) == "0")
        try backlight.set(level: nil)
        #expect(read(file) == "90")
        try backlight.set(level: 0)
        backlight.restore()
        #expect(read(file) == "90")
    }

    @Test("a named device is used; a missing one, a bad name or a broken max is an error naming the file")
    func namedAndBad() throws {
        let root = fakeSysfs([("one", 5, 10), ("two", 0, 0)])
        #expect(try Backlight.find(named: "one", root: root)?.name == "one")
        #expect(throws: BacklightError.self) { try Backlight.find(named: "three", root: root) }
        #expect(throws: BacklightError.self) { try Backlight.find(named: "../one", root: root) }
        do { _ = try Backlight.find(named: "two", root: root); Issue.record("max 0 taken") } catch {
            #expect(error.description == root + "/two/max_brightness: is 0; must be positive")
        }
        #expect(try Backlight.find(root: root + "/nothing") == nil)
    }

    @Test("without write access the values go through logind's SetBrightness")
    func throughLogind() throws {
        guard getuid() != 0 else { return }   // root writes anything: nothing to fall back from
        let root = fakeSysfs([("panel", 50, 100)])
        chmod(root + "/panel/brightness", 0o444)
        var calls: [String] = []
        let backlight = try #require(try Backlight.find(root: root, session: { name, value in calls.append("\(name)=\(value)") }))
        #expect(backlight.route == "logind")
        try backlight.set(level: 0.5)   // already 50: nothing sent
        try backlight.set(level: 0)
        backlight.restore()
        #expect(calls == ["panel=0", "panel=50"])
        #expect(throws: BacklightError.self) { try Backlight.find(root: root) }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String { String(filter { $0 != set }) }
}
