// swift-tools-version: 6.0
// Fuzz targets for Mercator's readers (libFuzzer through `-sanitize=fuzzer`, Linux). Not part of the
// main package: build and run one with `scripts/fuzz.sh TARGET MINUTES` (see docs/limits.md).
import PackageDescription

let package = Package(
    name: "MercatorFuzz",
    dependencies: [.package(name: "Mercator", path: "..")],
    targets: [
        .executableTarget(
            name: "MercatorFuzz",
            dependencies: [.product(name: "Mercator", package: "Mercator")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
