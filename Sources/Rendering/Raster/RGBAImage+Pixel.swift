extension RGBAImage {
    /// The RGBA bytes of pixel (`x`, `y`), counted from the top left: the one pixel reader of the package's tests
    /// and tools.
    package func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let i = 4 * (y * width + x)
        return Array(pixels[i..<(i + 4)])
    }
}
