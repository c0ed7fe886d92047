import Mercator
import Foundation
import GeoJSON
import MapStyle
import Rendering

/// Runs MapLibre render tests: builds a ``Map`` from each test's style, applies its operations,
/// renders, and compares with `expected*.png` using pixelmatch (YIQ threshold 0.1285, antialiased
/// pixels ignored), passing when at most `allowed * width * height` pixels differ.
public struct RenderTestRunner: Sendable {
    /// The folder holding `render-tests/`, `data/` and `geojson/` (what `local://` URLs name).
    public var root: URL
    /// Where to write `<family>/<test>/actual.png` and `diff.png`, if anywhere.
    public var outputDirectory: URL?

    public static let threshold = 0.1285

    public init(root: URL, outputDirectory: URL? = nil) {
        self.root = root
        self.outputDirectory = outputDirectory
    }

    /// Runs one test; never throws: failures are results.
    public func run(_ test: RenderTest) -> RenderTestResult {
        var result = RenderTestResult(test: test, passed: false, differingPixels: nil, allowedPixels: 0, error: nil, renderSeconds: 0)
        do {
            let text = try String(contentsOf: test.directory.appendingPathComponent("style.json"), encoding: .utf8)
            let json = try JSONValue(parsing: text)
            let metadata = RenderTestMetadata(style: json)
            let map = try makeMap(json: json, metadata: metadata, directory: test.directory)
            let clock = ContinuousClock()
            let start = clock.now
            for operation in metadata.operations { try RenderTestOperations.apply(operation, to: map) }
            let snapshot = try map.snapshot()
            let d = clock.now - start
            result.renderSeconds = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
            let actual = snapshot.image
            result.allowedPixels = Int((metadata.allowed * Double(actual.width * actual.height)).rounded(.down))
            var best: (Int, RGBAImage)?
            for url in test.expectedImages {
                let expected = try PNGDecoder.decode([UInt8](Data(contentsOf: url)))
                guard expected.width == actual.width, expected.height == actual.height else {
                    if best == nil { result.error = "size \(actual.width)x\(actual.height), expected \(expected.width)x\(expected.height)" }
                    continue
                }
                let m = try PixelMatch.compare(actual.premultiplied(), expected.premultiplied(), options: .init(threshold: Self.threshold))
                if best == nil || m.differentPixels < best!.0 { best = (m.differentPixels, m.diff) }
            }
            if let best {
                result.error = nil
                result.differingPixels = best.0
                result.passed = best.0 <= result.allowedPixels
            } else if result.error == nil {
                result.error = "no expected image"
            }
            if let out = outputDirectory {
                let dir = out.appendingPathComponent(test.family).appendingPathComponent(test.name)
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                try Data(snapshot.pngData()).write(to: dir.appendingPathComponent("actual.png"))
                if let diff = best?.1 { try Data(PNGEncoder.encode(diff)).write(to: dir.appendingPathComponent("diff.png")) }
            }
        } catch {
            result.error = "\(error)"
        }
        return result
    }

    private func makeMap(json: JSONValue, metadata: RenderTestMetadata, directory: URL) throws -> Map {
        let document = try StyleDocument(json: json)
        let style = try Style(document: document)
        return Map(style: style, camera: MapCamera(style: document),
                   size: MapSize(width: metadata.width, height: metadata.height, pixelRatio: metadata.pixelRatio),
                   styleDirectory: directory, localRoot: root)
    }

    /// Runs every test and sums them up per family.
    public func runAll(_ tests: [RenderTest], progress: ((RenderTestResult) -> Void)? = nil) -> RenderTestReport {
        var report = RenderTestReport()
        for test in tests {
            let r = run(test)
            report.add(r)
            progress?(r)
        }
        return report
    }
}

/// Pass and fail counts of a render-test run, per family and in total.
public struct RenderTestReport: Sendable {
    public var results: [RenderTestResult] = []
    public init() {}

    mutating func add(_ r: RenderTestResult) { results.append(r) }

    public var passed: Int { results.filter(\.passed).count }
    public var failed: Int { results.count - passed }

    /// `(family, passed, total)`, sorted by family.
    public var families: [(family: String, passed: Int, total: Int)] {
        Dictionary(grouping: results, by: \.test.family).map { ($0.key, $0.value.filter(\.passed).count, $0.value.count) }
            .sorted { $0.family < $1.family }
    }
}

/// The render tests' `operations`, applied to a map: style changes through `StyleOperation`,
/// camera and feature-state changes here.
enum RenderTestOperations {
    struct Unsupported: Error, CustomStringConvertible {
        var description: String
    }

    static func apply(_ op: [JSONValue], to map: Map) throws {
        if let styleOperation = try StyleOperation(json: .array(op)) {
            try map.style.apply(styleOperation)
            return
        }
        let name = op.first?.string ?? ""
        let args = Array(op.dropFirst())
        func arg(_ i: Int) -> JSONValue { i < args.count ? args[i] : .null }
        switch name {
        case "wait", "sleep": break
        case "setZoom": map.camera.zoom = arg(0).number ?? map.camera.zoom
        case "setBearing": map.camera.bearing = arg(0).number ?? map.camera.bearing
        case "setPitch": map.camera.pitch = arg(0).number ?? map.camera.pitch
        case "setCenter":
            if let c = arg(0).array, c.count >= 2, let lon = c[0].number, let lat = c[1].number {
                map.camera.center = LocationCoordinate2D(latitude: lat, longitude: lon)
            }
        case "setFeatureState":
            guard let source = arg(0)["source"]?.string, let idValue = arg(0)["id"], let id = FeatureIdentifier(idValue),
                  let state = arg(1).object else { throw Unsupported(description: "setFeatureState: bad arguments") }
            map.setFeatureState(state, source: source, featureIdentifier: id)
        case "removeFeatureState":
            guard let source = arg(0)["source"]?.string else { throw Unsupported(description: "removeFeatureState: bad arguments") }
            map.removeFeatureState(source: source, featureIdentifier: arg(0)["id"].flatMap(FeatureIdentifier.init), key: arg(1).string)
        default:
            throw Unsupported(description: "unsupported operation \"\(name)\"")
        }
    }
}
