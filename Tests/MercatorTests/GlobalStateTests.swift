import Foundation
@testable import Mercator
import Rendering
import Testing

/// Issue 41: the root `state` feeds `["global-state", key]` in filters, layout (visibility included) and paint,
/// as MapLibre GL JS evaluates it; `Style.setGlobalStateProperty` changes it at run time, and only the layers
/// that read a changed key are compiled or laid out again.
@Suite("Global state")
struct GlobalStateTests {
    /// Two points (pop 3 and 8) at -10,0 and 10,0 over white; a circle layer whose filter, visibility and
    /// colour read the state, and a second layer reading none of it.
    static func style(state: JSONValue = ["color": ["default": "magenta"], "show": ["default": true], "minpop": ["default": 5]]) throws -> Style {
        let document: JSONValue = [
            "version": 8,
            "state": state,
            "sources": ["points": ["type": "geojson", "data": ["type": "FeatureCollection", "features": [
                ["type": "Feature", "geometry": ["type": "Point", "coordinates": [-10, 0]], "properties": ["pop": 3]],
                ["type": "Feature", "geometry": ["type": "Point", "coordinates": [10, 0]], "properties": ["pop": 8]],
            ]]]],
            "layers": [
                ["id": "bg", "type": "background", "paint": ["background-color": "white"]],
                ["id": "rings", "type": "circle", "source": "points",
                 "paint": ["circle-radius": 14, "circle-color": "black"]],
                ["id": "dots", "type": "circle", "source": "points",
                 "filter": [">=", ["get", "pop"], ["global-state", "minpop"]],
                 "layout": ["visibility": ["case", ["global-state", "show"], "visible", "none"]],
                 "paint": ["circle-radius": 10, "circle-color": ["global-state", "color"]]],
            ],
        ]
        return try Style(document: StyleDocument(json: document))
    }

    static func map(_ style: Style, cacheSize: Int = 96 << 20) -> Map {
        Map(style: style, camera: MapCamera(center: LocationCoordinate2D(latitude: 0, longitude: 0), zoom: 1),
            size: MapSize(width: 128, height: 64), options: MapOptions(layoutCacheSize: cacheSize))
    }

    /// The colour at the centre of the left (-10°) and right (+10°) point.
    static func centres(_ map: Map) throws -> (left: [UInt8], right: [UInt8]) {
        let image = try map.snapshot().image
        let offset = Int((512.0 * 2 / 360 * 10).rounded())  // 10 degrees at zoom 1
        return (Array(image.pixel(64 - offset, 32).prefix(3)), Array(image.pixel(64 + offset, 32).prefix(3)))
    }

    static let magenta: [UInt8] = [255, 0, 255], cyan: [UInt8] = [0, 255, 255], black: [UInt8] = [0, 0, 0]

    @Test("the state's defaults feed filters, visibility and paint")
    func defaults() throws {
        let style = try Self.style()
        #expect(style.globalState == ["color": "magenta", "show": true, "minpop": 5])
        let (left, right) = try Self.centres(Self.map(style))
        #expect(left == Self.black, "pop 3 is filtered out by minpop 5: the ring below shows")
        #expect(right == Self.magenta)
    }

    @Test("a key the state does not define reads null: the property's default applies")
    func undefinedKeyIsNull() throws {
        let style = try Self.style(state: [:])
        let (left, right) = try Self.centres(Self.map(style))
        #expect(left == Self.black && right == Self.black, "visibility null -> visible, but [\">=\", pop, null] filters out both")
    }

    @Test("setting a property redraws with it; null puts the default back")
    func setProperty() throws {
        let style = try Self.style()
        let map = Self.map(style)
        style.setGlobalStateProperty("color", value: "cyan")
        style.setGlobalStateProperty("minpop", value: 0)
        var (left, right) = try Self.centres(map)
        #expect(left == Self.cyan && right == Self.cyan)
        style.setGlobalStateProperty("show", value: false)
        (left, right) = try Self.centres(map)
        #expect(left == Self.black && right == Self.black, "the dots layer is hidden")
        style.setGlobalStateProperty("show", value: nil)
        style.setGlobalStateProperty("color", value: .null)
        style.setGlobalStateProperty("minpop", value: nil)
        #expect(style.globalState == ["color": "magenta", "show": true, "minpop": 5])
        (left, right) = try Self.centres(map)
        #expect(left == Self.black && right == Self.magenta)
    }

    @Test("a paint key recompiles only the property that reads it and lays nothing out; a filter key lays out only its layer")
    func changesRedoOnlyWhatReadsTheKey() throws {
        let style = try Self.style()
        let map = Self.map(style)
        _ = try Self.centres(map)
        let before = try style.compiledLayers()
        let layouts = map.buckets.statistics.layouts

        style.setGlobalStateProperty("color", value: "cyan")
        let afterPaint = try style.compiledLayers()
        #expect(afterPaint[1].layoutGeneration == before[1].layoutGeneration)
        #expect(afterPaint[2].layoutGeneration == before[2].layoutGeneration, "a paint key keeps the layout")
        _ = try Self.centres(map)
        #expect(map.buckets.statistics.layouts == layouts, "nothing is laid out again for a paint key")

        style.setGlobalStateProperty("unread", value: 1)
        let afterUnread = try style.compiledLayers()
        #expect(afterUnread[2].filter.globalStateReferences == afterPaint[2].filter.globalStateReferences)
        #expect(afterUnread[2].layoutGeneration == afterPaint[2].layoutGeneration, "a key no layer reads changes nothing")

        style.setGlobalStateProperty("minpop", value: 0)
        let afterFilter = try style.compiledLayers()
        #expect(afterFilter[1].layoutGeneration == before[1].layoutGeneration, "the layer reading no state keeps its layout")
        #expect(afterFilter[2].layoutGeneration != before[2].layoutGeneration, "the filter's layer is laid out again")
        let (left, right) = try Self.centres(map)
        #expect(left == Self.cyan && right == Self.cyan)
        let relaid = map.buckets.statistics.layouts - layouts
        #expect(relaid >= 1, "the dots layer was laid out again (\(relaid))")

        let uncached = Self.map(try Self.style(), cacheSize: 0)
        uncached.style.setGlobalStateProperty("color", value: "cyan")
        uncached.style.setGlobalStateProperty("minpop", value: 0)
        #expect(try uncached.snapshot().image.pixels == map.snapshot().image.pixels)
    }

    @Test("replacing the document drops the values set at run time")
    func replaceDocumentResetsState() throws {
        let style = try Self.style()
        style.setGlobalStateProperty("color", value: "cyan")
        try style.replaceDocument(Self.style().styleDocument)
        #expect(style.globalState["color"] == "magenta")
    }
}
