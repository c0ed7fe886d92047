/// MapLibre Native's `ZoomHistory`: the integer zoom a map last crossed, updated by every frame.
/// Cross-faded properties fade from one zoom below it or above it (`line-dasharray`'s sharpness).
struct ZoomHistory: Sendable {
    private(set) var lastIntegerZoom: Double?
    private var lastZoom = 0.0

    /// A frame drawn at `zoom`: the first sets the integer zoom below it; later ones move it when
    /// they cross an integer zoom (to the zoom crossed: the one below going in, above going out).
    mutating func update(_ zoom: Double) {
        guard let current = lastIntegerZoom else {
            lastIntegerZoom = zoom.rounded(.down)
            lastZoom = zoom
            return
        }
        var integer = current
        if lastZoom.rounded(.down) < zoom.rounded(.down) {
            integer = zoom.rounded(.down)
        } else if lastZoom.rounded(.down) > zoom.rounded(.down) {
            integer = (zoom + 1).rounded(.down)
        }
        lastIntegerZoom = integer
        lastZoom = zoom
    }
}
