// libFuzzer on FuzzEntry.strings (scripts/fuzz.sh strings). A new target copies this file and
// changes the format and the name of the main function (SwiftPM's <module>_main).
import KioskFuzzing
import KioskFuzzDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    LibFuzzer.testOneInput(data, size, .strings)
}

@_cdecl("fuzz_strings_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    LibFuzzer.main(argc, argv, testOneInput)
}
