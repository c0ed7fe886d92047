/// The boxes of placed labels, in a uniform grid over the view and a margin around it (MapLibre's
/// `GridIndex`): a box is tested only against boxes sharing a cell, so placing many labels stays linear.
struct CollisionGrid {
    typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)

    /// Pixels around the view where labels are still placed (MapLibre's collision grid padding).
    static let margin = 100.0
    private let cellSize = 64.0
    private let minX: Double, minY: Double
    private let columns: Int, rows: Int
    private var cells: [[Int]]
    private var boxes: [Box] = []

    /// A grid over a `width x height` CSS-pixel view.
    init(width: Double, height: Double) {
        minX = -Self.margin
        minY = -Self.margin
        columns = max(1, Int(((width + 2 * Self.margin) / cellSize).rounded(.up)))
        rows = max(1, Int(((height + 2 * Self.margin) / cellSize).rounded(.up)))
        cells = [[Int]](repeating: [], count: columns * rows)
    }

    /// Whether `box` lies (partly) inside the grid: labels wholly outside are not placed.
    func isInside(_ box: Box) -> Bool {
        box.x1 >= minX && box.y1 >= minY && box.x0 <= minX + Double(columns) * cellSize && box.y0 <= minY + Double(rows) * cellSize
    }

    private func cellRange(_ box: Box) -> (ClosedRange<Int>, ClosedRange<Int>) {
        func index(_ v: Double, _ origin: Double, _ count: Int) -> Int { clampedInt(((v - origin) / cellSize).rounded(.down), 0, count - 1) }
        return (index(box.x0, minX, columns)...index(box.x1, minX, columns), index(box.y0, minY, rows)...index(box.y1, minY, rows))
    }

    /// Whether `box` overlaps no box inserted so far.
    func fits(_ box: Box) -> Bool {
        let (xs, ys) = cellRange(box)
        for y in ys {
            for x in xs {
                for i in cells[y * columns + x] {
                    let b = boxes[i]
                    if box.x0 < b.x1 && box.x1 > b.x0 && box.y0 < b.y1 && box.y1 > b.y0 { return false }
                }
            }
        }
        return true
    }

    mutating func insert(_ box: Box) {
        let index = boxes.count
        boxes.append(box)
        let (xs, ys) = cellRange(box)
        for y in ys {
            for x in xs { cells[y * columns + x].append(index) }
        }
    }
}
