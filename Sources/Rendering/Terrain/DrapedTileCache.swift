import Foundation
package import Geo

/// Terrain tile images kept between frames, as GL JS keeps its render-to-texture tiles (`render_to_texture.ts`):
/// a tile's draped layers are painted once for what they read and reused by every later frame that reads the same.
///
/// An image is found again only for the same ``Key``: the tile and the image's size, density and zoom, and
/// ``DrapedTileContent`` (the style's revision, the sources' data and tiles, images, feature states). Under a byte
/// budget; the images not used for longest are dropped first, but never one the current frame (``beginFrame()``)
/// painted or found: a frame holds all its tile images at once anyway, and a frame whose images pass the budget
/// (a pitched view's distant tiles) would otherwise drop its own images while painting them and find none the next
/// time. The buffers of the images dropped are kept (``CanvasPool``) and the next images are painted into them
/// (``canvas(width:height:)``): a flight paints every tile image again each frame, into the buffers of the frame
/// before instead of fresh memory. The kept images and buffers together stay within the larger of the budget and what
/// the last frame's images took (memory the cache held anyway). Safe to use from several threads.
package final class DrapedTileCache: @unchecked Sendable {
    /// What a kept image was painted for.
    package struct Key: Hashable, Sendable {
        /// The terrain tile.
        package var tile: UnwrappedTileID
        /// The image's size in device pixels (the tile and its margins).
        package var width: Int
        package var height: Int
        /// The zoom the layers were painted at (widths and zoom-dependent properties are this zoom's).
        package var zoom: Double
        /// What the layers read.
        package var content: DrapedTileContent

        package init(tile: UnwrappedTileID, width: Int, height: Int, zoom: Double, content: DrapedTileContent) {
            self.tile = tile
            self.width = width
            self.height = height
            self.zoom = zoom
            self.content = content
        }
    }

    /// A kept image with what painting it reported (layers it could not draw).
    package struct Entry: Sendable {
        package var image: Canvas
        package var unsupportedFeatures: [String]

        package init(image: Canvas, unsupportedFeatures: [String]) {
            self.image = image
            self.unsupportedFeatures = unsupportedFeatures
        }
    }

    /// How often frames found their tile images.
    package struct Statistics: Sendable, Equatable {
        /// Images reused.
        package var hits = 0
        /// Images painted (absent, or painted for other content).
        package var paints = 0
        /// Images dropped to stay within the budget.
        package var evictions = 0
        /// Images painted into the buffer of a dropped image, and into new memory.
        package var recycledBuffers = 0
        package var newBuffers = 0
    }

    private struct Kept {
        var entry: Entry
        var bytes: Int
        var lastUse: UInt64
    }

    private let lock = NSLock()
    private var kept: [Key: Kept] = [:]
    private var clock: UInt64 = 0
    /// The clock when the current frame began: images used since are the frame's, not dropped.
    private var frameStart: UInt64 = 0
    private var bytes = 0
    private var counts = Statistics()
    /// The buffers of dropped images, painted into again.
    private var pool = CanvasPool(budget: 0)
    /// The bytes of the images the current frame painted or found, and the last frame's.
    private var frameBytes = 0
    private var lastFrameBytes = 0
    /// The most bytes kept (images beyond it are dropped, least recently used first, except the current frame's;
    /// 0 keeps nothing).
    package let budget: Int

    /// A cache keeping at most `budget` bytes of tile images (256 MiB by default: about 60 tiles of 512 x 512
    /// device pixels; the images are float canvases).
    package init(budget: Int = 256 << 20) {
        self.budget = max(0, budget)
    }

    /// The bytes of dropped images' buffers kept for the next images.
    package var pooledByteCount: Int { lock.withLock { pool.byteCount } }

    /// Hits, paints and evictions so far.
    package var statistics: Statistics {
        lock.withLock {
            var counts = counts
            counts.recycledBuffers = pool.reused
            counts.newBuffers = pool.made
            return counts
        }
    }

    /// Bytes held now.
    package var byteCount: Int { lock.withLock { bytes } }

    /// Images held now.
    package var count: Int { lock.withLock { kept.count } }

    /// Starts a frame: the images it paints or finds from now on are kept even past the budget, until the next frame.
    package func beginFrame() {
        lock.withLock {
            clock &+= 1
            frameStart = clock
            lastFrameBytes = frameBytes
            frameBytes = 0
            limitPool()
        }
    }

    /// The image painted for `key`, if one is kept.
    package func entry(for key: Key) -> Entry? {
        lock.withLock {
            guard let found = kept[key] else { return nil }
            clock &+= 1
            if found.lastUse <= frameStart { frameBytes += found.bytes }
            kept[key]?.lastUse = clock
            counts.hits += 1
            return found.entry
        }
    }

    /// A canvas to paint an image of `width` x `height` into, not cleared (``Renderer/render(_:clearing:)`` clears it on
    /// the cores painting it): the buffer of a dropped image when one fits.
    /// Room is made first as ``insert(_:for:)`` would make it once the image is painted (the images of earlier frames,
    /// least recently used first, dropped while the kept images and the new one pass the budget), so their buffers
    /// can be painted into.
    package func canvas(width: Int, height: Int) -> Canvas {
        lock.withLock {
            let cost = Self.cost(elements: 4 * max(1, width) * max(1, height))
            if budget > 0, cost <= budget {
                while bytes + cost > budget, let victim = leastRecentlyUsedOfEarlierFrames() {
                    drop(victim)
                    counts.evictions += 1
                }
            }
            return pool.uncleared(width: width, height: height)
        }
    }

    /// Keeps `entry` for `key`, dropping images painted for the same tile with other content (they cannot be shown
    /// again once the content moved on) and then the least recently used of earlier frames while over budget.
    package func insert(_ entry: Entry, for key: Key) {
        let cost = Self.cost(elements: entry.image.pixels.capacity)
        lock.withLock {
            clock &+= 1
            counts.paints += 1
            guard budget > 0, cost <= budget else { return }
            let stale = kept.keys.filter { $0.tile == key.tile && $0.content != key.content }
            for old in stale { drop(old) }
            if kept[key] != nil { drop(key) }
            kept[key] = Kept(entry: entry, bytes: cost, lastUse: clock)
            bytes += cost
            frameBytes += cost
            while bytes > budget, let victim = leastRecentlyUsedOfEarlierFrames() {
                drop(victim)
                counts.evictions += 1
            }
            limitPool()
        }
    }

    /// The pool holds what the kept images leave of the larger of the budget and the last frame's images.
    private func limitPool() {
        pool.budget = max(0, max(budget, lastFrameBytes) - bytes)
    }

    /// The kept image not used for longest among those earlier frames used, if any.
    private func leastRecentlyUsedOfEarlierFrames() -> Key? {
        var victim: (key: Key, lastUse: UInt64)?
        for (key, value) in kept where value.lastUse <= frameStart && value.lastUse < (victim?.lastUse ?? .max) {
            victim = (key, value.lastUse)
        }
        return victim?.key
    }

    /// What keeping an image of `elements` floats costs.
    private static func cost(elements: Int) -> Int { elements * MemoryLayout<Float>.stride + 256 }

    /// Drops every image.
    package func removeAll() {
        lock.withLock {
            kept.removeAll()
            bytes = 0
            pool.removeAll()
        }
    }

    private func drop(_ key: Key) {
        guard let old = kept.removeValue(forKey: key) else { return }
        bytes -= old.bytes
        limitPool()
        pool.recycle(old.entry.image)
    }
}

/// What a terrain tile's draped layers read besides the tile and the zoom: when any part changes, the tile is
/// painted again (the layout cache's rules, ``BucketSignature``, widened to paint: a tile image holds painted
/// pixels, so paint changes count too).
package struct DrapedTileContent: Hashable, Sendable {
    /// The style's revision (every change to layers, properties, sources, root members or global state).
    package var styleRevision: UInt64
    /// Images and glyphs (patterns), ``StyleSceneBuilder/resourceGeneration``.
    package var resourceGeneration: UInt64
    /// The feature states of the draped layers' sources (0 when none has any).
    package var stateGeneration: UInt64
    /// Debug overlays drawn into the tiles (tile borders).
    package var showsTileBorders: Bool
    /// Each draped source's data and the tiles it draws the view from.
    package var sources: [SourceContent]
    /// The bearing a hillshade lit from the viewport turns its light with (0 when no draped layer's light turns).
    package var lightBearing: Double

    package init(styleRevision: UInt64, resourceGeneration: UInt64, stateGeneration: UInt64, showsTileBorders: Bool,
                 sources: [SourceContent], lightBearing: Double = 0) {
        self.styleRevision = styleRevision
        self.resourceGeneration = resourceGeneration
        self.stateGeneration = stateGeneration
        self.showsTileBorders = showsTileBorders
        self.sources = sources
        self.lightBearing = lightBearing
    }

    /// One source as a tile image reads it: its data's generation and the tiles (or image corners) it draws from,
    /// so that a tile arriving later (in place of its parent) paints the image again.
    package struct SourceContent: Hashable, Sendable {
        package var identifier: String
        package var generation: UInt64
        package var tiles: [UnwrappedTileID]
        package var overlayCorners: [Double]

        /// The content of `source` (named `identifier` in the style).
        package init(identifier: String, source: any RenderSource) {
            self.identifier = identifier
            generation = source.generation
            tiles = (source.featureTiles ?? []).map(\.id) + source.imageTiles.map(\.id)
            overlayCorners = source.imageOverlay.map { $0.corners.flatMap { [$0.x, $0.y] } } ?? []
        }
    }
}
