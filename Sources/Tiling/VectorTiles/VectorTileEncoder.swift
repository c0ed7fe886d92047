package import Foundation
import GeoJSON
import MercatorCompression

/// Writes Mapbox Vector Tile 2.1 bytes from geojson-vt tiles (``Tile``): one layer per tile,
/// keys and values de-duplicated, integer identifiers kept, polygon exteriors clockwise on screen
/// (positive area by the spec's formula), coordinates rescaled to the layer extent.
package struct VectorTileEncoder: Sendable {
    private var writer = ProtobufWriter()

    /// An encoder with no layers yet.
    package init() {}

    /// Adds `tile`'s features as a layer called `name` with extent `extent` (the tile's own
    /// coordinates are rescaled when its extent differs).
    package mutating func addLayer(named name: String, tile: Tile, extent: Int = 4096) {
        var layer = ProtobufWriter()
        layer.varintField(15, 2)
        layer.stringField(1, name)
        var keyIndex = [String: UInt32](), keys = [String]()
        var valueIndex = [VectorTileValue: UInt32](), values = [VectorTileValue]()
        var feature = ProtobufWriter(), geometry = ProtobufWriter(), tags = ProtobufWriter()
        let scale = tile.extent == extent ? nil : Double(extent) / Double(tile.extent)
        for i in 0..<tile.count {
            let record = tile.records[i]
            feature.bytes.removeAll(keepingCapacity: true)
            tags.bytes.removeAll(keepingCapacity: true)
            geometry.bytes.removeAll(keepingCapacity: true)
            if case .int(let id)? = tile.identifier(at: i), id >= 0 {
                feature.varintField(1, UInt64(id))
            } else if case .uint(let id)? = tile.identifier(at: i) {
                feature.varintField(1, id)
            }
            var props = tile.table.properties[Int(record.source)]
            if !record.clipStart.isNaN {
                var p = props ?? JSONObject()
                p["mapbox_clip_start"] = .double(record.clipStart)
                p["mapbox_clip_end"] = .double(record.clipEnd)
                props = p
            }
            if let props {
                for (k, v) in props {
                    guard let value = VectorTileValue(v) else { continue }
                    let ki: UInt32
                    if let known = keyIndex[k] { ki = known } else {
                        ki = UInt32(keys.count); keyIndex[k] = ki; keys.append(k)
                    }
                    let vi: UInt32
                    if let known = valueIndex[value] { vi = known } else {
                        vi = UInt32(values.count); valueIndex[value] = vi; values.append(value)
                    }
                    tags.varint(UInt64(ki))
                    tags.varint(UInt64(vi))
                }
            }
            if !tags.bytes.isEmpty { feature.bytesField(2, tags.bytes) }
            feature.varintField(3, UInt64(record.type.rawValue))
            Self.writeGeometry(tile, feature: i, type: record.type, scale: scale, into: &geometry)
            feature.bytesField(4, geometry.bytes)
            layer.bytesField(2, feature.bytes)
        }
        for k in keys { layer.stringField(3, k) }
        var v = ProtobufWriter()
        for value in values {
            v.bytes.removeAll(keepingCapacity: true)
            switch value {
            case .string(let s): v.stringField(1, s)
            case .float(let f): v.fixed32Field(2, f.bitPattern)
            case .double(let d): v.fixed64Field(3, d.bitPattern)
            case .int(let i): v.varintField(4, UInt64(bitPattern: i))
            case .uint(let u): v.varintField(5, u)
            case .sint(let i): v.varintField(6, zigzagEncode(i))
            case .bool(let b): v.varintField(7, b ? 1 : 0)
            case .none: break
            }
            layer.bytesField(4, v.bytes)
        }
        layer.varintField(5, UInt64(extent))
        writer.bytesField(3, layer.bytes)
    }

    /// Geometry commands for feature `i`: points as one MoveTo, lines as MoveTo + LineTo, rings as
    /// MoveTo + LineTo + ClosePath (the repeated closing point dropped).
    private static func writeGeometry(_ tile: Tile, feature i: Int, type: TileFeatureType, scale: Double?, into g: inout ProtobufWriter) {
        var cx: Int32 = 0, cy: Int32 = 0
        @inline(__always) func point(_ p: UnsafeBufferPointer<Int32>, _ k: Int) -> (Int32, Int32) {
            guard let scale else { return (p[2 * k], p[2 * k + 1]) }
            return (tileCoordinate(Double(p[2 * k]) * scale), tileCoordinate(Double(p[2 * k + 1]) * scale))
        }
        @inline(__always) func delta(_ x: Int32, _ y: Int32) {
            g.varint(UInt64(zigzagEncode(Int64(x &- cx)) & 0xffff_ffff))
            g.varint(UInt64(zigzagEncode(Int64(y &- cy)) & 0xffff_ffff))
            cx = x; cy = y
        }
        let rings = tile.ringCount(at: i)
        // Reverse every ring of a polygon whose first ring is counter-clockwise on screen.
        var reverse = false
        if type == .polygon, rings > 0 {
            reverse = tile.withUnsafePoints(at: i, ring: 0) { p in
                var sum: Int64 = 0
                let n = p.count / 2
                guard n > 2 else { return false }
                var j = n - 1
                for k in 0..<n {
                    sum += Int64(p[2 * j]) * Int64(p[2 * k + 1]) - Int64(p[2 * k]) * Int64(p[2 * j + 1])
                    j = k
                }
                return sum < 0
            }
        }
        for r in 0..<rings {
            tile.withUnsafePoints(at: i, ring: r) { p in
                var n = p.count / 2
                guard n > 0 else { return }
                switch type {
                case .point:
                    g.varint(UInt64(n) << 3 | 1)
                    for k in 0..<n { let (x, y) = point(p, k); delta(x, y) }
                case .lineString:
                    g.varint(1 << 3 | 1)
                    let (x, y) = point(p, 0); delta(x, y)
                    if n > 1 {
                        g.varint(UInt64(n - 1) << 3 | 2)
                        for k in 1..<n { let (x, y) = point(p, k); delta(x, y) }
                    }
                case .polygon:
                    if n > 1, p[0] == p[2 * n - 2], p[1] == p[2 * n - 1] { n -= 1 }
                    let order: (Int) -> Int = reverse ? { n - 1 - $0 } : { $0 }
                    g.varint(1 << 3 | 1)
                    let (x, y) = point(p, order(0)); delta(x, y)
                    if n > 1 {
                        g.varint(UInt64(n - 1) << 3 | 2)
                        for k in 1..<n { let (x, y) = point(p, order(k)); delta(x, y) }
                    }
                    g.varint(1 << 3 | 7)
                }
            }
        }
    }

    /// The tile bytes, gzip-compressed when asked.
    package func encoded(gzip: Bool = false) -> ContiguousArray<UInt8> {
        gzip ? Gzip.deflate(writer.bytes) : writer.bytes
    }

    /// The tile bytes as `Data`, gzip-compressed when asked.
    package func data(gzip: Bool = false) -> Data { Data(encoded(gzip: gzip)) }
}

extension Tile {
    /// This tile as a one-layer Mapbox Vector Tile called `layerName` (extent 4096 by default).
    package func vectorTileData(layerName: String = "geojson", extent: Int = 4096, gzip: Bool = false) -> Data {
        var encoder = VectorTileEncoder()
        encoder.addLayer(named: layerName, tile: self, extent: extent)
        return encoder.data(gzip: gzip)
    }
}
