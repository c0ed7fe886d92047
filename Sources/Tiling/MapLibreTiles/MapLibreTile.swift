import Foundation

/// A MapLibre Tile (MLT): a sequence of length-prefixed feature tables (layers), each with its own
/// column metadata and column-oriented streams. Opening decodes every layer eagerly into
/// ``MapLibreTileLayer``s; gzip-compressed tiles are inflated first.
///
/// Malformed input throws an ``MLTError`` with the byte offset where the problem was found; every
/// count read from the tile is checked against the bytes that remain (see docs/mlt.md).
public struct MapLibreTile: Sendable {
    /// The layers, in tile order (layers with a tag other than 1 are skipped, as the spec asks).
    public let layers: [MapLibreTileLayer]

    /// The most values one stream may decode to (RLE runs, Morton pairs, FSST output): a tile
    /// claiming more is rejected rather than allocated.
    public static let maximumDecodedValues = 1 << 24

    /// Opens a tile from its bytes, inflating gzip data (magic 1f 8b) up to `inflatedSizeLimit` bytes.
    public init(data: Data, inflatedSizeLimit: Int = VectorTile.defaultInflatedSizeLimit) throws(MLTError) {
        try self.init(bytes: ContiguousArray(data), inflatedSizeLimit: inflatedSizeLimit)
    }

    /// Opens a tile from its bytes, inflating gzip data (magic 1f 8b) up to `inflatedSizeLimit` bytes.
    public init(bytes: ContiguousArray<UInt8>, inflatedSizeLimit: Int = VectorTile.defaultInflatedSizeLimit) throws(MLTError) {
        var raw = bytes
        if Gzip.isCompressed(bytes) {
            do {
                raw = try Gzip.inflate(bytes, limit: inflatedSizeLimit)
            } catch {
                throw MLTError(.unsupported("gzip data: \(error)"), offset: error.offset)
            }
        }
        var r = MLTReader(raw)
        var layers = [MapLibreTileLayer]()
        while !r.isAtEnd {
            let length = try r.count("layer length")
            let range = try r.take(length, "layer")
            var lr = MLTReader(raw, from: range.lowerBound, to: range.upperBound)
            let tag = try lr.varint32()
            guard tag == 1 else { continue }
            layers.append(try MapLibreTileLayer(&lr))
        }
        self.layers = layers
    }

    /// Layer names in tile order.
    public var layerNames: [String] { layers.map(\.name) }

    /// The first layer called `name`, or `nil` when there is none.
    public func layer(named name: String) -> MapLibreTileLayer? {
        layers.first { $0.name == name }
    }
}
