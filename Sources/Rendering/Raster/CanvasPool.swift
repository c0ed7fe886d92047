/// The storage of canvases no longer shown, kept to paint the next canvases into: a fresh multi-megabyte canvas costs
/// its page faults (the kernel zeroing each page on first touch) and, once dropped, unmapping it; a kept one is only
/// cleared. The terrain's tile images (``DrapedTileCache``) are painted again every frame of a flight (each frame's zoom
/// differs), so a frame paints into the buffers of the images the frame before showed.
///
/// A canvas is made in the smallest kept buffer that holds it and is at most ``maximumWaste`` times its size (a small
/// image does not take the buffer a large one needs next); a buffer is made with ``headroom`` to spare, so the image
/// of the same tile one step of a zoom-in flight later (a little larger) still fits. At most ``budget`` bytes are
/// kept; past it the buffers kept longest are freed. Not thread-safe (``DrapedTileCache`` holds it under its lock).
package struct CanvasPool: Sendable {
    /// The most bytes of buffers kept (0 keeps none); lowering it frees the buffers kept longest.
    package var budget: Int {
        didSet { trim() }
    }
    /// Buffers kept, oldest first.
    private var buffers: [[Float]] = []
    /// The bytes of the buffers kept (their capacity).
    package private(set) var byteCount = 0
    /// Canvases made in a kept buffer, and in new memory.
    package private(set) var reused = 0
    package private(set) var made = 0

    /// A buffer is used for a canvas needing at least this share of its capacity.
    package static let maximumWaste = 2
    /// New buffers are made this much larger than the canvas (a zoom-in flight's tile images grow about 7 % a side
    /// per frame at 0.1 zoom a frame: 15 % more pixels; the pages past the canvas are not touched until a larger canvas
    /// uses them).
    package static let headroom = 1.5

    /// A pool keeping at most `budget` bytes of buffers.
    package init(budget: Int) {
        self.budget = max(0, budget)
    }

    /// Buffers kept.
    package var count: Int { buffers.count }

    /// Keeps `canvas`'s storage for a later canvas, freeing the buffers kept longest while over the budget.
    package mutating func recycle(_ canvas: consuming Canvas) {
        let storage = canvas.takePixels()
        let bytes = Self.bytes(storage)
        guard bytes <= budget else { return }
        buffers.append(storage)
        byteCount += bytes
        trim()
    }

    /// Frees the buffers kept longest while over the budget.
    private mutating func trim() {
        while byteCount > max(0, budget), !buffers.isEmpty {
            byteCount -= Self.bytes(buffers.removeFirst())
        }
    }

    /// A transparent `width` x `height` canvas (sizes below 1 become 1), in a kept buffer when one fits.
    package mutating func canvas(width: Int, height: Int) -> Canvas {
        var canvas = uncleared(width: width, height: height)
        canvas.clear()
        return canvas
    }

    /// A `width` x `height` canvas (sizes below 1 become 1) in a kept buffer when one fits, its pixels left as the
    /// buffer's last image had them, and not written at all in new memory (the kernel's zero pages, or what a freed
    /// allocation held): for ``Renderer/render(_:clearing:)``, which clears it band by band on the cores painting it, so
    /// that a new buffer's pages are also faulted in by those cores, once, rather than zeroed here on one core first.
    package mutating func uncleared(width: Int, height: Int) -> Canvas {
        let w = max(1, width), h = max(1, height), count = 4 * w * h
        var best: Int?
        for (i, buffer) in buffers.enumerated() where buffer.capacity >= count && buffer.capacity <= Self.maximumWaste * count {
            if best.map({ buffer.capacity < buffers[$0].capacity }) ?? true { best = i }
        }
        guard let best else {
            made += 1
            let capacity = Int(Double(count) * Self.headroom)
            // Float is a trivial type: its storage needs no initialization before the clearing writes it
            let fresh = [Float](unsafeUninitializedCapacity: capacity) { _, initialized in initialized = count }
            return Canvas(width: w, height: h, uncleared: fresh)
        }
        reused += 1
        var storage = buffers.remove(at: best)
        byteCount -= Self.bytes(storage)
        if storage.count > count {
            storage.removeLast(storage.count - count)
        } else if storage.count < count {
            storage.append(contentsOf: repeatElement(0, count: count - storage.count))
        }
        return Canvas(width: w, height: h, uncleared: storage)
    }

    /// Frees every buffer.
    package mutating func removeAll() {
        buffers.removeAll()
        byteCount = 0
    }

    private static func bytes(_ storage: [Float]) -> Int { storage.capacity * MemoryLayout<Float>.stride }
}

extension Canvas {
    /// A canvas over `pixels` (`4 * width * height` components), whatever they hold (zeros: a transparent canvas).
    init(width: Int, height: Int, uncleared pixels: [Float]) {
        precondition(width >= 1 && height >= 1 && pixels.count == 4 * width * height)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel storage, leaving the canvas empty.
    mutating func takePixels() -> [Float] {
        var taken: [Float] = []
        swap(&taken, &pixels)
        return taken
    }
}
