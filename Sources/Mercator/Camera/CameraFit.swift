import Foundation
import GeoJSON
import Rendering
import Tiling

/// Why no camera fits what was asked.
public enum CameraFitError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The padding leaves no room: it is wider or taller than the view.
    case paddingExceedsView(width: Double, height: Double, padding: EdgePadding)
    /// There is nothing to fit (no coordinates, or a shape without positions).
    case empty
    /// A coordinate or the padding is not a finite number.
    case notFinite

    /// The error in one sentence.
    public var description: String {
        switch self {
        case .paddingExceedsView(let w, let h, let p):
            return "the padding (top \(p.top), left \(p.left), bottom \(p.bottom), right \(p.right)) leaves no room in a \(w)x\(h) view"
        case .empty: return "there are no coordinates to fit"
        case .notFinite: return "a coordinate or the padding is not a finite number"
        }
    }
}

extension MapCamera {
    /// The camera showing `bounds` whole in a view of `size` with `padding` points free on each side,
    /// turned to `bearing` and tilted to `pitch` (`-[MLNMapView cameraThatFitsCoordinateBounds:edgePadding:]`).
    ///
    /// North up and unpitched this is GL JS's `cameraForBounds` exactly: the box's corners are turned by
    /// the bearing, the zoom is the largest that fits them (at most `maximumZoom`), and the centre is the
    /// middle of the box moved by half the padding difference. A pitched camera then takes the zoom
    /// and centre that fit the corners' projected screen box (a few fixed-point steps, as MapLibre
    /// Native's `cameraForLatLngs` measures a pitched view). A box whose west is greater than its east
    /// crosses the antimeridian.
    public static func fitting(bounds: BoundingBox, in size: MapSize, padding: EdgePadding = .zero, bearing: Double = 0,
                               pitch: Double = 0, maximumZoom: Double = 22) throws(CameraFitError) -> MapCamera {
        let corners = WebMercator.fittingCorners(bounds)
        guard corners.allSatisfy({ $0.latitude.isFinite && $0.longitude.isFinite }),
              [padding.top, padding.left, padding.bottom, padding.right, bearing, pitch].allSatisfy(\.isFinite) else {
            throw CameraFitError.notFinite
        }
        let width = Double(size.width), height = Double(size.height)
        guard let fit = WebMercator.fit(bounds, width: width, height: height,
                                        padding: (padding.top, padding.left, padding.bottom, padding.right),
                                        bearing: bearing, maximumZoom: maximumZoom) else {
            throw CameraFitError.paddingExceedsView(width: width, height: height, padding: padding)
        }
        var camera = MapCamera(center: fit.center, zoom: fit.zoom, bearing: bearing, pitch: 0)
        if pitch > 0 {
            camera.pitch = min(CameraConstraints.pitchLimit, pitch)
            camera = refinePitched(camera, corners: corners, in: size, padding: padding, maximumZoom: maximumZoom)
        }
        return camera
    }

    /// The camera showing every coordinate in a view of `size` (their bounding box fitted as
    /// ``fitting(bounds:in:padding:bearing:pitch:maximumZoom:)`` does;
    /// `-[MLNMapView cameraThatFitsShape:direction:edgePadding:]` for the positions of a shape).
    public static func fitting(coordinates: [LocationCoordinate2D], in size: MapSize, padding: EdgePadding = .zero,
                               bearing: Double = 0, pitch: Double = 0, maximumZoom: Double = 22) throws(CameraFitError) -> MapCamera {
        guard let first = coordinates.first else { throw CameraFitError.empty }
        var west = first.longitude, east = first.longitude, south = first.latitude, north = first.latitude
        for c in coordinates {
            guard c.latitude.isFinite, c.longitude.isFinite else { throw CameraFitError.notFinite }
            west = min(west, c.longitude); east = max(east, c.longitude)
            south = min(south, c.latitude); north = max(north, c.latitude)
        }
        return try fitting(bounds: BoundingBox(west: west, south: south, east: east, north: north), in: size,
                           padding: padding, bearing: bearing, pitch: pitch, maximumZoom: maximumZoom)
    }

    /// The camera showing a shape's positions whole (`cameraThatFitsShape`).
    public static func fitting(shape: any Shape, in size: MapSize, padding: EdgePadding = .zero, bearing: Double = 0,
                               pitch: Double = 0, maximumZoom: Double = 22) throws(CameraFitError) -> MapCamera {
        guard let box = GeoJSONSummary(shape.geoJSONObject).bounds else { throw CameraFitError.empty }
        return try fitting(bounds: box, in: size, padding: padding, bearing: bearing, pitch: pitch, maximumZoom: maximumZoom)
    }

    /// A pitched camera moved and zoomed until the corners' screen box fills the padded view:
    /// each step scales by the ratio of the room to the box and moves the box's middle to the room's.
    private static func refinePitched(_ start: MapCamera, corners: [LocationCoordinate2D], in size: MapSize,
                                      padding: EdgePadding, maximumZoom: Double) -> MapCamera {
        var camera = start
        let roomWidth = Double(size.width) - padding.left - padding.right
        let roomHeight = Double(size.height) - padding.top - padding.bottom
        let roomMiddle = Point(x: padding.left + roomWidth / 2, y: padding.top + roomHeight / 2)
        let worldCorners = corners.map(WorldMath.world)
        for _ in 0..<60 {
            let t = camera.transform(in: size)
            let points = worldCorners.map { t.screenPoint(forWorld: $0) }
            let minX = points.map(\.x).min()!, maxX = points.map(\.x).max()!
            let minY = points.map(\.y).min()!, maxY = points.map(\.y).max()!
            let scale = min(roomWidth / max(maxX - minX, 1e-12), roomHeight / max(maxY - minY, 1e-12))
            let middle = Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
            guard let middleWorld = t.worldPosition(atScreen: middle) else { break }
            var next = camera.placing(world: middleWorld, at: roomMiddle, in: size)
            next.zoom = min(maximumZoom, camera.zoom + log2(scale))
            let settled = abs(next.zoom - camera.zoom) < 1e-12 && abs(middle.x - roomMiddle.x) < 1e-9 && abs(middle.y - roomMiddle.y) < 1e-9
            camera = next
            if settled { break }
        }
        camera.center.longitude = WorldMath.wrap(longitude: camera.center.longitude)
        return camera
    }
}
