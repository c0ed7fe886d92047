/// Bing Maps quadkeys: one base-4 digit per zoom level, most significant first.
extension TileID {
    /// The quadkey of this tile (`""` at zoom 0). Digit = 1 for the east half plus 2 for the south half.
    public var quadkey: String {
        guard z > 0 else { return "" }
        var digits = [UInt8]()
        digits.reserveCapacity(z)
        for i in stride(from: z, through: 1, by: -1) {
            let mask = 1 << (i - 1)
            var d: UInt8 = 48  // "0"
            if x & mask != 0 { d += 1 }
            if y & mask != 0 { d += 2 }
            digits.append(d)
        }
        return String(decoding: digits, as: UTF8.self)
    }

    /// The tile a quadkey names; `nil` for a character other than 0-3 or a key longer than
    /// ``TileID/maximumZoom``. The empty key is tile 0/0/0.
    public init?(quadkey: some StringProtocol) {
        let utf8 = Array(quadkey.utf8)
        guard utf8.count <= TileID.maximumZoom else { return nil }
        var x = 0, y = 0
        for c in utf8 {
            guard c >= 48, c <= 51 else { return nil }
            let d = Int(c - 48)
            x = (x << 1) | (d & 1)
            y = (y << 1) | (d >> 1)
        }
        self.init(z: utf8.count, x: x, y: y)
    }
}
