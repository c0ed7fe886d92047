import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import MapStyle
import Expressions

@Suite struct LayerPropertyTableTests {
    @Test(.needsShared) func tablesCoverEveryPropertyOfTheReference() throws {
        let url = try #require(SharedFixtures.url("conformance/style-spec/v8.json"))
        let spec = try JSONValue(parsing: Data(contentsOf: url))
        for type in LayerType.allCases {
            let paint = spec["paint_\(type.rawValue)"]?.object?.keys ?? []
            let layout = spec["layout_\(type.rawValue)"]?.object?.keys ?? []
            let generated = LayerPropertySpecification.properties(of: type)
            #expect(generated.map(\.name) == layout + paint, "\(type)")
        }
    }

    @Test func seedRenamesAreApplied() throws {
        let cases: [(LayerType, String, String)] = [
            (.circle, "circle-pitch-scale", "circleScaleAlignment"),
            (.circle, "circle-translate", "circleTranslation"),
            (.fill, "fill-antialias", "isFillAntialiased"),
            (.fillExtrusion, "fill-extrusion-vertical-gradient", "fillExtrusionHasVerticalGradient"),
            (.line, "line-dasharray", "lineDashPattern"),
            (.raster, "raster-brightness-max", "maximumRasterBrightness"),
            (.raster, "raster-resampling", "rasterResamplingMode"),
            (.symbol, "text-field", "text"),
            (.symbol, "text-font", "textFontNames"),
            (.symbol, "icon-allow-overlap", "iconAllowsOverlap"),
            (.circle, "circle-radius", "circleRadius"),
        ]
        for (type, spec, swift) in cases {
            let property = try #require(LayerPropertySpecification.lookup(spec, in: type))
            #expect(property.swiftName == swift)
            #expect(LayerPropertySpecification.lookup(swift, in: type)?.name == spec)
        }
        #expect(StyleNames.concepts.contains { $0.specification == "filter" && $0.sdk == "predicate" })
    }

    @Test func propertyDetailsComeFromTheReference() throws {
        let radius = try #require(LayerPropertySpecification.lookup("circle-radius", in: .circle))
        #expect(radius.valueType == .number)
        #expect(radius.defaultValue == .int(5))
        #expect(radius.minimum == 0)
        #expect(radius.units == "pixels")
        #expect(radius.isDataDriven && radius.supportsZoom && radius.hasTransition && radius.isInterpolated)
        let join = try #require(LayerPropertySpecification.lookup("line-join", in: .line))
        #expect(join.kind == .layout)
        #expect(join.enumValues == ["bevel", "round", "miter"])
        let translate = try #require(LayerPropertySpecification.lookup("fillTranslation", in: .fill))
        #expect(translate.valueType == .array(.number))
        #expect(translate.length == 2)
        #expect(LayerPropertySpecification.lookup("circle-radius", in: .fill) == nil)
    }
}

@Suite struct LayerPropertyKeyTests {
    @Test func typedKeysUseSDKNames() throws {
        #expect(CircleLayerProperty.circleScaleAlignment.rawValue == "circle-pitch-scale")
        #expect(FillLayerProperty.isFillAntialiased.rawValue == "fill-antialias")
        #expect(LineLayerProperty.lineDashPattern.specification?.valueType == .array(.number))
        #expect(RasterLayerProperty.maximumRasterBrightness.rawValue == "raster-brightness-max")
        #expect(SymbolLayerProperty.allCases.count == LayerPropertySpecification.properties(of: .symbol).count)
        var layer = StyleLayer(identifier: "c", type: .circle, sourceIdentifier: "s")
        try layer.setValue(3, for: CircleLayerProperty.circleRadius)
        #expect(try layer.value(for: CircleLayerProperty.circleRadius) == 3)
        #expect(throws: StyleError.unknownProperty(layerType: .circle, property: "fill-color")) {
            try layer.setValue("red", for: FillLayerProperty.fillColor)
        }
    }
}
