/// Splits a canvas's rows among the bands painted in parallel so that each takes about as long, from how long each
/// band took in the previous renders of the same size: a render session's frames (an animation, a map snapshotted
/// again) are alike, and a view's cost is seldom even down the picture (a globe's limb, a city under open sea).
///
/// It keeps an estimate of what each row costs. A render's band times are spread over each band's rows in the shape
/// the estimate already had (evenly, the first time), and the next split puts the rows where the estimated cost
/// reaches each band's share. So the split goes where the times would even out in one step, and it refines the shape
/// of the cost as the bands' edges move: a cost rising down the picture settles in three renders, where moving each
/// edge halfway towards an even split of the last times took eight.
///
/// The image is the same however the rows are split: every band paints every layer within its rows.
package struct BandBalancer: Sendable {
    /// The estimated cost (seconds) of each row of the canvas last recorded; empty before a render worth using.
    private var rowCosts: [Double] = []
    /// The canvas width and band count the estimate is for.
    private var width = 0, count = 0

    package init() {}

    /// The bands of a `width x height` canvas painted in `count` bands: even ones for a first render (or one of another
    /// size or band count); otherwise split where the estimated cost above reaches each band's share.
    func bands(width: Int, height: Int, count: Int) -> [PixelClip] {
        let even = Renderer.bands(width: width, height: height, count: count)
        let n = even.count
        guard n > 1, rowCosts.count == height, self.width == width, self.count == n else { return even }
        let total = rowCosts.reduce(0, +)
        guard total > 0, total.isFinite else { return even }
        // the row edge nearest each share of the cost, the row holding it taken as even within
        var split = [0]
        var above = 0.0, row = 0
        for k in 1..<n {
            let target = total * Double(k) / Double(n)
            while row < height - 1, above + rowCosts[row] < target {
                above += rowCosts[row]
                row += 1
            }
            let within = rowCosts[row] > 0 ? min(1, max(0, (target - above) / rowCosts[row])) : 0
            split.append(Int((Double(row) + within).rounded()))
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
    /// (seconds): each band's time is spread over its rows in the shape the estimate had. Times that say nothing (a
    /// band too quick to time, or none at all) drop the estimate: the next render is split evenly.
    mutating func record(bands: [PixelClip], seconds: [Double]) {
        guard bands.count > 1, bands.count == seconds.count, seconds.allSatisfy({ $0 > 0 && $0.isFinite }),
              let first = bands.first, let last = bands.last, first.y0 == 0, first.x0 == 0,
              zip(bands, bands.dropFirst()).allSatisfy({ $0.y1 == $1.y0 && $0.x1 == $1.x1 && $1.x0 == 0 }) else {
            rowCosts = []
            return
        }
        let height = last.y1
        if rowCosts.count != height || width != first.x1 || count != bands.count {
            rowCosts = Array(repeating: 1, count: height)
            width = first.x1
            count = bands.count
        }
        for (band, time) in zip(bands, seconds) where band.y0 < band.y1 {
            let rows = band.y0..<band.y1
            let estimated = rowCosts[rows].reduce(0, +)
            if estimated > 0 && estimated.isFinite {
                let scale = time / estimated
                for y in rows { rowCosts[y] *= scale }
            } else {
                for y in rows { rowCosts[y] = time / Double(rows.count) }
            }
        }
    }
}
