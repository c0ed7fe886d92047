public import Foundation
public import GeoJSON
public import Mercator

/// One MapLibre render test: `render-tests/<path>/style.json` and its `expected*.png`, where
/// `<path>` is `family/name` or one folder deeper (`text-writing-mode/point_label/name`).
public struct RenderTest: Sendable, Hashable {
    /// The path under `render-tests/` (or `query-tests/`): the test's identifier.
    public var identifier: String
    public var directory: URL

    public init(identifier: String, directory: URL) {
        self.identifier = identifier
        self.directory = directory
    }

    /// The first path component: the family the test is counted in.
    public var family: String { String(identifier.split(separator: "/").first ?? "") }

    /// The expected images (`expected.png`, `expected-1.png`, …).
    public var expectedImages: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix("expected") && $0.hasSuffix(".png") }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// Every test under `root/<suite>` (any folder holding a `style.json`, at any depth), sorted,
    /// whose identifier contains `filter` when given.
    public static func discover(in root: URL, suite: String = "render-tests", filter: String? = nil) -> [RenderTest] {
        let base = root.appendingPathComponent(suite)
        var out: [RenderTest] = []
        func walk(_ dir: URL, _ relative: [String]) {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
            if names.contains("style.json"), !relative.isEmpty {
                let test = RenderTest(identifier: relative.joined(separator: "/"), directory: dir)
                if filter.map({ $0.isEmpty || test.identifier.contains($0) }) ?? true { out.append(test) }
                return
            }
            for name in names where !name.hasPrefix(".") {
                var isFolder: ObjCBool = false
                let child = dir.appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: child.path, isDirectory: &isFolder), isFolder.boolValue {
                    walk(child, relative + [name])
                }
            }
        }
        walk(base, [])
        return out.sorted { $0.identifier < $1.identifier }
    }

    /// The tests `regenerated-text-tests.json` lists under `skipped` (their resources are not
    /// public: they cannot pass anywhere), with the reason.
    public static func skipped(in root: URL) -> [String: String] {
        guard let data = try? Data(contentsOf: root.appendingPathComponent("regenerated-text-tests.json")),
              let json = try? JSONValue(parsing: data), let skipped = json["skipped"]?.object else { return [:] }
        var out: [String: String] = [:]
        for (key, value) in skipped { out[key] = value.string ?? "skipped" }
        return out
    }
}

/// What a suite's `suite.json` (beside `render-tests/`) says: which renderer drew its expected images
/// (`"reference": "maplibre-gl-js"` for Mercator's own GL JS comparison suite, MapLibre Native otherwise) and the
/// fraction of pixels allowed to differ where a test gives none (GL JS's harness allows 0.00025, Native's 0.00015).
public struct RenderSuiteInfo: Sendable {
    public var reference = "maplibre-native"
    public var defaultAllowed = 0.00015

    /// MapLibre Native's suite: its reference and tolerance.
    public init() {}

    /// Whether MapLibre GL JS drew the suite's pictures (Mercator's comparison suite): its harness's rules apply.
    var drawnByGLJS: Bool { reference == "maplibre-gl-js" }

    /// The suite at `root` (Native's defaults when it has no `suite.json`).
    public init(root: URL) {
        guard let data = try? Data(contentsOf: root.appendingPathComponent("suite.json")),
              let json = try? JSONValue(parsing: data) else { return }
        if let r = json["reference"]?.string { reference = r }
        if let a = json["allowed"]?.number, a.isFinite, a >= 0 { defaultAllowed = a } else if drawnByGLJS { defaultAllowed = 0.00025 }
    }
}

/// The `metadata.test` member of a render or query test's style.
public struct RenderTestMetadata: Sendable {
    public var width = 512
    public var height = 512
    public var pixelRatio = 1.0
    /// Fraction of pixels allowed to differ.
    public var allowed = 0.00015
    /// `[name, args…]` arrays applied before the snapshot.
    public var operations: [[JSONValue]] = []
    /// `static` (default) or `tile` (`MapOptions.mapMode`; the harness renders every tile of the
    /// cover at 512 x 512 points and puts them side by side).
    public var mapMode = "static"
    /// `crossSourceCollisions` (MapLibre Native's map option): false makes labels collide only with
    /// labels of their own source.
    public var crossSourceCollisions = true
    /// `axonometric` and `skew: [x, y]` (Native's `ProjectionMode`, defaults false and `[0, 1]`).
    public var projectionMode = ProjectionMode()
    /// Query tests: a point `[x, y]` or a box `[[x1, y1], [x2, y2]]`.
    public var queryGeometry: JSONValue?
    /// Query tests: `layers`, `filter`.
    public var queryOptions: JSONObject?
    /// GL JS's `projection`: the harness calls `setProjection({type: projection})` once the map has loaded
    /// (a name, or a `{type}` object).
    public var projection: StyleProjection?
    /// GL JS's `maxPitch` (the map option; the style's and the operations' pitch are clamped to it). `nil`: 60,
    /// clamped only in a GL JS suite (Native's harness has no such option).
    public var maxPitch: Double?

    /// `source-replace`: (source replaced, source whose definition replaces it), in order. The
    /// MLT tests draw the same layers from a twin source in another encoding this way.
    public var sourceReplacements: [(replace: String, with: String)] = []

    /// The metadata of `style`; `defaultAllowed` is the suite's (``RenderSuiteInfo``) where the test gives none.
    public init(style: JSONValue, defaultAllowed: Double = 0.00015) {
        allowed = defaultAllowed
        guard let t = style["metadata"]?["test"]?.object else { return }
        if let m = t["mapMode"]?.string { mapMode = m }
        // the tile mode shows exactly one tile: Native's harness ignores `width` and `height`
        if mapMode != "tile" {
            if let w = t["width"]?.number, w.isFinite, w >= 1, w <= 8192 { width = Int(w) }
            if let h = t["height"]?.number, h.isFinite, h >= 1, h <= 8192 { height = Int(h) }
        }
        if let r = t["pixelRatio"]?.number, r.isFinite, r > 0 { pixelRatio = r }
        if let a = t["allowed"]?.number { allowed = a }
        if let c = t["crossSourceCollisions"]?.bool { crossSourceCollisions = c }
        if let a = t["axonometric"]?.bool { projectionMode.axonometric = a }
        if let skew = t["skew"]?.array, skew.count == 2, let x = skew[0].number, let y = skew[1].number, x.isFinite, y.isFinite {
            projectionMode.xSkew = x
            projectionMode.ySkew = y
        }
        operations = t["operations"]?.array?.compactMap(\.array) ?? []
        if let p = t["projection"] {
            projection = p.string != nil ? StyleProjection(type: p) : StyleProjection(member: p)
        }
        if let m = t["maxPitch"]?.number, m.isFinite { maxPitch = m }
        queryGeometry = t["queryGeometry"]
        queryOptions = t["queryOptions"]?.object
        sourceReplacements = (t["source-replace"]?.array ?? []).compactMap { entry in
            guard let replace = entry["replace"]?.string, let with = entry["with"]?.string else { return nil }
            return (replace, with)
        }
    }

    /// `style` with each replaced source's definition swapped for its replacement's (layers keep
    /// naming the replaced source). A replacement naming a missing source is an error.
    public func applyingSourceReplacements(to style: JSONValue) throws -> JSONValue {
        guard !sourceReplacements.isEmpty else { return style }
        guard case .object(var root) = style, case .object(var sources)? = root["sources"] else { return style }
        for (replace, with) in sourceReplacements {
            guard let definition = sources[with], sources[replace] != nil else {
                throw SourceReplacementError(description: "source-replace: no source \(sources[with] == nil ? with : replace)")
            }
            sources[replace] = definition
        }
        root["sources"] = .object(sources)
        return .object(root)
    }
}

/// A `source-replace` entry naming a source the style does not have.
public struct SourceReplacementError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// The outcome of one render test.
public struct RenderTestResult: Sendable {
    public var test: RenderTest
    public var passed: Bool
    /// Whether the test is left out of pass rates (its resources are not public).
    public var skipped = false
    /// Differing pixels against the closest expected image (nil when rendering failed).
    public var differingPixels: Int?
    /// The most differing pixels that still pass.
    public var allowedPixels: Int
    /// Why the test failed when it is not a pixel difference (or what it needs that is missing).
    public var error: String?
    /// The layer types the test's style uses (after its operations).
    public var layerTypes: [String] = []
    /// Render time in seconds (operations, scene building, rasterizing; no PNG encoding).
    public var renderSeconds: Double

    /// One JSON object for `--json` output.
    public var json: JSONValue {
        var o = JSONObject()
        o["id"] = .string(test.identifier)
        o["passed"] = .bool(passed)
        o["skipped"] = .bool(skipped)
        o["differingPixels"] = differingPixels.map { .int(Int64($0)) } ?? .null
        o["allowedPixels"] = .int(Int64(allowedPixels))
        o["error"] = error.map { .string($0) } ?? .null
        o["layerTypes"] = .array(layerTypes.map { .string($0) })
        o["seconds"] = .double((renderSeconds * 1000).rounded() / 1000)
        return .object(o)
    }

    /// Reads what `json` wrote (the CLI's worker processes report this way).
    public init?(json: JSONValue, test: RenderTest) {
        guard let passed = json["passed"]?.bool else { return nil }
        self.test = test
        self.passed = passed
        skipped = json["skipped"]?.bool ?? false
        differingPixels = json["differingPixels"]?.number.map { Int($0) }
        allowedPixels = Int(json["allowedPixels"]?.number ?? 0)
        error = json["error"]?.string
        layerTypes = json["layerTypes"]?.array?.compactMap(\.string) ?? []
        renderSeconds = json["seconds"]?.number ?? 0
    }

    public init(test: RenderTest, passed: Bool, differingPixels: Int? = nil, allowedPixels: Int = 0, error: String? = nil,
                renderSeconds: Double = 0) {
        self.test = test
        self.passed = passed
        self.differingPixels = differingPixels
        self.allowedPixels = allowedPixels
        self.error = error
        self.renderSeconds = renderSeconds
    }
}
