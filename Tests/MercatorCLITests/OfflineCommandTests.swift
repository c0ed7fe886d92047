import Foundation
import GRDB
import MercatorTestSupport
import Testing
import TileSources
import Geo
import Tiling

/// A loopback tile server for `mercator offline`: a style, its TileJSON and the render tests' tiles;
/// tile requests past `gateAfter` wait until the gate opens (the child is killed meanwhile).
final class GatedTileServer: @unchecked Sendable {
    let server: LoopbackHTTPServer
    private let lock = NSLock()
    private var tilesServed = 0
    private let gate = DispatchSemaphore(value: 0)
    private var gateOpen = false
    let gateAfter: Int
    static let root = SharedFixtures.url("conformance/render-tests")!

    init(gateAfter: Int) throws {
        self.gateAfter = gateAfter
        let box = Box()
        server = try LoopbackHTTPServer { request, base in box.owner?.answer(request, base: base) ?? .init(status: 503) }
        box.owner = self
    }

    private final class Box: @unchecked Sendable { weak var owner: GatedTileServer? }

    func openGate() {
        lock.withLock { gateOpen = true }
        gate.signal()
    }

    func stop() {
        openGate()
        server.stop()
    }

    private func answer(_ request: LoopbackHTTPServer.Request, base: String) -> LoopbackHTTPServer.Response {
        switch request.path {
        case "/style.json":
            return .json(#"{"version":8,"sources":{"v":{"type":"vector","url":"\#(base)/tiles.json"}},"layers":[{"id":"road","type":"line","source":"v","source-layer":"road"}]}"#)
        case "/tiles.json":
            return .json(#"{"tilejson":"2.2.0","tiles":["\#(base)/tiles/{z}-{x}-{y}.mvt"],"minzoom":0,"maxzoom":14}"#)
        default:
            let wait = lock.withLock { () -> Bool in
                tilesServed += 1
                return tilesServed > gateAfter && !gateOpen
            }
            if wait {
                gate.wait()
                gate.signal()
            }
            guard request.path.hasPrefix("/tiles/"), let data = try? Data(contentsOf: Self.root.appendingPathComponent(String(request.path.dropFirst()))) else {
                return .init(status: 404)
            }
            return .init(status: 200, body: data)
        }
    }
}

@Suite("mercator offline", .needsShared, .serialized)
struct OfflineCommandTests {
    static func tempPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("mercator-offline-\(UUID().uuidString)").appendingPathComponent(name).path
    }

    /// Region tile links and the keys of the tiles they point at, read while another process may write.
    static func storedTiles(_ path: String) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(30)
        return try DatabaseQueue(path: path, configuration: configuration).read { db in
            try String.fetchAll(db, sql: "SELECT z || '-' || x || '-' || y FROM region_tiles JOIN tiles ON tile_id = tiles.id ORDER BY z, x, y")
        }
    }

    @Test("a download killed mid-way (SIGKILL) resumes: nothing stored is lost, fetched again or duplicated")
    func killThenResume() throws {
        let server = try GatedTileServer(gateAfter: 6)
        defer { server.stop() }
        let db = Self.tempPath("packs.sqlite")
        let process = Process()
        process.executableURL = CLIRunner.executable
        process.arguments = ["offline", "create", server.server.baseURL + "/style.json", "--bounds", "13.40,52.49,13.44,52.51", "--zooms", "12-14",
                             "--db", db, "--name", "Berlin", "--concurrency", "2", "--batch-size", "1"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // wait (however long the machine takes) until some tiles are committed, then kill the child
        var stored: [String] = []
        while process.isRunning {
            if FileManager.default.fileExists(atPath: db), let tiles = try? Self.storedTiles(db), tiles.count >= 4 {
                stored = tiles
                break
            }
            usleep(20_000)
        }
        #expect(process.isRunning, "the download should be held at the gate")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let afterKill = try Self.storedTiles(db)
        #expect(afterKill.count >= stored.count && Set(stored).isSubset(of: Set(afterKill)))

        server.openGate()
        let requestsBefore = server.server.requests.count
        let resume = try CLIRunner.run(["offline", "resume", "1", "--db", db])
        #expect(resume.status == 0, "\(resume.stderr)")
        #expect(resume.stdout.contains("region 1:"))
        // not a terminal: a line per step
        #expect(resume.stderr.contains("resources: ") && !resume.stderr.contains("\r"), "\(resume.stderr)")
        let final = try Self.storedTiles(db)
        #expect(Set(afterKill).isSubset(of: Set(final)))
        #expect(final.count == Set(final).count)
        // the tiles stored before the kill were not requested again
        let again = server.server.requests.dropFirst(requestsBefore).map(\.path)
        #expect(afterKill.allSatisfy { !again.contains("/tiles/\($0).mvt") })
        // z12–14 over the bounds: 1 + 4 + 9 tiles (z13: x 4400–4401, y 2686–2687; z14: x 8801–8803, y 5373–5375)
        #expect(final.count == 14, "\(final)")

        let list = try CLIRunner.run(["offline", "list", "--db", db])
        #expect(list.status == 0 && list.stdout.contains("Berlin") && list.stdout.contains("14 tiles"), "\(list.stdout)")
        let rename = try CLIRunner.run(["offline", "rename", "1", "Berlin Mitte", "--db", db])
        #expect(rename.status == 0)
        #expect(try CLIRunner.run(["offline", "list", "--db", db]).stdout.contains("Berlin Mitte"))

        // export: an MBTiles file MBTilesStore reads back, rows flipped to TMS
        let mbtiles = Self.tempPath("berlin.mbtiles")
        try FileManager.default.createDirectory(atPath: (mbtiles as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let export = try CLIRunner.run(["offline", "export", "1", "--format", "mbtiles", "-o", mbtiles, "--db", db])
        #expect(export.status == 0, "\(export.stderr)")
        let store = try MBTilesStore(path: mbtiles)
        let tile = try store.tileData(.init(z: 14, x: 8802, y: 5374))
        #expect(tile == (try Data(contentsOf: GatedTileServer.root.appendingPathComponent("tiles/14-8802-5374.mvt"))))
        #expect(store.tileJSON?.vectorLayers.contains { $0.id == "road" } == true)

        // rendering offline through the database, the server gone
        server.stop()
        let png = Self.tempPath("offline.png")
        try FileManager.default.createDirectory(atPath: (png as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let render = try CLIRunner.run(["render", server.server.baseURL + "/style.json", "--database", db, "--center", "13.418056,52.499167",
                                        "--zoom", "14", "--size", "128x128", "-o", png])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(!render.stderr.contains("warning"), "\(render.stderr)")

        let delete = try CLIRunner.run(["offline", "delete", "1", "--db", db])
        #expect(delete.status == 0)
        #expect(try Self.storedTiles(db).isEmpty)
    }

    @Test("a file that is not a database is a clear error, and is kept")
    func corruptDatabase() throws {
        let path = Self.tempPath("broken.sqlite")
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let bytes = Data(repeating: 0x42, count: 4096)
        try bytes.write(to: URL(fileURLWithPath: path))
        let result = try CLIRunner.run(["offline", "list", "--db", path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("is not an SQLite database"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
    }
}
