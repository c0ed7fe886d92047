package import Foundation
import MercatorCompression

/// A MapLibre Tile (MLT): a sequence of length-prefixed feature tables (layers), each with its own
/// column metadata and column-oriented streams. Opening decodes every layer eagerly into
/// ``MapLibreTileLayer``s; gzip-compressed tiles are inflated first.
///
/// Malformed input throws an ``MLTError`` with the byte offset where the problem was found; every
/// count read from the tile is checked against the bytes that remain (see docs/mlt.md).
package struct MapLibreTile: Sendable {
    /// The layers, in tile order (layers with a tag other than 1 are skipped, as the spec asks).
    package let layers: [MapLibreTileLayer]

    /// The most values a tile may decode to, all its streams together (integers, booleans, Morton
    /// coordinates, FSST output bytes), counted before each stream is expanded: a tile claiming more
    /// is rejected rather than allocated. The default and the ceiling of `decodedValueLimit`.
    package static let maximumDecodedValues = 1 << 24

    /// Opens a tile from its bytes, inflating gzip data (magic 1f 8b) up to `inflatedSizeLimit` bytes
    /// and decoding at most `decodedValueLimit` values.
    package init(data: Data, inflatedSizeLimit: Int = VectorTile.defaultInflatedSizeLimit,
                decodedValueLimit: Int = MapLibreTile.maximumDecodedValues) throws(MLTError) {
        try self.init(bytes: ContiguousArray(data), inflatedSizeLimit: inflatedSizeLimit, decodedValueLimit: decodedValueLimit)
    }

    /// Opens a tile from its bytes, inflating gzip data (magic 1f 8b) up to `inflatedSizeLimit` bytes
    /// and decoding at most `decodedValueLimit` values (all streams together).
    package init(bytes: ContiguousArray<UInt8>, inflatedSizeLimit: Int = VectorTile.defaultInflatedSizeLimit,
                decodedValueLimit: Int = MapLibreTile.maximumDecodedValues) throws(MLTError) {
        var raw = bytes
        if Gzip.isCompressed(bytes) {
            do {
                raw = try Gzip.inflate(bytes, limit: inflatedSizeLimit)
            } catch {
                let tileError = VectorTileError(error)
                throw MLTError(.unsupported("gzip data: \(tileError)"), offset: tileError.offset)
            }
        }
        var r = MLTReader(raw)
        var layers = [MapLibreTileLayer]()
        var budget = min(decodedValueLimit, Self.maximumDecodedValues)
        while !r.isAtEnd {
            let length = try r.count("layer length")
            let range = try r.take(length, "layer")
            var lr = MLTReader(raw, from: range.lowerBound, to: range.upperBound, budget: budget)
            let tag = try lr.varint32()
            guard tag == 1 else { continue }
            layers.append(try MapLibreTileLayer(&lr))
            budget = lr.remainingValues
        }
        self.layers = layers
    }

    /// Layer names in tile order.
    package var layerNames: [String] { layers.map(\.name) }

    /// The first layer called `name`, or `nil` when there is none.
    package func layer(named name: String) -> MapLibreTileLayer? {
        layers.first { $0.name == name }
    }
}
