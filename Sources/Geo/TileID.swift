/// A tile address in the XYZ scheme: zoom `z`, column `x` (west to east) and row `y` (north to south).
///
/// Zoom 0 is one tile covering the world; each zoom splits every tile into four. A tile is *valid*
/// when `0 <= z <= TileID.maximumZoom` and `0 <= x, y < 2^z`.
public struct TileID: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The deepest zoom a tile address may have.
    public static let maximumZoom = 30

    /// The zoom level.
    public var z: Int
    /// The column, from the antimeridian eastward.
    public var x: Int
    /// The row, from the north edge southward.
    public var y: Int

    /// Creates a tile address without checking it (see ``isValid``).
    @inlinable
    public init(z: Int, x: Int, y: Int) {
        self.z = z
        self.x = x
        self.y = y
    }

    /// Creates a tile address, or `nil` when it is not valid.
    public init?(validating z: Int, x: Int, y: Int) {
        self.init(z: z, x: x, y: y)
        guard isValid else { return nil }
    }

    /// Parses `"Z/X/Y"` (as in `14/8185/5449`); `nil` when malformed or not valid.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let z = Int(parts[0]), let x = Int(parts[1]), let y = Int(parts[2]) else {
            return nil
        }
        self.init(validating: z, x: x, y: y)
    }

    /// The number of tiles along each axis at this zoom: `2^z`.
    public var dimension: Int { z >= 0 && z < 63 ? 1 << z : 0 }

    /// Whether the zoom is within `0...maximumZoom` and `x` and `y` are within `0 ..< 2^z`.
    public var isValid: Bool {
        guard z >= 0, z <= Self.maximumZoom else { return false }
        let n = 1 << z
        return x >= 0 && x < n && y >= 0 && y < n
    }

    /// The tile one zoom up that contains this one; `nil` at zoom 0.
    public var parent: TileID? {
        guard z > 0 else { return nil }
        return TileID(z: z - 1, x: x >> 1, y: y >> 1)
    }

    /// The ancestor at `zoom` (which must not exceed `z`); `nil` when `zoom` is out of range.
    public func ancestor(atZoom zoom: Int) -> TileID? {
        guard zoom >= 0, zoom <= z else { return nil }
        let d = z - zoom
        return TileID(z: zoom, x: x >> d, y: y >> d)
    }

    /// The four tiles one zoom down, in the order top-left, top-right, bottom-left, bottom-right.
    public var children: [TileID] {
        let cx = x * 2, cy = y * 2, cz = z + 1
        return [
            TileID(z: cz, x: cx, y: cy), TileID(z: cz, x: cx + 1, y: cy),
            TileID(z: cz, x: cx, y: cy + 1), TileID(z: cz, x: cx + 1, y: cy + 1),
        ]
    }

    /// Whether `other` is this tile or lies inside it at the same or a deeper zoom.
    public func contains(_ other: TileID) -> Bool {
        guard other.z >= z else { return false }
        let d = other.z - z
        return other.x >> d == x && other.y >> d == y
    }

    /// The row counted from the south edge, as the TMS scheme numbers rows.
    public var tmsY: Int { dimension - 1 - y }

    /// The same tile with `x` wrapped into `0 ..< 2^z` (for tiles east or west of the world copy).
    public var wrapped: TileID {
        let n = dimension
        guard n > 0 else { return self }
        return TileID(z: z, x: ((x % n) + n) % n, y: y)
    }

    /// `"z/x/y"`.
    public var description: String { "\(z)/\(x)/\(y)" }

    /// Orders by zoom, then row, then column.
    public static func < (a: TileID, b: TileID) -> Bool {
        if a.z != b.z { return a.z < b.z }
        if a.y != b.y { return a.y < b.y }
        return a.x < b.x
    }
}
