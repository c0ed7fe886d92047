/// An image added to a style at run time (`-[MLNStyle setImage:forName:]`): straight-alpha RGBA
/// bytes, its pixel ratio and whether it is a signed distance field (tinted by `icon-color`).
public struct StyleImageData: Sendable, Hashable {
    public var width: Int
    public var height: Int
    /// `4 * width * height` bytes: r, g, b, a (not premultiplied).
    public var pixels: [UInt8]
    /// Image pixels per CSS pixel.
    public var pixelRatio: Double
    /// Whether the alpha channel is a signed distance field.
    public var sdf: Bool

    /// Creates an image; a wrong byte count is an error naming both counts.
    public init(width: Int, height: Int, pixels: [UInt8], pixelRatio: Double = 1, sdf: Bool = false) throws(StyleError) {
        guard width > 0, height > 0, pixels.count == 4 * width * height else {
            throw StyleError.invalidImage("\(width)x\(height) needs \(4 * max(0, width) * max(0, height)) RGBA bytes, got \(pixels.count)")
        }
        guard pixelRatio.isFinite, pixelRatio > 0 else { throw StyleError.invalidImage("pixel ratio \(pixelRatio) must be positive") }
        self.width = width
        self.height = height
        self.pixels = pixels
        self.pixelRatio = pixelRatio
        self.sdf = sdf
    }
}

extension Style {
    /// Adds or replaces the image called `name` (icons and patterns name it; it wins over the
    /// sprite's image of the same name).
    public func setImage(_ image: StyleImageData, forName name: String) {
        withImages { $0[name] = image }
    }

    /// Removes the image called `name`; returns it, or nil when there was none.
    @discardableResult
    public func removeImage(forName name: String) -> StyleImageData? {
        withImages { $0.removeValue(forKey: name) }
    }

    /// The image added as `name`, if any.
    public func image(forName name: String) -> StyleImageData? {
        withImages { $0[name] }
    }
}
