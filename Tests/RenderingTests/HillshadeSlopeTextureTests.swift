import Foundation
import Geo
import Testing
@testable import Rendering

/// The two hillshade slope textures: MapLibre Native's legacy one (the flat map) and GL JS 5's (a hillshade draped
/// over terrain or on the globe, which only GL JS draws), both prepared at the DEM tile's own zoom.
@Suite("Hillshade slope textures")
struct HillshadeSlopeTextureTests {
    /// A 256-texel tile rising `step` metres a texel eastwards.
    static func ramp(_ step: Double) throws -> DEMTile {
        try ColorReliefTests.dem(256) { i, _ in 1000 + Double(i) * step }
    }

    /// The slope the standard method shades from texel (x 128, y 128) of a piece: the decoded texture times the
    /// z-factor (1.25 for the legacy texture, 0.625 for GL JS's).
    static func shadedSlope(_ piece: HillshadeLayer.Piece) -> Double {
        let v = Double(piece.slopes[2 * (128 * piece.dim + 128)])
        return piece.texture == .glJS ? (v * 8 - 4) * 0.625 : (v * 2 - 1) * 1.25
    }

    static func piece(_ dem: DEMTile, zoom: Int) -> HillshadeLayer.Piece {
        let tile = TileClip(z: zoom, x: 0, y: 0)
        return HillshadeLayer.Piece(tile: tile, clip: tile, slopes: dem.slopes(zoom: zoom, maxZoom: 12), dim: dem.dim,
                                    latitudes: (0, 0), dem: dem, zoom: zoom)
    }

    @Test("GL JS's texture: whole elevations times the tile's texels over 2^((z - 15) 0.3 + 28.2562 - z), stored v / 8 + 0.5")
    func glJSTexture() throws {
        let dem = try Self.ramp(5)
        for zoom in [10, 12, 14] {
            let slopes = dem.glJSSlopes(zoom: zoom)
            let z = Double(zoom)
            // the Sobel sum of a ramp of 5 m a texel is 8 x 5 m
            let expected = 40 * 256 / pow(2, (z - 15) * 0.3 + 28.2562 - z) / 8 + 0.5
            let texel = 2 * (128 * 256 + 128)
            #expect(slopes[texel] == Float((expected * 255).rounded() / 255), "zoom \(zoom)")
            // no slope north-south: 0.5 stored as 128 of 255, as GL's conversion to 8 bits rounds it
            #expect(slopes[texel + 1] == Float(128) / 255)
        }
        // a cliff clips at the texture's range (a slope of 4)
        let cliff = try Self.ramp(400).glJSSlopes(zoom: 12)
        #expect(cliff[2 * (128 * 256 + 128)] == 1)
    }

    @Test("over terrain the standard method shades GL JS's slope: 2^0.9 times the legacy one at zoom 12 (maxzoom 12)")
    func glJSSlopeIsSteeper() throws {
        var layer = HillshadeLayer(pieces: [Self.piece(try Self.ramp(20), zoom: 12)])
        let legacy = Self.shadedSlope(layer.pieces[0])
        layer.useGLJSSlopes()
        #expect(layer.pieces[0].texture == .glJS)
        let glJS = Self.shadedSlope(layer.pieces[0])
        // the legacy texture exaggerates by (z - maxzoom) 0.3 = 0, GL JS's by (z - 15) 0.3 = -0.9 (8-bit steps apart)
        #expect(abs(glJS / legacy - pow(2, 0.9)) < 0.03, "\(glJS) / \(legacy)")
        // at zoom 14 of a source whose maxzoom is 12 the two exaggerations are (14 - 12) 0.3 and (14 - 15) 0.3: the
        // same ratio, 2^(0.3 (15 - maxzoom)) below zoom 15
        var deeper = HillshadeLayer(pieces: [Self.piece(try Self.ramp(10), zoom: 14)])
        let legacy14 = Self.shadedSlope(deeper.pieces[0])
        deeper.useGLJSSlopes()
        #expect(abs(Self.shadedSlope(deeper.pieces[0]) / legacy14 - pow(2, 0.9)) < 0.03)
    }

    @Test("draped layers take GL JS's slopes; a piece without its elevations keeps its texture")
    func drapedHillshadeUsesGLJSSlopes() throws {
        var bare = Self.piece(try Self.ramp(20), zoom: 12)
        bare.dem = nil
        var layers: [any SceneLayer] = [HillshadeLayer(pieces: [Self.piece(try Self.ramp(20), zoom: 12), bare])]
        DrapedLayers.prepare(&layers)
        let draped = try #require(layers[0] as? HillshadeLayer)
        #expect(draped.pieces.map(\.texture) == [.glJS, .mapLibreNative])
    }

    @Test("each texture is prepared once per tile and border: a tile backfilled from other neighbours gets its own")
    func preparedOncePerBorder() throws {
        let tile = try Self.ramp(5)
        let east = try ColorReliefTests.dem(256) { _, _ in 3000 }, otherEast = try ColorReliefTests.dem(256) { _, _ in 200 }
        // the eastern edge texel reads the border: a copy of the edge without a neighbour, the neighbour's column with one
        let edge = 2 * (128 * 256 + 255)
        let bare = tile.slopes(zoom: 12, maxZoom: 12), bareGLJS = tile.glJSSlopes(zoom: 12)
        var backfilled = tile
        backfilled.backfill(from: east, dx: 1, dy: 0)
        var otherBackfilled = tile
        otherBackfilled.backfill(from: otherEast, dx: 1, dy: 0)
        for (slopes, zoom) in [({ (t: DEMTile) in t.slopes(zoom: 12, maxZoom: 12) }, 12), ({ (t: DEMTile) in t.glJSSlopes(zoom: 12) }, 12)] {
            let plain = slopes(tile), high = slopes(backfilled), low = slopes(otherBackfilled)
            #expect(high[edge] > plain[edge] && low[edge] < plain[edge], "zoom \(zoom)")
            // kept: the same texture again, and the same as a copy of the tile decoded apart prepares
            #expect(slopes(tile) == plain && slopes(backfilled) == high && slopes(otherBackfilled) == low)
            var fresh = try Self.ramp(5)
            fresh.backfill(from: try ColorReliefTests.dem(256) { _, _ in 3000 }, dx: 1, dy: 0)
            #expect(slopes(fresh) == high)
        }
        #expect(tile.slopes(zoom: 12, maxZoom: 12) == bare && tile.glJSSlopes(zoom: 12) == bareGLJS)
        // another zoom or pass is another texture
        #expect(tile.slopes(zoom: 11, maxZoom: 12) != bare && tile.glJSSlopes(zoom: 12) != bare)
    }

    @Test("on the globe hillshades take GL JS's slopes; other layers are left as they are")
    func globeHillshadeUsesGLJSSlopes() throws {
        let layer = HillshadeLayer(pieces: [Self.piece(try Self.ramp(20), zoom: 12)])
        let globe = try #require(GlobeLayers.prepared(layer) as? HillshadeLayer)
        #expect(globe.pieces.map(\.texture) == [.glJS])
        #expect(globe.pieces[0].slopes == globe.pieces[0].dem?.glJSSlopes(zoom: 12))
        #expect(GlobeLayers.prepared(EmptySceneLayer()) is EmptySceneLayer)
    }
}
