import GeoJSON
/// Builds one tile from the features clipped to it (geojson-vt's `createTile` followed by
/// `transformTile`): simplifies to the zoom's tolerance, drops lines and rings too small to see,
/// winds polygon rings (outer clockwise in tile space), and converts to integer tile coordinates.
struct TileBuilder {
    let options: GeoJSONTileOptions
    let table: FeatureTable

    /// The tile plus the bounding box (in world units) of everything in it.
    struct Result {
        var tile: Tile
        var minX = 2.0, minY = 1.0, maxX = -1.0, maxY = 0.0
    }

    func build(_ features: [ProjectedFeature], z: Int, x: Int, y: Int) -> Result {
        let tolerance = z == options.maxZoom ? 0 : options.tolerance / (Double(1 << z) * Double(options.extent))
        let sqTolerance = tolerance * tolerance
        var result = Result(tile: Tile(id: TileID(z: z, x: x, y: y), extent: options.extent, table: table))
        result.tile.sourceFeatureCount = features.count
        let extent = Double(options.extent)
        let z2 = Double(1 << z)
        let tx = Double(x), ty = Double(y)
        var scratch = ContiguousArray<Double>()
        var numPoints = 0, numSimplified = 0

        result.tile.records.reserveCapacity(features.count)
        for fi in features.indices {
            let fminX = features[fi].minX, fminY = features[fi].minY
            if fminX < result.minX { result.minX = fminX }
            if fminY < result.minY { result.minY = fminY }
            if features[fi].maxX > result.maxX { result.maxX = features[fi].maxX }
            if features[fi].maxY > result.maxY { result.maxY = features[fi].maxY }

            let ringStart = result.tile.ringOffsets.count - 1
            if features[fi].type == .singlePoint {
                // no coordinate array to borrow: the point is the bounding box
                result.tile.coordinates.append(tileCoordinate(extent * (fminX * z2 - tx)))
                result.tile.coordinates.append(tileCoordinate(extent * (fminY * z2 - ty)))
                result.tile.ringOffsets.append(Int32(result.tile.coordinates.count / 2))
                result.tile.reversedRings.append(false)
                numPoints += 1
                numSimplified += 1
                result.tile.records.append(Tile.Record(
                    type: .point, source: features[fi].source, ringStart: Int32(ringStart), ringCount: 1,
                    clipStart: .nan, clipEnd: .nan))
                continue
            }
            let feature = features[fi]
            var ringCount = 0
            feature.coords.withUnsafeBufferPointer { c in
                if feature.type.isPoints {
                    var i = 0
                    while i < c.count {
                        result.tile.coordinates.append(tileCoordinate(extent * (c[i] * z2 - tx)))
                        result.tile.coordinates.append(tileCoordinate(extent * (c[i + 1] * z2 - ty)))
                        numPoints += 1
                        numSimplified += 1
                        i += 3
                    }
                    result.tile.ringOffsets.append(Int32(result.tile.coordinates.count / 2))
                    result.tile.reversedRings.append(false)
                    ringCount = 1
                    return
                }
                let isPolygon = feature.type.isPolygon
                for ring in feature.rings {
                    if tolerance > 0 && ring.size < (isPolygon ? sqTolerance : tolerance) {
                        numPoints += ring.count
                        continue
                    }
                    scratch.removeAll(keepingCapacity: true)
                    var i = ring.start
                    let end = ring.end
                    while i < end {
                        if tolerance == 0 || c[i + 2] > sqTolerance {
                            numSimplified += 1
                            scratch.append(c[i])
                            scratch.append(c[i + 1])
                        }
                        numPoints += 1
                        i += 3
                    }
                    var reverse = false
                    if isPolygon {
                        // geojson-vt's rewind: outer rings clockwise, holes counter-clockwise
                        var area = 0.0
                        let len = scratch.count
                        var j = len - 2
                        var k = 0
                        while k < len {
                            area += (scratch[k] - scratch[j]) * (scratch[k + 1] + scratch[j + 1])
                            j = k
                            k += 2
                        }
                        reverse = (area > 0) == ring.beginsPolygon
                    }
                    let n = scratch.count / 2
                    for p in 0..<n {
                        let q = reverse ? n - 1 - p : p
                        result.tile.coordinates.append(tileCoordinate(extent * (scratch[2 * q] * z2 - tx)))
                        result.tile.coordinates.append(tileCoordinate(extent * (scratch[2 * q + 1] * z2 - ty)))
                    }
                    result.tile.ringOffsets.append(Int32(result.tile.coordinates.count / 2))
                    result.tile.reversedRings.append(reverse)
                    ringCount += 1
                }
            }
            guard ringCount > 0 else { continue }
            var clipStart = Double.nan, clipEnd = Double.nan
            if feature.type == .lineString && options.lineMetrics, let r = feature.rings.first {
                clipStart = r.size > 0 ? r.startDistance / r.size : 0
                clipEnd = r.size > 0 ? r.endDistance / r.size : 1
            }
            let type: TileFeatureType = feature.type.isPolygon ? .polygon : (feature.type.isPoints ? .point : .lineString)
            result.tile.records.append(Tile.Record(
                type: type, source: feature.source, ringStart: Int32(ringStart), ringCount: Int32(ringCount),
                clipStart: clipStart, clipEnd: clipEnd))
        }
        result.tile.pointCount = numPoints
        result.tile.simplifiedPointCount = numSimplified
        return result
    }
}
