import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

/// Spot checks against geojson-vt's us-states-tiles.json (us-states.json with indexMaxZoom 7 and
/// indexMaxPoints 200; the whole fixture is 265 kB, so a selection is embedded).
@Suite struct USStatesTilesTests {
    /// The index, or why the fixture could not be read or indexed (said by the test that asks for it).
    static let index = Result { () throws -> GeoJSONTileIndex in
        let features = try TestSupport.sharedFeatures("geojsonvt_us-states.geojson")
        return try GeoJSONTileIndex(features: features, options: GeoJSONTileOptions(indexMaxZoom: 7, indexMaxPoints: 200))
    }

    func feature(_ tile: Tile, named name: String, occurrence: Int = 0) -> JSONValue? {
        let matches = (tile.vtJSON.array ?? []).filter { $0["tags"]?["name"]?.string == name }
        return occurrence < matches.count ? matches[occurrence] : nil
    }

    @Test(.needsShared) func worldTile() throws {
        let index = try Self.index.get()
        let tile = try #require(index.tile(z: 0, x: 0, y: 0))
        let names = tile.compactMap { $0.properties?["name"]?.string }
        #expect(names == [
            "Alaska", "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
            "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky", "Louisiana",
            "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi", "Missouri", "Montana",
            "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico", "New York", "North Carolina",
            "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania", "Rhode Island", "South Carolina",
            "South Dakota", "Tennessee", "Texas", "Utah", "Vermont", "Virginia", "Washington", "West Virginia",
            "Wisconsin", "Wyoming", "Puerto Rico",
        ])
        let expected: [(String, Int, String)] = [
            ("Alaska", 0, #"{"geometry":[[[4160,1351],[4153,1352],[4160,1348],[4160,1351]],[[4136,1356],[4132,1360],[4133,1354],[4136,1356]],[[4117,1354],[4119,1359],[4117,1354]],[[4015,1334],[3995,1339],[3998,1334],[4015,1334]]],"type":3,"tags":{"name":"Alaska","density":1.264},"id":"02"}"#),
            ("Alabama", 0, #"{"geometry":[[[1054,1622],[1074,1623],[1082,1660],[1081,1677],[1051,1677],[1054,1684],[1051,1687],[1047,1681],[1042,1685],[1041,1665],[1044,1622],[1054,1622]]],"type":3,"tags":{"name":"Alabama","density":94.65},"id":"01"}"#),
            ("Arizona", 0, #"{"geometry":[[[807,1594],[807,1672],[784,1672],[742,1657],[746,1652],[749,1632],[744,1624],[743,1607],[749,1608],[750,1594],[807,1594]]],"type":3,"tags":{"name":"Arizona","density":57.05},"id":"04"}"#),
            ("Michigan", 0, #"{"geometry":[[[1098,1525],[1060,1524],[1067,1509],[1064,1496],[1067,1478],[1074,1471],[1075,1477],[1082,1461],[1100,1471],[1100,1484],[1093,1495],[1105,1488],[1108,1492],[1109,1511],[1098,1525]],[[1051,1472],[1046,1458],[1019,1448],[1045,1433],[1042,1444],[1048,1442],[1062,1450],[1080,1445],[1081,1449],[1091,1448],[1092,1457],[1098,1457],[1085,1456],[1084,1460],[1075,1456],[1061,1459],[1051,1472]],[[1038,1424],[1033,1427],[1041,1421],[1038,1424]]],"type":3,"tags":{"name":"Michigan","density":173.9},"id":"26"}"#),
            ("Virginia", 0, #"{"geometry":[[[1190,1580],[1184,1593],[1190,1580]],[[1157,1559],[1162,1563],[1171,1566],[1169,1575],[1181,1582],[1180,1593],[1176,1593],[1183,1595],[1185,1601],[1096,1600],[1115,1587],[1119,1591],[1134,1587],[1142,1571],[1146,1574],[1157,1559]]],"type":3,"tags":{"name":"Virginia","density":204.5},"id":"51"}"#),
            ("Hawaii", 0, #"{"geometry":[[[277,1828],[272,1819],[274,1812],[287,1821],[277,1828]],[[266,1803],[272,1808],[268,1808],[266,1803]],[[251,1795],[249,1800],[251,1795]],[[234,1788],[235,1792],[230,1791],[234,1788]]],"type":3,"tags":{"name":"Hawaii","density":214.1},"id":"15"}"#),
        ]
        for (name, occurrence, json) in expected {
            #expect(feature(tile, named: name, occurrence: occurrence) == (try JSONValue(parsing: json)), "\(name)")
        }
    }

    @Test(.needsShared) func zoomOneTile() throws {
        let index = try Self.index.get()
        let tile = try #require(index.tile(z: 1, x: 0, y: 0))
        let alabama = try JSONValue(parsing: #"{"geometry":[[[2108,3245],[2148,3245],[2158,3304],[2164,3320],[2159,3331],[2162,3353],[2103,3353],[2108,3369],[2101,3373],[2093,3362],[2090,3371],[2085,3370],[2083,3330],[2089,3245],[2108,3245]]],"type":3,"tags":{"name":"Alabama","density":94.65},"id":"01"}"#)
        #expect(feature(tile, named: "Alabama") == alabama)
    }
}
