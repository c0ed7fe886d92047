package import Foundation
import MercatorCompression

/// A Mapbox Vector Tile (2.1), opened lazily: opening indexes the layers (names and byte ranges)
/// without reading their features; ``layer(named:)`` decodes one layer's tables and feature index;
/// a feature's geometry is decoded when asked for. gzip-compressed tiles are inflated on opening.
package struct VectorTile: Sendable {
    /// The (inflated) tile bytes.
    package let bytes: ContiguousArray<UInt8>
    /// Layer names in tile order.
    package let layerNames: [String]
    /// Byte ranges of the layer messages, parallel to ``layerNames``.
    let layerRanges: [Range<Int>]

    /// Default limit on the inflated size of a gzip-compressed tile (64 MiB).
    package static let defaultInflatedSizeLimit = 64 << 20

    /// Opens a tile from its bytes, inflating gzip data (magic 1f 8b) up to `inflatedSizeLimit` bytes.
    package init(data: Data, inflatedSizeLimit: Int = VectorTile.defaultInflatedSizeLimit) throws(VectorTileError) {
        try self.init(bytes: ContiguousArray(data), inflatedSizeLimit: inflatedSizeLimit)
    }

    /// Opens a tile from its bytes, inflating gzip data (magic 1f 8b) up to `inflatedSizeLimit` bytes.
    package init(bytes: ContiguousArray<UInt8>, inflatedSizeLimit: Int = VectorTile.defaultInflatedSizeLimit) throws(VectorTileError) {
        var raw = bytes
        if Gzip.isCompressed(bytes) {
            do {
                raw = try Gzip.inflate(bytes, limit: inflatedSizeLimit)
            } catch {
                throw VectorTileError(error)
            }
        }
        self.bytes = raw
        var names = [String](), ranges = [Range<Int>]()
        try withBytes(raw) { (b) throws(VectorTileError) in
            var r = ProtobufReader(b, from: 0, to: b.count)
            while !r.isAtEnd {
                let at = r.position
                let (field, wire) = try r.key()
                if field == 3 {
                    try ProtobufReader.expect(wire, 2, field: field, at: at)
                    let range = try r.lengthDelimited()
                    names.append(try Self.layerName(b, range))
                    ranges.append(range)
                } else {
                    try r.skip(wire: wire, field: field, keyOffset: at)
                }
            }
        }
        layerNames = names
        layerRanges = ranges
    }

    /// A layer's name, read by skipping over the other fields of its message.
    private static func layerName(_ b: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(VectorTileError) -> String {
        var r = ProtobufReader(b, from: range.lowerBound, to: range.upperBound)
        var name = ""
        while !r.isAtEnd {
            let at = r.position
            // Fast paths for the one-byte keys of features, keys and values (length-delimited).
            if b[at] == 0x12 || b[at] == 0x1a || b[at] == 0x22 {
                r.position += 1
                _ = try r.lengthDelimited()
                continue
            }
            let (field, wire) = try r.key()
            if field == 1 {
                try ProtobufReader.expect(wire, 2, field: field, at: at)
                name = try r.string()
            } else {
                try r.skip(wire: wire, field: field, keyOffset: at)
            }
        }
        return name
    }

    /// The number of layers.
    package var layerCount: Int { layerRanges.count }

    /// Decodes layer `i` (tables and feature index; features stay undecoded).
    package func layer(at i: Int) throws(VectorTileError) -> VectorTileLayer {
        try VectorTileLayer(bytes: bytes, range: layerRanges[i])
    }

    /// Decodes the first layer called `name`, or `nil` when there is none.
    package func layer(named name: String) throws(VectorTileError) -> VectorTileLayer? {
        guard let i = layerNames.firstIndex(of: name) else { return nil }
        return try layer(at: i)
    }

    /// Every layer, decoded.
    package func layers() throws(VectorTileError) -> [VectorTileLayer] {
        var out = [VectorTileLayer]()
        out.reserveCapacity(layerCount)
        for i in 0..<layerCount { out.append(try layer(at: i)) }
        return out
    }
}
