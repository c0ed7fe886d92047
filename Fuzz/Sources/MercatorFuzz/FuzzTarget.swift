import Foundation
@_spi(Fuzzing) import Mercator

/// The fuzz targets: one reader each. The bodies live in the main package (`FuzzEntries`, module
/// `Mercator`), so that `swift test` replays the seed corpus through the same functions
/// (`FuzzSeedReplayTests`) without a fuzzing build.
struct FuzzTarget: RawRepresentable {
    let rawValue: String

    init?(rawValue: String) {
        guard FuzzEntries.targets.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    static var allCases: [FuzzTarget] { FuzzEntries.targets.compactMap(FuzzTarget.init(rawValue:)) }

    /// Feeds `bytes` to the target's reader and walks the result.
    func run(_ bytes: [UInt8]) {
        FuzzEntries.run(rawValue, bytes)
    }
}
