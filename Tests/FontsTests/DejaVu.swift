import Fonts

/// DejaVu Sans from the system (Debian's fonts-dejavu-core, installed by `.ci/run`).
enum DejaVu {
    static let sansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    static func sans() throws -> FontFace {
        try FontFace(contentsOf: SystemFonts.font(named: "DejaVu Sans")?.path ?? sansPath)
    }
}
