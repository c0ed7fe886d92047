import Testing
@testable import Fonts

/// The seams' choice per build: what each feature does with and without its trait.
@Suite struct PlatformFeatureTests {
    @Test("every feature names its trait, and its error says how to enable it")
    func errorsNameTheTrait() {
        for feature in PlatformFeature.allCases {
            let message = "\(PlatformFeatureUnavailable(feature))"
            #expect(message.contains("not available in this build"))
            #expect(message.contains("`\(feature.trait)` trait"))
        }
        #expect(Set(PlatformFeature.allCases.map(\.trait)) == ["ICU", "FreeType", "LibJPEG"])
    }

    @Test("without ICU, right-to-left text keeps its logical order and is not a supported script",
          .enabled(if: !PlatformFeature.rightToLeftText.isAvailable, "this build has right-to-left text (the ICU trait is on)"))
    func noRightToLeft() {
        #expect(throws: PlatformFeatureUnavailable(.rightToLeftText)) { try UnavailableBidirectionalText().shapingArabic(Array("مكتبة".utf16)) }
        let hebrew = Array("שלום".unicodeScalars.map(\.value))
        #expect(BidiText.visualLines(hebrew, lines: [0..<4]).map { $0.map(\.index) } == [[0, 1, 2, 3]])
        #expect(BidiText.shapingArabic("مكتبة") == "مكتبة")
        #expect(!ScriptSupport.isSupported("שלום"))
        #expect(ScriptSupport.isSupported("Toronto"))
    }

    @Test("with ICU, right-to-left scripts are supported",
          .enabled(if: PlatformFeature.rightToLeftText.isAvailable, "needs right-to-left text (the ICU trait)"))
    func rightToLeft() {
        #expect(ScriptSupport.isSupported("שלום"))
        #expect(ScriptSupport.isSupported("مكتبة"))
    }
}
