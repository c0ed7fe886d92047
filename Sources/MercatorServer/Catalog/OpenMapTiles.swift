import Fonts
import Foundation
import Mercator

/// A first run with only an OpenMapTiles archive, as tileserver-gl gives one: the bundled basic style
/// (`Resources/styles/openmaptiles-basic.json`, our own) pointed at an archive served without a style,
/// and a production style's internet source of the same schema (`https://api.maptiler.com/…`,
/// `mapbox://…`) pointed at a local archive that has its source layers.
enum OpenMapTiles {
    /// The source layers of the OpenMapTiles schema (3.x).
    static let layerNames: Set<String> = ["water", "waterway", "landcover", "landuse", "park", "boundary", "aeroway",
                                          "transportation", "transportation_name", "building", "water_name", "place",
                                          "housenumber", "poi", "mountain_peak", "aerodrome_label"]

    /// Whether `data` is a vector archive of the OpenMapTiles schema (at least five of its layers).
    static func isOpenMapTiles(_ data: ServedData) -> Bool {
        guard data.isVector, case .archive = data.kind else { return false }
        return Set(data.vectorLayers.compactMap { $0["id"]?.string }).intersection(layerNames).count >= 5
    }

    /// The bundled basic style, its `openmaptiles` source naming the configured data set `dataID`
    /// (`mbtiles://{id}`), its camera fitted to `bounds`, without `glyphs` (the catalog points them at
    /// `/fonts`, the fonts folder or installed fonts).
    static func basicStyle(dataID: String, bounds: BoundingBox, maxZoom: Int) throws(CatalogError) -> JSONValue {
        guard let url = Bundle.module.url(forResource: "openmaptiles-basic", withExtension: "json", subdirectory: "styles"),
              let data = try? Data(contentsOf: url), case .object(var style)? = try? JSONValue(parsing: data) else {
            throw CatalogError("the bundled OpenMapTiles style (Resources/styles/openmaptiles-basic.json) is missing from this build")
        }
        style["sources"] = ["openmaptiles": ["type": "vector", "url": .string("mbtiles://{\(dataID)}")]]
        style["glyphs"] = nil
        let camera = (try? MapCamera.fitting(bounds: bounds, in: MapSize(width: 1024, height: 768), padding: EdgePadding(all: 20),
                                             maximumZoom: Double(max(maxZoom, 1)))) ?? MapCamera()
        style["center"] = [.double(camera.center.longitude), .double(camera.center.latitude)]
        style["zoom"] = .double(camera.zoom)
        return .object(style)
    }

    /// Whether `url` (a source's `url` or tile template) is on the internet: `http(s)://` or `mapbox://`.
    static func isInternet(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mapbox://")
    }

    /// The source layers `style`'s layers read from `source`.
    static func sourceLayers(of source: String, in style: JSONValue) -> Set<String> {
        Set((style["layers"]?.array ?? []).compactMap { layer in layer["source"]?.string == source ? layer["source-layer"]?.string : nil })
    }

    /// The archive among `data` whose layers hold the most of `used` (at least three, and four in five), or nil.
    static func archive(for used: Set<String>, among data: [ServedData]) -> ServedData? {
        guard used.count >= 3 else { return nil }
        var best: (set: ServedData, covered: Int)?
        for set in data where set.isVector {
            guard case .archive = set.kind else { continue }
            let covered = used.intersection(set.vectorLayers.compactMap { $0["id"]?.string }).count
            if covered * 5 >= used.count * 4, covered > best?.covered ?? 0 { best = (set, covered) }
        }
        return best?.set
    }

    /// Whether a glyphs template holds a placeholder besides `{fontstack}` and `{range}` that no request
    /// fills (`?key={key}`): such a URL can only fail.
    static func hasUnfilledPlaceholder(_ template: String) -> Bool {
        template.replacingOccurrences(of: "{fontstack}", with: "").replacingOccurrences(of: "{range}", with: "").contains("{")
    }
}

extension ServerCatalog {
    /// Points every style's internet vector source at a local archive with its source layers (an
    /// OpenMapTiles style beside an OpenMapTiles archive), saying so in ``warnings``; a style whose centre
    /// lies outside that archive gets a camera fitted to the archive.
    mutating func pointInternetSourcesAtArchives() {
        for index in styles.indices {
            var style = styles[index]
            guard case .object(var render) = style.renderJSON, case .object(var published) = style.publicJSON,
                  case .object(var renderSources)? = render["sources"], case .object(var publicSources)? = published["sources"] else { continue }
            var archiveBounds: BoundingBox?
            for (sourceID, source) in renderSources {
                guard source["type"]?.string == "vector" else { continue }
                let remote = source["url"]?.string.map(OpenMapTiles.isInternet)
                    ?? source["tiles"]?.array?.first?.string.map(OpenMapTiles.isInternet) ?? false
                guard remote, let set = OpenMapTiles.archive(for: OpenMapTiles.sourceLayers(of: sourceID, in: style.renderJSON), among: data),
                      case .archive(_, let path) = set.kind else { continue }
                let was = source["url"]?.string ?? source["tiles"]?.array?.first?.string ?? ""
                var r: JSONObject = ["type": "vector", "url": set.renderSource["url"] ?? .string("mbtiles://\(path)")]
                var p: JSONObject = ["type": "vector", "url": .string("\(ServedStyle.basePlaceholder)/data/\(set.id).json")]
                if let attribution = source["attribution"] { r["attribution"] = attribution; p["attribution"] = attribution }
                renderSources[sourceID] = .object(r)
                publicSources[sourceID] = .object(p)
                archiveBounds = set.bounds
                warnings.append("style \(style.id): source \(sourceID) (\(was)) is read from the local archive \(set.id) (\(path)), which has its source layers")
            }
            guard let bounds = archiveBounds else { continue }
            render["sources"] = .object(renderSources)
            published["sources"] = .object(publicSources)
            style.renderJSON = .object(render)
            style.publicJSON = .object(published)
            let center = style.camera.center
            if !(bounds.west...bounds.east).contains(center.longitude) || !(bounds.south...bounds.north).contains(center.latitude),
               let fitted = try? MapCamera.fitting(bounds: bounds, in: MapSize(width: 1024, height: 768), padding: EdgePadding(all: 20), maximumZoom: 14) {
                style.camera = fitted
            }
            styles[index] = style
        }
    }

    /// Font names `/fonts.json` lists: the fonts folder's, then installed fonts (``InstalledFontPBFs``), sorted.
    public var fontNames: [String] {
        var names: Set<String> = []
        if let fontsDirectory, let folders = try? FileManager.default.contentsOfDirectory(atPath: fontsDirectory.path) {
            for name in folders where GlyphStacks.isSafeName(name) {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: fontsDirectory.appendingPathComponent(name).path, isDirectory: &isFolder), isFolder.boolValue {
                    names.insert(name)
                }
            }
        }
        names.formUnion(InstalledFontPBFs.names)
        return names.sorted()
    }
}
