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
    /// Items are numbered in processing order (item number `i`, as supercluster numbers its rows), but
    /// every field is stored in tree order, so that the neighbours a query returns lie close together
    /// in memory. `position[i]` finds item `i` again. Built by ``LevelWriter/level(nodeSize:)``.
    struct Level: Sendable {
        var hot = ContiguousArray<HotFields>()
        /// Input index for points, cluster identifier for clusters.
        var id = ContiguousArray<Int>()
        var parent = ContiguousArray<Int>()
        /// Index into `clusterProperties` (with `reduce` only), -1 for none.
        var properties = ContiguousArray<Int32>()
        /// Tree position of item `i`.
        var position = ContiguousArray<Int32>()
        var tree = KDBush(count: 0) { _ in (0, 0) }

        static let unvisited: UInt8 = .max

        var itemCount: Int { hot.count }
    }

    /// Collects one level's items in processing order, in raw buffers sized for the largest level
    /// (every later level has at most as many items), then hands them over as a ``Level``. One writer
    /// serves every zoom of a build: its memory is allocated (and paged in) once. Call ``free()`` when done.
    struct LevelWriter {
        let capacity: Int
        let withProperties: Bool
        private(set) var written = 0
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

        /// Forgets the items written, keeping the memory.
        mutating func removeAll() { written = 0 }

        /// The items written as a level: builds the tree, then copies every field into tree order.
        func level(nodeSize: Int) -> Level {
            let n = written
            var level = Level()
            let hot = self.hot
            level.tree = KDBush(count: n, nodeSize: nodeSize) { (hot[$0].x, hot[$0].y) }
            level.tree.ids.withUnsafeBufferPointer { order in
                func permuted<T>(_ source: UnsafeMutablePointer<T>) -> ContiguousArray<T> {
                    ContiguousArray(unsafeUninitializedCapacity: n) { buf, count in
                        for j in 0..<n { buf[j] = source[Int(order[j])] }
                        count = n
                    }
                }
                level.hot = permuted(hot)
                level.id = permuted(id)
                level.parent = permuted(parent)
                if withProperties { level.properties = permuted(properties) }
                level.position = ContiguousArray(unsafeUninitializedCapacity: n) { buf, count in
                    for j in 0..<n { buf[Int(order[j])] = Int32(j) }
                    count = n
                }
            }
            return level
        }

        /// Releases the buffers.
        func free() {
            hot.deallocate()
            id.deallocate()
            parent.deallocate()
            properties.deallocate()
        }
    }
}
