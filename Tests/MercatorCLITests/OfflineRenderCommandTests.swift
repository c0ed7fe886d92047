import Foundation
import GRDB
import MercatorTestSupport
import Testing

/// Issue 40: `mercator render --offline` draws from the offline database whatever it holds, however old, and
/// never touches the network; without it stale must-revalidate entries need the server.
@Suite("mercator render --offline", .needsShared, .serialized)
struct OfflineRenderCommandTests {
    static let folder: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-offline-render-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: dir)
        try! FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }()

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    @Test("expired, must-revalidate entries render offline with no request; online with the server gone they fail")
    func staleDatabase() throws {
        let server = try GatedTileServer(gateAfter: 1_000_000)
        defer { server.stop() }
        let base = server.server.baseURL
        let db = Self.path("stale.db")
        let create = try CLIRunner.run(["offline", "create", base + "/style.json", "--bounds", "13.41,52.495,13.425,52.505", "--zooms", "14-14",
                                        "--name", "Berlin", "--db", db])
        #expect(create.status == 0, "\(create.stderr)")
        let view = ["--center", "13.418056,52.499167", "--zoom", "14", "--size", "128x128"]
        let reference = try CLIRunner.run(["render", base + "/style.json", "--db", db, "-o", Self.path("reference.png")] + view)
        #expect(reference.status == 0, "\(reference.stderr)")
        let queue = try DatabaseQueue(path: db)
        try queue.write { db in
            try db.execute(sql: "UPDATE resources SET expires = 1, must_revalidate = 1")
            try db.execute(sql: "UPDATE tiles SET expires = 1, must_revalidate = 1")
        }
        try queue.close()

        let before = server.server.requests.count
        let offline = try CLIRunner.run(["render", base + "/style.json", "--db", db, "--offline", "-o", Self.path("offline.png")] + view)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(!offline.stderr.contains("warning"), "\(offline.stderr)")
        #expect(server.server.requests.count == before)
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.path("offline.png"))) == Data(contentsOf: URL(fileURLWithPath: Self.path("reference.png"))))

        server.stop()
        let unreachable = try CLIRunner.run(["render", base + "/style.json", "--db", db, "-o", Self.path("online.png")] + view)
        #expect(unreachable.status != 0 || unreachable.stderr.contains("warning"), "\(unreachable.stderr)")
        let again = try CLIRunner.run(["render", base + "/style.json", "--db", db, "--offline", "-o", Self.path("offline2.png")] + view)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.path("offline2.png"))) == Data(contentsOf: URL(fileURLWithPath: Self.path("reference.png"))))
    }

    @Test("--offline without a database says so")
    func noDatabase() throws {
        let r = try CLIRunner.run(["render", "http://127.0.0.1:9/style.json", "--offline", "--db", Self.path("missing.db"), "-o", Self.path("x.png")])
        #expect(r.status != 0)
        #expect(r.stderr.contains("no offline database"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: Self.path("missing.db")))
    }
}
