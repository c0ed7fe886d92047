import Foundation
@_spi(Fuzzing) import Mercator

// One libFuzzer binary for every target; `MERCATOR_FUZZ_TARGET` names the one to run (scripts/fuzz.sh sets it).
// Each target feeds the input to a reader and walks what it returns; a reader may throw its typed error,
// but must never trap, hang or allocate without bound (libFuzzer's -timeout and -rss_limit_mb catch those).

/// The target chosen for this process.
let fuzzTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["MERCATOR_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("MERCATOR_FUZZ_TARGET must be one of: \(names) (found '\(name)')\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { [UInt8](UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    fuzzTarget.run(bytes)
    return 0
}

// A debug SwiftPM build links an executable with `main` aliased to `MercatorFuzz_main` (so that tests
// can import executables). libFuzzer's own `main` is then never used: this one starts its driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafeRawPointer?, Int) -> CInt
) -> CInt

@_cdecl("MercatorFuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var vector = argv
    return LLVMFuzzerRunDriver(&count, &vector) { start, size in fuzzOneInput(start, size) }
}
