@testable import Rendering

/// The globe's runs as arrays, for tests comparing two ways of cutting a line.
extension PaintContext {
    func visibleRunArrays(_ line: [Point], copy: Int, closed: Bool, globe: GlobeView, margin: Double,
                          granularity: (base: Int, minimum: Int) = GlobeGranularity.line, screenPoints: Bool = false,
                          cache: (store: GlobeSplitCache, kind: GlobeSplitCache.Kind, polygon: Int, ring: Int)? = nil,
                          skipsChunks: Bool = true) -> [[Point]] {
        var runs = PointRuns()
        globeVisibleWorldRuns(line, copy: copy, closed: closed, globe: globe, margin: margin, granularity: granularity,
                              screenPoints: screenPoints, cache: cache, skipsChunks: skipsChunks, into: &runs)
        return runs.arrays
    }

    func recordedRunArrays(_ ring: GlobeRingProjection, globe: GlobeView, margin: Double) -> [[Point]] {
        var runs = PointRuns()
        globeRecordedRuns(ring, globe: globe, margin: margin, into: &runs)
        return runs.arrays
    }
}

extension PointRuns {
    /// Each run as an array of its own.
    var arrays: [[Point]] { (0..<count).map { Array(self[$0]) } }
}
