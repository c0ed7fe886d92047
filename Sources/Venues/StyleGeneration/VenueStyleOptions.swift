/// The two ways a floor can be drawn.
public enum VenueLook: String, Sendable, Hashable, CaseIterable {
    /// Exactly what seed 004 draws: polygons filled with the colour `styles.json` assigns to their id
    /// (default `#f5f5f5`), lines `#dddddd` at 2 px, points as annotations titled by `externalId`.
    case seed
    /// Everything `styles.json` says: opacity, wall widths in metres, plus windows, doors, labels and annotations.
    case styled
}

/// How the camera is placed on a floor.
public enum VenueFraming: Sendable, Hashable {
    /// Centred on the manifest point, showing `meters` across the shorter side of the viewport (the seed: 100 m).
    case region(meters: Double)
    /// Fitting the floor outline (or, without one, all its features) with `padding` pixels around it.
    case fitOutline(padding: Double)
}

/// Options for ``Venue/mapStyle(for:options:)``.
public struct VenueStyleOptions: Sendable, Hashable {
    /// The look.
    public var look: VenueLook
    /// The camera placement written into the style's `center` and `zoom`.
    public var framing: VenueFraming
    /// The viewport width in pixels the camera is computed for.
    public var width: Int
    /// The viewport height in pixels the camera is computed for.
    public var height: Int
    /// The style's `glyphs` URL template; nil writes none (a map then draws labels with installed
    /// fonts matched by the font stack's names, ``fontStack``).
    public var glyphs: String?
    /// The `text-font` stack of label layers.
    public var fontStack: [String]
    /// The colour behind the venue.
    public var backgroundColor: VenueColor

    /// Creates options; the defaults are the seed's look, a 100 m region and a 1024 x 768 viewport.
    public init(
        look: VenueLook = .seed, framing: VenueFraming = .region(meters: 100), width: Int = 1024, height: Int = 768,
        glyphs: String? = "https://demotiles.maplibre.org/font/{fontstack}/{range}.pbf",
        fontStack: [String] = ["Open Sans Semibold"], backgroundColor: VenueColor = VenueColor(red: 255, green: 255, blue: 255)
    ) {
        self.look = look
        self.framing = framing
        self.width = width
        self.height = height
        self.glyphs = glyphs
        self.fontStack = fontStack
        self.backgroundColor = backgroundColor
    }

    /// The bundled font stack titles use for offline rendering: DejaVu Sans (Debian's fonts-dejavu-core),
    /// named as a glyph server names its PBFs.
    public static let bundledFontStack = ["DejaVu Sans Book"]
}
