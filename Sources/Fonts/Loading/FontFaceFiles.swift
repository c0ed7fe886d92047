import Foundation
package import JSON
package import MapStyle
package import TileSources

/// A style's `font-faces`: each face's font file read through the map's resources (files, `local://`,
/// HTTP(S), the offline database) the first time a label of its font needs it, and opened once for
/// shaping (HarfBuzz) and drawing (FreeType). A face that cannot be read or opened is left out — its
/// characters are drawn from the glyph PBFs, as MapLibre Native draws them without the face — and
/// reported in ``problems`` with its JSON path.
package final class FontFaceFiles: ShapingFaceProviding, @unchecked Sendable {
    /// The `font-faces` member these faces were read from (the map replaces them when it changes).
    package let definition: JSONValue
    private let fonts: FontFaces
    private let reader: ResourceReader
    private let lock = NSLock()
    /// Guarded by `lock`: opened faces (or why not) by URL.
    private var opened: [String: Result<ShapingFace, FontFacesError>] = [:]
    /// Guarded by `lock`: the faces of each font stack asked for.
    private var stacks: [[String]: [(ranges: [ClosedRange<UInt32>], face: ShapingFace)]] = [:]
    /// Guarded by `lock`: faces that could not be loaded, in the order met.
    private var loadProblems: [FontFacesError] = []

    package init(definition: JSONValue, reader: ResourceReader) {
        self.definition = definition
        fonts = FontFaces(json: definition)
        self.reader = reader
    }

    /// What could not be read or loaded so far, each with its JSON path.
    package var problems: [FontFacesError] { fonts.problems + lock.withLock { loadProblems } }

    package func faces(for fontStack: [String]) -> [(ranges: [ClosedRange<UInt32>], face: ShapingFace)] {
        lock.withLock {
            if let cached = stacks[fontStack] { return cached }
            var out: [(ranges: [ClosedRange<UInt32>], face: ShapingFace)] = []
            for face in fonts.faces(for: fontStack) {
                if case .success(let shaping) = open(face) { out.append((face.ranges, shaping)) }
            }
            stacks[fontStack] = out
            return out
        }
    }

    /// The face of `face`'s URL, opened once (the lock is held).
    private func open(_ face: FontFaces.Face) -> Result<ShapingFace, FontFacesError> {
        if let done = opened[face.url] { return done }
        let result: Result<ShapingFace, FontFacesError>
        do {
            guard let data = try reader.data(face.url, kind: .glyphs) else {
                throw FontFacesError(path: "\(face.path).url", "\(face.url): no such font file")
            }
            do {
                result = .success(try ShapingFace.open(data: data, source: face.url))
            } catch {
                throw FontFacesError(path: "\(face.path).url", "\(face.url): \(error); its characters are drawn from the glyph PBFs")
            }
        } catch let failure as FontFacesError {
            result = .failure(failure)
        } catch let failure as ResourceReader.ReadFailure {
            result = .failure(FontFacesError(path: "\(face.path).url", failure.message))
        } catch {
            result = .failure(FontFacesError(path: "\(face.path).url", "\(face.url): \(error)"))
        }
        if case .failure(let problem) = result { loadProblems.append(problem) }
        opened[face.url] = result
        return result
    }
}
