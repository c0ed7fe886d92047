package import GeoJSON
import Foundation

/// Slices GeoJSON features into vector tiles on the fly: a port of mapbox/geojson-vt.
///
/// Features are projected once, simplified per zoom with `tolerance`, clipped into tiles with a
/// `buffer`, and wrapped across the antimeridian. Tiles down to `indexMaxZoom` (or until a tile has
/// at most `indexMaxPoints` points) are cut when the index is built; deeper tiles, down to `maxZoom`,
/// are cut on demand by ``tile(z:x:y:)`` from the nearest ancestor and cached. Below `maxZoom`,
/// ``tile(z:x:y:)`` returns `nil` — draw the `maxZoom` ancestor scaled up (overzooming).
///
/// Thread-safe: concurrent ``tile(z:x:y:)`` calls are serialised by a lock.
package final class GeoJSONTileIndex: @unchecked Sendable {
    /// The options the index was built with.
    package let options: GeoJSONTileOptions

    struct Entry {
        var tile: Tile
        var minX: Double, minY: Double, maxX: Double, maxY: Double
        /// Features to drill down from, kept only on tiles that were not split further.
        var source: [ProjectedFeature]?
    }

    /// Every input feature projected once (before wrapping), for ``features(atZoom:in:)``.
    let projected: [ProjectedFeature]
    private var entries: [TileID: Entry] = [:]
    private var created: [TileID] = []
    private let lock = NSLock()
    private let builder: TileBuilder

    /// Builds the index over `features` (identifiers and properties are carried to the tiles).
    /// - Throws: ``TilingError/invalidOption(_:_:)`` for options out of range.
    package init(features: [GeoJSONFeature], options: GeoJSONTileOptions = GeoJSONTileOptions()) throws(TilingError) {
        try options.validate()
        self.options = options

        var identifiers = [FeatureIdentifier?]()
        var properties = [JSONObject?]()
        identifiers.reserveCapacity(features.count)
        properties.reserveCapacity(features.count)
        var projected = [ProjectedFeature]()
        projected.reserveCapacity(features.count)
        let converter = FeatureConverter(options: options)
        for i in features.indices {
            // read members in place rather than copying each feature
            var id = features[i].identifier
            if let key = options.promoteID {
                id = features[i].properties?[key].flatMap(FeatureIdentifier.init)
            } else if options.generateID {
                id = .int(Int64(i))
            }
            identifiers.append(id)
            properties.append(features[i].properties)
            if let g = features[i].geometry { converter.convert(g, source: Int32(truncatingIfNeeded: i), into: &projected) }
        }
        let table = FeatureTable(identifiers: identifiers, properties: properties)
        builder = TileBuilder(options: options, table: table)
        self.projected = projected

        projected = wrap(projected, buffer: Double(options.buffer) / Double(options.extent), lineMetrics: options.lineMetrics)
        if !projected.isEmpty { split(projected, z: 0, x: 0, y: 0, target: nil) }
    }

    /// Builds the index over the features of a GeoJSON object (a bare geometry counts as one feature).
    package convenience init(_ object: GeoJSONObject, options: GeoJSONTileOptions = GeoJSONTileOptions()) throws(TilingError) {
        try self.init(features: object.features, options: options)
    }

    /// The number of tiles cut so far (up front and on demand).
    package var tileCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.count
    }

    /// The addresses of the tiles cut so far, in the order they were cut.
    package var tileIDs: [TileID] {
        lock.lock()
        defer { lock.unlock() }
        return created
    }

    /// The tile at `z/x/y` in tile coordinates, or `nil` when the tile is empty, beyond `maxZoom`
    /// or out of range. `x` wraps around the world.
    package func tile(z: Int, x: Int, y: Int) -> Tile? {
        guard z >= 0, z <= 24 else { return nil }
        let z2 = 1 << z
        guard y >= 0, y < z2 else { return nil }
        let x = ((x % z2) + z2) % z2
        let id = TileID(z: z, x: x, y: y)

        lock.lock()
        defer { lock.unlock() }
        if let e = entries[id] { return e.tile }

        var z0 = z, x0 = x, y0 = y
        var parent: Entry?
        while parent == nil && z0 > 0 {
            z0 -= 1
            x0 >>= 1
            y0 >>= 1
            parent = entries[TileID(z: z0, x: x0, y: y0)]
        }
        guard let parent, let source = parent.source else { return nil }
        split(source, z: z0, x: x0, y: y0, target: id)
        return entries[id]?.tile
    }

    /// The tile at `id`; see ``tile(z:x:y:)``.
    package func tile(_ id: TileID) -> Tile? { tile(z: id.z, x: id.x, y: id.y) }

    /// geojson-vt's `splitTile`: cuts `features` into the tile z/x/y and its descendants, either the
    /// up-front pass (`target == nil`) or a drill-down toward `target`. Caller holds the lock or is `init`.
    private func split(_ features: [ProjectedFeature], z: Int, x: Int, y: Int, target: TileID?) {
        var stack: [([ProjectedFeature], Int, Int, Int)] = [(features, z, x, y)]
        let k1 = 0.5 * Double(options.buffer) / Double(options.extent)
        let k2 = 0.5 - k1
        let k3 = 0.5 + k1
        let k4 = 1 + k1
        let metrics = options.lineMetrics

        while let (features, z, x, y) = stack.popLast() {
            let id = TileID(z: z, x: x, y: y)
            var entry: Entry
            if let e = entries[id] {
                entry = e
            } else {
                let r = builder.build(features, z: z, x: x, y: y)
                entry = Entry(tile: r.tile, minX: r.minX, minY: r.minY, maxX: r.maxX, maxY: r.maxY, source: nil)
                created.append(id)
            }

            var stop = false
            if let target {
                if z == options.maxZoom || z == target.z {
                    stop = true
                } else {
                    let steps = target.z - z
                    if x != target.x >> steps || y != target.y >> steps { stop = true }
                }
            } else if z == options.indexMaxZoom || entry.tile.pointCount <= options.indexMaxPoints {
                stop = true
            }
            if stop {
                // keep the source so this tile can be drilled into later
                entry.source = features
                entries[id] = entry
                continue
            }
            entry.source = nil
            entries[id] = entry
            if features.isEmpty { continue }

            let scale = Double(1 << z)
            let fx = Double(x), fy = Double(y)
            let left = clip(features, scale: scale, fx - k1, fx + k3, axis: 0, minAll: entry.minX, maxAll: entry.maxX, lineMetrics: metrics)
            let right = clip(features, scale: scale, fx + k2, fx + k4, axis: 0, minAll: entry.minX, maxAll: entry.maxX, lineMetrics: metrics)
            var tl: [ProjectedFeature]?, bl: [ProjectedFeature]?, tr: [ProjectedFeature]?, br: [ProjectedFeature]?
            if let left {
                tl = clip(left, scale: scale, fy - k1, fy + k3, axis: 1, minAll: entry.minY, maxAll: entry.maxY, lineMetrics: metrics)
                bl = clip(left, scale: scale, fy + k2, fy + k4, axis: 1, minAll: entry.minY, maxAll: entry.maxY, lineMetrics: metrics)
            }
            if let right {
                tr = clip(right, scale: scale, fy - k1, fy + k3, axis: 1, minAll: entry.minY, maxAll: entry.maxY, lineMetrics: metrics)
                br = clip(right, scale: scale, fy + k2, fy + k4, axis: 1, minAll: entry.minY, maxAll: entry.maxY, lineMetrics: metrics)
            }
            stack.append((tl ?? [], z + 1, x * 2, y * 2))
            stack.append((bl ?? [], z + 1, x * 2, y * 2 + 1))
            stack.append((tr ?? [], z + 1, x * 2 + 1, y * 2))
            stack.append((br ?? [], z + 1, x * 2 + 1, y * 2 + 1))
        }
    }
}
