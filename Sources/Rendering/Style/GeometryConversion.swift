import Foundation
import GeoJSON
import Tiling

/// Feature geometry -> the renderer's coordinate arrays: Web Mercator fractions of the world, made
/// once when a layer is laid out. A vector tile's feature goes straight from tile coordinates
/// (`(x + coordinate / extent) / 2^z`, as MapLibre Native keeps a tile's geometry in tile
/// coordinates up to its buckets); GeoJSON longitude/latitude is projected (``Transform/mercator(_:)``).
enum GeometryConversion {
    /// Polygons (exterior + holes) of a feature's drawn geometry; other geometry types give none.
    static func polygons(_ f: SelectedFeature) -> [[[Point]]] {
        guard let (layer, index) = f.tileGeometry else { return polygons(f.geometry) }
        let feature = layer.columns[index]
        guard feature.type == .polygon else { return [] }
        let world = TileToWorld(layer)
        let rings = feature.rings
        return layer.polygons(at: index).map { group in group.map { world.points(rings[$0]) } }
    }

    /// Lines of a feature's drawn geometry: lines as they are, polygon rings closed.
    static func lines(_ f: SelectedFeature) -> ([[Point]], Bool) {
        guard let (layer, index) = f.tileGeometry else { return lines(f.geometry) }
        let feature = layer.columns[index]
        let world = TileToWorld(layer)
        let rings = feature.rings
        switch feature.type {
        case .lineString?: return (rings.map(world.points), false)
        case .polygon?: return (layer.polygons(at: index).flatMap { group in group.map { world.points(rings[$0]) } }, true)
        default: return ([], false)
        }
    }

    /// Every position of a feature's drawn geometry (circle layers draw a circle at each).
    static func points(_ f: SelectedFeature) -> [Point] {
        guard let (layer, index) = f.tileGeometry else { return points(f.geometry) }
        let feature = layer.columns[index]
        let world = TileToWorld(layer)
        let rings = feature.rings
        var out: [Point] = []
        switch feature.type {
        case .point?:
            // a point feature's positions: each part's first point (vector-tile-js)
            for ring in rings where !ring.isEmpty { out.append(world.point(ring[0])) }
        case .lineString?:
            for ring in rings { out += world.points(ring) }
        case .polygon?:
            for group in layer.polygons(at: index) { for r in group { out += world.points(rings[r]) } }
        case nil:
            break
        }
        return out
    }

    static func coordinates(_ l: PositionList) -> [LocationCoordinate2D] {
        var out: [LocationCoordinate2D] = []
        out.reserveCapacity(l.count)
        l.withUnsafeValues { v in
            var i = 0
            let s = l.stride
            while i < v.count {
                out.append(LocationCoordinate2D(longitude: v[i], latitude: v[i + 1]))
                i += s
            }
        }
        return out
    }

    /// A position list in Web Mercator fractions.
    static func mercator(_ l: PositionList) -> [Point] {
        var out: [Point] = []
        out.reserveCapacity(l.count)
        l.withUnsafeValues { v in
            var i = 0
            let s = l.stride
            while i < v.count {
                out.append(Transform.mercator(LocationCoordinate2D(longitude: v[i], latitude: v[i + 1])))
                i += s
            }
        }
        return out
    }

    /// Polygons (exterior + holes) of a geometry; other geometry types give none.
    static func polygons(_ g: Geometry?) -> [[[Point]]] {
        switch g {
        case .polygon(let rings)?: return [rings.map(mercator)]
        case .multiPolygon(let ps)?: return ps.map { $0.map(mercator) }
        case .geometryCollection(let c)?: return c.geometries.flatMap { polygons($0) }
        default: return []
        }
    }

    /// Lines of a geometry: lines as they are, polygon rings closed.
    static func lines(_ g: Geometry?) -> ([[Point]], Bool) {
        switch g {
        case .lineString(let l)?: return ([mercator(l)], false)
        case .multiLineString(let ls)?: return (ls.map(mercator), false)
        case .polygon(let rings)?: return (rings.map(mercator), true)
        case .multiPolygon(let ps)?: return (ps.flatMap { $0.map(mercator) }, true)
        case .geometryCollection(let c)?:
            // geojson-vt makes each member its own feature: a collection of polygons keeps its
            // rings closed (joined all round); a mixed one is drawn open
            var all: [[Point]] = []
            var closed = true
            for child in c.geometries {
                let (parts, childClosed) = lines(child)
                all += parts
                if !parts.isEmpty { closed = closed && childClosed }
            }
            return (all, closed && !all.isEmpty)
        default: return ([], false)
        }
    }

    /// Every position of a geometry (circle layers draw a circle at each).
    static func points(_ g: Geometry?) -> [Point] {
        switch g {
        case .point(let p)?: return [Transform.mercator(LocationCoordinate2D(longitude: p.longitude, latitude: p.latitude))]
        case .multiPoint(let l)?, .lineString(let l)?: return mercator(l)
        case .multiLineString(let ls)?, .polygon(let ls)?: return ls.flatMap(mercator)
        case .multiPolygon(let ps)?: return ps.flatMap { $0.flatMap(mercator) }
        case .geometryCollection(let c)?: return c.geometries.flatMap { points($0) }
        default: return []
        }
    }
}

/// A vector tile layer's coordinates -> world fractions: `(x * extent + coordinate) / (extent * 2^z)`
/// (exact for a power-of-two extent).
struct TileToWorld {
    let x0: Double, y0: Double, scale: Double

    init(_ layer: TileLayerGeometry) {
        let extent = Double(layer.columns.extent)
        x0 = Double(layer.x) * extent
        y0 = Double(layer.y) * extent
        scale = 1 / (extent * pow(2, Double(layer.z)))
    }

    @inline(__always)
    func point(_ p: TilePoint) -> Point { Point(x: (x0 + Double(p.x)) * scale, y: (y0 + Double(p.y)) * scale) }

    /// A ring's points in world fractions.
    func points(_ ring: VectorTileColumns.Ring) -> [Point] {
        ring.withUnsafeCoordinates { c in
            let n = c.count / 2
            return [Point](unsafeUninitializedCapacity: n) { out, count in
                for i in 0..<n {
                    out[i] = Point(x: (x0 + Double(c[2 * i])) * scale, y: (y0 + Double(c[2 * i + 1])) * scale)
                }
                count = n
            }
        }
    }
}
