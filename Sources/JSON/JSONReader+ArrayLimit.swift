/// A bound on array lengths the reader enforces while it reads, so that an oversized array is refused
/// before its elements are built (a style's 1e5-stop `match` costs what its first 65,536 elements cost).
///
/// The bound applies inside the subtrees named by ``boundedPaths`` (a whole style), except inside
/// those named by ``exemptPaths`` (a source's inline GeoJSON `data`, bounded by the GeoJSON limits)
/// and to the arrays named by ``exemptArrays`` themselves (a style's `layers`, bounded by
/// ``Limits/layers``; their elements are bounded). In a path, a string is a member name and `nil`
/// matches any member name or array index.
public struct JSONArrayLimit: Sendable, Hashable {
    /// The most elements one array may have.
    public var maximum: Int
    /// The subtrees whose arrays are bounded (`[]` is the whole document).
    public var boundedPaths: [[String?]]
    /// Subtrees of those read without the bound (`["sources", nil, "data"]`).
    public var exemptPaths: [[String?]]
    /// Arrays, at exactly these paths, whose length is not bounded (their elements' arrays are): `[["layers"]]`.
    public var exemptArrays: [[String?]]

    /// Creates the bound; by default it applies to every array of the document.
    public init(maximum: Int, boundedPaths: [[String?]] = [[]], exemptPaths: [[String?]] = [], exemptArrays: [[String?]] = []) {
        self.maximum = maximum
        self.boundedPaths = boundedPaths
        self.exemptPaths = exemptPaths
        self.exemptArrays = exemptArrays
    }
}

extension JSONReader {
    /// How far the value being read is along each path of a ``JSONArrayLimit`` (bounded paths first,
    /// then exempt ones, then exempt arrays): the number of components matched, or -1 once the value
    /// left that path (for an exempt array, once it went past it).
    package struct ArrayLimitState {
        package var matched: [Int]

        package init(_ limit: JSONArrayLimit) {
            matched = [Int](repeating: 0, count: limit.boundedPaths.count + limit.exemptPaths.count + limit.exemptArrays.count)
        }

        private init(matched: [Int]) { self.matched = matched }

        private static func pattern(_ k: Int, _ limit: JSONArrayLimit) -> [String?] {
            let b = limit.boundedPaths.count, e = limit.exemptPaths.count
            return k < b ? limit.boundedPaths[k] : k < b + e ? limit.exemptPaths[k - b] : limit.exemptArrays[k - b - e]
        }

        /// The state of a child value: the member `key`, or an array element when `key` is nil.
        package func child(_ key: String?, _ limit: JSONArrayLimit) -> ArrayLimitState {
            var next = matched
            let subtrees = limit.boundedPaths.count + limit.exemptPaths.count
            for k in next.indices where next[k] >= 0 {
                let p = Self.pattern(k, limit)
                guard next[k] < p.count else {
                    // inside that subtree already; below an exempt array's path, no longer at it
                    if k >= subtrees { next[k] = -1 }
                    continue
                }
                if p[next[k]] == nil || (key != nil && p[next[k]] == key) { next[k] += 1 } else { next[k] = -1 }
            }
            return ArrayLimitState(matched: next)
        }

        /// Whether this value is at one of the exempt arrays' paths.
        package func isExemptArray(_ limit: JSONArrayLimit) -> Bool {
            let start = limit.boundedPaths.count + limit.exemptPaths.count
            return (start..<matched.count).contains { matched[$0] == Self.pattern($0, limit).count }
        }

        /// Whether the value lies inside a subtree of `paths` (indices `range` of `matched`).
        private func inside(_ range: Range<Int>, _ limit: JSONArrayLimit) -> Bool {
            range.contains { matched[$0] >= 0 && matched[$0] == Self.pattern($0, limit).count }
        }

        /// The indices of `matched` that follow the exempt paths.
        private func exemptRange(_ limit: JSONArrayLimit) -> Range<Int> {
            limit.boundedPaths.count..<(limit.boundedPaths.count + limit.exemptPaths.count)
        }

        /// Whether this value's arrays are bounded.
        package func isBounded(_ limit: JSONArrayLimit) -> Bool {
            inside(0..<limit.boundedPaths.count, limit) && !inside(exemptRange(limit), limit)
        }

        /// Whether nothing below this value can be bounded: it is exempt, or outside every bounded path.
        package func isFree(_ limit: JSONArrayLimit) -> Bool {
            if inside(exemptRange(limit), limit) { return true }
            return matched[0..<limit.boundedPaths.count].allSatisfy { $0 < 0 }
        }
    }

    /// Reads any JSON value, refusing an array longer than `limit.maximum` where the limit applies:
    /// the rest of such an array is skipped (not built) to count its elements, and the failure
    /// (``JSONParseError/Kind/arrayTooLong``) points at the array's first byte.
    package mutating func readValue(arrayLimit limit: JSONArrayLimit, state: ArrayLimitState) throws(JSONSyntaxFailure) -> JSONValue {
        if state.isFree(limit) { return try readValue() }
        let c = try peekToken()
        switch c {
        case 0x7B:
            var object = JSONObject()
            try readObject { (r: inout JSONReader, key: String) throws(JSONSyntaxFailure) in
                let value = try r.readValue(arrayLimit: limit, state: state.child(key, limit))
                object[key] = value
            }
            return .object(object)
        case 0x5B:
            let start = pos
            let bounded = state.isBounded(limit) && !state.isExemptArray(limit)
            var array: [JSONValue] = []
            var count = 0
            let inner = state.child(nil, limit)
            try readArray { (r: inout JSONReader, _: Int) throws(JSONSyntaxFailure) in
                count += 1
                if bounded && count > limit.maximum {
                    // Too long: count the rest without building it.
                    if !array.isEmpty { array = [] }
                    try r.skipValue()
                } else {
                    array.append(try r.readValue(arrayLimit: limit, state: inner))
                }
            }
            if bounded && count > limit.maximum {
                throw JSONSyntaxFailure(offset: start, kind: .arrayTooLong,
                                        message: "the array has \(count) elements; the limit is \(limit.maximum)", found: count)
            }
            return .array(array)
        default:
            return try readValue()
        }
    }
}
