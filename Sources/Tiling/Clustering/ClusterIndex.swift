import Foundation
package import GeoJSON

/// Point clustering across zoom levels: a port of mapbox/supercluster (v8).
///
/// Points are clustered greedily at `maxZoom`, then the resulting clusters at `maxZoom - 1`, and so
/// on down to `minZoom`, with one k-d tree (a kdbush port) per zoom. A cluster is reported as a point
/// feature whose identifier and `cluster_id` property encode where it formed, and whose properties
/// include `cluster: true`, `point_count` and `point_count_abbreviated` (plus whatever `reduce`
/// accumulated). Unclustered points are returned as the input features themselves.
///
/// Results (positions, identifiers, order) match supercluster's. Immutable once built, so it can be
/// shared between threads.
package final class ClusterIndex: Sendable {
    /// The options the index was built with.
    package let options: ClusterOptions
    /// The input features, in input order (cluster identifiers count past them).
    package let points: [GeoJSONFeature]

    /// One item of a query: an input point (by position in ``points``) or a cluster.
    package enum Item: Sendable, Hashable {
        /// The input feature `points[index]`.
        case point(index: Int)
        /// A cluster of `count` points centred at `position` (the points' weighted mean in Mercator space).
        case cluster(id: Int, count: Int, position: Position)
    }

    /// Levels by zoom, `0...maxZoom + 1` (nil below minZoom).
    let levels: [Level?]
    let clusterProperties: [JSONObject]

    /// Clusters `points` (features without a finite Point geometry keep their place in the numbering
    /// but are never shown).
    /// - Throws: ``TilingError/invalidOption(_:_:)`` for options out of range.
    package init(points: [GeoJSONFeature], options: ClusterOptions = ClusterOptions()) throws(TilingError) {
        try options.validate()
        self.options = options
        self.points = points
        let withProperties = options.reduce != nil

        var writer = LevelWriter(capacity: points.count, withProperties: withProperties)
        for i in points.indices {
            guard case .point(let position)? = points[i].geometry, position.longitude.isFinite, position.latitude.isFinite else {
                continue
            }
            let fields = HotFields(
                x: Double(Float(WebMercator.worldX(longitude: position.longitude))),
                y: Double(Float(WebMercator.worldY(latitude: position.latitude))),
                count: 1, zoom: Level.unvisited)
            writer.append(fields, id: i, parent: -1, properties: 0)
        }
        var current = writer.level(nodeSize: options.nodeSize)

        var levels = [Level?](repeating: nil, count: options.maxZoom + 2)
        var builder = Builder(options: options, points: points)
        for z in Swift.stride(from: options.maxZoom, through: options.minZoom, by: -1) {
            writer.removeAll()
            builder.cluster(&current, zoom: z, into: &writer)
            levels[z + 1] = current
            current = writer.level(nodeSize: options.nodeSize)
        }
        levels[options.minZoom] = current
        builder.free()
        writer.free()
        self.levels = levels
        self.clusterProperties = builder.clusterProperties
    }

    /// Clusters the features of a GeoJSON object.
    package convenience init(_ object: GeoJSONObject, options: ClusterOptions = ClusterOptions()) throws(TilingError) {
        try self.init(points: object.features, options: options)
    }

    /// The greedy clustering pass of one zoom (supercluster's `_cluster`).
    private struct Builder {
        let options: ClusterOptions
        let points: [GeoJSONFeature]
        var clusterProperties: [JSONObject] = []
        var neighbors = PositionBuffer()

        init(options: ClusterOptions, points: [GeoJSONFeature]) {
            self.options = options
            self.points = points
        }

        /// Clusters the items of `level` (setting their zoom and parent fields) and writes the next
        /// level's items to `next`.
        mutating func cluster(_ level: inout Level, zoom: Int, into next: inout LevelWriter) {
            let r = options.radius / (options.extent * pow(2, Double(zoom)))
            let z = UInt8(zoom)
            let minPoints = options.minPoints
            let reduce = options.reduce
            let idBase = zoom + 1 + points.count
            let n = level.itemCount
            let nodeSize = level.tree.nodeSize

            // The loop below is the hot path of the whole index build: every field is read and
            // written through raw buffers. The two fields it writes are moved out of `level` first.
            var hotStorage = level.hot
            var parentStorage = level.parent
            level.hot = []
            level.parent = []
            defer {
                level.hot = hotStorage
                level.parent = parentStorage
            }
            let tree = level.tree.coords
            let fields = (level.id, level.properties, level.position)
            hotStorage.withUnsafeMutableBufferPointer { hot in
            parentStorage.withUnsafeMutableBufferPointer { parents in
            fields.0.withUnsafeBufferPointer { ids in
            fields.1.withUnsafeBufferPointer { props in
            fields.2.withUnsafeBufferPointer { positions in
            tree.withUnsafeBufferPointer { coords in
                // Item i sits at a random tree position: load a few items ahead, so that their cache
                // misses overlap with this work.
                let ahead = 8
                for i in 0..<n {
                    if i + ahead < n {
                        Self.prefetchItem(at: Int(positions[i + ahead]), hot, ids, parents, coords)
                    }
                    let p = Int(positions[i])
                    if hot[p].zoom <= z { continue }
                    hot[p].zoom = z
                    let x = hot[p].x, y = hot[p].y
                    neighbors.removeAll()
                    KDBush.within(coords: coords, nodeSize: nodeSize, x, y, r, into: &neighbors)
                    let found = neighbors.count

                    let countOrigin = hot[p].count
                    var count = countOrigin
                    for j in 0..<found {
                        let k = neighbors[j]
                        if hot[k].zoom > z { count += hot[k].count }
                    }

                    if count > countOrigin && count >= minPoints {
                        var wx = x * Double(countOrigin)
                        var wy = y * Double(countOrigin)
                        var properties: JSONObject?
                        var propertiesIndex: Int32 = -1
                        let id = (i << 5) + idBase
                        for j in 0..<found {
                            let k = neighbors[j]
                            if hot[k].zoom <= z { continue }
                            hot[k].zoom = z
                            let count2 = Double(hot[k].count)
                            wx += hot[k].x * count2
                            wy += hot[k].y * count2
                            parents[k] = id
                            if let reduce {
                                if properties == nil {
                                    properties = mapped(hot[p].count, props.isEmpty ? -1 : props[p], ids[p])
                                    propertiesIndex = Int32(clusterProperties.count)
                                    clusterProperties.append(JSONObject())
                                }
                                reduce(&properties!, mapped(hot[k].count, props.isEmpty ? -1 : props[k], ids[k]))
                            }
                        }
                        if let properties { clusterProperties[Int(propertiesIndex)] = properties }
                        parents[p] = id
                        next.append(HotFields(x: wx / Double(count), y: wy / Double(count), count: count, zoom: Level.unvisited),
                                    id: id, parent: -1, properties: propertiesIndex)
                    } else {
                        next.append(hot[p], id: ids[p], parent: parents[p], properties: props.isEmpty ? -1 : props[p])
                        if count > 1 {
                            for j in 0..<found {
                                let k = neighbors[j]
                                if hot[k].zoom <= z { continue }
                                hot[k].zoom = z
                                next.append(hot[k], id: ids[k], parent: parents[k], properties: props.isEmpty ? -1 : props[k])
                            }
                        }
                    }
                }
            } } } } } }
        }

        /// Starts loading what the pass reads first for the item at tree position `q`: its fields, and
        /// the coordinates its query scans, those of its leaf (up to 64 points around it with the default
        /// node size): the nine cache lines within 32 positions either side.
        @inline(__always)
        static func prefetchItem(
            at q: Int, _ hot: UnsafeMutableBufferPointer<HotFields>, _ ids: UnsafeBufferPointer<Int>,
            _ parents: UnsafeMutableBufferPointer<Int>, _ coords: UnsafeBufferPointer<Float>
        ) {
            prefetch(hot.baseAddress.unsafelyUnwrapped + q)
            prefetch(ids.baseAddress.unsafelyUnwrapped + q)
            prefetch(parents.baseAddress.unsafelyUnwrapped + q)
            var line = max(2 * q - 64, 0)
            let end = min(2 * q + 64, coords.count - 1)
            while line <= end {
                prefetch(coords.baseAddress.unsafelyUnwrapped + line)
                line += 16
            }
        }

        /// Releases the scratch memory.
        mutating func free() { neighbors.free() }

        /// The properties `reduce` sees for an item: a cluster's accumulated ones, or a point's mapped ones.
        func mapped(_ count: Int, _ propertiesIndex: Int32, _ id: Int) -> JSONObject {
            if count > 1 { return clusterProperties[Int(propertiesIndex)] }
            let original = points[id].properties ?? JSONObject()
            return options.map?(original) ?? original
        }
    }
}
