public import GeoJSON
import Foundation

/// A tile URL template such as `https://example.com/tiles/{z}/{x}/{y}{ratio}.png`.
///
/// Placeholders (all optional): `{z}`, `{x}`, `{y}` (row flipped for the TMS scheme), `{quadkey}`,
/// `{bbox-epsg-3857}` (west,south,east,north in metres), `{ratio}` (`@2x` when the pixel ratio is
/// above 1, else empty) and `{prefix}` (two hex digits, `x % 16` then `y % 16`, for domain sharding).
/// An unknown `{token}` is left as written, as MapLibre Native does. `{quadkey}` and `{bbox-epsg-3857}`
/// always describe the tile itself, whatever the scheme.
public struct TileURLTemplate: Sendable, Hashable, CustomStringConvertible {
    /// The template text.
    public var template: String

    /// The placeholders this implementation understands.
    public static let placeholders = ["x", "y", "z", "bbox-epsg-3857", "quadkey", "ratio", "prefix"]

    /// Creates a template from its text.
    public init(_ template: String) {
        self.template = template
    }

    public var description: String { template }

    /// The placeholder names written in the template, in order (known or not).
    public var tokens: [String] {
        var out = [String]()
        forEachPart { part in
            if case .token(let t) = part { out.append(t) }
        }
        return out
    }

    /// Whether the template contains `{ratio}` (a source may then request high-resolution tiles).
    public var supportsRatio: Bool { template.contains("{ratio}") }

    /// The URL string for `tile`, with the given row scheme and device pixel ratio.
    public func url(for tile: TileID, scheme: TileScheme = .xyz, pixelRatio: Double = 1) -> String {
        let y = scheme == .tms ? tile.tmsY : tile.y
        var out = ""
        out.reserveCapacity(template.utf8.count + 16)
        forEachPart { part in
            switch part {
            case .text(let s): out += s
            case .token(let t):
                switch t {
                case "z": out += String(tile.z)
                case "x": out += String(tile.x)
                case "y": out += String(y)
                case "quadkey": out += tile.quadkey
                case "ratio": out += pixelRatio > 1 ? "@2x" : ""
                case "prefix":
                    let hex = Array("0123456789abcdef")
                    out.append(hex[((tile.x % 16) + 16) % 16])
                    out.append(hex[((y % 16) + 16) % 16])
                case "bbox-epsg-3857":
                    let b = WebMercator.meterBounds(of: tile)
                    out += [b.minX, b.minY, b.maxX, b.maxY].map(Self.format).joined(separator: ",")
                default: out += "{\(t)}"
                }
            }
        }
        return out
    }

    enum Part { case text(Substring), token(String) }

    /// Splits the template into literal text and `{token}`s (a token has no `{` or `}` inside).
    func forEachPart(_ body: (Part) -> Void) {
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(where: { $0 == "}" || $0 == "{" }) else { break }
            if rest[close] == "{" {
                body(.text(rest[..<close]))
                rest = rest[close...]
                continue
            }
            if open > rest.startIndex { body(.text(rest[..<open])) }
            body(.token(String(rest[afterOpen..<close])))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { body(.text(rest)) }
    }

    /// Shortest round-trip decimal, integers without a fraction (as MapLibre Native prints doubles).
    static func format(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return "\(v)"
    }
}
