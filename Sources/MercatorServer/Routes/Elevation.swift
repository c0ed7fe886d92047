import Foundation
import Hummingbird
import Mercator
import Rendering

/// tileserver-gl's elevation API for terrain data sets whose configuration gives `encoding` (`mapbox` or
/// `terrarium`): `GET /data/{id}/elevation/{z}/{x}/{y}` (integer `x`, `y`: the tile's centre; otherwise
/// longitude and latitude) and `POST /data/{id}/elevation` with `{"points": [{"lon", "lat", "z"}, …]}`.
enum Elevation {
    /// One point's answer.
    struct Sample {
        var lon: Double, lat: Double, z: Int, tileX: Int, tileY: Int, pixelX: Int, pixelY: Int
        var elevation: Double?
    }

    /// The most points one POST may ask for.
    static let maximumPoints = 1000

    /// The encoding of `set`.
    /// - Throws: ``ServerError`` 400 naming what the data set lacks.
    static func encoding(_ set: ServedData) throws(ServerError) -> String {
        guard let encoding = set.tileJSONOverrides["encoding"]?.string else {
            throw .badRequest("data \(set.id) has no elevation: give \"encoding\": \"mapbox\" or \"terrarium\" in its configuration")
        }
        guard encoding == "mapbox" || encoding == "terrarium" else { throw .badRequest("data \(set.id): encoding must be mapbox or terrarium (found \(encoding))") }
        guard set.format == "png" || set.format == "webp" else { throw .badRequest("data \(set.id) has \(set.format) tiles; elevation needs png or webp") }
        return encoding
    }

    /// The elevation at `lon`, `lat` read from the tile of zoom `z` (clamped to the data set's zooms).
    static func sample(_ set: ServedData, lon: Double, lat: Double, z: Int, encoding: String) throws(ServerError) -> Sample {
        let zoom = min(max(z, set.minZoom), set.maxZoom)
        let size = Double(set.tileJSONOverrides["tileSize"]?.number ?? 512)
        let sinY = min(max(sin(lat * .pi / 180), -0.9999), 0.9999)
        let worldX = size * (0.5 + lon / 360), worldY = size * (0.5 - log((1 + sinY) / (1 - sinY)) / (4 * .pi))
        let scale = Double(1 << zoom)
        let tileX = Int((worldX * scale / size).rounded(.down)), tileY = Int((worldY * scale / size).rounded(.down))
        let pixelX = Int((worldX * scale).rounded(.down)) - tileX * Int(size), pixelY = Int((worldY * scale).rounded(.down)) - tileY * Int(size)
        var result = Sample(lon: lon, lat: lat, z: zoom, tileX: tileX, tileY: tileY, pixelX: pixelX, pixelY: pixelY)
        let n = 1 << zoom
        guard (0..<n).contains(tileX), (0..<n).contains(tileY), let bytes = try set.tile(TileID(z: zoom, x: tileX, y: tileY)) else { return result }
        let image: RGBAImage
        do {
            image = try RasterDecoding.decode(bytes)
        } catch {
            throw ServerError(.internalServerError, "data \(set.id): tile \(zoom)/\(tileX)/\(tileY) does not decode: \(error)")
        }
        guard (0..<image.width).contains(pixelX), (0..<image.height).contains(pixelY) else { return result }
        let i = (pixelY * image.width + pixelX) * 4
        let r = Double(image.pixels[i]), g = Double(image.pixels[i + 1]), b = Double(image.pixels[i + 2])
        result.elevation = encoding == "mapbox" ? -10000 + (r * 65536 + g * 256 + b) * 0.1 : r * 256 + g + b / 256 - 32768
        return result
    }

    /// `GET /data/{id}/elevation/{z}/{x}/{y}`: 200 `{"long","lat","elevation","z","x","y","pixelX","pixelY"}`, 204 where the
    /// data set has no tile.
    static func get(_ set: ServedData, z: Substring, x: Substring, y: Substring, request: Request) throws(ServerError) -> Response {
        let encoding = try encoding(set)
        guard let zoom = Int(z), (0...TileID.maximumZoom).contains(zoom), let xv = Double(x), let yv = Double(y), xv.isFinite, yv.isFinite else {
            throw .badRequest("elevation is /data/{id}/elevation/{z}/{x}/{y}: an integer zoom and tile numbers or a longitude and latitude")
        }
        var lon = xv, lat = yv
        if let tx = Int(x), let ty = Int(y) {
            let n = 1 << zoom
            guard zoom >= set.minZoom, zoom <= set.maxZoom, (0..<n).contains(tx), (0..<n).contains(ty) else {
                throw .notFound("data \(set.id): tile \(zoom)/\(tx)/\(ty) is outside its zooms \(set.minZoom)-\(set.maxZoom) or the world")
            }
            lon = (Double(tx) + 0.5) / Double(n) * 360 - 180
            lat = atan(sinh(.pi * (1 - 2 * (Double(ty) + 0.5) / Double(n)))) * 180 / .pi
        } else {
            guard abs(lon) <= 180, abs(lat) <= 90 else { throw .badRequest("elevation: \(x),\(y) is not a longitude and latitude") }
        }
        let s = try sample(set, lon: lon, lat: lat, z: zoom, encoding: encoding)
        guard let elevation = s.elevation else { return Response(status: .noContent, headers: [.cacheControl: Responses.tileCache]) }
        let body: JSONValue = ["long": .double(s.lon), "lat": .double(s.lat), "elevation": .double(elevation), "z": .int(Int64(s.z)),
                               "x": .int(Int64(s.tileX)), "y": .int(Int64(s.tileY)), "pixelX": .int(Int64(s.pixelX)), "pixelY": .int(Int64(s.pixelY))]
        return Responses.json(body.serialized(), request: request, cacheControl: Responses.tileCache)
    }

    /// `POST /data/{id}/elevation`: `{"points": [{"lon", "lat", "z"}, …]}` to `[elevation or null, …]` in order.
    static func batch(_ set: ServedData, body: Data, request: Request) throws(ServerError) -> Response {
        let encoding = try encoding(set)
        let json: JSONValue
        do {
            json = try JSONValue(parsing: body)
        } catch {
            throw .badRequest("the body is not JSON: line \(error.location.line), column \(error.location.column): \(error.message)")
        }
        guard let points = json["points"]?.array, !points.isEmpty else { throw .badRequest("give {\"points\": [{\"lon\", \"lat\", \"z\"}, …]}") }
        guard points.count <= maximumPoints else { throw .badRequest("at most \(maximumPoints) points (found \(points.count))") }
        var out: [JSONValue] = []
        for (i, point) in points.enumerated() {
            guard let lon = point["lon"]?.number, let lat = point["lat"]?.number, let z = point["z"]?.number,
                  lon.isFinite, lat.isFinite, z.isFinite, abs(lon) <= 180, abs(lat) <= 90, z >= 0, z <= Double(TileID.maximumZoom) else {
                throw .badRequest("points[\(i)]: give finite lon (-180 to 180), lat (-90 to 90) and z (0 to \(TileID.maximumZoom))")
            }
            out.append(try sample(set, lon: lon, lat: lat, z: Int(z), encoding: encoding).elevation.map { .double($0) } ?? .null)
        }
        return Responses.json(JSONValue.array(out).serialized(), request: request)
    }
}
