public import GeoJSON

extension Map {
    /// The camera showing `bounds` whole in this map's view, at the map's current bearing and pitch
    /// (`-[MLNMapView cameraThatFitsCoordinateBounds:edgePadding:]`); on the globe (``projectionGlobeness``
    /// above 0) GL JS's globe fit.
    public func cameraThatFitsCoordinateBounds(_ bounds: BoundingBox, edgePadding: EdgePadding = .zero,
                                               maximumZoom: Double = 22) throws(CameraFitError) -> MapCamera {
        try camera(camera, fittingCoordinateBounds: bounds, edgePadding: edgePadding, maximumZoom: maximumZoom)
    }

    /// The camera showing `bounds` whole at `camera`'s bearing and pitch
    /// (`-[MLNMapView camera:fittingCoordinateBounds:edgePadding:]`).
    public func camera(_ camera: MapCamera, fittingCoordinateBounds bounds: BoundingBox, edgePadding: EdgePadding = .zero,
                       maximumZoom: Double = 22) throws(CameraFitError) -> MapCamera {
        try MapCamera.fitting(bounds: bounds, in: size, padding: edgePadding, bearing: camera.bearing, pitch: camera.pitch,
                              maximumZoom: maximumZoom, onGlobe: projectionGlobeness > 0)
    }

    /// The camera showing a shape's positions whole, turned to `direction` degrees, at the map's
    /// current pitch (`-[MLNMapView cameraThatFitsShape:direction:edgePadding:]`).
    public func cameraThatFitsShape(_ shape: any Shape, direction: Double, edgePadding: EdgePadding = .zero,
                                    maximumZoom: Double = 22) throws(CameraFitError) -> MapCamera {
        try MapCamera.fitting(shape: shape, in: size, padding: edgePadding, bearing: direction, pitch: camera.pitch,
                              maximumZoom: maximumZoom, onGlobe: projectionGlobeness > 0)
    }

    /// A flyTo from the map's current camera to `target` in its view (`-[MLNMapView flyToCamera:withDuration:]`);
    /// set `map.camera = animation.camera(at: t)` for each frame. On the globe (``projectionGlobeness``
    /// above 0) GL JS's globe flight.
    public func flyAnimation(to target: MapCamera, duration: Double? = nil) -> CameraAnimation {
        CameraAnimation.fly(from: camera, to: target, in: size, duration: duration, onGlobe: projectionGlobeness > 0)
    }

    /// An easeTo from the map's current camera to `target` (`-[MLNMapView setCamera:withDuration:animationTimingFunction:]`);
    /// on the globe (``projectionGlobeness`` above 0) GL JS's globe ease.
    public func easeAnimation(to target: MapCamera, duration: Double = CameraAnimation.defaultEaseDuration) -> CameraAnimation {
        CameraAnimation.ease(from: camera, to: target, duration: duration, onGlobe: projectionGlobeness > 0)
    }
}
