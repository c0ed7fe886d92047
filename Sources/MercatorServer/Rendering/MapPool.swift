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

    /// A map of `style` (an idle one, or a new one), drawn in `projection` instead of the style's own when given
    /// (raster tiles are squares of the Web Mercator plane: they ask for `.mercator`). Maps are pooled per projection,
    /// so a map's style is changed once, when it is made.
    func checkOut(_ style: ServedStyle, projection: StyleProjection? = nil) throws(ServerError) -> Map {
        let projection = Self.override(style, projection)
        if let map = lock.withLock({ idle[Self.key(style.id, projection)]?.popLast() }) { return map }
        let map = Map(style: try style.makeStyle(), camera: style.camera, size: MapSize(width: 256, height: 256),
                      options: MapOptions(layoutCacheSize: layoutCacheSize), styleDirectory: style.directory)
        if let projection {
            do { try map.setProjection(projection) } catch { throw ServerError.badRequest("projection: \(error)") }
        }
        return map
    }

    /// Gives a map back.
    func checkIn(_ map: Map, style: ServedStyle, projection: StyleProjection? = nil) {
        let projection = Self.override(style, projection)
        lock.withLock { idle[Self.key(style.id, projection), default: []].append(map) }
    }

    /// `projection` when it differs from what the style draws (a style without one draws Mercator): the same maps
    /// serve a flat style's tiles and static images.
    private static func override(_ style: ServedStyle, _ projection: StyleProjection?) -> StyleProjection? {
        guard let projection else { return nil }
        let own = StyleProjection(member: style.renderJSON["projection"]) ?? .mercator
        return own == projection ? nil : projection
    }

    /// The pool key of a style's maps in a projection.
    private static func key(_ style: String, _ projection: StyleProjection?) -> String {
        projection.map { style + "\u{0}" + $0.type.serialized() } ?? style
    }

    /// ``render(_:camera:size:overlay:)`` straight to PNG with `Map.pngSnapshot()`: outputs over
    /// 2048 x 2048 device pixels are painted and encoded band by band, so the map never holds their
    /// whole float canvas (16 bytes a pixel: 600 MB at 6144²).
    func renderPNG(_ style: ServedStyle, camera: MapCamera, size: MapSize, overlay: StaticOverlay? = nil,
                   projection: StyleProjection? = nil) throws -> Data {
        let map = try checkOut(style, projection: projection)
        defer { checkIn(map, style: style, projection: projection) }
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

    /// Renders `style` with `camera` at `size`, drawing `overlay` (a GeoJSON source and its layers) on top, in
    /// `projection` when given (else the style's own).
    func render(_ style: ServedStyle, camera: MapCamera, size: MapSize, overlay: StaticOverlay? = nil,
                projection: StyleProjection? = nil) throws -> MapSnapshot {
        let map = try checkOut(style, projection: projection)
        defer { checkIn(map, style: style, projection: projection) }
        map.camera = camera
        map.size = size
        guard let overlay, !overlay.isEmpty else { return try reported(map.snapshot(), style: style) }
        let added = try overlay.add(to: map)
        defer { overlay.remove(added, from: map.style) }
        return try reported(map.snapshot(), style: style)
    }
}
