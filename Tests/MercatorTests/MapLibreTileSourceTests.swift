import Foundation
import GeoJSON
import Mercator
import MercatorConformance
import MercatorTestSupport
import Testing

/// Vector sources with `"encoding": "mlt"` and the render tests' `source-replace`.
@Suite(.needsShared) struct MapLibreTileSourceTests {
    static let root = SharedFixtures.url("conformance/render-tests")!

    static func style(_ test: String) throws -> JSONValue {
        try JSONValue(parsing: Data(contentsOf: root.appendingPathComponent("render-tests/\(test)/style.json")))
    }

    static func map(_ json: JSONValue) throws -> Map {
        let document = try StyleDocument(json: json)
        return Map(style: try Style(document: document), camera: MapCamera(style: document), size: MapSize(width: 256, height: 256),
                   localRoot: root)
    }

    /// Every feature the map draws, as sorted text (id, layer, properties).
    static func drawn(_ map: Map) throws -> [String] {
        try map.visibleFeatures(in: ScreenRect(x: 0, y: 0, width: 256, height: 256)).map { q in
            let props = (q.geoJSONFeature.properties ?? JSONObject()).map { "\($0.0)=\($0.1)" }.sorted().joined(separator: ",")
            return "\(q.layerIdentifier) \(q.geoJSONFeature.identifier.map { "\($0)" } ?? "-") \(props)"
        }.sorted()
    }

    @Test func sourceReplaceSwapsTheDefinitionAndKeepsTheLayers() throws {
        let json = try Self.style("tms/tms")
        let metadata = RenderTestMetadata(style: json)
        #expect(metadata.sourceReplacements.map { "\($0.replace)->\($0.with)" } == ["maplibre->mlt"])
        let replaced = try metadata.applyingSourceReplacements(to: json)
        #expect(replaced["sources"]?["maplibre"]?["encoding"]?.string == "mlt")
        #expect(replaced["sources"]?["maplibre"]?["tiles"]?.array?.first?.string == "local://tiles/{z}-{x}-{y}.tms.mlt")
        #expect(replaced["layers"] == json["layers"])
        // A replacement naming a missing source is an error, not a silent no-op.
        var broken = metadata
        broken.sourceReplacements = [("maplibre", "nowhere")]
        #expect(throws: SourceReplacementError.self) { try broken.applyingSourceReplacements(to: json) }
    }

    @Test func anMLTSourceDrawsTheFeaturesOfItsMVTTwin() throws {
        let json = try Self.style("tms/tms")
        let mvt = try Self.drawn(Self.map(json))
        let mlt = try Self.drawn(Self.map(RenderTestMetadata(style: json).applyingSourceReplacements(to: json)))
        #expect(!mvt.isEmpty)
        #expect(mlt == mvt)
    }

    @Test func mvtTilesInAnMLTSourceAreASourceErrors() throws {
        var json = try Self.style("tms/tms")
        guard case .object(var root) = json, case .object(var sources)? = root["sources"], case .object(var source)? = sources["maplibre"] else {
            Issue.record("style shape")
            return
        }
        source["encoding"] = "mlt"
        sources["maplibre"] = .object(source)
        root["sources"] = .object(sources)
        json = .object(root)
        // Reported as the source's error (the decoder's message and byte offset), not drawn, not a crash.
        let errors = try Self.map(json).snapshot().sourceErrors.map(\.description)
        #expect(!errors.isEmpty)
        #expect(errors.allSatisfy { $0.contains("MapLibre tile:") && $0.contains("(byte ") })
        // The same source redefined with another encoding does not reuse the tiles decoded the other way.
        let map = try Self.map(Self.style("tms/tms"))
        #expect(try map.snapshot().sourceErrors.isEmpty)
        try map.style.replaceDocument(StyleDocument(json: json))
        #expect(try !map.snapshot().sourceErrors.isEmpty)
    }

    /// A street style over the suite's z14 tile, as MVT or as its MapLibre tile twin.
    static func streetMap(encoding: String) throws -> Map {
        let ext = encoding == "mlt" ? "mlt" : "mvt"
        let road: JSONValue = ["match", ["get", "class"], ["motorway", "trunk"], 6, ["primary", "secondary"], 4.5, 1.5]
        let json: JSONValue = ["version": 8,
            "sources": ["streets": ["type": "vector", "encoding": .string(encoding), "minzoom": 14, "maxzoom": 14,
                                    "tiles": [.string("local://tiles/{z}-{x}-{y}.\(ext)")]]],
            "layers": [
                ["id": "bg", "type": "background", "paint": ["background-color": "#f2efe9"]],
                ["id": "landuse", "type": "fill", "source": "streets", "source-layer": "landuse",
                 "paint": ["fill-color": ["match", ["get", "class"], ["park", "grass"], "#cde6b8", "#e8e4dc"]]],
                ["id": "water", "type": "fill", "source": "streets", "source-layer": "water", "paint": ["fill-color": "#a0c8f0"]],
                ["id": "building", "type": "fill", "source": "streets", "source-layer": "building",
                 "paint": ["fill-color": "#d9d0c9", "fill-outline-color": "#bfb3a8"]],
                ["id": "road", "type": "line", "source": "streets", "source-layer": "road",
                 "layout": ["line-join": "round", "line-cap": "round"], "paint": ["line-color": "#ffffff", "line-width": road]],
                ["id": "poi", "type": "circle", "source": "streets", "source-layer": "poi_label", "paint": ["circle-radius": 3]],
            ]]
        let n = Double(1 << 14)
        let center = LocationCoordinate2D(latitude: atan(sinh(Double.pi * (1 - 2 * 5374.5 / n))) * 180 / .pi,
                                          longitude: 8802.5 / n * 360 - 180)
        return Map(style: try Style(document: StyleDocument(json: json)), camera: MapCamera(center: center, zoom: 14),
                   size: MapSize(width: 256, height: 256), localRoot: root)
    }

    /// The street tile drawn from its MapLibre tile is the picture drawn from the MVT (both in tile
    /// coordinates, no longitude/latitude step), and queries find the same features.
    @Test func anMLTStreetTileDrawsTheMVTsPixels() throws {
        let mvt = try Self.streetMap(encoding: "mvt"), mlt = try Self.streetMap(encoding: "mlt")
        let a = try mvt.snapshot(), b = try mlt.snapshot()
        #expect(a.sourceErrors.isEmpty && b.sourceErrors.isEmpty)
        #expect(a.pngData() == b.pngData())
        let drawnMVT = try Self.drawn(mvt), drawnMLT = try Self.drawn(mlt)
        #expect(drawnMVT.count > 500)
        #expect(drawnMLT == drawnMVT)
    }
}
