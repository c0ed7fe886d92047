import Foundation
import Mercator

/// Sprite files are served only when they are sprites: the JSON an object of image entries
/// (`x`, `y`, `width`, `height` numbers), the image a PNG; never arbitrary files a style names.
enum SpriteCheck {
    /// The largest sprite file served.
    static let maximumBytes = 64 << 20

    /// The bytes of `path` when they are a sprite index (`json`) or a PNG sprite sheet.
    /// - Throws: ``ServerError`` 404 when the file is missing, too large, or not a sprite.
    static func read(_ path: String, json: Bool, style: String, name: String) throws(ServerError) -> Data {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let size = (attributes?[.size] as? NSNumber)?.intValue, attributes?[.type] as? FileAttributeType == .typeRegular else { throw .notFound("style \(style) has no \(name)") }
        guard size <= maximumBytes else { throw .notFound("style \(style): \(name) is larger than a sprite (\(maximumBytes) bytes)") }
        guard let data = FileManager.default.contents(atPath: path) else { throw .notFound("style \(style) has no \(name)") }
        if json {
            guard isIndex(data) else { throw .notFound("style \(style): \(name) is not a sprite index (a JSON object of images with x, y, width and height)") }
        } else {
            guard isPNG(data) else { throw .notFound("style \(style): \(name) is not a PNG image") }
        }
        return data
    }

    /// Whether `data` is a JSON object whose every value is an image entry.
    static func isIndex(_ data: Data) -> Bool {
        guard let object = (try? JSONValue(parsing: data))?.object else { return false }
        return object.allSatisfy { _, entry in
            ["x", "y", "width", "height"].allSatisfy { entry[$0]?.number != nil }
        }
    }

    /// Whether `data` starts with the PNG signature and an `IHDR` chunk.
    static func isPNG(_ data: Data) -> Bool {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return data.count > 24 && Array(data.prefix(8)) == signature && Array(data[data.startIndex + 12..<data.startIndex + 16]) == Array("IHDR".utf8)
    }
}
