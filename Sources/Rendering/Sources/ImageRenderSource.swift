package import Geo
import Tiling

/// An `image` source: one picture over its four corners.
package struct ImageRenderSource: RenderSource {
    package var overlay: ImageOverlay
    package var generation: UInt64
    package var maximumZoom: Int

    package init(overlay: ImageOverlay, generation: UInt64, maximumZoom: Int) {
        self.overlay = overlay
        self.generation = generation
        self.maximumZoom = maximumZoom
    }

    package var imageOverlay: ImageOverlay? { overlay }

    /// An image is not drawn in tiles.
    package func drawnTiles(camera: MapCamera, transform: Transform) -> [UnwrappedTileID] { [] }
}

/// An image source's picture and where it lies.
package struct ImageOverlay: Sendable {
    package var image: RasterImage
    /// World-unit corners: top left, top right, bottom right, bottom left.
    package var corners: [Point]

    package init(image: RasterImage, corners: [Point]) {
        self.image = image
        self.corners = corners
    }
}
