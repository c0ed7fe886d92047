import Foundation
import GeoJSON
import Mercator
import Testing

/// MapLibre Native's map options on `Map`: the map mode and the projection mode.
@Suite struct MapOptionsTests {
    /// A 100 m building north-east of the centre at z18 (the render suite's `projection/skew`).
    static func buildingMap(options: MapOptions = MapOptions()) throws -> Map {
        let ring: JSONValue = [[0.00025, 0.00025], [0.00035, 0.00025], [0.00035, 0.00035], [0.00025, 0.00035], [0.00025, 0.00025]]
        let style: JSONValue = [
            "version": 8, "zoom": 18, "center": [0, 0],
            "sources": ["b": ["type": "geojson", "data": ["type": "Feature", "properties": ["name": "tower"],
                                                           "geometry": ["type": "Polygon", "coordinates": [ring]]]]],
            "layers": [["id": "x", "type": "fill-extrusion", "source": "b",
                        "paint": ["fill-extrusion-height": 100, "fill-extrusion-color": "red"]]],
        ]
        let document = try StyleDocument(json: style)
        return Map(style: try Style(document: document), camera: MapCamera(style: document), size: MapSize(width: 512, height: 512),
                   options: options, clientFonts: .disabled)
    }

    @Test("the map and projection modes: Native's defaults, given at init, changed later, crossSourceCollisions kept")
    func optionsRoundTrip() throws {
        #expect(MapOptions().mapMode == .static)
        #expect(MapOptions().projectionMode == ProjectionMode(axonometric: false, xSkew: 0, ySkew: 1))
        let skewed = ProjectionMode(axonometric: true, xSkew: -1, ySkew: -1)
        let map = try Self.buildingMap(options: MapOptions(crossSourceCollisions: false, mapMode: .tile, projectionMode: skewed))
        #expect(map.options == MapOptions(crossSourceCollisions: false, mapMode: .tile, projectionMode: skewed))
        map.crossSourceCollisions = true
        #expect(map.options.mapMode == .tile)
        #expect(map.options.projectionMode == skewed)
        map.options.projectionMode = .perspective
        #expect(map.options == MapOptions(mapMode: .tile))
    }

    @Test("axonometric: the ground converts as before; the roof is drawn and queried where the skews lean it")
    func axonometricMap() throws {
        let perspective = try Self.buildingMap()
        let map = try Self.buildingMap(options: MapOptions(projectionMode: ProjectionMode(axonometric: true, xSkew: -1, ySkew: -1)))
        let corner = LocationCoordinate2D(latitude: 0.0003, longitude: 0.0003)
        #expect(map.point(for: corner) == perspective.point(for: corner))
        #expect(map.coordinate(for: Point(x: 40, y: 300)) == perspective.coordinate(for: Point(x: 40, y: 300)))
        // the roof leans about 112 pixels down and left of the footprint (the suite's expected image)
        let footprint = map.point(for: corner)
        let roof = Point(x: footprint.x - 111.6, y: footprint.y + 111.6)
        #expect(try map.visibleFeatures(at: roof).map(\.layerIdentifier) == ["x"])
        #expect(try perspective.visibleFeatures(at: roof).isEmpty)
        let image = try map.snapshot().image
        let i = 4 * (Int(roof.y) * image.width + Int(roof.x))
        #expect(image.pixels[i] == 255 && image.pixels[i + 3] == 255)
        #expect(try perspective.snapshot().image.pixels[i + 3] == 0)
    }
}
