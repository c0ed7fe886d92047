/// Google's Encoded Polyline Algorithm Format (`enc:` paths of static images, as tileserver-gl reads them):
/// latitude and longitude at 1e-5 degrees, each point a zigzag-encoded delta in 5-bit groups offset by 63.
enum EncodedPolyline {
    /// The points of `text` as (longitude, latitude).
    /// - Throws: ``ServerError`` 400 naming the character offset of a malformed or truncated value.
    static func decode(_ text: Substring, maxPoints: Int = 10_000) throws(ServerError) -> [(lon: Double, lat: Double)] {
        let bytes = Array(text.utf8)
        var points: [(lon: Double, lat: Double)] = []
        var i = 0, lat = 0, lon = 0
        func value() throws(ServerError) -> Int {
            var result = 0, shift = 0
            while true {
                guard i < bytes.count else { throw .badRequest("path enc: the polyline ends inside a value (character \(i))") }
                let b = Int(bytes[i]) - 63
                guard (0..<64).contains(b) else { throw .badRequest("path enc: character \(i) is not polyline data (found \"\(Character(UnicodeScalar(bytes[i])))\")") }
                guard shift <= 30 else { throw .badRequest("path enc: a value at character \(i) is too long") }
                i += 1
                result |= (b & 0x1f) << shift
                shift += 5
                if b < 0x20 { break }
            }
            return result & 1 != 0 ? ~(result >> 1) : result >> 1
        }
        while i < bytes.count {
            lat += try value()
            lon += try value()
            points.append((Double(lon) / 1e5, Double(lat) / 1e5))
            guard points.count <= maxPoints else { throw .badRequest("path enc: more than \(maxPoints) points") }
        }
        return points
    }
}
