/// Splits a canvas's rows among the bands painted in parallel so that each takes about as long, from how long each
/// band took in the previous render of the same size: a render session's frames (an animation, a map snapshotted
/// again) are alike, and a view's cost is seldom even down the picture (a globe's limb, a city under open sea).
///
/// The image is the same however the rows are split: every band paints every layer within its rows.
package struct BandBalancer: Sendable {
    /// The previous render's bands (spanning its canvas's width, top to bottom) and their times (seconds).
    private var last: [PixelClip] = []
    private var seconds: [Double] = []

    package init() {}

    /// The bands of a `width x height` canvas painted in `count` bands: even ones for a first render (or one of another
    /// size or band count); otherwise rows moved from the previous render's slower bands to its faster ones.
    func bands(width: Int, height: Int, count: Int) -> [PixelClip] {
        let even = Renderer.bands(width: width, height: height, count: count)
        let n = even.count
        guard n > 1, last.count == n, last[0].x1 == width, last[n - 1].y1 == height, seconds.count == n,
              seconds.allSatisfy({ $0 > 0 && $0.isFinite }) else { return even }
        let edges = last.map(\.y0) + [height]
        let total = seconds.reduce(0, +)
        // The cost down the picture, taken as even within each band of the previous render: each inner edge moves
        // halfway towards the row that has 1/n of that cost above it per band (a band's cost is not even within it,
        // so a whole step could overshoot and swing back and forth; halfway steps settle).
        var split = [0]
        var band = 0, before = 0.0
        for k in 1..<n {
            let target = total * Double(k) / Double(n)
            while band < n - 1, before + seconds[band] < target {
                before += seconds[band]
                band += 1
            }
            let rows = Double(edges[band + 1] - edges[band])
            let row = Double(edges[band]) + min(1, max(0, (target - before) / seconds[band])) * rows
            split.append(Int(((Double(edges[k]) + row) / 2).rounded()))
        }
        split.append(height)
        // every band keeps at least an eighth of an even band's rows, in order
        let least = max(1, height / (8 * n))
        for k in 1..<n {
            split[k] = min(max(split[k], split[k - 1] + least), height - least * (n - k))
        }
        return (0..<n).map { PixelClip(x0: 0, y0: split[$0], x1: width, y1: split[$0 + 1]) }
    }

    /// Notes the bands a canvas was painted in (as ``bands(width:height:count:)`` gave them) and how long each took
    /// (seconds).
    mutating func record(bands: [PixelClip], seconds: [Double]) {
        last = bands.count == seconds.count ? bands : []
        self.seconds = seconds
    }
}
