/// The sizes Mercator accepts from one input, in one place.
///
/// Every reader and the renderer check their input against these before spending memory or time on
/// it, and fail with a ``LimitExceeded`` that names the limit, the size found and how to raise it.
/// The defaults suit a server that renders styles and data it did not write: far above real maps
/// (a country's worth of features, a detailed street style), far below what exhausts a machine.
/// The table of limits and defaults is in `docs/limits.md`.
public struct Limits: Sendable, Hashable {
    /// Largest file or standard input read, in bytes (default 512 MiB; `--max-input-bytes`).
    public var inputBytes: Int
    /// Deepest nesting of JSON arrays and objects (default 512).
    public var nestingDepth: Int
    /// Longest JSON string, in UTF-8 bytes (default 256 MiB).
    public var stringBytes: Int
    /// Most features one GeoJSON input may hold (default 10,000,000).
    public var features: Int
    /// Most positions one GeoJSON input may hold (default 100,000,000).
    public var vertices: Int
    /// Most layers one style may have (default 50,000).
    public var layers: Int
    /// Most sources one style may have (default 1,000).
    public var sources: Int
    /// Most elements any array of a style may have — an expression literal, a `match`/`interpolate`/`step`,
    /// `metadata` — but the `layers` array itself and inline GeoJSON data (default 65,536).
    public var literalElements: Int
    /// Most device pixels one rendered image may have (default 8192 x 8192).
    public var outputPixels: Int
    /// Most bytes of float canvas one render may allocate: device pixels (pixel ratio included)
    /// times 16 (default 1 GiB, an 8192 x 8192 canvas). Banded PNG output counts one band's canvas.
    public var canvasBytes: Int
    /// Most characters (Unicode scalars) one label may have, checked before it is shaped (default 10,000).
    public var labelCharacters: Int
    /// Most label characters one layer may lay out in one tile (or, for a GeoJSON source, one view) (default 1,000,000).
    public var layoutLabelCharacters: Int
    /// Most label characters (glyphs before shaping) one render may lay out, all layers and tiles together (default 4,000,000).
    public var renderLabelCharacters: Int

    /// Creates limits; each default is documented on its property.
    public init(
        inputBytes: Int = 512 << 20, nestingDepth: Int = 512, stringBytes: Int = 256 << 20,
        features: Int = 10_000_000, vertices: Int = 100_000_000, layers: Int = 50_000, sources: Int = 1_000,
        literalElements: Int = 65_536, outputPixels: Int = 8192 * 8192, canvasBytes: Int = 8192 * 8192 * 16,
        labelCharacters: Int = 10_000, layoutLabelCharacters: Int = 1_000_000, renderLabelCharacters: Int = 4_000_000
    ) {
        self.inputBytes = inputBytes
        self.nestingDepth = nestingDepth
        self.stringBytes = stringBytes
        self.features = features
        self.vertices = vertices
        self.layers = layers
        self.sources = sources
        self.literalElements = literalElements
        self.outputPixels = outputPixels
        self.canvasBytes = canvasBytes
        self.labelCharacters = labelCharacters
        self.layoutLabelCharacters = layoutLabelCharacters
        self.renderLabelCharacters = renderLabelCharacters
    }

    /// The default limits.
    public static let `default` = Limits()

    /// The JSON reader's share: nesting depth and string length.
    public var json: JSONLimits { JSONLimits(maximumDepth: nestingDepth, maximumStringLength: stringBytes) }

    /// The value of `limit`.
    public subscript(limit: Limit) -> Int {
        switch limit {
        case .inputBytes: inputBytes
        case .nestingDepth: nestingDepth
        case .stringBytes: stringBytes
        case .features: features
        case .vertices: vertices
        case .layers: layers
        case .sources: sources
        case .literalElements: literalElements
        case .outputPixels: outputPixels
        case .canvasBytes: canvasBytes
        case .labelCharacters: labelCharacters
        case .layoutLabelCharacters: layoutLabelCharacters
        case .renderLabelCharacters: renderLabelCharacters
        }
    }

    /// One of the limits, by name.
    public enum Limit: String, Sendable, Hashable, CaseIterable {
        case inputBytes, nestingDepth, stringBytes, features, vertices, layers, sources, literalElements, outputPixels
        case canvasBytes, labelCharacters, layoutLabelCharacters, renderLabelCharacters

        /// What is counted, in words ("input bytes").
        public var noun: String {
            switch self {
            case .inputBytes: "input bytes"
            case .nestingDepth: "levels of nesting"
            case .stringBytes: "string bytes"
            case .features: "features"
            case .vertices: "positions"
            case .layers: "layers"
            case .sources: "sources"
            case .literalElements: "elements"
            case .outputPixels: "device pixels"
            case .canvasBytes: "canvas bytes"
            case .labelCharacters, .layoutLabelCharacters, .renderLabelCharacters: "characters"
            }
        }

        /// The command-line flag that raises it, if there is one.
        public var flag: String? {
            switch self {
            case .inputBytes: "--max-input-bytes"
            default: nil
            }
        }
    }
}

/// An input larger than one of the ``Limits``: names the limit, its value and what was found.
public struct LimitExceeded: Error, Sendable, Hashable, CustomStringConvertible {
    /// The limit passed.
    public var limit: Limits.Limit
    /// Its value.
    public var maximum: Int
    /// The size found (or reached when reading stopped), if known.
    public var found: Int?
    /// What was being read or checked ("layers", "standard input", `layers[3].paint.circle-radius`).
    public var subject: String

    /// Creates the error.
    public init(_ limit: Limits.Limit, maximum: Int, found: Int? = nil, subject: String) {
        self.limit = limit
        self.maximum = maximum
        self.found = found
        self.subject = subject
    }

    public var description: String {
        let size = found.map { "has \($0) \(limit.noun)" } ?? "has more than \(maximum) \(limit.noun)"
        let raise = limit.flag.map { " (raise it with \($0))" } ?? ""
        return "\(subject) \(size); the limit is \(maximum) (Limits.\(limit.rawValue))\(raise)"
    }
}
