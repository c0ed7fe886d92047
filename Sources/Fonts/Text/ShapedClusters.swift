/// The parts of a label's logical text that font faces draw (a style's `font-faces`, installed fonts):
/// runs of one face, one script and one direction, each shaped by HarfBuzz and cut into clusters —
/// the glyphs that stand for a group of characters (a Khmer consonant with its subscript, a
/// Devanagari conjunct with its vowel sign) and move as one when lines break or labels follow a line.
///
/// Characters no face covers are left to the glyph PBFs (`clusterOf` is -1 for them).
struct ShapedClusters {
    /// One cluster: characters `start..<end` of the logical text, drawn by `glyphs` of the flat list.
    struct Cluster {
        var start: Int
        var end: Int
        var glyphs: Range<Int>
        /// The pen advance in pixels at 24 px (without letter spacing).
        var advance: Double
    }

    /// One glyph of a cluster: its SDF glyph and where it sits from the cluster's pen position (24 px, y down).
    struct ClusterGlyph {
        var glyph: Glyph
        var dx: Double
        var dy: Double
    }

    /// For each character of the text, its cluster, or -1 when the glyph PBFs draw it.
    private(set) var clusterOf: [Int32]
    private(set) var clusters: [Cluster] = []
    private(set) var glyphs: [ClusterGlyph] = []

    /// This build's scripts (ICU, or HarfBuzz's data without it).
    static let segmenter = PlatformTextSegmenter()

    private static let common: UInt32 = 0x5A79_7979     // 'Zyyy'
    private static let inherited: UInt32 = 0x5A69_6E68  // 'Zinh'
    private static let unknown: UInt32 = 0x5A7A_7A7A    // 'Zzzz'

    /// Whether a script joins the run around it (punctuation, digits shared by scripts, marks).
    private static func isNeutral(_ script: UInt32) -> Bool {
        script == 0 || script == common || script == inherited || script == unknown
    }

    /// The cluster of character `index`, or nil when the glyph PBFs draw it.
    @inline(__always) func cluster(at index: Int) -> Int? {
        let k = clusterOf[index]
        return k < 0 ? nil : Int(k)
    }

    /// Shapes the characters of `chars` (scalar, section) that a face of their section's font stack
    /// covers; nil when none is covered.
    init?(chars: [(UInt32, Int)], sections: [TextShaping.Section], faces: any ShapingFaceProviding) {
        // each section's faces, looked up once
        let tables: [[(ranges: [ClosedRange<UInt32>], face: ShapingFace)]] = sections.map {
            $0.image == nil && !$0.fontStack.isEmpty ? faces.faces(for: $0.fontStack) : []
        }
        guard tables.contains(where: { !$0.isEmpty }) else { return nil }
        func face(_ i: Int) -> ShapingFace? {
            let (c, s) = chars[i]
            for entry in tables[s] {
                for r in entry.ranges where r.contains(c) { return entry.face }
            }
            return nil
        }
        // most labels of most maps have no character a face covers: find out before allocating anything
        guard var i = chars.indices.first(where: { face($0) != nil }) else { return nil }
        clusterOf = [Int32](repeating: -1, count: chars.count)
        var any = false
        while i < chars.count {
            guard let runFace = face(i) else {
                i += 1
                continue
            }
            var script = Self.segmenter.script(of: chars[i].0)
            var j = i + 1
            while j < chars.count, chars[j].1 == chars[i].1, let f = face(j), f === runFace {
                let s = Self.segmenter.script(of: chars[j].0)
                if !Self.isNeutral(s) {
                    if Self.isNeutral(script) {
                        script = s
                    } else if s != script {
                        break
                    }
                }
                j += 1
            }
            shapeRun(chars, i..<j, face: runFace, script: Self.isNeutral(script) ? 0 : script)
            any = true
            i = j
        }
        guard any else { return nil }
    }

    /// Shapes characters `run` with `face` and records its clusters.
    private mutating func shapeRun(_ chars: [(UInt32, Int)], _ run: Range<Int>, face: ShapingFace, script: UInt32) {
        var units: [UInt16] = []
        units.reserveCapacity(run.count + 4)
        // the character each UTF-16 unit belongs to
        var characterOfUnit: [Int] = []
        characterOfUnit.reserveCapacity(run.count + 4)
        for index in run {
            let c = chars[index].0
            if c > 0xFFFF {
                let v = c - 0x10000
                units.append(UInt16(0xD800 + (v >> 10)))
                units.append(UInt16(0xDC00 + (v & 0x3FF)))
                characterOfUnit.append(index)
                characterOfUnit.append(index)
            } else {
                units.append(UInt16(c))
                characterOfUnit.append(index)
            }
        }
        let rightToLeft = script != 0 && HarfBuzzFont.isRightToLeft(script: script)
        let shaped = face.shape(units, script: script, rightToLeft: rightToLeft)
        guard !shaped.isEmpty else { return }
        let firstCluster = Int32(clusters.count)
        // cluster starts in logical order: each cluster ends where the next one starts
        var starts: [Int] = []
        starts.reserveCapacity(shaped.count)
        for g in shaped where g.cluster < characterOfUnit.count {
            let c = characterOfUnit[g.cluster]
            if starts.last != c { starts.append(c) }
        }
        starts.sort()
        var g = 0
        while g < shaped.count {
            let value = shaped[g].cluster
            var h = g + 1
            while h < shaped.count, shaped[h].cluster == value { h += 1 }
            guard value < characterOfUnit.count else {
                g = h
                continue
            }
            let start = characterOfUnit[value]
            // the first start after this one (binary search: a pathological label may have thousands)
            var lo = 0, hi = starts.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if starts[mid] <= start { lo = mid + 1 } else { hi = mid }
            }
            let end = lo < starts.count ? starts[lo] : run.upperBound
            let first = glyphs.count
            var pen = 0.0
            for k in g..<h {
                let fg = shaped[k]
                // glyph 0 is the font's .notdef: MapLibre Native draws nothing for it
                if fg.glyphID != 0, let glyph = face.glyph(fg.glyphID) {
                    glyphs.append(ClusterGlyph(glyph: glyph, dx: pen + fg.xOffset, dy: fg.yOffset))
                }
                pen += fg.advance
            }
            let k = Int32(clusters.count)
            clusters.append(Cluster(start: start, end: end, glyphs: first..<glyphs.count, advance: pen))
            for index in start..<end where clusterOf[index] < 0 { clusterOf[index] = k }
            g = h
        }
        // characters HarfBuzz merged into no cluster (none expected) stay with the previous one
        for index in run where clusterOf[index] < 0 {
            clusterOf[index] = index > run.lowerBound ? clusterOf[index - 1] : firstCluster
        }
    }
}
