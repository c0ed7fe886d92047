import GeoJSON
import Testing
@testable import MapStyle

/// The style's `font-faces` member as the renderer reads it: faces by font name, CSS unicode ranges,
/// and bad entries left out with their JSON path (never a throw: a bad face must not stop a map).
struct FontFacesTests {
    static func read(_ text: String) throws -> FontFaces {
        try #require(StyleDocument(json: JSONValue(parsing: text)).fontFaces)
    }

    @Test("the render suite's font-faces: three faces, 0x-prefixed range ends accepted")
    func suiteFaces() throws {
        let faces = try Self.read("""
        {"version": 8, "sources": {}, "layers": [], "font-faces": {"Noto Sans Regular": [
          {"url": "local://glyphs/Noto%20Sans%20Regular/khmer.ttf", "unicode-range": ["U+1780-17FF"]},
          {"url": "local://glyphs/Noto%20Sans%20Regular/myanmar.ttf", "unicode-range": ["U+1000-109F", "U+A9E0-0xA9FF", "U+AA60-0xAA7F"]},
          {"url": "local://glyphs/Noto%20Sans%20Regular/devanagari.ttf", "unicode-range": ["U+0900-097F", "U+A8E0-0xA8FF"]}]}}
        """)
        #expect(faces.problems.isEmpty)
        let noto = faces.faces(for: ["Noto Sans Regular"])
        #expect(noto.map(\.ranges) == [[0x1780...0x17FF], [0x1000...0x109F, 0xA9E0...0xA9FF, 0xAA60...0xAA7F],
                                       [0x0900...0x097F, 0xA8E0...0xA8FF]])
        #expect(noto[1].covers(0xA9E5) && !noto[1].covers(0x17FF))
        #expect(noto[0].path == "font-faces[\"Noto Sans Regular\"][0]")
        // a stack takes the faces of its first font that has some
        #expect(faces.faces(for: ["Open Sans", "Noto Sans Regular"]).count == 3)
        #expect(faces.faces(for: ["Open Sans"]).isEmpty)
    }

    @Test("a bare URL, or a face without unicode-range, covers every character")
    func wholeFonts() throws {
        let faces = try Self.read(#"{"version": 8, "sources": {}, "layers": [], "font-faces": {"A": "a.ttf", "B": [{"url": "b.otf"}]}}"#)
        #expect(faces.faces(for: ["A"]).first?.ranges == [0...0x10FFFF])
        #expect(faces.faces(for: ["B"]).first?.ranges == [0...0x10FFFF])
        #expect(faces.faces(for: ["A"]).first?.path == "font-faces[\"A\"]")
    }

    @Test("CSS unicode ranges: single code points, spans, wildcards; ranges sorted and merged")
    func ranges() throws {
        #expect(try FontFaces.unicodeRange("U+26") == 0x26...0x26)
        #expect(try FontFaces.unicodeRange("u+0-7f") == 0...0x7F)
        #expect(try FontFaces.unicodeRange("U+4??") == 0x400...0x4FF)
        #expect(try FontFaces.unicodeRange("U+??????") == 0...0x10FFFF)
        #expect(try FontFaces.unicodeRange("U+0x1000-0x109F") == 0x1000...0x109F)
        for bad in ["", "U+", "1780-17FF", "U+17G0", "U+20-10", "U+110000", "U+0-1234567", "U+4?5", "U+1-2-3"] {
            #expect(throws: FontFacesError.self, "\(bad)") { try FontFaces.unicodeRange(bad) }
        }
        #expect(FontFaces.merged([0x20...0x30, 0x10...0x1F, 0x25...0x40, 0x50...0x60]) == [0x10...0x40, 0x50...0x60])
    }

    @Test("bad entries are left out with their JSON path and a message a style author can act on")
    func problems() throws {
        let faces = try Self.read("""
        {"version": 8, "sources": {}, "layers": [], "font-faces": {
          "Noto Sans Regular": [{"url": "k.ttf", "unicode-range": ["U+1780-17FF", "17FF"]}, {"unicode-range": ["U+0-FF"]},
                                {"url": "x.ttf", "unicode-range": ["nope"]}, 7, {"url": "y.ttf", "unicode-range": "U+0-FF"}],
          "Unifont": 42}}
        """)
        #expect(faces.problems.map(\.path) == [
            "font-faces[\"Noto Sans Regular\"][0].unicode-range[1]",
            "font-faces[\"Noto Sans Regular\"][1].url",
            "font-faces[\"Noto Sans Regular\"][2].unicode-range[0]",
            "font-faces[\"Noto Sans Regular\"][3]",
            "font-faces[\"Noto Sans Regular\"][4].unicode-range",
            "font-faces[\"Unifont\"]",
        ])
        #expect(faces.problems[0].message.contains("\"17FF\" is not a unicode range"))
        #expect(faces.problems[1].message.contains("URL"))
        // the good part of the first face stays; a face whose every range is bad draws nothing
        #expect(faces.faces(for: ["Noto Sans Regular"]).map(\.url) == ["k.ttf"])
        #expect(try Self.read(#"{"version": 8, "sources": {}, "layers": [], "font-faces": []}"#).problems.map(\.path) == ["font-faces"])
    }
}

/// Hostile `font-faces`: whatever the member holds, reading it ends, and every face it keeps is well formed.
struct FontFacesGarbageTests {
    @Test("random ranges and shapes of the member never crash, hang or keep a malformed face")
    func garbage() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        let pieces = ["U+", "u+", "0x", "-", "?", "??????", "10FFFF", "110000", "FFFFFFFF", "1780", "17FF", " ", ",", "G", "", "0"]
        for _ in 0..<2_000 {
            let text = (0..<Int(next() % 5)).map { _ in pieces[Int(next() % UInt64(pieces.count))] }.joined()
            if let range = try? FontFaces.unicodeRange(text) {
                #expect(range.upperBound <= 0x10FFFF, "\(text)")
            }
        }
        let values: [JSONValue] = [.null, true, 3, "x", [], [:], [[:]], [["url": 1]], [["url": "a", "unicode-range": [1, .null, ["U+1"]]]],
                                   ["F": [["url": "a", "unicode-range": .array(Array(repeating: "U+0-10FFFF", count: 10_000))]]]]
        for value in values {
            let faces = FontFaces(json: ["F": value])
            for face in faces.fonts.values.flatMap({ $0 }) {
                #expect(!face.url.isEmpty && !face.ranges.isEmpty && face.ranges.allSatisfy { $0.upperBound <= 0x10FFFF })
            }
            _ = FontFaces(json: value)
        }
    }
}
