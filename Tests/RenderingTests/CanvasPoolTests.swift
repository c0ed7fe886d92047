import Testing
@testable import Rendering

/// The storage of dropped canvases painted into again: found by size, cleared, within its budget.
@Suite("Canvas pool")
struct CanvasPoolTests {
    /// A canvas painted opaque red, as a dropped tile image is.
    static func painted(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        canvas.fill(PremultipliedColor(r: 1, g: 0, b: 0, a: 1))
        return canvas
    }

    static func address(_ canvas: Canvas) -> UnsafeRawPointer? {
        canvas.pixels.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    /// Hands `canvas` to the pool as the only reference to its storage (as a dropped tile image is), returning where
    /// the storage is.
    @discardableResult
    static func recycle(_ canvas: consuming Canvas, into pool: inout CanvasPool) -> UnsafeRawPointer? {
        let storage = address(canvas)
        pool.recycle(consume canvas)
        return storage
    }

    @Test("a recycled buffer is painted into again, transparent, for the same size and for a smaller one")
    func reuse() {
        var pool = CanvasPool(budget: 1 << 20)
        let storage = Self.recycle(Self.painted(width: 32, height: 32), into: &pool)
        #expect(pool.count == 1)
        var again = pool.canvas(width: 32, height: 32)
        #expect(Self.address(again) == storage)
        #expect(again.width == 32 && again.height == 32 && again.pixels.count == 4 * 32 * 32)
        #expect(again.pixels.allSatisfy { $0 == 0 })
        #expect(pool.count == 0 && pool.byteCount == 0)
        // a smaller canvas (at least half the buffer) in the same buffer, a larger one after it grew back
        again.fill(PremultipliedColor(r: 0, g: 1, b: 0, a: 1))
        Self.recycle(consume again, into: &pool)
        var smaller = pool.canvas(width: 32, height: 24)
        #expect(Self.address(smaller) == storage)
        #expect(smaller.pixels.count == 4 * 32 * 24 && smaller.pixels.allSatisfy { $0 == 0 })
        smaller.fill(PremultipliedColor(r: 0, g: 1, b: 0, a: 1))
        Self.recycle(consume smaller, into: &pool)
        let whole = pool.canvas(width: 32, height: 32)
        #expect(Self.address(whole) == storage)
        #expect(whole.pixels.count == 4 * 32 * 32 && whole.pixels.allSatisfy { $0 == 0 })
    }

    @Test("a buffer too small, or over twice the size, is not used; the smallest that fits is")
    func sizeMismatch() {
        var pool = CanvasPool(budget: 1 << 20)
        Self.recycle(Self.painted(width: 16, height: 16), into: &pool)
        Self.recycle(Self.painted(width: 64, height: 64), into: &pool)
        Self.recycle(Self.painted(width: 48, height: 48), into: &pool)
        let fitting = Self.recycle(Self.painted(width: 40, height: 40), into: &pool)
        // 32 x 32: 16 x 16 is too small, 64 x 64 four times too large, 48 x 48 over twice; 40 x 40 holds it
        let made = pool.canvas(width: 32, height: 32)
        #expect(Self.address(made) == fitting)
        #expect(made.pixels.allSatisfy { $0 == 0 })
        #expect(pool.count == 3)
        // nothing holds 100 x 100: a new buffer, with headroom for the next, larger image
        let fresh = pool.canvas(width: 100, height: 100)
        #expect(fresh.pixels.count == 4 * 100 * 100 && fresh.pixels.allSatisfy { $0 == 0 })
        #expect(fresh.pixels.capacity >= Int(Double(4 * 100 * 100) * CanvasPool.headroom))
        #expect(pool.count == 3)
        let freshStorage = Self.recycle(consume fresh, into: &pool)
        let grown = pool.canvas(width: 110, height: 110)
        #expect(Self.address(grown) == freshStorage)
        #expect(grown.pixels.count == 4 * 110 * 110 && grown.pixels.allSatisfy { $0 == 0 })
        #expect(pool.count == 3)
    }

    @Test("the budget is honoured: the buffers kept longest are freed, a buffer over the budget is not kept")
    func budget() {
        let one = Self.painted(width: 32, height: 32).pixels.capacity * MemoryLayout<Float>.stride
        var pool = CanvasPool(budget: 2 * one)
        Self.recycle(Self.painted(width: 32, height: 32), into: &pool)
        let b = Self.recycle(Self.painted(width: 32, height: 32), into: &pool)
        let c = Self.recycle(Self.painted(width: 32, height: 32), into: &pool)
        #expect(pool.count == 2)
        #expect(pool.byteCount <= 2 * one)
        // the first is gone: the second and third are handed out
        let taken = [pool.canvas(width: 32, height: 32), pool.canvas(width: 32, height: 32)].map(Self.address)
        #expect(Set(taken) == Set([b, c]))
        Self.recycle(Self.painted(width: 64, height: 64), into: &pool)
        #expect(pool.count == 0 && pool.byteCount == 0)
        // lowering the budget frees the buffers kept longest
        Self.recycle(Self.painted(width: 32, height: 32), into: &pool)
        let kept = Self.recycle(Self.painted(width: 32, height: 32), into: &pool)
        pool.budget = one
        #expect(pool.count == 1 && pool.byteCount <= one)
        #expect(Self.address(pool.canvas(width: 32, height: 32)) == kept)
        var none = CanvasPool(budget: 0)
        Self.recycle(Self.painted(width: 4, height: 4), into: &none)
        #expect(none.count == 0)
        pool.removeAll()
        #expect(pool.byteCount == 0)
    }
}
