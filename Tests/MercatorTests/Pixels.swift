import Mercator

extension RGBAImage {
    /// The RGBA bytes of pixel (`x`, `y`), counted from the top left: the one pixel reader of these tests.
    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let i = 4 * (y * width + x)
        return Array(pixels[i..<(i + 4)])
    }
}

extension MapSnapshot {
    /// The RGBA bytes of pixel (`x`, `y`) of the snapshot's image (device pixels).
    func pixel(_ x: Int, _ y: Int) -> [UInt8] { image.pixel(x, y) }
}
