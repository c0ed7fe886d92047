import Geo

/// The scratch buffers a band's painters grow as they draw (projected rings, line meshes, the scanner's edges, a
/// globe fill's recorded outlines, the line tessellator), handed from one render to the next by a ``RenderSession``:
/// a flight's frames and a server's renders then find them grown, instead of growing them again from empty (on the
/// globe their growth's copies were about 3 % of a snapshot's work).
///
/// A context takes them when it is made (``PaintContext/init(transform:pixels:canvasWidth:canvasHeight:clip:scratch:)``)
/// and gives them back when its band is painted (``PaintContext/takeScratch()``). Their contents are never read
/// across renders: every painter empties a buffer before it fills it.
struct PaintScratch {
    var scanner = PixelCenterScanner()
    var screenRings = PointRuns()
    var ringScreen: [Point] = []
    var ringSides: [Double] = []
    var ringCut: [Point] = []
    var ringKept: [Vector3] = []
    var ringSpans: [Range<Int>] = []
    var meshPositions: [Point] = []
    var meshGammas: [Double] = []
    var meshViews: [Vector3] = []
    var meshRuns: [(Int, Int, Int)] = []
    var outlineRecords = GlobeOutlineRecords()
    var tessellator = LineTessellator()

    /// The bytes the buffers hold (their capacity).
    var byteCount: Int {
        func bytes<T>(_ a: [T]) -> Int { a.capacity * MemoryLayout<T>.stride }
        return scanner.byteCount + screenRings.byteCount + bytes(ringScreen) + bytes(ringSides) + bytes(ringCut)
            + bytes(ringKept) + bytes(ringSpans) + bytes(meshPositions) + bytes(meshGammas) + bytes(meshViews)
            + bytes(meshRuns) + outlineRecords.byteCount + tessellator.byteCount
    }
}
