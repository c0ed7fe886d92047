import Foundation
package import GeoJSON
package import Mercator
import Rendering
import Tiling

/// MapLibre Native's render-test harness in the tile map mode (`mapMode: "tile"`): the tiles of the
/// style's zoom that a 512-point view at the style's camera covers are rendered one by one, each with
/// the map centred on it, and put side by side in one image (columns and rows in tile order).
package enum RenderTestTiles {
    /// A tile of the cover and where its image goes.
    package struct Tile: Hashable {
        package var z: Int, x: Int, y: Int
        package var column: Int, row: Int
    }

    /// Native's `tileCover(map.latLngBoundsForCamera(camera), zoom)` for a 512 x 512 view (the tile
    /// mode's size) at `camera`, at the camera's zoom cut to an integer.
    package static func cover(_ camera: MapCamera) -> [Tile] {
        let z = Int(max(0, min(24, camera.zoom.rounded(.towardZero))))
        let n = pow(2, Double(z))
        let centre = Transform.mercator(camera.center)
        // half the view, in world widths at the camera's zoom
        let half = 256 / (512 * pow(2, camera.zoom))
        func range(_ c: Double) -> ClosedRange<Int> {
            let lo = Int(((c - half) * n).rounded(.down)), hi = Int(((c + half) * n).rounded(.up)) - 1
            return max(0, lo)...max(max(0, lo), min(Int(n) - 1, hi))
        }
        let columns = range(centre.x), rows = range(centre.y)
        return rows.flatMap { y in columns.map { x in Tile(z: z, x: x, y: y, column: x - columns.lowerBound, row: y - rows.lowerBound) } }
    }

    /// The centre of a tile (the camera's centre when the map renders it).
    package static func centre(of tile: Tile) -> LocationCoordinate2D {
        let n = pow(2, Double(tile.z))
        return Transform.coordinate(mercator: Point(x: (Double(tile.x) + 0.5) / n, y: (Double(tile.y) + 0.5) / n))
    }

    /// The tiles' images side by side, `size` device pixels apart.
    package static func composite(_ images: [(Tile, RGBAImage)], size: Int) -> RGBAImage {
        let columns = (images.map(\.0.column).max() ?? 0) + 1, rows = (images.map(\.0.row).max() ?? 0) + 1
        let width = columns * size, height = rows * size
        var pixels = [UInt8](repeating: 0, count: 4 * width * height)
        for (tile, image) in images {
            for y in 0..<min(size, image.height) {
                let source = 4 * y * image.width, target = 4 * ((tile.row * size + y) * width + tile.column * size)
                let count = 4 * min(size, image.width)
                pixels[target..<(target + count)] = image.pixels[source..<(source + count)]
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
