public import Foundation
import GeoJSON
import Mercator
import Rendering
import Tiling

/// Runs MapLibre render tests: builds a ``Map`` from each test's style, applies its operations,
/// renders, and compares with `expected*.png` using pixelmatch (YIQ threshold 0.1285, antialiased
/// pixels ignored), passing when at most `allowed * width * height` pixels differ and the style
/// uses nothing Mercator does not draw yet (an unsupported feature is a failure with its reason).
public struct RenderTestRunner: Sendable {
    /// The folder holding `render-tests/`, `data/`, `geojson/`, `tiles/` (what `local://` URLs name).
    public var root: URL
    /// Where to write `<test path>/actual.png` and `diff.png`, if anywhere.
    public var outputDirectory: URL?
    /// Tests left out of pass rates, with the reason.
    public var skipped: [String: String]
    /// The suite's reference renderer and default tolerance (`suite.json`).
    public var suite: RenderSuiteInfo

    public static let threshold = 0.1285

    public init(root: URL, outputDirectory: URL? = nil) {
        self.root = root
        self.outputDirectory = outputDirectory
        skipped = RenderTest.skipped(in: root)
        suite = RenderSuiteInfo(root: root)
    }

    /// Runs one test; never throws: failures are results.
    public func run(_ test: RenderTest) -> RenderTestResult {
        var result = RenderTestResult(test: test, passed: false)
        result.skipped = skipped[test.identifier] != nil
        do {
            let json = try JSONValue(parsing: Data(contentsOf: test.directory.appendingPathComponent("style.json")))
            let metadata = RenderTestMetadata(style: json, defaultAllowed: suite.defaultAllowed)
            let clock = ContinuousClock()
            let start = clock.now
            // one map, or in the tile mode one per tile of the cover, each centred on its tile
            func render(centre: LocationCoordinate2D?) throws -> (Map, MapSnapshot, [String]) {
                let map = try RenderTestMaps.map(json: json, metadata: metadata, directory: test.directory, root: root, suite: suite)
                if let centre { map.camera.center = centre }
                let maxPitch = metadata.maxPitch ?? 60
                var unsupported = try RenderTestMaps.apply(metadata.operations, to: map, root: root, maxPitch: maxPitch)
                if suite.drawnByGLJS { RenderTestMaps.constrainAsGLJSHarness(map, height: metadata.height) }
                // Debug overlays (tile borders, collision boxes, overdraw) are drawn into the expected images.
                if json["metadata"]?["test"]?["collisionDebug"]?.bool == true { map.debugOptions.insert(.collisionBoxes) }
                if json["metadata"]?["test"]?["debug"]?.bool == true { map.debugOptions.insert(.tileBoundaries) }
                for flag in ["showOverdrawInspector"] where json["metadata"]?["test"]?[flag]?.bool == true {
                    unsupported.append("the \(flag) overlay")
                }
                let snapshot = try map.snapshot()
                return (map, snapshot, unsupported + snapshot.unsupportedFeatures)
            }
            var unsupported: [String] = []
            var sourceErrors: [String] = []
            var layerTypes = Set<String>()
            let actual: RGBAImage
            if metadata.mapMode == "tile" {
                let camera = try MapCamera(style: StyleDocument(json: metadata.applyingSourceReplacements(to: json), reading: .tolerant))
                var images: [(RenderTestTiles.Tile, RGBAImage)] = []
                for tile in RenderTestTiles.cover(camera) {
                    let (map, snapshot, missing) = try render(centre: RenderTestTiles.centre(of: tile))
                    images.append((tile, snapshot.image))
                    unsupported += missing.filter { !unsupported.contains($0) }
                    sourceErrors += snapshot.sourceErrors.map(\.description)
                    layerTypes.formUnion(map.style.layers.map(\.type.rawValue))
                }
                actual = RenderTestTiles.composite(images, size: Transform.framebufferSide(512, pixelRatio: metadata.pixelRatio))
            } else {
                let (map, snapshot, missing) = try render(centre: nil)
                actual = snapshot.image
                unsupported = missing
                sourceErrors = snapshot.sourceErrors.map(\.description)
                layerTypes.formUnion(map.style.layers.map(\.type.rawValue))
            }
            let d = clock.now - start
            result.renderSeconds = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
            result.layerTypes = layerTypes.sorted()
            result.allowedPixels = Int((metadata.allowed * Double(actual.width * actual.height)).rounded(.down))
            var best: (Int, RGBAImage)?
            var sizeProblem: String?
            for url in test.expectedImages {
                let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: url)))
                guard expected.width == actual.width, expected.height == actual.height else {
                    sizeProblem = "size \(actual.width)x\(actual.height), expected \(expected.width)x\(expected.height)"
                    continue
                }
                let m = try PixelMatch.compare(actual.premultiplied(), expected.premultiplied(), options: .init(threshold: Self.threshold))
                if best == nil || m.differentPixels < best!.0 { best = (m.differentPixels, m.diff) }
            }
            result.differingPixels = best?.0
            let pixelsPass = best.map { $0.0 <= result.allowedPixels } ?? false
            result.passed = pixelsPass && unsupported.isEmpty
            if !unsupported.isEmpty {
                result.error = "unsupported: " + unsupported.joined(separator: "; ")
            } else if best == nil {
                result.error = sizeProblem ?? "no expected image"
            } else if !pixelsPass, !sourceErrors.isEmpty {
                result.error = sourceErrors.joined(separator: "; ")
            }
            if let out = outputDirectory {
                let dir = out.appendingPathComponent(test.identifier)
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                try Data(PNGEncoder.encode(actual)).write(to: dir.appendingPathComponent("actual.png"))
                if let diff = best?.1 { try Data(PNGEncoder.encode(diff)).write(to: dir.appendingPathComponent("diff.png")) }
            }
        } catch {
            result.error = "\(error)"
        }
        return result
    }

    /// Runs every test in this process and sums them up.
    public func runAll(_ tests: [RenderTest], progress: ((RenderTestResult) -> Void)? = nil) -> RenderTestReport {
        var report = RenderTestReport()
        for test in tests {
            let r = run(test)
            report.results.append(r)
            progress?(r)
        }
        return report
    }
}

/// Pass and fail counts of a render-test run, per family, per layer type and in total; skipped
/// tests are left out of every rate.
public struct RenderTestReport: Sendable {
    public var results: [RenderTestResult] = []
    public init() {}

    private var counted: [RenderTestResult] { results.filter { !$0.skipped } }

    public var passed: Int { counted.filter(\.passed).count }
    public var failed: Int { counted.count - passed }
    public var skipped: Int { results.count - counted.count }

    /// `(family, passed, total)`, sorted by family.
    public var families: [(family: String, passed: Int, total: Int)] {
        Dictionary(grouping: counted, by: \.test.family).map { ($0.key, $0.value.filter(\.passed).count, $0.value.count) }
            .sorted { $0.family < $1.family }
    }

    /// `(layer type, passed, total)`: a test counts for every layer type its style uses.
    public var layerTypes: [(layerType: String, passed: Int, total: Int)] {
        var tally: [String: (Int, Int)] = [:]
        for r in counted {
            for t in r.layerTypes {
                let old = tally[t] ?? (0, 0)
                tally[t] = (old.0 + (r.passed ? 1 : 0), old.1 + 1)
            }
        }
        return tally.map { ($0.key, $0.value.0, $0.value.1) }.sorted { $0.layerType < $1.layerType }
    }

    /// The most common failure reasons (first clause of the error, or "pixels differ").
    public func topReasons(_ count: Int = 12) -> [(reason: String, tests: Int)] {
        var tally: [String: Int] = [:]
        for r in counted where !r.passed {
            var reason = r.error.map { String($0.split(separator: ";").first ?? "") } ?? "pixels differ"
            // "layer "x": symbol layers are not drawn yet" counts with every other layer's.
            if let range = reason.range(of: #"(layer|source) "[^"]*": "#, options: .regularExpression) { reason.removeSubrange(range) }
            tally[reason, default: 0] += 1
        }
        let pairs: [(reason: String, tests: Int)] = tally.map { (reason: $0.key, tests: $0.value) }
        let sorted = pairs.sorted { (a, b) -> Bool in a.tests != b.tests ? a.tests > b.tests : a.reason < b.reason }
        return Array(sorted.prefix(count))
    }
}
