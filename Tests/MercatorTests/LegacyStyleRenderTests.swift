import Foundation
import GeoJSON
import Mercator
import MercatorTestSupport
import Testing

/// Issue 28: a production style rewritten in legacy form (`ref` layers, legacy `$type` filters over
/// the multi-part lines and polygons of real OpenStreetMap tiles) draws exactly as its modern form.
@Suite("Legacy style forms render as their modern forms")
struct LegacyStyleRenderTests {
    static let fixturesPresent = SharedFixtures.url("realworld/helsinki-openmaptiles.mbtiles") != nil

    /// MapTiler Basic over the Helsinki tiles, without labels (no glyphs or sprites needed).
    static func baseStyle() throws -> JSONObject {
        let styleURL = try #require(SharedFixtures.url("realworld/styles/maptiler-basic-gl-style/style.json"))
        let mbtiles = try #require(SharedFixtures.url("realworld/helsinki-openmaptiles.mbtiles"))
        var style = try #require(try JSONValue(parsing: Data(contentsOf: styleURL)).object)
        style["sources"] = ["openmaptiles": ["type": "vector", "url": .string("mbtiles://\(mbtiles.path)")]]
        style["glyphs"] = nil
        style["sprite"] = nil
        let layers = try #require(style["layers"]?.array).filter { $0["type"]?.string != "symbol" }
        style["layers"] = .array(layers)
        return style
    }

    /// The GL JS `convertFilter` form of a legacy filter, with `$type` tests matching the multi-part
    /// forms as the legacy filter does: `["match", ["geometry-type"], ["Polygon", "MultiPolygon"], true, false]`.
    static func modernFilter(_ filter: JSONValue) -> JSONValue {
        func rewrite(_ v: JSONValue) -> JSONValue {
            guard case .array(let a) = v else { return v }
            if a.count == 3, a[1] == ["geometry-type"], let name = a[2].string, let op = a[0].string, op == "==" || op == "!=" {
                return ["match", ["geometry-type"], [.string(name), .string("Multi" + name)], .bool(op == "=="), .bool(op != "==")]
            }
            return .array(a.map(rewrite))
        }
        return rewrite(LegacyFilter.convert(filter))
    }

    /// Both forms: every fill and line layer drawn through a `ref` to a base layer (legacy) or spelled
    /// out (modern); base layers are drawn transparent in both. Legacy filters stay legacy in one and are
    /// converted in the other. Returns how many `$type` filters and refs the legacy form holds.
    static func forms() throws -> (legacy: JSONObject, modern: JSONObject, typeFilters: Int, refs: Int) {
        let base = try baseStyle()
        var legacyLayers: [JSONValue] = [], modernLayers: [JSONValue] = []
        var typeFilters = 0, refs = 0
        for layer in base["layers"]?.array ?? [] {
            guard var object = layer.object, let type = object["type"]?.string else { continue }
            if let filter = object["filter"], filter.serialized().contains("$type") { typeFilters += 1 }
            guard type == "fill" || type == "line", let id = object["id"]?.string else {
                legacyLayers.append(layer)
                var modern = object
                if let filter = object["filter"] { modern["filter"] = modernFilter(filter) }
                modernLayers.append(.object(modern))
                continue
            }
            // The base layer: the members a ref inherits, drawn fully transparent.
            var baseLayer = JSONObject()
            baseLayer["id"] = .string("\(id)-base")
            for key in ["type", "source", "source-layer", "minzoom", "maxzoom", "filter", "layout"] { baseLayer[key] = object[key] }
            baseLayer["paint"] = .object(JSONObject([("\(type)-opacity", .int(0))]))
            var refLayer: JSONObject = ["id": .string(id), "ref": .string("\(id)-base")]
            refLayer["paint"] = object["paint"]
            legacyLayers += [.object(baseLayer), .object(refLayer)]
            refs += 1
            var modernBase = baseLayer
            if let filter = object["filter"] {
                modernBase["filter"] = modernFilter(filter)
                object["filter"] = modernFilter(filter)
            }
            modernLayers += [.object(modernBase), .object(object)]
        }
        var legacy = base, modern = base
        legacy["layers"] = .array(legacyLayers)
        modern["layers"] = .array(modernLayers)
        return (legacy, modern, typeFilters, refs)
    }

    static func render(_ style: JSONObject, zoom: Double) throws -> MapSnapshot {
        let document = try StyleDocument(json: .object(style))
        let map = Map(style: try Style(document: document),
                      camera: MapCamera(center: LocationCoordinate2D(latitude: 60.1705, longitude: 24.944), zoom: zoom),
                      size: MapSize(width: 384, height: 384))
        return try map.snapshot()
    }

    @Test("MapTiler Basic with ref layers and legacy $type filters draws pixel-identical to its modern form",
          .needsShared("realworld/helsinki-openmaptiles.mbtiles", "the Helsinki tiles and production styles"),
          arguments: [13.0, 15.5])
    func refAndLegacyFilters(zoom: Double) throws {
        let (legacy, modern, typeFilters, refs) = try Self.forms()
        #expect(typeFilters > 20 && refs > 25)
        let a = try Self.render(legacy, zoom: zoom), b = try Self.render(modern, zoom: zoom)
        #expect(a.sourceErrors.isEmpty && a.warnings.isEmpty, "\(a.warnings)")
        let pa = a.image.pixels, pb = b.image.pixels
        #expect(Set(pa).count > 20, "the view draws the city")
        #expect(pa == pb, "\(zip(pa, pb).filter { $0 != $1 }.count) bytes differ")
    }

    @Test("the multi-part features matter: an exact-type modern filter (GL JS's geometry-type) draws less than the legacy one",
          .needsShared("realworld/helsinki-openmaptiles.mbtiles", "the Helsinki tiles and production styles"))
    func multiPartFeaturesAreInTheView() throws {
        let (legacy, _, _, _) = try Self.forms()
        var exact = legacy
        exact["layers"] = .array((legacy["layers"]?.array ?? []).map { layer in
            guard var object = layer.object, let filter = object["filter"] else { return layer }
            object["filter"] = LegacyFilter.convert(filter)   // ["==", ["geometry-type"], "Polygon"]: no MultiPolygon
            return .object(object)
        })
        let a = try Self.render(legacy, zoom: 13), b = try Self.render(exact, zoom: 13)
        #expect(a.image.pixels != b.image.pixels)
    }

    @Test("a tolerant load draws the rest: missing source, unknown ref, bad type and unreadable data are snapshot warnings with paths")
    func tolerantSnapshot() throws {
        let text = #"""
            {"version": 8, "sources": {"g": {"type": "geojson", "data": {"type": "Point", "coordinates": [0, 0]}},
                                       "far": {"type": "geojson", "data": "/nonexistent/mercator/data.geojson"}},
             "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#102030"}},
                        {"id": "x", "ref": "nowhere"}, {"id": "t", "type": "dots", "source": "g"},
                        {"id": "m", "type": "fill", "source": "gone"},
                        {"id": "f", "type": "circle", "source": "far"},
                        {"id": "c", "type": "circle", "source": "g", "paint": {"circle-radius": 8, "circle-color": "#ff0000", "circle-blurr": 1}}]}
            """#
        let document = try StyleDocument(parsing: text, reading: .tolerant)
        let map = Map(style: try Style(document: document, reading: .tolerant), size: MapSize(width: 32, height: 32))
        let snapshot = try map.snapshot()
        #expect(snapshot.warnings.map(\.path) == ["layers[1].ref", "layers[2].type", "layers[3]", "sources.far"], "\(snapshot.warnings)")
        let image = snapshot.image
        let centre = (16 * 32 + 16) * 4
        #expect(Array(image.pixels[centre..<centre + 4]) == [255, 0, 0, 255], "the circle draws")
        #expect(Array(image.pixels[0..<4]) == [0x10, 0x20, 0x30, 255], "the background draws")
    }
}
