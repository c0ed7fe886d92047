import Mercator
import MercatorServer

/// What `mercator --version` prints: the version and what this build can do.
enum MercatorVersion {
    /// The release number.
    static let number = "0.40.0"

    /// "0.40.0 (traits: ICU, FreeType, LibJPEG; WebP: libwebp loaded)": the number, the package traits compiled in
    /// and whether libwebp, loaded at run time, is installed.
    static var text: String {
        let traits = PlatformFeature.allCases.filter(\.isAvailable).map(\.trait)
        let webp = ImageOutputFormat.webp.missingFeature == nil ? "libwebp loaded" : "libwebp not installed"
        return "\(number) (traits: \(traits.isEmpty ? "none" : traits.joined(separator: ", ")); WebP: \(webp))"
    }
}
