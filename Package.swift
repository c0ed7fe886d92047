// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Mercator",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "Mercator", targets: ["Mercator"]),
        .executable(name: "mercator", targets: ["mercator"]),
        .executable(name: "mercator-bench", targets: ["mercator-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.19"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    ],
    targets: [
        .target(name: "JSON"),
        .target(name: "GeoJSON", dependencies: ["JSON"]),
        .target(name: "Expressions", dependencies: ["GeoJSON"]),
        .target(name: "FormatStrings", dependencies: ["Expressions"]),
        .target(name: "CMercatorPrefetch"),
        .target(name: "Tiling", dependencies: ["GeoJSON", "CMercatorPrefetch", "CMercatorZlib"]),
        .target(name: "MapStyle", dependencies: ["Expressions", "FormatStrings", "Tiling"]),
        .systemLibrary(name: "CMercatorZlib", path: "Sources/CMercatorZlib"),
        // JPEG through libjpeg (headers in the base image), WebP through libwebp loaded at run time.
        .target(name: "CMercatorImageCodecs",
                linkerSettings: [.linkedLibrary("jpeg", .when(platforms: [.linux])), .linkedLibrary("dl", .when(platforms: [.linux]))]),
        .systemLibrary(name: "CMercatorFreeType", path: "Sources/CMercatorFreeType", pkgConfig: "freetype2",
                       providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CMercatorFontconfig", path: "Sources/CMercatorFontconfig", pkgConfig: "fontconfig",
                       providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "CMercatorBidi", linkerSettings: [.linkedLibrary("icuuc")]),
        .target(name: "Rendering", dependencies: ["MapStyle", "Tiling", "CMercatorZlib", "CMercatorImageCodecs", "CMercatorBidi"]),
        .target(name: "MercatorHTTP", dependencies: ["Tiling"]),
        .target(name: "TileSources", dependencies: ["MapStyle", "Tiling", "MercatorHTTP", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "OfflineStorage", dependencies: ["GeoJSON", "Tiling", "TileSources", "MercatorHTTP", "CMercatorZlib",
                                                      .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "Venues", dependencies: ["GeoJSON", "Tiling", "MercatorHTTP", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        // FreeType and fontconfig on Linux; on Apple platforms the module builds without them (no installed fonts yet: Core Text is to come)
        .target(name: "Fonts", dependencies: ["Rendering", "MapStyle", "Tiling",
                                              .target(name: "CMercatorFreeType", condition: .when(platforms: [.linux])),
                                              .target(name: "CMercatorFontconfig", condition: .when(platforms: [.linux]))]),
        .target(name: "Mercator", dependencies: ["GeoJSON", "Expressions", "FormatStrings", "Tiling", "MapStyle", "TileSources", "OfflineStorage", "Rendering", "Fonts", "Venues"]),
        .target(name: "MercatorConformance", dependencies: ["Mercator"]),
        .target(
            name: "MercatorServer",
            dependencies: [
                "Mercator",
                "TileSources",
                "Tiling",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Resources/viewer")]
        ),
        .executableTarget(
            name: "mercator",
            dependencies: ["Mercator", "MercatorConformance", "MercatorServer", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "mercator-bench",
            dependencies: ["Mercator", "MercatorTestSupport", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .target(name: "MercatorTestSupport", path: "Sources/MercatorTestSupport"),
        .testTarget(name: "JSONTests", dependencies: ["JSON"]),
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
        .testTarget(name: "MercatorTests", dependencies: ["Mercator", "MercatorConformance", "MercatorTestSupport"]),
        .testTarget(
            name: "TilingTests",
            dependencies: ["Tiling", "MercatorTestSupport"],
            resources: [.copy("Fixtures/mvt-expected.json")]
        ),
        .testTarget(name: "TileSourcesTests", dependencies: ["TileSources", "MapStyle", "MercatorTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "OfflineStorageTests", dependencies: ["OfflineStorage", "Mercator", "MercatorHTTP", "MercatorTestSupport", .product(name: "GRDB", package: "GRDB.swift")],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "MercatorHTTPTests", dependencies: ["MercatorHTTP", "MercatorTestSupport"]),
        .testTarget(name: "FontsTests", dependencies: ["Fonts", "Rendering", "MercatorTestSupport"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "MapStyle", "GeoJSON", "MercatorTestSupport"]),
        .testTarget(name: "MercatorCLITests", dependencies: ["mercator", "Rendering", "MercatorTestSupport", "TileSources", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "MercatorServerTests",
            dependencies: ["MercatorServer", "Mercator", "MercatorTestSupport", .product(name: "HummingbirdTesting", package: "hummingbird"),
                           .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
