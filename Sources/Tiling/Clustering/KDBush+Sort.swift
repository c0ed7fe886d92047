import Foundation

extension KDBush {
    /// Sorts `items[left...right]` into k-d tree order (kdbush's `sort`), splitting on `axis` first.
    static func sort(_ items: UnsafeMutableBufferPointer<Item>, _ nodeSize: Int, _ left: Int, _ right: Int, _ axis: Int) {
        if right - left <= nodeSize { return }
        let m = (left + right) >> 1
        select(items, m, left, right, axis)
        sort(items, nodeSize, left, m - 1, 1 - axis)
        sort(items, nodeSize, m + 1, right, 1 - axis)
    }

    /// Floyd-Rivest selection: items left of `k` are not greater than item `k` on `axis`.
    private static func select(_ items: UnsafeMutableBufferPointer<Item>, _ k: Int, _ leftIn: Int, _ rightIn: Int, _ axis: Int) {
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
            let t = items[k].coordinate(axis)
            var i = left
            var j = right
            swapItems(items, left, k)
            if items[right].coordinate(axis) > t { swapItems(items, left, right) }
            while i < j {
                swapItems(items, i, j)
                i += 1
                j -= 1
                while items[i].coordinate(axis) < t { i += 1 }
                while items[j].coordinate(axis) > t { j -= 1 }
            }
            if items[left].coordinate(axis) == t {
                swapItems(items, left, j)
            } else {
                j += 1
                swapItems(items, j, right)
            }
            if j <= k { left = j + 1 }
            if k <= j { right = j - 1 }
        }
    }

    @inline(__always)
    private static func swapItems(_ items: UnsafeMutableBufferPointer<Item>, _ i: Int, _ j: Int) {
        let tmp = items[i]
        items[i] = items[j]
        items[j] = tmp
    }
}
