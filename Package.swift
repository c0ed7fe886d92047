// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Mercator",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Mercator", targets: ["Mercator"]),
        .executable(name: "mercator", targets: ["mercator"]),
        .executable(name: "mercator-bench", targets: ["mercator-bench"]),
    ],
    // Optional system parts, all enabled by default. `swift build --disable-default-traits` builds without
    // them (and so where those libraries do not exist): the features they carry then throw a
    // "not available in this build" error. On Apple platforms they are never linked (seams in
    // Rendering/Platform and Fonts/Platform).
    traits: [
        .trait(name: "ICU", description: "Right-to-left labels: bidi line order and Arabic shaping through the system's ICU (libicu-dev)."),
        .trait(name: "FreeType", description: "Installed fonts: discovery through fontconfig and glyph rasterising through FreeType (libfontconfig-dev, libfreetype-dev)."),
        .trait(name: "LibJPEG", description: "JPEG raster tiles and images through the system's libjpeg (libjpeg62-turbo-dev)."),
        .default(enabledTraits: ["ICU", "FreeType", "LibJPEG"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.24.0"),
        // `swift package generate-documentation` for the DocC catalogs (a command plugin: nothing is built with it)
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .target(name: "JSON"),
        // The geographic foundation: Web Mercator, tile ids, world rectangles (no dependencies).
        .target(name: "Geo", dependencies: ["CMercatorMath"]),
        .target(name: "GeoJSON", dependencies: ["JSON", "Geo"]),
        .target(name: "Expressions", dependencies: ["GeoJSON"]),
        .target(name: "FormatStrings", dependencies: ["Expressions"]),
        .target(name: "CMercatorPrefetch"),
        // The C library's `sincos` (a GNU extension Swift's Glibc module does not import).
        .target(name: "CMercatorMath", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(name: "Tiling", dependencies: ["Geo", "GeoJSON", "CMercatorPrefetch", "MercatorCompression"]),
        .target(name: "MapStyle", dependencies: ["Expressions", "FormatStrings", "Tiling"]),
        .systemLibrary(name: "CMercatorZlib", path: "Sources/CMercatorZlib"),
        // The one zlib wrapper: PNG, gzip tiles and directories, offline-database bodies, HTTP bodies.
        .target(name: "MercatorCompression", dependencies: ["CMercatorZlib"]),
        // JPEG through libjpeg (headers in the base image), WebP through libwebp loaded at run time.
        .target(name: "CMercatorImageCodecs",
                cSettings: [.define("MERCATOR_LIBJPEG", .when(platforms: [.linux], traits: ["LibJPEG"]))],
                linkerSettings: [.linkedLibrary("jpeg", .when(platforms: [.linux], traits: ["LibJPEG"])),
                                 .linkedLibrary("dl", .when(platforms: [.linux]))]),
        .systemLibrary(name: "CMercatorFreeType", path: "Sources/CMercatorFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CMercatorFontconfig", path: "Sources/CMercatorFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        // ICU on Linux with the ICU trait; the C file is empty otherwise (SwiftPM builds every target, used or not).
        .target(name: "CMercatorBidi",
                cSettings: [.define("MERCATOR_ICU", .when(platforms: [.linux], traits: ["ICU"]))],
                linkerSettings: [.linkedLibrary("icuuc", .when(platforms: [.linux], traits: ["ICU"]))]),
        // HarfBuzz shaping, loaded at run time (the base image has the library, not its headers)
        .target(name: "CMercatorHarfBuzz", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
        // All of text, below Rendering: glyph PBFs, shaping (HarfBuzz loaded at run time), bidi and line breaks
        // (ICU with the ICU trait), installed fonts (FreeType and fontconfig on Linux with the FreeType trait;
        // elsewhere the module builds without them: Core Text is the Apple seam still to write, Fonts/Platform),
        // and the loading of a style's glyphs and font faces (TileSources' ResourceReader).
        .target(name: "Fonts", dependencies: ["MapStyle", "Tiling", "TileSources", "CMercatorHarfBuzz",
                                              .target(name: "CMercatorBidi", condition: .when(platforms: [.linux], traits: ["ICU"])),
                                              .target(name: "CMercatorFreeType", condition: .when(platforms: [.linux], traits: ["FreeType"])),
                                              .target(name: "CMercatorFontconfig", condition: .when(platforms: [.linux], traits: ["FreeType"]))]),
        .target(name: "Rendering", dependencies: ["Geo", "MapStyle", "Tiling", "TileSources", "Fonts", "MercatorCompression", "CMercatorImageCodecs", "CMercatorPrefetch", "CMercatorMath"]),
        .target(name: "MercatorHTTP", dependencies: ["MercatorCompression"]),
        .target(name: "TileSources", dependencies: ["MapStyle", "Tiling", "MercatorHTTP", "MercatorCompression", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "OfflineStorage", dependencies: ["GeoJSON", "Tiling", "TileSources", "MercatorHTTP", "MercatorCompression",
                                                      .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "Venues", dependencies: ["GeoJSON", "Tiling", "MercatorHTTP", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .target(name: "Mercator", dependencies: ["Geo", "GeoJSON", "Expressions", "FormatStrings", "Tiling", "MapStyle", "TileSources", "OfflineStorage", "Rendering", "Fonts", "Venues"]),
        // Render/Vendor: fixtures the render suite names but the shared set lacks (read from the source tree)
        .target(name: "MercatorConformance", dependencies: ["Mercator"], exclude: ["Render/Vendor"]),
        .target(
            name: "MercatorServer",
            dependencies: [
                "Mercator",
                "TileSources",
                "Tiling",
                "MercatorCompression",
                "MercatorHTTP",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Resources/viewer"), .copy("Resources/styles")]
        ),
        .executableTarget(
            name: "mercator",
            dependencies: ["Mercator", "MercatorConformance", "MercatorServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "mercator-bench",
            dependencies: ["Mercator", "Geo", "MercatorTestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(name: "MercatorTestSupport", path: "Sources/MercatorTestSupport"),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "MercatorTestSupport"]),
        .testTarget(name: "GeoTests", dependencies: ["Geo"]),
        .testTarget(name: "MercatorCompressionTests", dependencies: ["MercatorCompression"]),
        .testTarget(name: "GeoJSONTests", dependencies: ["GeoJSON", "MercatorTestSupport"]),
        .testTarget(
            name: "ExpressionsTests",
            dependencies: ["Expressions", "MercatorConformance", "MercatorTestSupport"],
            exclude: ["Fixtures/README.md"],
            resources: [.copy("Fixtures/upstream-extra.jsonl"), .copy("Fixtures/upstream-filter-extra.jsonl")]
        ),
        .testTarget(
            name: "VenuesTests",
            dependencies: ["Venues", "GeoJSON", "MercatorTestSupport", .product(name: "ZIPFoundation", package: "ZIPFoundation")]
        ),
        .testTarget(name: "FormatStringsTests", dependencies: ["FormatStrings", "GeoJSON", "MercatorConformance", "MercatorTestSupport"]),
        .testTarget(name: "MapStyleTests", dependencies: ["MapStyle", "MercatorConformance", "MercatorTestSupport"]),
        .testTarget(name: "MercatorTests", dependencies: ["Mercator", "MercatorConformance", "MercatorTestSupport"],
                    resources: [.copy("Fixtures")]),
        .testTarget(
            name: "TilingTests",
            dependencies: ["Tiling", "MercatorCompression", "MercatorTestSupport"],
            resources: [.copy("Fixtures/mvt-expected.json")]
        ),
        .testTarget(name: "TileSourcesTests", dependencies: ["TileSources", "MapStyle", "MercatorTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "OfflineStorageTests", dependencies: ["OfflineStorage", "Mercator", "MercatorHTTP", "MercatorTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "MercatorHTTPTests", dependencies: ["MercatorHTTP", "MercatorTestSupport"]),
        .testTarget(name: "FontsTests", dependencies: ["Fonts", "MapStyle", "MercatorTestSupport"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "Fonts", "MapStyle", "GeoJSON", "Tiling", "TileSources", "MercatorCompression", "MercatorTestSupport"]),
        .testTarget(name: "MercatorCLITests", dependencies: ["mercator", "Rendering", "MercatorTestSupport", "TileSources", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "MercatorServerTests",
            dependencies: ["MercatorServer", "Mercator", "MercatorCompression", "MercatorTestSupport", .product(name: "HummingbirdTesting", package: "hummingbird"),
                           .product(name: "NIOFoundationCompat", package: "swift-nio"),
                           .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

/// The strictness every Swift target is compiled with (issue 38): existentials spelled `any P`, each file importing
/// every module whose members it uses, and imports internal unless a file says `public import` (which only a
/// public signature needing the module justifies).
let strictness: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]
for target in package.targets where !target.name.hasPrefix("CMercator") {
    target.swiftSettings = (target.swiftSettings ?? []) + strictness
}
