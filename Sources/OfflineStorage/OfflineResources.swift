import Foundation
import GeoJSON
import TileSources
import Tiling

/// The resources a pack needs besides its style: TileJSON documents first (their tiles depend on
/// them), then glyph ranges, sprites, images, GeoJSON data and tiles — as MapLibre Native's
/// `OfflineDownload` lists them.
enum OfflineResources {
    /// A tiled source: where and which zooms its tiles are.
    struct TiledSourceInfo {
        var identifier: String
        var template: String
        var scheme: TileScheme
        var minimumZoom: Int
        var maximumZoom: Int
        var tileSize: Double
        var raster: Bool
        var bounds: (west: Double, south: Double, east: Double, north: Double)
    }

    /// TileJSON URLs named by the style's sources.
    static func tileJSONURLs(style: JSONValue) -> [String] {
        guard case .object(let sources)? = style["sources"] else { return [] }
        return sources.keys.sorted().compactMap { key in
            let source = sources[key]!
            let kind = source["type"]?.string ?? ""
            guard ["vector", "raster", "raster-dem"].contains(kind), source["tiles"] == nil else { return nil }
            guard let url = source["url"]?.string, url.lowercased().hasPrefix("http") || url.lowercased().hasPrefix("mapbox://") else { return nil }
            return url
        }
    }

    /// The tiled sources, their TileJSON (by URL) filling in what the style leaves out.
    static func tiledSources(style: JSONValue, tileJSON: [String: JSONValue]) -> [TiledSourceInfo] {
        guard case .object(let sources)? = style["sources"] else { return [] }
        var out: [TiledSourceInfo] = []
        for key in sources.keys.sorted() {
            let source = sources[key]!
            let kind = source["type"]?.string ?? ""
            guard ["vector", "raster", "raster-dem"].contains(kind) else { continue }
            var description = source
            var fromURL: String?
            if source["tiles"] == nil, let url = source["url"]?.string, let document = tileJSON[url] {
                description = document
                fromURL = url
            }
            guard var template = description["tiles"]?.array?.first?.string else { continue }
            if let fromURL {
                // stored under the canonical mapbox://tiles/… template, as Native stores a mapbox:// source's tiles
                template = MapboxURL.canonicalTileset([template], sourceURL: fromURL, raster: kind != "vector",
                                                      tileSize: Int(source["tileSize"]?.number ?? 512)).first ?? template
            }
            func number(_ name: String) -> Double? { source[name]?.number ?? description[name]?.number }
            let b = (source["bounds"] ?? description["bounds"])?.array?.compactMap(\.number) ?? []
            out.append(TiledSourceInfo(identifier: key, template: template, scheme: (source["scheme"] ?? description["scheme"])?.string == "tms" ? .tms : .xyz,
                                       minimumZoom: Int(number("minzoom") ?? 0), maximumZoom: Int(number("maxzoom") ?? 22),
                                       tileSize: source["tileSize"]?.number ?? (kind == "vector" ? 512 : 512), raster: kind != "vector",
                                       bounds: b.count == 4 ? (b[0], b[1], b[2], b[3]) : (-180, -90, 180, 90)))
        }
        return out
    }

    /// Tiles of `source` the region covers, MapLibre's covering zoom range (a 256-pixel raster
    /// source needs one zoom deeper): the tiles of the bounds, or those a geometry touches
    /// (``GeometryTileCover``), within the source's bounds.
    static func tiles(_ source: TiledSourceInfo, definition: OfflineRegionDefinition) -> [ResourceRequest.Tile] {
        func covering(_ zoom: Double) -> Double {
            let z = zoom + log2(512 / max(1, source.tileSize))
            return source.raster ? z.rounded() : z.rounded(.down)
        }
        let minZ = max(Int(covering(definition.minimumZoom)), source.minimumZoom)
        let maxZ = definition.maximumZoom.isFinite ? min(Int(covering(definition.maximumZoom)), source.maximumZoom) : source.maximumZoom
        guard minZ <= maxZ else { return [] }
        let box = definition.boundingBox
        let west = max(box.west, source.bounds.west), east = min(box.east, source.bounds.east)
        let south = max(box.south, source.bounds.south, -WebMercator.maximumLatitude), north = min(box.north, source.bounds.north, WebMercator.maximumLatitude)
        guard west <= east, south <= north else { return [] }
        let ratio = TileURLTemplate(source.template).supportsRatio && definition.pixelRatio > 1 ? 2 : 1
        let geometry = definition.geometry
        var out: [ResourceRequest.Tile] = []
        for z in minZ...maxZ {
            func tile(_ id: TileID) -> ResourceRequest.Tile {
                ResourceRequest.Tile(urlTemplate: source.template, pixelRatio: ratio, id: id, scheme: source.scheme)
            }
            if let geometry {
                out += GeometryTileCover.tiles(of: geometry, zoom: z).filter { overlaps($0, source.bounds) }.map(tile)
                continue
            }
            let n = Double(1 << z)
            func clamp(_ v: Double) -> Int { Int(max(0, min(n - 1, v.rounded(.down)))) }
            let x0 = clamp(WebMercator.worldX(longitude: west) * n), x1 = clamp(WebMercator.worldX(longitude: east) * n - 1e-9)
            let y0 = clamp(WebMercator.worldY(latitude: north) * n), y1 = clamp(WebMercator.worldY(latitude: south) * n - 1e-9)
            for x in x0...max(x0, x1) {
                for y in y0...max(y0, y1) {
                    out.append(tile(TileID(z: z, x: x, y: y)))
                }
            }
        }
        return out
    }

    /// Whether `tile`'s square meets the box (west, south, east, north).
    static func overlaps(_ tile: TileID, _ box: (west: Double, south: Double, east: Double, north: Double)) -> Bool {
        let n = Double(1 << tile.z)
        let west = Double(tile.x) / n * 360 - 180, east = Double(tile.x + 1) / n * 360 - 180
        let north = WebMercator.latitude(worldY: Double(tile.y) / n), south = WebMercator.latitude(worldY: Double(tile.y + 1) / n)
        return east > box.west && west < box.east && north > box.south && south < box.north
    }

    /// Font stacks the style's symbol layers use (`text-font` literals, also inside expressions).
    static func fontStacks(style: JSONValue) -> [String] {
        var stacks = Set<String>()
        for layer in style["layers"]?.array ?? [] where layer["type"]?.string == "symbol" {
            guard let layout = layer["layout"], layout["text-field"] != nil else { continue }
            guard let font = layout["text-font"] else {
                stacks.insert("Open Sans Regular,Arial Unicode MS Regular")
                continue
            }
            func visit(_ value: JSONValue) {
                guard let list = value.array else { return }
                let strings = list.compactMap(\.string)
                if !strings.isEmpty, strings.count == list.count, !Self.isOperator(strings[0]) {
                    stacks.insert(strings.joined(separator: ","))
                } else {
                    list.forEach(visit)
                }
            }
            visit(font)
        }
        return stacks.sorted()
    }

    private static func isOperator(_ name: String) -> Bool {
        ["literal", "step", "match", "case", "coalesce", "get", "interpolate", "let", "var", "concat", "zoom", "to-string", "string"].contains(name)
    }

    /// Glyph ranges for every font stack (ideographic ranges left out when asked).
    static func glyphs(style: JSONValue, includeIdeographs: Bool) -> [ResourceRequest] {
        guard let template = style["glyphs"]?.string else { return [] }
        var out: [ResourceRequest] = []
        for stack in fontStacks(style: style) {
            for range in 0..<256 where includeIdeographs || !isIdeographic(range * 256) {
                out.append(ResourceRequest(url: ResourceURLs.glyphs(template: template, fontStack: stack, rangeStart: range * 256), kind: .glyphs))
            }
        }
        return out
    }

    /// Whether a range starts in a CJK block (MapLibre's `allowsIdeographicBreaking` blocks).
    static func isIdeographic(_ c: Int) -> Bool {
        let blocks: [ClosedRange<Int>] = [0x2E80...0x2FDF, 0x2FF0...0x303F, 0x3040...0x31FF, 0x3200...0x4DBF, 0x4E00...0x9FFF,
                                          0xA000...0xA4CF, 0xF900...0xFAFF, 0xFE10...0xFE1F, 0xFE30...0xFE4F, 0xFF00...0xFFEF]
        return blocks.contains { $0.contains(c) }
    }

    /// Sprite sheets (index and image) at the pack's pixel ratio.
    static func sprites(style: JSONValue, pixelRatio: Double) -> [ResourceRequest] {
        var urls: [String] = []
        if let url = style["sprite"]?.string { urls = [url] }
        else if let list = style["sprite"]?.array { urls = list.compactMap { $0["url"]?.string } }
        let suffix = pixelRatio > 1 ? "@2x" : ""
        return urls.flatMap { url in
            [ResourceRequest(url: url + suffix + ".json", kind: .spriteJSON), ResourceRequest(url: url + suffix + ".png", kind: .spriteImage)]
        }.filter { isRemote($0.url) }
    }

    /// GeoJSON data URLs and image sources' URLs.
    static func sourceData(style: JSONValue) -> [ResourceRequest] {
        guard case .object(let sources)? = style["sources"] else { return [] }
        var out: [ResourceRequest] = []
        for key in sources.keys.sorted() {
            let source = sources[key]!
            switch source["type"]?.string {
            case "geojson": if let url = source["data"]?.string, isRemote(url) { out.append(ResourceRequest(url: url, kind: .source)) }
            case "image": if let url = source["url"]?.string, isRemote(url) { out.append(ResourceRequest(url: url, kind: .image)) }
            default: break
            }
        }
        return out
    }

    /// The remote font files of the style's `font-faces` (MapLibre Native's complex-script fonts), so that a
    /// pack shapes its labels offline as it does online.
    static func fontFaces(style: JSONValue) -> [ResourceRequest] {
        guard case .object(let fonts)? = style["font-faces"] else { return [] }
        var urls: [String] = []
        for name in fonts.keys.sorted() {
            let value = fonts[name]!
            if let url = value.string { urls.append(url) }
            for face in value.array ?? [] {
                if let url = face["url"]?.string { urls.append(url) }
            }
        }
        return urls.filter(isRemote).map { ResourceRequest(url: $0, kind: .glyphs) }
    }

    static func isRemote(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mapbox://")
    }
}
