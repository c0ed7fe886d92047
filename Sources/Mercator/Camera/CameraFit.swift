import Foundation
public import GeoJSON
public import Rendering

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
    /// crosses the antimeridian. The arithmetic is Rendering's (`MapCamera.fitted`).
    ///
    /// With `onGlobe` (a map whose projection draws a globe at the current zoom: ``Map/projectionGlobeness``
    /// above 0) the camera is GL JS's globe fit: the centre and bearing above, the zoom at which the
    /// unpitched globe shows the box's corners and edge midpoints inside the padded view; the pitch is set
    /// without refitting, as GL JS's `fitBounds` keeps it.
    public static func fitting(bounds: BoundingBox, in size: MapSize, padding: EdgePadding = .zero, bearing: Double = 0,
                               pitch: Double = 0, maximumZoom: Double = 22, onGlobe: Bool = false) throws(CameraFitError) -> MapCamera {
        guard [bounds.west, bounds.south, bounds.east, bounds.north, padding.top, padding.left, padding.bottom, padding.right, bearing, pitch].allSatisfy(\.isFinite) else {
            throw CameraFitError.notFinite
        }
        guard let camera = MapCamera.fitted(bounds: bounds, width: size.width, height: size.height, pixelRatio: size.pixelRatio,
                                            padding: (padding.top, padding.left, padding.bottom, padding.right),
                                            bearing: bearing, pitch: pitch, maximumZoom: maximumZoom, onGlobe: onGlobe) else {
            throw CameraFitError.paddingExceedsView(width: Double(size.width), height: Double(size.height), padding: padding)
        }
        return camera
    }

    /// The camera showing every coordinate in a view of `size` (their bounding box fitted as
    /// ``fitting(bounds:in:padding:bearing:pitch:maximumZoom:onGlobe:)`` does;
    /// `-[MLNMapView cameraThatFitsShape:direction:edgePadding:]` for the positions of a shape).
    public static func fitting(coordinates: [LocationCoordinate2D], in size: MapSize, padding: EdgePadding = .zero,
                               bearing: Double = 0, pitch: Double = 0, maximumZoom: Double = 22,
                               onGlobe: Bool = false) throws(CameraFitError) -> MapCamera {
        guard let first = coordinates.first else { throw CameraFitError.empty }
        var west = first.longitude, east = first.longitude, south = first.latitude, north = first.latitude
        for c in coordinates {
            guard c.latitude.isFinite, c.longitude.isFinite else { throw CameraFitError.notFinite }
            west = min(west, c.longitude); east = max(east, c.longitude)
            south = min(south, c.latitude); north = max(north, c.latitude)
        }
        return try fitting(bounds: BoundingBox(west: west, south: south, east: east, north: north), in: size,
                           padding: padding, bearing: bearing, pitch: pitch, maximumZoom: maximumZoom, onGlobe: onGlobe)
    }

    /// The camera showing a shape's positions whole (`cameraThatFitsShape`).
    public static func fitting(shape: any Shape, in size: MapSize, padding: EdgePadding = .zero, bearing: Double = 0,
                               pitch: Double = 0, maximumZoom: Double = 22, onGlobe: Bool = false) throws(CameraFitError) -> MapCamera {
        guard let box = GeoJSONSummary(shape.geoJSONObject).bounds else { throw CameraFitError.empty }
        return try fitting(bounds: box, in: size, padding: padding, bearing: bearing, pitch: pitch, maximumZoom: maximumZoom,
                           onGlobe: onGlobe)
    }
}
