import GeoJSON
/// Folds features that cross the antimeridian back into the world copy (geojson-vt's `wrap`).
///
/// Parts beyond x = 0 or x = 1 (plus the buffer) are cut off and shifted by one world width, so
/// tiles on either side of the antimeridian see them.
func wrap(_ features: [ProjectedFeature], buffer: Double, lineMetrics: Bool) -> [ProjectedFeature] {
    let left = clip(features, scale: 1, -1 - buffer, buffer, axis: 0, minAll: -1, maxAll: 2, lineMetrics: lineMetrics)
    let right = clip(features, scale: 1, 1 - buffer, 2 + buffer, axis: 0, minAll: -1, maxAll: 2, lineMetrics: lineMetrics)
    guard left != nil || right != nil else { return features }

    var merged = [ProjectedFeature]()
    let center = clip(features, scale: 1, -buffer, 1 + buffer, axis: 0, minAll: -1, maxAll: 2, lineMetrics: lineMetrics) ?? []
    if let left { merged += shifted(left, by: 1) }
    merged += center
    if let right { merged += shifted(right, by: -1) }
    return merged
}

private func shifted(_ features: [ProjectedFeature], by offset: Double) -> [ProjectedFeature] {
    features.map { f in
        if f.type == .singlePoint {
            return ProjectedFeature(singlePointX: f.minX + offset, y: f.minY, source: f.source)
        }
        var coords = f.coords
        coords.withUnsafeMutableBufferPointer { c in
            var i = 0
            while i < c.count {
                c[i] += offset
                i += 3
            }
        }
        return ProjectedFeature(type: f.type, coords: coords, rings: f.rings, source: f.source)
    }
}
