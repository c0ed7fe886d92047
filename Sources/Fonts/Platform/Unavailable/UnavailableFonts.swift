package import Foundation

/// No installed fonts in this build: every call throws ``FontError/notAvailable(_:)``.
package struct UnavailableFontDiscovery: FontDiscovering {
    package init() {}

    package func installedFonts() throws(FontError) -> [InstalledFont] {
        throw .notAvailable(PlatformFeatureUnavailable(.installedFonts))
    }

    package func bestMatch(for name: String, containing codePoint: UInt32?) throws(FontError) -> InstalledFont? {
        throw .notAvailable(PlatformFeatureUnavailable(.installedFonts))
    }
}

/// No font rasteriser in this build: opening a face throws ``FontError/notAvailable(_:)``.
package final class UnavailableFontFace: FontRasterizing {
    package init(contentsOf path: String, index: Int, pixelSize: Int) throws(FontError) {
        throw .notAvailable(PlatformFeatureUnavailable(.installedFonts))
    }

    package var familyName: String { "" }
    package var styleName: String { "" }
    package var postScriptName: String? { nil }
    package func hasGlyph(_ codePoint: UInt32) -> Bool { false }
    package var codePoints: [UInt32] { [] }
    package func render(_ codePoint: UInt32) -> RenderedGlyph? { nil }

    package init(data: Data, name: String, index: Int, pixelSize: Int) throws(FontError) {
        throw .notAvailable(PlatformFeatureUnavailable(.installedFonts))
    }

    package func render(glyphIndex: UInt32, hinted: Bool) -> RenderedGlyph? { nil }
}
