import Foundation

extension KDBush {
    /// Sorts `items[left...right]` into k-d tree order (kdbush's `sort`), splitting on `axis` first.
    static func sort(_ items: UnsafeMutableBufferPointer<Item>, _ nodeSize: Int, _ left: Int, _ right: Int, _ axis: Int) {
        if right - left <= nodeSize { return }
        let m = (left + right) >> 1
        if axis == 0 {
            select(items, m, left, right, AxisX.self)
        } else {
            select(items, m, left, right, AxisY.self)
        }
        sort(items, nodeSize, left, m - 1, 1 - axis)
        sort(items, nodeSize, m + 1, right, 1 - axis)
    }

    /// The coordinate a ``select(_:_:_:_:_:)`` orders by, as a type so that each axis gets its own
    /// specialised loop.
    private protocol Axis { static func key(_ item: Item) -> Float }
    private enum AxisX: Axis { @inline(__always) static func key(_ item: Item) -> Float { item.x } }
    private enum AxisY: Axis { @inline(__always) static func key(_ item: Item) -> Float { item.y } }

    /// Floyd-Rivest selection: items left of `k` are not greater than item `k` on `axis`.
    private static func select<A: Axis>(_ items: UnsafeMutableBufferPointer<Item>, _ k: Int, _ leftIn: Int, _ rightIn: Int, _ axis: A.Type) {
        var left = leftIn, right = rightIn
        while right > left {
            if right - left > 600 {
                let n = Double(right - left + 1)
                let m = Double(k - left + 1)
                let z = log(n)
                let s = 0.5 * exp(2 * z / 3)
                let sd = 0.5 * (z * s * (n - s) / n).squareRoot() * (m - n / 2 < 0 ? -1 : 1)
                let newLeft = max(left, Int((Double(k) - m * s / n + sd).rounded(.down)))
                let newRight = min(right, Int((Double(k) + (n - m) * s / n + sd).rounded(.down)))
                select(items, k, newLeft, newRight, axis)
            }
            let t = A.key(items[k])
            swapItems(items, left, k)
            if A.key(items[right]) > t { swapItems(items, left, right) }
            swapItems(items, left, right)
            var j = partition(items, left, right, t, axis)
            if A.key(items[left]) == t {
                swapItems(items, left, j)
            } else {
                j += 1
                swapItems(items, j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }

    /// The partition loop of kdbush's select, after its first swap (items[left] <= t <= items[right]):
    ///
    ///     while i < j {   // i = left, j = right
    ///         swap(i, j); i += 1; j -= 1
    ///         while items[i] < t { i += 1 }
    ///         while items[j] > t { j -= 1 }
    ///     }
    ///
    /// with the same swaps and the same final `j` (returned), but without its hard-to-predict branches.
    /// The k-th swap pairs the k-th position from the left holding a key >= t with the k-th from the
    /// right holding a key <= t, as long as the first lies left of the second; positions between the
    /// last swapped pair still hold their original keys. So blocks of positions are classified without
    /// branching (the position is always written, the count advances by the outcome) and the swaps
    /// then pair the lists up. A classification that is stale (made before a swap touched the
    /// position) only concerns positions beyond the last pair, where it cannot change the outcome.
    /// (The classifying loops are `while` loops: as `for`-`in`, the compiler turned one back into a branch.)
    private static func partition<A: Axis>(
        _ items: UnsafeMutableBufferPointer<Item>, _ left: Int, _ right: Int, _ t: Float, _ axis: A.Type
    ) -> Int {
        let block = 64
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * block) { buffer in
            let lower = buffer.baseAddress.unsafelyUnwrapped, upper = lower + block
            var lowerCount = 0, lowerNext = 0, upperCount = 0, upperNext = 0
            var scanLeft = left + 1, scanRight = right - 1
            var i = left, j = right
            while true {
                while lowerNext == lowerCount && scanLeft < j {
                    lowerCount = 0
                    lowerNext = 0
                    let end = min(scanLeft + block, j)
                    var x = scanLeft
                    while x < end {
                        lower[lowerCount] = x
                        lowerCount &+= A.key(items[x]) >= t ? 1 : 0
                        x += 1
                    }
                    scanLeft = end
                }
                while upperNext == upperCount && scanRight > i {
                    upperCount = 0
                    upperNext = 0
                    let end = max(scanRight - block, i)
                    var x = scanRight
                    while x > end {
                        upper[upperCount] = x
                        upperCount &+= A.key(items[x]) <= t ? 1 : 0
                        x -= 1
                    }
                    scanRight = end
                }
                // The scan from the right stops at the next listed position, or at i.
                guard upperNext < upperCount else { return i }
                let b = upper[upperNext]
                guard lowerNext < lowerCount, lower[lowerNext] < b else { return max(b, i) }
                let a = lower[lowerNext]
                swapItems(items, a, b)
                i = a
                j = b
                lowerNext += 1
                upperNext += 1
            }
        }
    }

    @inline(__always)
    private static func swapItems(_ items: UnsafeMutableBufferPointer<Item>, _ i: Int, _ j: Int) {
        let tmp = items[i]
        items[i] = items[j]
        items[j] = tmp
    }
}
