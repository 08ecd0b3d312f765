import KioskFuzzing

/// The door to libFuzzer (compiler-rt, linked by `-sanitize=fuzzer`), shared by the fuzz-*
/// executables. Built only with KIOSK_FUZZ=1: nothing else could link `LLVMFuzzerRunDriver`.
package enum LibFuzzer {
    /// libFuzzer's `LLVMFuzzerTestOneInput`: 0 keeps an interesting input in the corpus, -1
    /// tells libFuzzer never to add it (see `testOneInput`).
    package typealias TestOneInput = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

    /// Runs libFuzzer's command line (`-max_total_time=60 corpus/ …`) on `test`. SwiftPM makes
    /// `<module>_main` the program's entry, so each target calls this from there instead of
    /// relying on libFuzzer's own `main`.
    package static func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
                            _ test: TestOneInput) -> Int32 {
        var argc = argc
        var argv = Optional(argv)
        return LLVMFuzzerRunDriver(&argc, &argv, test)
    }

    /// The body of a target's `LLVMFuzzerTestOneInput`: the bytes through `target`'s pipeline.
    /// Inputs that are not UTF-8 stop before parsing, so they are kept out of the corpus.
    package static func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int, _ target: FuzzTarget) -> Int32 {
        let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        return target.run(bytes) == .notText ? -1 : 0
    }
}

// int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<Int32>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                                 _ callback: LibFuzzer.TestOneInput) -> Int32
