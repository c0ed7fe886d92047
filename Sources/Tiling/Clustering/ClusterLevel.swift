import GeoJSON

extension ClusterIndex {
    /// The fields of an item the clustering pass reads for every neighbour, kept together so one
    /// cache line serves them: position, number of points, and the last zoom it was processed at.
    struct HotFields: Sendable {
        var x: Double
        var y: Double
        var count: Int
        var zoom: UInt8
    }

    /// One zoom's items (supercluster's flat `data` rows, split into hot fields and the rest), and
    /// their k-d tree.
    ///
    /// Items are appended in processing order (item number `i`, as supercluster numbers its rows);
    /// ``finish(nodeSize:)`` then builds the tree and reorders every field into tree order, so that the
    /// neighbours a query returns lie close together in memory. `position[i]` finds item `i` again.
    struct Level: Sendable {
        var hot = ContiguousArray<HotFields>()
        /// Input index for points, cluster identifier for clusters.
        var id = ContiguousArray<Int>()
        var parent = ContiguousArray<Int>()
        /// Index into `clusterProperties` (with `reduce` only), -1 for none.
        var properties = ContiguousArray<Int32>()
        /// Tree position of item `i` (filled by ``finish(nodeSize:)``).
        var position = ContiguousArray<Int32>()
        var tree = KDBush(count: 0) { _ in (0, 0) }

        static let unvisited: UInt8 = .max

        var itemCount: Int { hot.count }

        mutating func reserve(_ n: Int, withProperties: Bool) {
            hot.reserveCapacity(n)
            id.reserveCapacity(n)
            parent.reserveCapacity(n)
            if withProperties { properties.reserveCapacity(n) }
        }

        mutating func append(x: Double, y: Double, id: Int, count: Int, properties: Int32?) {
            hot.append(HotFields(x: x, y: y, count: count, zoom: Self.unvisited))
            self.id.append(id)
            parent.append(-1)
            if let properties { self.properties.append(properties) }
        }

        /// Builds the tree and reorders the fields into tree order.
        mutating func finish(nodeSize: Int) {
            tree = hot.withUnsafeBufferPointer { h in KDBush(count: h.count, nodeSize: nodeSize) { (h[$0].x, h[$0].y) } }
            let order = tree.ids
            func permuted<T>(_ a: ContiguousArray<T>) -> ContiguousArray<T> {
                guard !a.isEmpty else { return a }
                return ContiguousArray(unsafeUninitializedCapacity: order.count) { buf, n in
                    for j in 0..<order.count { buf[j] = a[Int(order[j])] }
                    n = order.count
                }
            }
            hot = permuted(hot)
            id = permuted(id)
            parent = permuted(parent)
            properties = permuted(properties)
            position = ContiguousArray(repeating: 0, count: order.count)
            for j in 0..<order.count { position[Int(order[j])] = Int32(j) }
        }
    }

    /// Collects one level's items in raw buffers sized for the worst case (every item kept), then
    /// hands them over as a ``Level`` — cheaper than appending to arrays item by item.
    struct LevelWriter {
        let capacity: Int
        let withProperties: Bool
        var written = 0
        let hot: UnsafeMutablePointer<HotFields>
        let id, parent: UnsafeMutablePointer<Int>
        let properties: UnsafeMutablePointer<Int32>

        init(capacity: Int, withProperties: Bool) {
            self.capacity = capacity
            self.withProperties = withProperties
            let c = max(capacity, 1)
            hot = .allocate(capacity: c)
            id = .allocate(capacity: c)
            parent = .allocate(capacity: c)
            properties = .allocate(capacity: c)
        }

        @inline(__always)
        mutating func append(_ fields: HotFields, id: Int, parent: Int, properties: Int32) {
            precondition(written < capacity, "a clustering pass never produces more items than it reads")
            (hot + written).initialize(to: fields)
            self.id[written] = id
            self.parent[written] = parent
            self.properties[written] = properties
            written += 1
        }

        /// The items as a level (tree not built yet); frees the buffers.
        func finish() -> Level {
            var level = Level()
            level.hot = ContiguousArray(UnsafeBufferPointer(start: hot, count: written))
            level.id = ContiguousArray(UnsafeBufferPointer(start: id, count: written))
            level.parent = ContiguousArray(UnsafeBufferPointer(start: parent, count: written))
            if withProperties { level.properties = ContiguousArray(UnsafeBufferPointer(start: properties, count: written)) }
            hot.deallocate()
            id.deallocate()
            parent.deallocate()
            properties.deallocate()
            return level
        }
    }
}
