import Mercator
import Rendering

extension MapSnapshot {
    /// The RGBA bytes of pixel (`x`, `y`) of the snapshot's image (device pixels), read by Rendering's one pixel
    /// reader (`RGBAImage.pixel`). It converts the whole canvas at every call: a loop over pixels reads `image` once.
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { image.pixel(x, y) }
}
