import Foundation
import Mercator

/// Maps kept per style between renders, so that sources are read and indexed once per map: a
/// render checks one out (it alone moves its camera), draws, and gives it back.
final class MapPool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [String: [Map]] = [:]
    /// The layout cache of each map (``MapOptions/layoutCacheSize``): a server keeps one map per
    /// concurrent render, so each keeps a share of the server's budget.
    let layoutCacheSize: Int
    /// Where renders report what they drew without (each problem logged once per style).
    let warnings = ResourceWarnings()

    /// A pool whose maps keep `layoutCacheSize` bytes of laid-out tiles each.
    init(layoutCacheSize: Int = 32 << 20) {
        self.layoutCacheSize = layoutCacheSize
    }

    /// A map of `style` (an idle one, or a new one).
    func checkOut(_ style: ServedStyle) throws(ServerError) -> Map {
        if let map = lock.withLock({ idle[style.id]?.popLast() }) { return map }
        return Map(style: try style.makeStyle(), camera: style.camera, size: MapSize(width: 256, height: 256),
                   options: MapOptions(layoutCacheSize: layoutCacheSize), styleDirectory: style.directory)
    }

    /// Gives a map back.
    func checkIn(_ map: Map, style: String) {
        lock.withLock { idle[style, default: []].append(map) }
    }

    /// ``render(_:camera:size:overlay:)`` straight to PNG with `Map.pngSnapshot()`: outputs over
    /// 2048 x 2048 device pixels are painted and encoded band by band, so the map never holds their
    /// whole float canvas (16 bytes a pixel: 600 MB at 6144²).
    func renderPNG(_ style: ServedStyle, camera: MapCamera, size: MapSize, overlay: StaticOverlay? = nil) throws -> Data {
        let map = try checkOut(style)
        defer { checkIn(map, style: style.id) }
        map.camera = camera
        map.size = size
        guard let overlay, !overlay.isEmpty else { return try reported(map.pngSnapshot(), style: style).data }
        let added = try overlay.add(to: map)
        defer { overlay.remove(added, from: map.style) }
        return try reported(map.pngSnapshot(), style: style).data
    }

    private func reported(_ snapshot: MapPNGSnapshot, style: ServedStyle) -> MapPNGSnapshot {
        warnings.report(snapshot.warnings, style: style.id)
        return snapshot
    }

    private func reported(_ snapshot: MapSnapshot, style: ServedStyle) -> MapSnapshot {
        warnings.report(snapshot.warnings, style: style.id)
        return snapshot
    }

    /// Renders `style` with `camera` at `size`, drawing `overlay` (a GeoJSON source and its layers) on top.
    func render(_ style: ServedStyle, camera: MapCamera, size: MapSize, overlay: StaticOverlay? = nil) throws -> MapSnapshot {
        let map = try checkOut(style)
        defer { checkIn(map, style: style.id) }
        map.camera = camera
        map.size = size
        guard let overlay, !overlay.isEmpty else { return try reported(map.snapshot(), style: style) }
        let added = try overlay.add(to: map)
        defer { overlay.remove(added, from: map.style) }
        return try reported(map.snapshot(), style: style)
    }
}
