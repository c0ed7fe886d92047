import Foundation
@testable import Mercator
import Testing
import Rendering
import Tiling

/// Issue 39: one render's labels and canvas are counted against `Limits` before anything is shaped or
/// allocated, and the snapshot fails with a `LimitExceeded` naming the limit.
@Suite("Render budgets: label characters and canvas bytes")
struct RenderBudgetTests {
    /// A style drawing `labels` (one point feature each, property `name`) with `text-field`.
    static func labelStyle(_ labels: [String], textField: JSONValue = ["get", "name"], layers: Int = 1) -> JSONValue {
        let features: [JSONValue] = labels.enumerated().map { i, name in
            ["type": "Feature", "properties": ["name": .string(name)],
             "geometry": ["type": "Point", "coordinates": [.double(Double(i % 20) - 10), 0]]]
        }
        let symbols: [JSONValue] = (0..<layers).map { k in
            ["id": .string("labels\(k)"), "type": "symbol", "source": "points",
             "layout": ["text-field": textField, "text-font": ["Open Sans Regular"], "text-allow-overlap": true]]
        }
        return ["version": 8,
                "sources": ["points": ["type": "geojson", "data": ["type": "FeatureCollection", "features": .array(features)]]],
                "layers": .array([["id": "bg", "type": "background", "paint": ["background-color": "white"]]] + symbols)]
    }

    static func map(_ style: JSONValue, limits: Limits = .default, size: MapSize = MapSize(width: 64, height: 64)) throws -> Map {
        Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 1), size: size,
            options: MapOptions(limits: limits))
    }

    /// The `LimitExceeded` a snapshot fails with, if any (both snapshot kinds fail alike).
    static func failure(_ map: Map) -> LimitExceeded? {
        var first: LimitExceeded?
        do { _ = try map.snapshot() } catch let error as LimitExceeded { first = error } catch {}
        do { _ = try map.pngSnapshot() } catch let error as LimitExceeded {
            #expect(error == first)
        } catch {
            Issue.record("pngSnapshot failed otherwise: \(error)")
        }
        return first
    }

    @Test("a 4 MB label in a GeoJSON source fails the render naming Limits.labelCharacters")
    func fourMegabyteLabel() throws {
        let label = String(repeating: "a", count: 4 << 20)
        let error = try #require(Self.failure(try Self.map(Self.labelStyle(["short", label]))))
        #expect(error.limit == .labelCharacters)
        #expect(error.found == 4 << 20)
        #expect(error.maximum == 10_000)
        #expect(error.description == "a label of layer \"labels0\" has 4194304 characters; the limit is 10000 (Limits.labelCharacters)")
    }

    @Test("a style whose text-field is a multi-megabyte string fails the render naming Limits.labelCharacters")
    func hugeTextField() throws {
        let field = String(repeating: "é", count: 3_000_000)  // 6 MB of UTF-8, 3M characters
        let error = try #require(Self.failure(try Self.map(Self.labelStyle(["x"], textField: .string(field)))))
        #expect(error.limit == .labelCharacters)
        #expect(error.found == 3_000_000)
    }

    @Test("a 4 MB label in a vector tile fails the render naming Limits.labelCharacters")
    func labelInTile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mercator-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let feature = GeoJSONFeature(geometry: .point(Position(1, 1)), properties: ["name": .string(String(repeating: "b", count: 4 << 20))])
        let index = try GeoJSONTileIndex(features: [feature], options: GeoJSONTileOptions())
        let tile = try #require(index.tile(z: 0, x: 0, y: 0))
        let data = tile.vectorTileData(layerName: "places", gzip: true)
        #expect(data.count < 64 << 10)  // a few kilobytes compressed
        try data.write(to: folder.appendingPathComponent("0-0-0.mvt"))
        let style: JSONValue = [
            "version": 8,
            "sources": ["tiles": ["type": "vector", "tiles": .array([.string(folder.path + "/{z}-{x}-{y}.mvt")]), "maxzoom": 0]],
            "layers": [["id": "names", "type": "symbol", "source": "tiles", "source-layer": "places",
                        "layout": ["text-field": ["get", "name"], "text-font": ["Open Sans Regular"]]]],
        ]
        let map = Map(style: try Style(document: StyleDocument(json: style)), camera: MapCamera(zoom: 0), size: MapSize(width: 64, height: 64))
        let error = try #require(Self.failure(map))
        #expect(error.limit == .labelCharacters)
        #expect(error.found == 4 << 20)
        // nothing laid out past the limit was kept: the next snapshot fails the same way
        #expect(Self.failure(map)?.limit == .labelCharacters)
    }

    @Test("labels at the limit render; one character more fails")
    func atTheLimit() throws {
        var limits = Limits()
        limits.labelCharacters = 10
        #expect(Self.failure(try Self.map(Self.labelStyle(["0123456789", "é"]), limits: limits)) == nil)
        let error = Self.failure(try Self.map(Self.labelStyle(["0123456789é"]), limits: limits))
        #expect(error?.limit == .labelCharacters)
        #expect(error?.found == 11)
        // raised, the same label renders
        limits.labelCharacters = 11
        #expect(Self.failure(try Self.map(Self.labelStyle(["0123456789é"]), limits: limits)) == nil)
    }

    @Test("a layer's labels in one layout over Limits.layoutLabelCharacters fail the render")
    func perLayout() throws {
        var limits = Limits()
        limits.layoutLabelCharacters = 25
        #expect(Self.failure(try Self.map(Self.labelStyle(Array(repeating: "abcde", count: 5)), limits: limits)) == nil)
        let error = Self.failure(try Self.map(Self.labelStyle(Array(repeating: "abcde", count: 6)), limits: limits))
        #expect(error?.limit == .layoutLabelCharacters)
        #expect(error?.description == "the labels of layer \"labels0\" in one tile has 30 characters; the limit is 25 (Limits.layoutLabelCharacters)")
    }

    @Test("all layers' labels over Limits.renderLabelCharacters fail the render")
    func perRender() throws {
        var limits = Limits()
        limits.renderLabelCharacters = 40
        let labels = Array(repeating: "abcde", count: 4)  // 20 characters a layer
        #expect(Self.failure(try Self.map(Self.labelStyle(labels, layers: 2), limits: limits)) == nil)
        let error = Self.failure(try Self.map(Self.labelStyle(labels, layers: 3), limits: limits))
        #expect(error?.limit == .renderLabelCharacters)
    }

    @Test("the canvas is checked against Limits.canvasBytes and Limits.outputPixels, pixel ratio included, before it is allocated")
    func canvasBudget() throws {
        var limits = Limits()
        limits.canvasBytes = 100 * 100 * 16
        let style = Self.labelStyle([])
        #expect(Self.failure(try Self.map(style, limits: limits, size: MapSize(width: 50, height: 50, pixelRatio: 2))) == nil)
        let map = try Self.map(style, limits: limits, size: MapSize(width: 50, height: 50, pixelRatio: 2.5))
        let error = try #require(Self.failure(map))
        #expect(error.limit == .canvasBytes)
        #expect(error.found == 125 * 125 * 16)
        #expect(error.description == "a 125x125-pixel image (50x50 at pixel ratio 2.5) has 250000 canvas bytes; the limit is 160000 (Limits.canvasBytes)")
        limits = Limits()
        limits.outputPixels = 100 * 100
        let wide = try Self.map(style, limits: limits, size: MapSize(width: 60, height: 60, pixelRatio: 2))
        #expect(Self.failure(wide)?.limit == .outputPixels)
    }

    @Test("banded PNG output counts one band's canvas, not the whole image's")
    func bandedCanvas() throws {
        var limits = Limits()
        limits.canvasBytes = 300 * 64 * 16  // 64 rows of a 300-pixel image, not its 300 rows
        let map = try Self.map(Self.labelStyle([]), limits: limits, size: MapSize(width: 300, height: 300))
        #expect(throws: LimitExceeded.self) { try map.snapshot() }
        #expect(try map.pngSnapshot(bandRows: 64).data.count > 0)
        #expect(throws: LimitExceeded.self) { try map.pngSnapshot(bandRows: 65) }
    }

    @Test("a session keeps a canvas up to retainedCanvasBytes and drops a larger one after the render")
    func sessionDropsLargeCanvas() throws {
        let small = RenderScene(width: 64, height: 64, pixelRatio: 1, camera: MapCamera(zoom: 1))
        let large = RenderScene(width: 64, height: 64, pixelRatio: 2, camera: MapCamera(zoom: 1))
        var session = RenderSession(retainedBytes: 64 * 64 * 16)
        let a = try session.render(small)
        #expect(a.width == 64)
        #expect(session.retainedBytes == 64 * 64 * 16)
        let b = try session.render(large)
        #expect(b.width == 128 && b.byteCount == 128 * 128 * 16)
        #expect(session.retainedBytes == 0)
        _ = try session.renderPNG(large)
        #expect(session.retainedBytes == 0)
        _ = try session.renderPNG(small)
        #expect(session.retainedBytes > 0)
        #expect(RenderSession.retainedCanvasBytes == 2048 * 2048 * 16)
    }
}
