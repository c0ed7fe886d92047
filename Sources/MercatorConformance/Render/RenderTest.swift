import Mercator
import Foundation
import GeoJSON

/// One MapLibre render test: `render-tests/<family>/<name>/style.json` and its `expected*.png`.
public struct RenderTest: Sendable, Hashable {
    public var family: String
    public var name: String
    public var directory: URL

    public init(family: String, name: String, directory: URL) {
        self.family = family
        self.name = name
        self.directory = directory
    }

    /// `family/name`.
    public var identifier: String { "\(family)/\(name)" }

    /// The expected images (`expected.png`, `expected-1.png`, …).
    public var expectedImages: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix("expected") && $0.hasSuffix(".png") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Every test under `root` (the folder holding `render-tests/`, `data/`, `geojson/`), sorted,
    /// whose identifier contains `filter` when given.
    public static func discover(in root: URL, filter: String? = nil) -> [RenderTest] {
        let testsRoot = root.appendingPathComponent("render-tests")
        let fm = FileManager.default
        var out: [RenderTest] = []
        for family in ((try? fm.contentsOfDirectory(atPath: testsRoot.path)) ?? []).sorted() {
            let familyDir = testsRoot.appendingPathComponent(family)
            for name in ((try? fm.contentsOfDirectory(atPath: familyDir.path)) ?? []).sorted() {
                let dir = familyDir.appendingPathComponent(name)
                guard fm.fileExists(atPath: dir.appendingPathComponent("style.json").path) else { continue }
                let test = RenderTest(family: family, name: name, directory: dir)
                if let filter, !filter.isEmpty, !test.identifier.contains(filter) { continue }
                out.append(test)
            }
        }
        return out
    }
}

/// The `metadata.test` member of a render test's style.
public struct RenderTestMetadata: Sendable {
    public var width = 512
    public var height = 512
    public var pixelRatio = 1.0
    /// Fraction of pixels allowed to differ.
    public var allowed = 0.00015
    /// `[name, args…]` arrays applied before the snapshot.
    public var operations: [[JSONValue]] = []

    public init(style: JSONValue) {
        guard let t = style["metadata"]?["test"]?.object else { return }
        if let w = t["width"]?.number { width = Int(w) }
        if let h = t["height"]?.number { height = Int(h) }
        if let r = t["pixelRatio"]?.number { pixelRatio = r }
        if let a = t["allowed"]?.number { allowed = a }
        operations = t["operations"]?.array?.compactMap(\.array) ?? []
    }
}

/// The outcome of one render test.
public struct RenderTestResult: Sendable {
    public var test: RenderTest
    public var passed: Bool
    /// Differing pixels against the closest expected image (nil when rendering failed).
    public var differingPixels: Int?
    /// The most differing pixels that still pass.
    public var allowedPixels: Int
    /// Why the test could not run, if it could not.
    public var error: String?
    /// Render time in seconds (scene building, rasterizing; no PNG encoding).
    public var renderSeconds: Double
}
