import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Venues

/// Checks generated styles against the style specification (`conformance/style-spec/v8.json`):
/// root keys, source types, layer types, and every paint/layout property name and its data-driven support.
@Suite struct StyleSpecConformanceTests {
    @Test(.needsShared) func generatedStylesUseOnlySpecProperties() throws {
        let specURL = try #require(SharedFixtures.url("conformance/style-spec/v8.json"))
        let spec = try JSONValue(parsing: Data(contentsOf: specURL))
        let rootKeys = Set(spec["$root"]?.object?.keys ?? [])
        let layerTypes = Set(spec["layer"]?["type"]?["values"]?.object?.keys ?? [])
        #expect(!rootKeys.isEmpty && !layerTypes.isEmpty)

        var checked = 0, problems: [String] = []
        for url in [try TestBundles.harbourfront, try TestBundles.legacyOffice, try TestBundles.partialTaoyuan] {
            let venue = try Venue.open(contentsOf: url)
            for floor in venue.floors {
                for look in VenueLook.allCases {
                    let style = venue.mapStyle(for: floor, options: VenueStyleOptions(look: look))
                    for key in style.object?.keys ?? [] where !rootKeys.contains(key) { problems.append("root key \(key)") }
                    let sources = style["sources"]?.object ?? JSONObject()
                    for (id, source) in sources where source["type"] != "geojson" || source["data"]?["type"] != "FeatureCollection" {
                        problems.append("source \(id)")
                    }
                    for layer in style["layers"]?.array ?? [] {
                        checked += 1
                        guard let type = layer["type"]?.string, layerTypes.contains(type) else {
                            problems.append("layer type \(layer["type"] ?? .null)")
                            continue
                        }
                        if let source = layer["source"]?.string, sources[source] == nil { problems.append("missing source \(source)") }
                        for group in ["paint", "layout"] {
                            let allowed = spec["\(group)_\(type)"]?.object ?? JSONObject()
                            for (name, value) in layer[group]?.object ?? JSONObject() {
                                guard let property = allowed[name] else {
                                    problems.append("\(type) \(group) property \(name)")
                                    continue
                                }
                                // A ["get", …] inside needs a data-driven property.
                                if value.serialized().contains("[\"get\"") && property["property-type"] != "data-driven" {
                                    problems.append("\(name) is not data-driven")
                                }
                            }
                        }
                    }
                }
            }
        }
        print("style-spec check: \(checked) layers, \(problems.count) problems")
        #expect(problems.isEmpty, "\(problems)")
        #expect(checked >= 60)
    }
}
