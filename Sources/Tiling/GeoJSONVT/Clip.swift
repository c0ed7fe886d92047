import GeoJSON
/// Clips features to the stripe `k1 <= axis value <= k2` (geojson-vt's `clip`).
///
/// `k1`/`k2` are given in tile units and divided by `scale` (2^z) here, exactly as geojson-vt does,
/// so that results match it bit for bit. `minAll`/`maxAll` bound all features along the axis for
/// the trivial accept/reject tests. Returns `nil` when nothing is left.
func clip(
    _ features: [ProjectedFeature], scale: Double, _ k1In: Double, _ k2In: Double, axis: Int,
    minAll: Double, maxAll: Double, lineMetrics: Bool
) -> [ProjectedFeature]? {
    let k1 = k1In / scale
    let k2 = k2In / scale
    if minAll >= k1 && maxAll < k2 { return features }  // trivial accept
    if maxAll < k1 || minAll >= k2 { return nil }  // trivial reject

    var clipped = [ProjectedFeature]()
    for fi in features.indices {
        // read the bounds in place: copying a feature costs two retains
        let fmin = axis == 0 ? features[fi].minX : features[fi].minY
        let fmax = axis == 0 ? features[fi].maxX : features[fi].maxY
        if fmin >= k1 && fmax < k2 {
            clipped.append(features[fi])
            continue
        }
        if fmax < k1 || fmin >= k2 { continue }
        let feature = features[fi]

        switch feature.type {
        case .singlePoint:
            continue  // a single point is always accepted or rejected above
        case .point, .multiPoint:
            var out = ContiguousArray<Double>()
            feature.coords.withUnsafeBufferPointer { c in
                var i = 0
                while i < c.count {
                    let a = c[i + axis]
                    if a >= k1 && a <= k2 {
                        out.append(c[i])
                        out.append(c[i + 1])
                        out.append(c[i + 2])
                    }
                    i += 3
                }
            }
            if !out.isEmpty {
                let type: ProjectedType = out.count == 3 ? .point : .multiPoint
                clipped.append(ProjectedFeature(type: type, coords: out, rings: [], source: feature.source))
            }
        case .lineString, .multiLineString, .polygon, .multiPolygon:
            let isPolygon = feature.type.isPolygon
            let trackMetrics = lineMetrics && feature.type == .lineString
            var out = ContiguousArray<Double>()
            out.reserveCapacity(feature.coords.count)
            var rings = ContiguousArray<ProjectedRing>()
            feature.coords.withUnsafeBufferPointer { c in
                var polygonHasRing = false
                for ring in feature.rings {
                    if ring.beginsPolygon { polygonHasRing = false }
                    let before = rings.count
                    clipLine(c, ring, &out, &rings, k1, k2, axis, isPolygon, trackMetrics)
                    if isPolygon && rings.count > before {
                        rings[before].beginsPolygon = !polygonHasRing
                        polygonHasRing = true
                    }
                }
            }
            if rings.isEmpty { continue }
            if trackMetrics {
                // one feature per slice, so each keeps its own metrics
                for r in rings {
                    var c = ContiguousArray<Double>()
                    c.append(contentsOf: out[r.start..<r.end])
                    var piece = r
                    piece.start = 0
                    clipped.append(ProjectedFeature(type: .lineString, coords: c, rings: [piece], source: feature.source))
                }
                continue
            }
            var type = feature.type
            if type == .lineString || type == .multiLineString {
                type = rings.count == 1 ? .lineString : .multiLineString
            }
            clipped.append(ProjectedFeature(type: type, coords: out, rings: rings, source: feature.source))
        }
    }
    return clipped.isEmpty ? nil : clipped
}

/// Clips one line or ring (geojson-vt's `clipLine`), appending slices to `out`/`rings`.
@inline(__always)
private func clipLine(
    _ c: UnsafeBufferPointer<Double>, _ ring: ProjectedRing, _ out: inout ContiguousArray<Double>,
    _ rings: inout ContiguousArray<ProjectedRing>, _ k1: Double, _ k2: Double, _ axis: Int,
    _ isPolygon: Bool, _ trackMetrics: Bool
) {
    guard ring.count > 0 else { return }
    var sliceStart = out.count
    var sliceStartDistance = ring.startDistance
    var sliceEndDistance = ring.endDistance
    var len = ring.startDistance
    var segLen = 0.0
    var t = 0.0

    @inline(__always) func intersect(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double, _ k: Double) -> Double {
        if axis == 0 {
            let t = (k - ax) / (bx - ax)
            out.append(k)
            out.append(ay + (by - ay) * t)
            out.append(1)
            return t
        } else {
            let t = (k - ay) / (by - ay)
            out.append(ax + (bx - ax) * t)
            out.append(k)
            out.append(1)
            return t
        }
    }

    func finishSlice() {
        rings.append(ProjectedRing(
            start: sliceStart, count: (out.count - sliceStart) / 3, size: ring.size,
            startDistance: sliceStartDistance, endDistance: sliceEndDistance, beginsPolygon: false))
    }

    let end = ring.end
    var i = ring.start
    while i < end - 3 {
        let ax = c[i], ay = c[i + 1], az = c[i + 2]
        let bx = c[i + 3], by = c[i + 4]
        let a = axis == 0 ? ax : ay
        let b = axis == 0 ? bx : by
        var exited = false
        if trackMetrics {
            let dx = ax - bx, dy = ay - by
            segLen = (dx * dx + dy * dy).squareRoot()
        }
        if a < k1 {
            // ---|-->  | (enters from the left)
            if b > k1 {
                t = intersect(ax, ay, bx, by, k1)
                if trackMetrics { sliceStartDistance = len + segLen * t }
            }
        } else if a > k2 {
            // |  <--|--- (enters from the right)
            if b < k2 {
                t = intersect(ax, ay, bx, by, k2)
                if trackMetrics { sliceStartDistance = len + segLen * t }
            }
        } else {
            out.append(ax)
            out.append(ay)
            out.append(az)
        }
        if b < k1 && a >= k1 {
            // <--|---  | (exits on the left)
            t = intersect(ax, ay, bx, by, k1)
            exited = true
        }
        if b > k2 && a <= k2 {
            // |  ---|--> (exits on the right)
            t = intersect(ax, ay, bx, by, k2)
            exited = true
        }
        if !isPolygon && exited {
            if trackMetrics { sliceEndDistance = len + segLen * t }
            finishSlice()
            sliceStart = out.count
            sliceStartDistance = ring.startDistance
            sliceEndDistance = ring.endDistance
        }
        if trackMetrics { len += segLen }
        i += 3
    }

    // the last point
    let last = end - 3
    let a = axis == 0 ? c[last] : c[last + 1]
    if a >= k1 && a <= k2 {
        out.append(c[last])
        out.append(c[last + 1])
        out.append(c[last + 2])
    }
    // close the polygon if its endpoints differ after clipping
    let lastOut = out.count - 3
    if isPolygon && lastOut - sliceStart >= 3
        && (out[lastOut] != out[sliceStart] || out[lastOut + 1] != out[sliceStart + 1])
    {
        let x = out[sliceStart], y = out[sliceStart + 1], z = out[sliceStart + 2]
        out.append(x)
        out.append(y)
        out.append(z)
    }
    if out.count > sliceStart { finishSlice() }
}
