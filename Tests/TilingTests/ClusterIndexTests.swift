import Foundation
import GeoJSON
import MercatorTestSupport
import Testing
@testable import Tiling

/// mapbox/supercluster's own tests (test/test.js) and fixtures, on the same input (places.json).
@Suite struct ClusterIndexTests {
    static let places: [GeoJSONFeature] = (try? TestSupport.sharedFeatures("supercluster_places.geojson")) ?? []

    /// A tile as `x,y,label` lines: label `#<cluster_id>/<point_count>` for clusters, else the name.
    func summary(_ tile: Tile?) -> [String] {
        guard let tile else { return [] }
        return tile.features.map { f in
            let p = f.geometry[0][0]
            let props = f.properties ?? JSONObject()
            if props["cluster"] == .bool(true) {
                let id = props["cluster_id"]?.number.map { Int($0) } ?? -1
                let count = props["point_count"]?.number.map { Int($0) } ?? -1
                #expect(f.identifier == .int(Int64(id)))
                return "\(p.x),\(p.y),#\(id)/\(count)"
            }
            return "\(p.x),\(p.y),\(props["name"]?.string ?? "?")"
        }
    }

    /// places-z0-0-0.json, summarised.
    static let placesZ0 = """
        150,205,#164/16 165,240,#196/18 179,303,#228/13 336,234,#260/8 299,285,#292/15 71,419,#324/4 92,212,#420/6
        123,152,Cape Churchill 162,345,#581/3 236,232,#580/4 259,193,#644/6 80,336,Oceanic pole of inaccessibility
        452,377,South Magnetic Pole 2005 (est) 93,32,North Magnetic Pole 2005 (est) 159,84,Cape York 220,147,#836/3
        27,270,#900/6 100,296,I. de Pascua 401,226,Plain of Jars 26,115,#1157/2 449,304,#1124/13 455,272,#1188/5
        227,121,#1701/2 210,21,Cape Morris Jesup 484,235,#1380/13 503,260,#1925/4 502,308,Cape Reinga
        475,165,#1668/7 511,142,Cape Navarin 469,106,Cape Lopatka 292,110,Nordkapp 202,262,#4134/2 -28,235,#1380/13
        -9,260,#1925/4 -10,308,Cape Reinga -37,165,#1668/7 -1,142,Cape Navarin 539,270,#900/6 538,115,#1157/2
        """

    /// places-z0-0-0-min5.json, summarised.
    static let placesZ0Min5 = """
        151,203,#164/15 165,241,#196/20 178,305,#228/14 329,244,#260/10 296,291,#356/11 90,416,Wright I.
        74,419,Dean I. 69,418,Grant I. 49,425,Newman I. 89,209,#548/5 106,226,Cabo Corrientes 123,152,Cape Churchill
        160,352,Cabo de Hornos 163,349,Cabo San Diego 242,237,#964/5 259,193,#1092/6
        80,336,Oceanic pole of inaccessibility 452,377,South Magnetic Pole 2005 (est)
        93,32,North Magnetic Pole 2005 (est) 159,84,Cape York 194,149,Nunap Isua 227,139,Surtsey 27,270,#1444/6
        100,296,I. de Pascua 401,226,Plain of Jars 371,248,Dondra Head 19,121,Cape Hope 33,109,Point Barrow
        459,309,#1924/8 483,272,#2180/10 423,295,#2340/5 225,114,Cape Brewster 230,127,Grmsey
        210,21,Cape Morris Jesup 238,154,Rockall 484,235,#2692/13 471,167,#3236/6 498,149,Cape Olyutorskiy
        511,142,Cape Navarin 469,106,Cape Lopatka 292,110,Nordkapp 205,263,Cabo de São Roque -29,272,#2180/10
        -28,235,#2692/13 -14,149,Cape Olyutorskiy -1,142,Cape Navarin 539,270,#1444/6 531,121,Cape Hope
        545,109,Point Barrow
        """

    /// Splits a summary text into its `x,y,label` entries (labels may contain spaces).
    func entries(_ text: String) -> [String] {
        let tokens = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
        var out = [String]()
        for t in tokens {
            if t.first.map({ $0 == "-" || $0.isNumber }) == true, t.split(separator: ",").count >= 3 {
                out.append(t)
            } else if !out.isEmpty {
                out[out.count - 1] += " " + t
            }
        }
        return out
    }

    @Test(.needsShared) func generatesClustersLikeTheFixture() throws {
        #expect(Self.places.count == 163)
        let index = try ClusterIndex(points: Self.places)
        #expect(summary(index.tile(z: 0, x: 0, y: 0)) == entries(Self.placesZ0))
        // Cape Reinga keeps its identifier
        let reinga = index.tile(z: 0, x: 0, y: 0)?.features.first { $0.properties?["name"] == "Cape Reinga" }
        #expect(reinga?.identifier == .int(737))
    }

    @Test(.needsShared) func minPoints() throws {
        let index = try ClusterIndex(points: Self.places, options: ClusterOptions(minPoints: 5))
        #expect(summary(index.tile(z: 0, x: 0, y: 0)) == entries(Self.placesZ0Min5))
    }

    @Test(.needsShared) func childrenLeavesAndExpansionZoom() throws {
        let index = try ClusterIndex(points: Self.places)
        let counts = try index.children(ofCluster: 164).map { Int($0.properties?["point_count"]?.number ?? 1) }
        #expect(counts == [6, 7, 2, 1])
        let names = try index.leaves(ofCluster: 164, limit: 10, offset: 5).map { $0.properties?["name"]?.string ?? "" }
        #expect(names == [
            "Niagara Falls", "Cape San Blas", "Cape Sable", "Cape Canaveral", "San  Salvador", "Cabo Gracias a Dios",
            "I. de Cozumel", "Grand Cayman", "Miquelon", "Cape Bauld",
        ])
        #expect(try index.expansionZoom(ofCluster: 164) == 1)
        #expect(try index.expansionZoom(ofCluster: 196) == 1)
        #expect(try index.expansionZoom(ofCluster: 581) == 2)
        #expect(try index.expansionZoom(ofCluster: 1157) == 2)
        #expect(try index.expansionZoom(ofCluster: 4134) == 3)
        #expect(throws: TilingError.clusterNotFound(5)) { try index.children(ofCluster: 5) }
        #expect(throws: TilingError.clusterNotFound(-3)) { try index.leaves(ofCluster: -3) }
    }

    @Test(.needsShared) func expansionZoomAtMaxZoom() throws {
        let index = try ClusterIndex(points: Self.places, options: ClusterOptions(maxZoom: 4, radius: 60, extent: 256))
        #expect(try index.expansionZoom(ofCluster: 2504) == 5)
    }

    @Test(.needsShared) func generatedIdentifiers() throws {
        let index = try ClusterIndex(points: Self.places, options: ClusterOptions(generateID: true))
        let ids = index.tile(z: 0, x: 0, y: 0)?.features.filter { $0.properties?["cluster"] != .bool(true) }.map(\.identifier)
        #expect(ids == [12, 20, 21, 22, 24, 28, 30, 62, 81, 118, 119, 125, 81, 118].map { FeatureIdentifier.int($0) })
    }

    @Test(.needsShared) func leavesWithNullProperties() throws {
        let extra = GeoJSONFeature(geometry: .point(Position(-79.04411780507252, 43.08771393436908)), properties: nil)
        let index = try ClusterIndex(points: Self.places + [extra])
        let leaves = try index.leaves(ofCluster: 165, limit: 1, offset: 6)
        #expect(leaves.count == 1)
        #expect(leaves.first?.properties == nil)
    }

    @Test(.needsShared) func reduceAggregatesProperties() throws {
        let options = ClusterOptions(
            radius: 100,
            map: { props in ["sum": props["scalerank"] ?? 0] },
            reduce: { acc, props in acc["sum"] = .double((acc["sum"]?.number ?? 0) + (props["sum"]?.number ?? 0)) })
        let index = try ClusterIndex(points: Self.places, options: options)
        func sums(_ z: Int) -> [Int] {
            (index.tile(z: z, x: 0, y: 0)?.features ?? []).compactMap { $0.properties?["sum"]?.number }.filter { $0 != 0 }.map { Int($0) }
        }
        #expect(sums(1) == [146, 84, 63, 23, 34, 12, 19, 29, 8, 8, 80, 35])
        #expect(sums(0) == [298, 122, 12, 36, 98, 7, 24, 8, 125, 98, 125, 12, 36, 8])
    }

    @Test func queriesAcrossTheAntimeridian() throws {
        let points = [-178.989, -178.990, -178.991, -178.992].map {
            GeoJSONFeature(geometry: .point(Position($0, 0)), properties: nil)
        }
        let index = try ClusterIndex(points: points)
        let nonCrossing = index.clusters(west: -179, south: -10, east: -177, north: 10, zoom: 1)
        let crossing = index.clusters(west: 179, south: -10, east: -177, north: 10, zoom: 1)
        #expect(!nonCrossing.isEmpty)
        #expect(nonCrossing.count == crossing.count)
    }

    @Test(.needsShared) func weirdBoxes() throws {
        let index = try ClusterIndex(points: Self.places)
        #expect(index.clusters(west: 129.426390, south: -103.720017, east: -445.930843, north: 114.518236, zoom: 1).count == 26)
        #expect(index.clusters(west: 112.207836, south: -84.578666, east: -463.149397, north: 120.169159, zoom: 1).count == 27)
        #expect(index.clusters(west: 129.886277, south: -82.332680, east: -445.470956, north: 120.390930, zoom: 1).count == 26)
        #expect(index.clusters(west: 458.220043, south: -84.239039, east: -117.137190, north: 120.206585, zoom: 1).count == 25)
        #expect(index.clusters(west: 456.713058, south: -80.354196, east: -118.644175, north: 120.539148, zoom: 1).count == 25)
        #expect(index.clusters(west: 453.105328, south: -75.857422, east: -122.251904, north: 120.732760, zoom: 1).count == 25)
        #expect(index.clusters(west: -180, south: -90, east: 180, north: 90, zoom: 1).count == 61)
        // a fractional zoom uses the zoom below it
        #expect(index.clusters(west: -180, south: -90, east: 180, north: 90, zoom: 1.25).count == 61)
    }

    @Test func sameLocationPointsCluster() throws {
        let p = GeoJSONFeature(geometry: .point(Position(-1.426798, 53.943034)), properties: nil)
        let index = try ClusterIndex(points: [p, p], options: ClusterOptions(maxZoom: 20, radius: 16, extent: 8192))
        #expect(index.clusters(west: -180, south: -90, east: 180, north: 90, zoom: 20).count == 1)
    }

    @Test func unclusteredPointsAreNotRounded() throws {
        let p = GeoJSONFeature(geometry: .point(Position(173.19150559062456, -41.340357424709275)), properties: nil)
        let index = try ClusterIndex(points: [p], options: ClusterOptions(maxZoom: 19))
        #expect(index.tile(z: 20, x: 1028744, y: 656754)?.features.first?.geometry == [[TilePoint(x: 421, y: 281)]])
    }

    @Test func zeroItems() throws {
        let index = try ClusterIndex(points: [])
        #expect(index.clusters(west: -180, south: -85, east: 180, north: 85, zoom: 0).isEmpty)
        #expect(index.tile(z: 0, x: 0, y: 0) == nil)
    }

    @Test func clusterCountsConservePoints() throws {
        let index = try ClusterIndex(points: Self.places)
        let pointCount = Self.places.filter { $0.geometry != nil }.count
        for zoom in 0...17 {
            let items = index.clusters(west: -180, south: -90, east: 180, north: 90, zoom: Double(zoom))
            let total = items.reduce(0) { $0 + Int($1.properties?["point_count"]?.number ?? 1) }
            #expect(total == pointCount, "zoom \(zoom)")
        }
        #expect(ClusterIndex.abbreviated(999) == .int(999))
        #expect(ClusterIndex.abbreviated(1500) == "1.5k")
        #expect(ClusterIndex.abbreviated(2000) == "2k")
        #expect(ClusterIndex.abbreviated(15600) == "16k")
    }

    @Test func rejectsBadOptions() {
        #expect(throws: TilingError.self) { try ClusterIndex(points: [], options: ClusterOptions(minZoom: 5, maxZoom: 2)) }
        #expect(throws: TilingError.self) { try ClusterIndex(points: [], options: ClusterOptions(radius: -1)) }
        #expect(throws: TilingError.self) { try ClusterIndex(points: [], options: ClusterOptions(extent: 1e300)) }
        #expect(throws: TilingError.self) { try ShapeSourceTiles(features: [], options: ShapeSourceOptions(buffer: .infinity)) }
        #expect(WebMercator.tile(containing: Position(1e300, -1e300), zoom: 3).isValid)
    }
}
