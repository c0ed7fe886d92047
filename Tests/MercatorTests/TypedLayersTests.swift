import Foundation
import Mercator
import Testing
import MapStyle

@Suite("Typed layers, compiled once")
struct TypedLayersTests {
    @Test("an unchanged style compiles nothing on repeated snapshots and queries")
    func compilesOncePerRevision() throws {
        let map = try MapQueryTests.makeMap()
        let first = CompilationCounter()
        try CompilationCounter.$current.withValue(first) { _ = try map.snapshot() }
        #expect(first.value > 10)  // every property of every layer, defaults included
        let repeated = CompilationCounter()
        try CompilationCounter.$current.withValue(repeated) {
            for _ in 0..<3 { _ = try map.snapshot() }
            _ = try map.visibleFeatures(at: Point(x: 128, y: 128))
        }
        #expect(repeated.value == 0)
    }

    @Test("a runtime change recompiles only the property that changed")
    func recompilesOnlyWhatChanged() throws {
        let map = try MapQueryTests.makeMap()
        let revision = map.style.currentRevision
        let before = try #require(map.style.compiledLayers().last?.paint(as: CirclePaintProperties.self))
        try map.style.setValue(12, forProperty: "circle-radius", ofLayer: "pois")
        #expect(map.style.currentRevision != revision)
        let counter = CompilationCounter()
        let after = try CompilationCounter.$current.withValue(counter) {
            try #require(map.style.compiledLayers().last?.paint(as: CirclePaintProperties.self))
        }
        #expect(counter.value == 1)
        #expect(after.circleRadius.constant == 12)
        #expect(before.circleRadius.constant == 6)
        #expect(after.circleStrokeWidth.constant == 2)
        // A filter change compiles no property at all.
        try map.style.setPredicate(["==", ["get", "kind"], "cafe"], ofLayer: "pois")
        let filterOnly = CompilationCounter()
        try CompilationCounter.$current.withValue(filterOnly) { _ = try map.style.compiledLayers() }
        #expect(filterOnly.value == 0)
    }

    @Test("typed runtime styling: constants, expressions and format strings, validated")
    func typedStyling() throws {
        let map = try MapQueryTests.makeMap()
        try map.style.updateLayer(CircleStyleLayer.self, identifier: "pois") {
            $0.circleRadius = .constant(20)
            $0.circleColor = .constant(Color(css: "#ff0000")!)
            $0.circleTranslationAnchor = .constant(.viewport)
        }
        let pois = try #require(map.style.layer(CircleStyleLayer.self, identifier: "pois"))
        #expect(pois.circleRadius == .constant(20))
        #expect(pois.circleTranslationAnchor == .constant(.viewport))
        #expect(try map.style.value(forProperty: "circle-radius", ofLayer: "pois") == .double(20))

        try map.style.updateLayer(LineStyleLayer.self, identifier: "roads") {
            $0.lineWidth = try! .format("mgl_interpolate:withCurveType:parameters:stops:($zoomLevel, 'linear', nil, %@)",
                                        [.stops([FormatArgumentStop(0, .number(1)), FormatArgumentStop(10, .number(20))])])
            $0.lineCap = .constant(.round)
        }
        let roads = try #require(map.style.layer(LineStyleLayer.self, identifier: "roads"))
        guard case .expression(let json)? = roads.lineWidth else {
            Issue.record("lineWidth should be an expression")
            return
        }
        #expect(json.array?.first == "interpolate")
        #expect(roads.lineCap == .constant(.round))

        // An expression of the wrong type is refused and nothing changes.
        #expect(throws: StyleError.self) {
            try map.style.updateLayer(CircleStyleLayer.self, identifier: "pois") { $0.circleRadius = .expression(["get", "x", "y", "z"]) }
        }
        #expect(map.style.layer(CircleStyleLayer.self, identifier: "pois")?.circleRadius == .constant(20))
        // The wrong typed view for a layer is refused.
        #expect(throws: StyleError.self) {
            try map.style.updateLayer(FillStyleLayer.self, identifier: "pois") { $0.fillOpacity = .constant(0.5) }
        }
        _ = try map.snapshot()
    }

    @Test("format-string predicates in queries")
    func formatStringPredicates() throws {
        let map = try MapQueryTests.makeMap()
        let all = try map.visibleFeatures(in: ScreenRect(x: 0, y: 0, width: 256, height: 256), predicate: "kind == 'cafe'")
        #expect(all.map(\.feature.identifier) == [.string("a")])
        #expect(throws: MapQueryError.self) { try map.visibleFeatures(at: Point(x: 1, y: 1), predicate: "kind ==") }
        let shops = try map.features(inShapeSource: "data", matching: "rank > 1")
        #expect(shops.map(\.identifier) == [.string("b")])
    }

    @Test("points and coordinates convert both ways, on the map and on its snapshot")
    func pointConversions() throws {
        let map = try MapQueryTests.makeMap()
        map.camera = MapCamera(center: LocationCoordinate2D(latitude: 10, longitude: 5), zoom: 3, bearing: 30, pitch: 40)
        let coordinate = LocationCoordinate2D(latitude: 12, longitude: 7)
        let point = map.point(for: coordinate)
        let back = try #require(map.coordinate(for: point))
        #expect(abs(back.latitude - 12) < 1e-9 && abs(back.longitude - 7) < 1e-9)
        let centre = map.point(for: map.camera.center)
        #expect(abs(centre.x - 128) < 1e-9 && abs(centre.y - 128) < 1e-9)
        let snapshot = try map.snapshot()
        #expect(snapshot.point(for: coordinate) == point)
        #expect(snapshot.coordinate(for: point).map { abs($0.latitude - 12) < 1e-9 } == true)
        #expect(snapshot.pngData().starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("a color-relief layer without a ramp over elevation is reported on the snapshot; with one it is drawn")
    func unsupportedLayers() throws {
        let map = try MapQueryTests.makeMap()
        try map.style.addSource(StyleSource(identifier: "dem", json: ["type": "raster-dem", "tiles": ["file:///nonexistent/{z}/{x}/{y}.png"]]))
        let relief = ColorReliefStyleLayer(identifier: "relief", source: "dem")
        try map.style.addLayer(relief.layer)
        let extrusion = FillExtrusionStyleLayer(identifier: "blocks", source: "data")
        try map.style.addLayer(extrusion.layer)
        #expect(try map.snapshot().unsupportedFeatures == ["layer \"relief\": color-relief-color is not set, so the layer draws nothing"])
        try map.style.setValue(["interpolate", ["linear"], ["elevation"], 0, "blue", 3000, "white"], forProperty: "color-relief-color", ofLayer: "relief")
        #expect(try map.snapshot().unsupportedFeatures.isEmpty)
        try map.style.setValue("red", forProperty: "color-relief-color", ofLayer: "relief")
        #expect(try map.snapshot().unsupportedFeatures.first?.contains("is not an \"interpolate\" or \"step\" expression") == true)
    }
}
