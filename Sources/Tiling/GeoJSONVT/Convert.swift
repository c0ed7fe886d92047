import GeoJSON
import Foundation

/// Projects GeoJSON features to world coordinates once, computing simplification importance
/// (geojson-vt's `convert`).
struct FeatureConverter {
    let sqTolerance: Double
    let lineMetrics: Bool
    /// Deepest GeometryCollection nesting followed; deeper members are skipped.
    static let maximumCollectionDepth = 32

    init(options: GeoJSONTileOptions) {
        let t = options.tolerance / (Double(1 << options.maxZoom) * Double(options.extent))
        sqTolerance = t * t
        lineMetrics = options.lineMetrics
    }

    /// Appends the projected parts of `geometry` (a feature's geometry) to `out`.
    func convert(_ geometry: Geometry, source: Int32, into out: inout [ProjectedFeature], depth: Int = 0) {
        switch geometry {
        case .point(let p):
            out.append(ProjectedFeature(
                singlePointX: WebMercator.worldX(longitude: p.longitude), y: WebMercator.worldY(latitude: p.latitude), source: source))
        case .multiPoint(let list):
            guard !list.isEmpty else { return }
            var c = ContiguousArray<Double>()
            c.reserveCapacity(list.count * 3)
            list.withUnsafeValues { v in
                let s = list.stride
                var i = 0
                while i < v.count {
                    c.append(WebMercator.worldX(longitude: v[i]))
                    c.append(WebMercator.worldY(latitude: v[i + 1]))
                    c.append(0)
                    i += s
                }
            }
            out.append(ProjectedFeature(type: .multiPoint, coords: c, rings: [], source: source))
        case .lineString(let list):
            guard !list.isEmpty else { return }
            out.append(makeFeature(.lineString, [[list]], isPolygon: false, source: source))
        case .multiLineString(let lines):
            guard !lines.isEmpty else { return }
            if lineMetrics {
                // explode into single lines so each keeps its own metrics
                for line in lines where !line.isEmpty {
                    out.append(makeFeature(.lineString, [[line]], isPolygon: false, source: source))
                }
            } else {
                out.append(makeFeature(.multiLineString, [lines], isPolygon: false, source: source))
            }
        case .polygon(let rings):
            guard !rings.isEmpty else { return }
            out.append(makeFeature(.polygon, [rings], isPolygon: true, source: source))
        case .multiPolygon(let polygons):
            guard !polygons.isEmpty else { return }
            out.append(makeFeature(.multiPolygon, polygons, isPolygon: true, source: source))
        case .geometryCollection(let collection):
            guard depth < Self.maximumCollectionDepth else { return }
            for g in collection.geometries {
                convert(g, source: source, into: &out, depth: depth + 1)
            }
        }
    }

    /// Builds a line or polygon feature from groups of lines (one group per polygon).
    private func makeFeature(_ type: ProjectedType, _ groups: [[PositionList]], isPolygon: Bool, source: Int32) -> ProjectedFeature {
        var total = 0
        for g in groups { for l in g { total += l.count } }
        var coords = ContiguousArray<Double>(repeating: 0, count: total * 3)
        var rings = ContiguousArray<ProjectedRing>()
        rings.reserveCapacity(groups.count == 1 ? groups[0].count : groups.reduce(0) { $0 + $1.count })
        var stack = [(Int, Int)]()
        coords.withUnsafeMutableBufferPointer { out in
            var w = 0
            for group in groups {
                var first = true
                for line in group {
                    let start = w
                    var size = 0.0
                    line.withUnsafeValues { v in
                        let s = line.stride
                        var i = 0
                        var x0 = 0.0, y0 = 0.0
                        while i < v.count {
                            let x = WebMercator.worldX(longitude: v[i])
                            let y = WebMercator.worldY(latitude: v[i + 1])
                            out[w] = x
                            out[w + 1] = y
                            out[w + 2] = 0
                            if i > 0 {
                                if isPolygon {
                                    size += (x0 * y - x * y0) / 2
                                } else {
                                    let dx = x - x0, dy = y - y0
                                    size += (dx * dx + dy * dy).squareRoot()
                                }
                            }
                            x0 = x
                            y0 = y
                            w += 3
                            i += s
                        }
                    }
                    let count = (w - start) / 3
                    if count > 0 {
                        let last = w - 3
                        out[start + 2] = 1
                        simplify(out, first: start, last: last, sqTolerance: sqTolerance, stack: &stack)
                        out[last + 2] = 1
                    }
                    size = abs(size)
                    rings.append(ProjectedRing(
                        start: start, count: count, size: size, startDistance: 0, endDistance: size,
                        beginsPolygon: isPolygon && first))
                    first = false
                }
            }
        }
        return ProjectedFeature(type: type, coords: coords, rings: rings, source: source)
    }
}
