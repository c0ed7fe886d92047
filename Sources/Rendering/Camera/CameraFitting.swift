import Foundation
package import GeoJSON

extension MapCamera {
    /// The camera showing `bounds` whole in a `width` x `height` view (points, `pixelRatio` device pixels
    /// each) with `padding` free on each side, turned to `bearing` and tilted to `pitch`; `nil` when the
    /// padding leaves no room. The engine side of the SDK's `MapCamera.fitting(bounds:in:…)`.
    ///
    /// North up and unpitched this is GL JS's `cameraForBounds` exactly (``WebMercator/fit(_:width:height:padding:bearing:maximumZoom:)``).
    /// A pitched camera then takes the zoom and centre that fit the corners' projected screen box (a few
    /// fixed-point steps, as MapLibre Native's `cameraForLatLngs` measures a pitched view).
    ///
    /// `onGlobe` fits as GL JS fits on the globe (its vertical-perspective camera helper): the Mercator
    /// fit's centre and bearing, the zoom at which the unpitched globe shows the box's corners and edge
    /// midpoints inside the padded view (``GlobeCameraMath/fittedZoom(bounds:mercator:width:height:padding:maximumZoom:)``);
    /// the pitch is then set without refitting, as GL JS's `fitBounds` keeps the pitch. `nil` when nothing fits.
    package static func fitted(bounds: BoundingBox, width: Int, height: Int, pixelRatio: Double,
                               padding: (top: Double, left: Double, bottom: Double, right: Double),
                               bearing: Double, pitch: Double, maximumZoom: Double, onGlobe: Bool = false) -> MapCamera? {
        guard let fit = WebMercator.fit(bounds, width: Double(width), height: Double(height), padding: padding,
                                        bearing: bearing, maximumZoom: maximumZoom) else { return nil }
        var camera = MapCamera(center: fit.center, zoom: fit.zoom, bearing: bearing, pitch: 0)
        if onGlobe {
            guard let zoom = GlobeCameraMath.fittedZoom(bounds: bounds, mercator: camera, width: Double(width), height: Double(height),
                                                        padding: padding, maximumZoom: maximumZoom) else { return nil }
            camera.zoom = zoom
            camera.pitch = min(pitchLimit, max(0, pitch))
            return camera
        }
        if pitch > 0 {
            camera.pitch = min(pitchLimit, pitch)
            camera = camera.refinedPitched(corners: WebMercator.fittingCorners(bounds), width: width, height: height,
                                           pixelRatio: pixelRatio, padding: padding, maximumZoom: maximumZoom)
        }
        return camera
    }

    /// A pitched camera moved and zoomed until the corners' screen box fills the padded view:
    /// each step scales by the ratio of the room to the box and moves the box's middle to the room's.
    private func refinedPitched(corners: [LocationCoordinate2D], width: Int, height: Int, pixelRatio: Double,
                                padding: (top: Double, left: Double, bottom: Double, right: Double),
                                maximumZoom: Double) -> MapCamera {
        var camera = self
        let roomWidth = Double(width) - padding.left - padding.right
        let roomHeight = Double(height) - padding.top - padding.bottom
        let roomMiddle = Point(x: padding.left + roomWidth / 2, y: padding.top + roomHeight / 2)
        let worldCorners = corners.map(WorldMath.world)
        for _ in 0..<60 {
            let t = Transform(camera: camera, width: width, height: height, pixelRatio: pixelRatio)
            let points = worldCorners.map { t.screenPoint(forWorld: $0) }
            let minX = points.map(\.x).min()!, maxX = points.map(\.x).max()!
            let minY = points.map(\.y).min()!, maxY = points.map(\.y).max()!
            let scale = min(roomWidth / max(maxX - minX, 1e-12), roomHeight / max(maxY - minY, 1e-12))
            let middle = Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2)
            guard let middleWorld = t.worldPosition(atScreen: middle) else { break }
            var next = camera.placing(world: middleWorld, at: roomMiddle, transform: t)
            next.zoom = min(maximumZoom, camera.zoom + log2(scale))
            let settled = abs(next.zoom - camera.zoom) < 1e-12 && abs(middle.x - roomMiddle.x) < 1e-9 && abs(middle.y - roomMiddle.y) < 1e-9
            camera = next
            if settled { break }
        }
        camera.center.longitude = WorldMath.wrap(longitude: camera.center.longitude)
        return camera
    }
}
