import Foundation
import GeoJSON
import Testing
@testable import MapStyle

@Suite struct StyleDocumentTests {
    static let text = """
    {
      "version": 8,
      "name": "Test",
      "x-custom": {"keep": [1, 2.5, "three"]},
      "center": [-122.4, 37.8],
      "zoom": 11,
      "sources": {
        "streets": {"type": "vector", "url": "https://example.com/tiles.json", "x-extra": true},
        "satellite": {"type": "raster", "tiles": ["https://example.com/{z}/{x}/{y}.png"], "tileSize": 256,
                      "scheme": "tms", "minzoom": 2, "maxzoom": 18, "bounds": [-10, -10, 10, 10], "attribution": "© X"},
        "dem": {"type": "raster-dem", "url": "https://example.com/dem.json", "encoding": "terrarium"},
        "inline": {"type": "geojson", "data": {"type": "Point", "coordinates": [1, 2]}, "cluster": true,
                   "clusterRadius": 40, "clusterMaxZoom": 12, "lineMetrics": false},
        "file": {"type": "geojson", "data": "file:///tmp/points.geojson"},
        "local": {"type": "geojson", "data": "local://geojson/points.json"},
        "remote": {"type": "geojson", "data": "https://example.com/points.geojson"},
        "picture": {"type": "image", "url": "https://example.com/a.png",
                    "coordinates": [[-80.4, 37.9], [-71.5, 37.9], [-71.5, 31.2], [-80.4, 31.2]]}
      },
      "layers": [
        {"id": "background", "type": "background", "paint": {"background-color": "#fff"}},
        {"id": "roads", "type": "line", "source": "streets", "source-layer": "road", "minzoom": 5,
         "filter": ["==", "class", "motorway"], "layout": {"visibility": "none"},
         "paint": {"line-dasharray": [2, 1]}, "x-layer-extra": 1}
      ]
    }
    """

    @Test func readsSourcesAndLayers() throws {
        let document = try StyleDocument(parsing: Self.text)
        #expect(document.name == "Test")
        #expect(document.zoom == 11)
        #expect(document.sources.map(\.kind) == [.vector, .raster, .rasterDEM, .geojson, .geojson, .geojson, .geojson, .image])
        let satellite = document.sources[1]
        #expect(satellite.tileURLTemplates == ["https://example.com/{z}/{x}/{y}.png"])
        #expect(satellite.tileSize == 256)
        #expect(satellite.tileCoordinateSystem == .tms)
        #expect(satellite.minimumZoomLevel == 2 && satellite.maximumZoomLevel == 18)
        #expect(satellite.coordinateBounds == [-10, -10, 10, 10])
        #expect(satellite.attributionHTMLString == "© X")
        #expect(document.sources[0].configurationURL == "https://example.com/tiles.json")
        #expect(document.sources[2].encoding == "terrarium")

        let inline = document.sources[3]
        #expect(inline.value(for: .clustered) == true)
        #expect(inline.value(for: .maximumZoomLevelForClustering) == 12)
        #expect(ShapeSourceOption(named: "MLNShapeSourceOptionClusterRadius") == .clusterRadius)
        #expect(ShapeSourceOption(named: "MGLShapeSourceOptionLineDistanceMetrics") == .lineDistanceMetrics)
        if case .inline(let data)? = inline.shapeData { #expect(data["type"] == "Point") } else { Issue.record("inline data") }
        if case .url(let u)? = document.sources[4].shapeData {
            #expect(u.scheme == .file && u.path == "/tmp/points.geojson")
        } else { Issue.record("file URL") }
        if case .url(let u)? = document.sources[5].shapeData {
            #expect(u.scheme == .local && u.path == "geojson/points.json")
        } else { Issue.record("local URL") }
        if case .url(let u)? = document.sources[6].shapeData { #expect(u.scheme == .http) } else { Issue.record("http URL") }

        let quad = try #require(document.sources[7].coordinates)
        #expect(quad.topLeft == Position(longitude: -80.4, latitude: 37.9))
        #expect(quad.bottomLeft == Position(longitude: -80.4, latitude: 31.2))
        #expect(quad.counterClockwiseCorners.map(\.longitude) == [-80.4, -80.4, -71.5, -71.5])
        #expect(quad.clockwiseCorners.map(\.longitude) == [-80.4, -71.5, -71.5, -80.4])

        let roads = document.layers[1]
        #expect(roads.type == .line)
        #expect(roads.sourceIdentifier == "streets")
        #expect(roads.sourceLayerIdentifier == "road")
        #expect(roads.minimumZoomLevel == 5)
        #expect(roads.predicate == ["==", "class", "motorway"])
        #expect(!roads.isVisible)
        #expect(try roads.value(forProperty: "lineDashPattern") == [2, 1])
        #expect(try roads.effectiveValue(forProperty: "line-width") == 1)
    }

    @Test func unknownMembersSurviveARoundTrip() throws {
        let original = try JSONValue(parsing: Self.text)
        let document = try StyleDocument(json: original)
        let written = try JSONValue(parsing: document.serialized())
        #expect(written == original)
        #expect(written["x-custom"] == ["keep": [1, 2.5, "three"]])
        #expect(written["sources"]?["streets"]?["x-extra"] == true)
        #expect(written["layers"]?.array?[1]["x-layer-extra"] == 1)
        // Key order of the root is kept.
        #expect(written.object?.keys == original.object?.keys)
    }

    @Test func canvasAndVideoSourcesAreRejected() {
        for type in ["canvas", "video"] {
            let text = #"{"version": 8, "sources": {"s": {"type": "\#(type)", "coordinates": []}}, "layers": []}"#
            #expect {
                try StyleDocument(parsing: text)
            } throws: { error in
                guard let e = error as? StyleDocumentError else { return false }
                return e.path == "sources.s.type" && e.message.contains("\(type) sources are not supported")
            }
        }
    }

    @Test func structuralProblemsAreReportedWithTheirPath() {
        let cases: [(String, String)] = [
            (#"{"version": 7, "sources": {}, "layers": []}"#, "version"),
            (#"{"version": 8, "sources": {"a": {"type": "vector"}}, "layers": []}"#, "sources.a"),
            (#"{"version": 8, "sources": {}, "layers": [{"id": "x", "type": "circle"}]}"#, "layers[0]"),
            (#"{"version": 8, "sources": {}, "layers": [{"id": "x", "type": "custom"}]}"#, "layers[0].type"),
            (#"{"version": 8, "sources": {"g": {"type": "geojson", "data": {}, "buffer": "big"}}, "layers": []}"#, "sources.g.buffer"),
            ("[1]", ""),
        ]
        for (text, path) in cases {
            #expect(throws: StyleDocumentError.self) { try StyleDocument(parsing: text) }
            do { _ = try StyleDocument(parsing: text) } catch { #expect(error.path == path, "\(text)") }
        }
    }

    @Test func shapeSourcesAreMadeWithSDKOptionNames() throws {
        let source = try StyleSource.shape(identifier: "quakes", url: "https://example.com/q.geojson",
                                           options: [.clustered: true, .clusterRadius: 30, .maximumZoomLevelForClustering: 14])
        #expect(source.json["cluster"] == true)
        #expect(source.json["clusterRadius"] == 30)
        #expect(source.json["clusterMaxZoom"] == 14)
        #expect(throws: StyleDocumentError.self) {
            try StyleSource.shape(identifier: "q", url: "x.json", options: [.buffer: "wide"])
        }
        let quad = CoordinateQuad(topLeft: Position(longitude: 0, latitude: 1), bottomLeft: Position(longitude: 0, latitude: 0),
                                  bottomRight: Position(longitude: 1, latitude: 0), topRight: Position(longitude: 1, latitude: 1))
        let image = StyleSource.image(identifier: "img", url: "a.png", coordinates: quad)
        #expect(image.coordinates == quad)
        #expect(image.json["coordinates"] == [[0.0, 1.0], [1.0, 1.0], [1.0, 0.0], [0.0, 0.0]])
    }
}

@Suite struct SourceURLTests {
    @Test func urlsResolveToFiles() {
        let root = URL(fileURLWithPath: "/fixtures")
        let styleDir = URL(fileURLWithPath: "/styles")
        #expect(SourceURL("local://geojson/a.json").fileURL(localRoot: root)?.path == "/fixtures/geojson/a.json")
        #expect(SourceURL("file:///data/b%20c.json").fileURL()?.path == "/data/b c.json")
        #expect(SourceURL("points.geojson").fileURL(styleDirectory: styleDir)?.path == "/styles/points.geojson")
        #expect(SourceURL("https://example.com/a.json").fileURL(styleDirectory: styleDir) == nil)
        #expect(SourceURL("mapbox://mapbox.streets").scheme == .other)
        #expect(SourceURL("local://x.json").fileURL() == nil)
    }
}
