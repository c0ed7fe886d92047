import Foundation
package import GeoJSON
import MapStyle
package import TileSources

/// A style's sprites, read from local files or over HTTP(S): each sprite's `.json` index and `.png` sheet (the
/// `@2x` pair on high-density maps, as MapLibre picks), cut into named images once, plus images
/// added at run time.
package final class SpriteFiles: ImageProvider, @unchecked Sendable {
    /// The sprite definition (`sprite` as a URL or an array of `{id, url}`) and pixel ratio read.
    package let key: String
    private let images: [String: StyleImage]
    /// Why a sprite could not be read (one sentence each).
    package let errors: [String]

    package init(sprite: JSONValue?, pixelRatio: Double, reader: ResourceReader) {
        key = "\(sprite?.serialized() ?? "")@\(pixelRatio)"
        var images: [String: StyleImage] = [:]
        var errors: [String] = []
        var sprites: [(id: String, url: String)] = []
        if let url = sprite?.string {
            sprites = [("default", url)]
        } else if case .array(let list)? = sprite {
            sprites = list.compactMap { entry in
                guard let id = entry["id"]?.string, let url = entry["url"]?.string else { return nil }
                return (id, url)
            }
        }
        for (id, url) in sprites {
            do {
                let sheet = try Self.load(url, highDensity: pixelRatio > 1, reader: reader)
                for (name, image) in sheet {
                    images[id == "default" ? name : "\(id):\(name)"] = image
                }
            } catch {
                errors.append("sprite \(url): \(error.message)")
            }
        }
        self.images = images
        self.errors = errors
    }

    package func image(named name: String) -> StyleImage? { images[name] }

    struct Failure: Error {
        var message: String
    }

    /// The images of one sprite: `@2x` files first on high-density maps, then the plain ones.
    private static func load(_ url: String, highDensity: Bool, reader: ResourceReader) throws(Failure) -> [String: StyleImage] {
        for suffix in highDensity ? ["@2x", ""] : [""] {
            let jsonName = url + suffix + ".json", pngName = url + suffix + ".png"
            let jsonData: Data?, pngData: Data?
            do {
                jsonData = try reader.data(jsonName, kind: .spriteJSON)
                pngData = try reader.data(pngName, kind: .spriteImage)
            } catch {
                throw Failure(message: error.message)
            }
            guard let jsonData, let pngData else { continue }
            let jsonFile = URL(fileURLWithPath: jsonName), pngFile = URL(fileURLWithPath: pngName)
            let index: JSONValue
            do {
                index = try JSONValue(parsing: jsonData)
            } catch {
                throw Failure(message: "\(jsonFile.lastPathComponent) is not JSON: \(error)")
            }
            let sheet: RGBAImage
            do {
                sheet = try RasterDecoding.decode(pngData)
            } catch {
                throw Failure(message: "\(pngFile.lastPathComponent): \(error)")
            }
            guard case .object(let entries) = index else { throw Failure(message: "\(jsonFile.lastPathComponent) is not an object of images") }
            var out: [String: StyleImage] = [:]
            for (name, entry) in entries {
                guard let x = entry["x"]?.number, let y = entry["y"]?.number,
                      let w = entry["width"]?.number, let h = entry["height"]?.number,
                      x >= 0, y >= 0, w > 0, h > 0, Int(x + w) <= sheet.width, Int(y + h) <= sheet.height else { continue }
                var pixels = [UInt8](repeating: 0, count: 4 * Int(w) * Int(h))
                for row in 0..<Int(h) {
                    let from = 4 * ((Int(y) + row) * sheet.width + Int(x))
                    pixels.replaceSubrange((4 * row * Int(w))..<(4 * (row + 1) * Int(w)), with: sheet.pixels[from..<(from + 4 * Int(w))])
                }
                func zones(_ key: String) -> [(Double, Double)] {
                    entry[key]?.array?.compactMap { pair in
                        guard let p = pair.array, p.count == 2, let a = p[0].number, let b = p[1].number else { return nil }
                        return (a, b)
                    } ?? []
                }
                let content = entry["content"]?.array?.compactMap(\.number)
                out[name] = StyleImage(image: RasterImage(RGBAImage(width: Int(w), height: Int(h), pixels: pixels)),
                                       pixelRatio: entry["pixelRatio"]?.number ?? 1, sdf: entry["sdf"]?.bool ?? false,
                                       stretchX: zones("stretchX"), stretchY: zones("stretchY"),
                                       content: content?.count == 4 ? (content![0], content![1], content![2], content![3]) : nil,
                                       textFitWidth: entry["textFitWidth"]?.string.flatMap(StyleImage.TextFit.init(rawValue:)),
                                       textFitHeight: entry["textFitHeight"]?.string.flatMap(StyleImage.TextFit.init(rawValue:)))
            }
            return out
        }
        throw Failure(message: "no \(url).json and \(url).png found")
    }
}
