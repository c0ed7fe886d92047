/// The boxes of placed labels, in a uniform grid over the view and a margin around it (MapLibre's
/// `GridIndex`): a box is tested only against boxes sharing a cell, so placing many labels stays linear.
struct CollisionGrid {
    typealias Box = (x0: Double, y0: Double, x1: Double, y1: Double)

    /// A collision circle (labels along lines are covered by a row of them).
    struct Circle: Sendable {
        var x: Double
        var y: Double
        var radius: Double
        var bounds: Box { (x - radius, y - radius, x + radius, y + radius) }
    }

    /// Pixels around the view where labels are still placed (MapLibre Native's viewport padding):
    /// twice as many in a pitched view.
    static func margin(pitched: Bool) -> Double { pitched ? 200 : 100 }
    private let cellSize = 64.0
    private let minX: Double, minY: Double
    /// The grid's far edges: the view and its margin.
    private let maxX: Double, maxY: Double
    private let columns: Int, rows: Int
    private var cells: [[Int]]
    /// Cells hold box indices (0, 1, …) and circle indices as -1 - index.
    private var boxes: [Box] = []
    private var circles: [Circle] = []

    /// A grid over a `width x height` CSS-pixel view, with the margin of a flat or pitched view (or `margin`).
    init(width: Double, height: Double, pitched: Bool = false, margin: Double? = nil) {
        let margin = margin ?? Self.margin(pitched: pitched)
        minX = -margin
        minY = -margin
        maxX = width + margin
        maxY = height + margin
        columns = max(1, Int(((width + 2 * margin) / cellSize).rounded(.up)))
        rows = max(1, Int(((height + 2 * margin) / cellSize).rounded(.up)))
        cells = [[Int]](repeating: [], count: columns * rows)
    }

    /// Whether `box` lies (partly) inside the grid: labels wholly outside are not placed.
    func isInside(_ box: Box) -> Bool {
        box.x1 >= minX && box.y1 >= minY && box.x0 < maxX && box.y0 < maxY
    }

    private func cellRange(_ box: Box) -> (ClosedRange<Int>, ClosedRange<Int>) {
        func index(_ v: Double, _ origin: Double, _ count: Int) -> Int { clampedInt(((v - origin) / cellSize).rounded(.down), 0, count - 1) }
        return (index(box.x0, minX, columns)...index(box.x1, minX, columns), index(box.y0, minY, rows)...index(box.y1, minY, rows))
    }

    /// Whether `box` overlaps nothing inserted so far.
    func fits(_ box: Box) -> Bool {
        let (xs, ys) = cellRange(box)
        for y in ys {
            for x in xs {
                for i in cells[y * columns + x] {
                    if i >= 0 {
                        let b = boxes[i]
                        // boxes that only touch collide (Native's `boxesCollide` compares with <= and >=)
                        if box.x0 <= b.x1 && box.x1 >= b.x0 && box.y0 <= b.y1 && box.y1 >= b.y0 { return false }
                    } else if Self.collide(circles[-1 - i], box) {
                        return false
                    }
                }
            }
        }
        return true
    }

    /// Whether `circle` overlaps nothing inserted so far.
    func fits(_ circle: Circle) -> Bool {
        let (xs, ys) = cellRange(circle.bounds)
        for y in ys {
            for x in xs {
                for i in cells[y * columns + x] {
                    if i >= 0 {
                        if Self.collide(circle, boxes[i]) { return false }
                    } else {
                        let c = circles[-1 - i]
                        let dx = c.x - circle.x, dy = c.y - circle.y, r = c.radius + circle.radius
                        if dx * dx + dy * dy < r * r { return false }
                    }
                }
            }
        }
        return true
    }

    /// MapLibre's `circleAndBoxCollide`.
    private static func collide(_ c: Circle, _ b: Box) -> Bool {
        let halfWidth = (b.x1 - b.x0) / 2, halfHeight = (b.y1 - b.y0) / 2
        let dx = abs(c.x - (b.x0 + halfWidth)), dy = abs(c.y - (b.y0 + halfHeight))
        if dx > halfWidth + c.radius || dy > halfHeight + c.radius { return false }
        if dx <= halfWidth || dy <= halfHeight { return true }
        let ex = dx - halfWidth, ey = dy - halfHeight
        return ex * ex + ey * ey <= c.radius * c.radius
    }

    mutating func insert(_ box: Box) {
        let index = boxes.count
        boxes.append(box)
        let (xs, ys) = cellRange(box)
        for y in ys {
            for x in xs { cells[y * columns + x].append(index) }
        }
    }

    mutating func insert(_ circle: Circle) {
        let index = -1 - circles.count
        circles.append(circle)
        let (xs, ys) = cellRange(circle.bounds)
        for y in ys {
            for x in xs { cells[y * columns + x].append(index) }
        }
    }
}
