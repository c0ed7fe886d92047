package import Fonts
import Foundation
import JSON
package import MapStyle
package import TileSources

/// What a map's labels and icons are drawn with, loaded once per definition: the style's glyph PBFs
/// (``GlyphFiles``, replaced when `glyphs` changes), its `font-faces` (``FontFaceFiles``), installed fonts,
/// the faces that shape complex scripts (``MapShapingFaces``), its sprites (``SpriteFiles``, replaced when
/// `sprite` or the pixel ratio changes) and the images added at run time, converted once per change.
///
/// The engine's side of a map's resources: `Map` asks it for each frame's glyphs and images and for the
/// warnings about what could not be read. Safe to use from any thread: its state is guarded by a lock.
package final class MapResources: @unchecked Sendable {
    /// Reads glyphs, font faces, sprites and images (local files, `local://`, local servers, HTTP(S), offline).
    package let reader: ResourceReader
    /// Glyphs rasterized from installed fonts.
    package let installedGlyphs: InstalledFontGlyphs

    /// What was loaded, each with the definition it was loaded from.
    private struct State {
        /// The glyphs of the style's `glyphs` template, read once (replaced when the template changes).
        var glyphFiles: GlyphFiles?
        /// The style's `font-faces`, read once (replaced when the member changes).
        var fontFaceFiles: FontFaceFiles?
        /// The faces that shape complex scripts, kept while their parts stay.
        var shapingFaces: MapShapingFaces?
        /// The style's sprites, read once (replaced when `sprite` or the pixel ratio changes).
        var spriteFiles: SpriteFiles?
        /// Images added to the style at run time, converted once per change of that set.
        var addedImages: (revision: UInt64, images: [String: StyleImage])?
        /// What label layouts were made with (sprite, run-time images, glyphs) and its generation.
        var labelResources: (key: String, generation: UInt64) = ("", 0)
    }

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var state = State()

    /// Resources read through `reader`, with installed fonts as `clientFonts` says.
    package init(reader: ResourceReader, clientFonts: ClientFontOptions) {
        self.reader = reader
        installedGlyphs = InstalledFontGlyphs(options: clientFonts)
    }

    private func locked<T>(_ body: (inout State) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }

    // MARK: Glyphs and faces

    /// The style's glyphs, then installed fonts; nil when there are neither. `ideographicFallback` and
    /// `dictionaryLineBreaks` are the map's settings.
    package func glyphs(of style: Style, ideographicFallback: Settings.IdeographicFontFallback, dictionaryLineBreaks: Bool) -> MapGlyphs? {
        let files = glyphFiles(of: style)
        let faces = fontFaces(of: style)
        guard files != nil || faces != nil || installedGlyphs.options.fallsBackToInstalledFonts || ideographicFallback != .disabled else {
            return nil
        }
        let shaping = shapingFaces(style: faces, files: files)
        return MapGlyphs(files: files, installed: installedGlyphs, ideographicFallback: ideographicFallback,
                         complexText: ComplexTextOptions(faces: shaping, dictionaryLineBreaks: dictionaryLineBreaks),
                         shapingGeneration: shaping?.generation ?? 0)
    }

    /// The faces that shape complex scripts (the style's, then installed fonts'), kept while their parts stay.
    private func shapingFaces(style faces: FontFaceFiles?, files: GlyphFiles?) -> MapShapingFaces? {
        let installed = installedGlyphs.options.fallsBackToInstalledFonts ? InstalledShapingFaces.shared : nil
        guard faces != nil || installed != nil else { return nil }
        return locked { state in
            if let kept = state.shapingFaces, kept.style === faces, kept.files === files { return kept }
            let made = MapShapingFaces(style: faces, files: files, installed: installed)
            state.shapingFaces = made
            return made
        }
    }

    /// The faces of the style's current `font-faces`, or nil when it has none.
    private func fontFaces(of style: Style) -> FontFaceFiles? {
        guard let definition = style.fontFacesDefinition else { return nil }
        return locked { state in
            if let faces = state.fontFaceFiles, faces.definition == definition { return faces }
            let faces = FontFaceFiles(definition: definition, reader: reader)
            state.fontFaceFiles = faces
            return faces
        }
    }

    /// The glyphs of the style's current `glyphs` template, or nil when it has none.
    private func glyphFiles(of style: Style) -> GlyphFiles? {
        guard let template = style.glyphsURL else { return nil }
        return locked { state in
            if let files = state.glyphFiles, files.template == template { return files }
            let files = GlyphFiles(template: template, reader: reader)
            state.glyphFiles = files
            return files
        }
    }

    // MARK: Images

    /// The style's run-time images in the renderer's form.
    package func addedImages(of style: Style) -> [String: StyleImage] {
        let current = style.addedImages
        if let cached = locked({ $0.addedImages }), cached.revision == current.revision { return cached.images }
        let converted = MapImages.convert(current.images)
        locked { $0.addedImages = (current.revision, converted) }
        return converted
    }

    /// The style's sprite images for this pixel ratio, or nil when the style has no sprite.
    package func sprites(of style: Style, pixelRatio: Double) -> SpriteFiles? {
        guard let sprite = style.spriteDefinition else { return nil }
        let key = "\(sprite.serialized())@\(pixelRatio)"
        if let files = locked({ $0.spriteFiles }), files.key == key { return files }
        let files = SpriteFiles(sprite: sprite, pixelRatio: pixelRatio, reader: reader)
        locked { $0.spriteFiles = files }
        return files
    }

    // MARK: Layout generations and warnings

    /// A number that changes when what labels are laid out with changes: the sprite, the style's
    /// run-time images, its glyphs template, the installed-font settings (`ideographicFallback`), the faces
    /// that shape complex scripts (its `font-faces`) or how their lines break.
    package func generation(of style: Style, sprites: SpriteFiles?, glyphs: MapGlyphs?,
                            ideographicFallback: Settings.IdeographicFontFallback) -> UInt64 {
        let shaping = glyphs.map { "\($0.shapingGeneration)|\($0.complexText.dictionaryLineBreaks)" } ?? ""
        let key = "\(sprites?.key ?? "")|\(style.addedImages.revision)|\(style.glyphsURL ?? "")|\(ideographicFallback)|\(shaping)"
        return locked { state in
            if state.labelResources.key != key || state.labelResources.generation == 0 { state.labelResources = (key, Generations.next()) }
            return state.labelResources.generation
        }
    }

    /// The style's `font-faces` that could not be read or loaded, then the font stacks whose glyphs could not
    /// be read (the style's `glyphs`) or that no installed font covers (at `glyphs`, each stack once, however
    /// many labels and tiles asked for it): warnings with their JSON paths.
    package func warnings(of style: Style) -> [StyleWarning] {
        let (faces, files) = locked { ($0.fontFaceFiles, $0.glyphFiles) }
        let faceWarnings = faces.flatMap { style.fontFacesDefinition == $0.definition ? $0 : nil }?
            .problems.map { StyleWarning(path: $0.path, $0.message) } ?? []
        let current = files.flatMap { $0.template == style.glyphsURL ? $0 : nil }
        return faceWarnings + ((current?.problems ?? []) + installedGlyphs.problems).map { StyleWarning(path: "glyphs", $0) }
    }
}
