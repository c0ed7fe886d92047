import Geo

/// The scratch buffers a band's painters grow as they draw (projected rings, line meshes, the scanner's edges, a
/// globe fill's recorded outlines, the line tessellator), handed from one render to the next by a ``RenderSession``:
/// a flight's frames and a server's renders then find them grown, instead of growing them again from empty (session
/// 88: the globe flight's frames 6 % faster, a globe snapshot's work 4 % less).
///
/// A context takes them when it is made (``PaintContext/init(transform:pixels:canvasWidth:canvasHeight:clip:scratch:)``)
/// and gives them back when its band is painted (``PaintContext/takeScratch()``). Their contents are never read
/// across renders: every painter empties a buffer before it fills it.
struct PaintScratch {
    /// The fill scanner's edges.
    var scanner = PixelCenterScanner()
    /// Rings projected to screen points, one after another (``PaintContext/projectRings(_:copy:shift:snapped:)``,
    /// ``PaintContext/projectGlobeRings(_:copy:shift:globe:granularity:cache:record:skipsChunks:)``).
    var screenRings = PointRuns()
    /// One ring on the globe: its screen points, horizon sides, cut by the horizon, the sphere points it keeps when
    /// runs of it are left out, and the runs of its points projected.
    var ringScreen: [Point] = []
    var ringSides: [Double] = []
    var ringCut: [Point] = []
    var ringKept: [Vector3] = []
    var ringSpans: [Range<Int>] = []
    /// A line mesh's vertex positions, gamma scales (pitched views, the globe) and view-space positions (the globe).
    var meshPositions: [Point] = []
    var meshGammas: [Double] = []
    var meshViews: [Vector3] = []
    /// One line mesh triangle's pixel runs (row, first column, end column).
    var meshRuns: [(Int, Int, Int)] = []
    /// A fill layer's rings as the interior pass projected them on the globe, for its outlines.
    var outlineRecords = GlobeOutlineRecords()
    /// A line layer's tessellator.
    var tessellator = LineTessellator()

    /// The bytes the buffers hold (their capacity).
    var byteCount: Int {
        func bytes<T>(_ a: [T]) -> Int { a.capacity * MemoryLayout<T>.stride }
        return scanner.byteCount + screenRings.byteCount + bytes(ringScreen) + bytes(ringSides) + bytes(ringCut)
            + bytes(ringKept) + bytes(ringSpans) + bytes(meshPositions) + bytes(meshGammas) + bytes(meshViews)
            + bytes(meshRuns) + outlineRecords.byteCount + tessellator.byteCount
    }
}
