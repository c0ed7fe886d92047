package import MapStyle

/// The images a map's symbols can name: those added to the style at run time first, then the
/// style's sprites.
package struct MapImages: ImageProvider {
    package var added: [String: StyleImage]
    package var sprites: SpriteFiles?

    package init(added: [String: StyleImage], sprites: SpriteFiles?) {
        self.added = added
        self.sprites = sprites
    }

    package func image(named name: String) -> StyleImage? { added[name] ?? sprites?.image(named: name) }

    /// Added style images in the renderer's form.
    package static func convert(_ images: [String: StyleImageData]) -> [String: StyleImage] {
        images.mapValues { data in
            StyleImage(image: RasterImage(RGBAImage(width: data.width, height: data.height, pixels: data.pixels)),
                       pixelRatio: data.pixelRatio, sdf: data.sdf)
        }
    }
}
