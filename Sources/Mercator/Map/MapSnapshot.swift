public import Foundation
public import GeoJSON
public import MapStyle
public import Rendering

/// A rendered map image as PNG data (``Map/pngSnapshot()``).
public struct MapPNGSnapshot: Sendable {
    /// The PNG file.
    public let data: Data
    /// Sources that could not be loaded (drawn empty).
    public let sourceErrors: [SourceLoadError]
    /// What the style asks for that Mercator does not draw yet, one sentence each.
    public let unsupportedFeatures: [String]
    /// What was left out and drawn without, as MapLibre Native logs it: the style's
    /// `Style.loadWarnings` (layers and sources a tolerant load skipped), then the sources that
    /// could not be loaded, each with its JSON path.
    public let warnings: [StyleWarning]
}

/// A rendered map image (the SDK's `MLNMapSnapshot`).
public struct MapSnapshot: Sendable {
    /// The premultiplied floating-point canvas.
    package let canvas: Canvas
    /// The projection the image was drawn with.
    let transform: Transform
    let encoderBuffers: PNGBufferPool
    /// Sources that could not be loaded (drawn empty).
    public let sourceErrors: [SourceLoadError]
    /// What the style asks for that Mercator does not draw yet (layer types, …), one sentence each.
    public let unsupportedFeatures: [String]
    /// What was left out and drawn without, as MapLibre Native logs it: the style's
    /// `Style.loadWarnings` (layers and sources a tolerant load skipped), then the sources that
    /// could not be loaded, each with its JSON path.
    public let warnings: [StyleWarning]

    /// Width and height in device pixels.
    public var width: Int { canvas.width }
    public var height: Int { canvas.height }

    /// The image as 8-bit RGBA (straight alpha).
    public var image: RGBAImage { canvas.makeImage() }

    /// The image as PNG data.
    public func pngData() -> Data {
        var scratch = encoderBuffers.take()
        defer { encoderBuffers.put(scratch) }
        return Data(PNGEncoder.encode(canvas, scratch: &scratch))
    }

    /// The point in the image (points from the top left, not device pixels) where `coordinate` was drawn.
    public func point(for coordinate: LocationCoordinate2D) -> Point {
        transform.screenPoint(for: LocationCoordinate2D(longitude: coordinate.longitude, latitude: coordinate.latitude))
    }

    /// The coordinate drawn at `point` (points from the top left); `nil` above a pitched horizon.
    public func coordinate(for point: Point) -> LocationCoordinate2D? {
        transform.coordinate(at: point).map { LocationCoordinate2D(latitude: $0.latitude, longitude: $0.longitude) }
    }
}
