import Foundation
import Geo

extension PaintContext {
    /// Draws a heatmap as MapLibre does: every point adds its Gaussian kernel
    /// (`weight * intensity * exp(-4.5 d²) / sqrt(2π)`, `d` in radii, cut where it falls below
    /// 1/4080) into a density texture a quarter of the canvas size; the texture is sampled
    /// bilinearly at each pixel and the density looked up in the colour ramp (linearly filtered).
    mutating func paintHeatmap(_ layer: HeatmapLayer) {
        guard layer.ramp.count == 256, layer.opacity > 0, layer.intensity > 0 else { return }
        let t = transform
        let ratio = t.pixelRatio
        // the density texture: a quarter of the canvas, or over terrain GL JS's tile-sized framebuffer
        let lowWidth = layer.densitySide ?? max(1, canvasWidth / 4), lowHeight = layer.densitySide ?? max(1, canvasHeight / 4)
        let sx = Double(canvasWidth) / Double(lowWidth), sy = Double(canvasHeight) / Double(lowHeight)
        // Only the low-resolution rows this band samples are computed.
        let rowLow = max(0, Int(((Double(clip.y0) + 0.5) / sy - 0.5).rounded(.down)))
        let rowHigh = min(lowHeight - 1, Int(((Double(clip.y1) - 0.5) / sy - 0.5).rounded(.down)) + 1)
        guard rowLow <= rowHigh, !clip.isEmpty else { return }
        var density = [Double](repeating: 0, count: lowWidth * (rowHigh - rowLow + 1))
        let zero = 1.0 / 255 / 16, gauss = 0.3989422804014327
        // The kernel is separable: exp(-4.5 (dx² + dy²)) = exp(-4.5 dx²) exp(-4.5 dy²), one factor per
        // column and per row of its square (2n exponentials instead of n²).
        var columnFactors = [Double](repeating: 0, count: lowWidth)
        // Pitched: MapLibre's kernel is a circle on the map plane (its extrusion is in tile units), seen
        // in perspective; each texel's centre is taken back to the plane once, for every point.
        var texelPlanes: [Point?] = []
        if t.isPitched {
            texelPlanes.reserveCapacity(lowWidth * (rowHigh - rowLow + 1))
            for j in rowLow...rowHigh {
                for i in 0..<lowWidth { texelPlanes.append(t.plane(screen: Point(x: (Double(i) + 0.5) * sx, y: (Double(j) + 0.5) * sy))) }
            }
        }
        // On the globe, GL JS's kernel is a quad of 3 x 3 cells lying on the sphere (its vertices the centre's unit
        // vector turned by their extrusions' angles, `globeRotateVector`), drawn into the quarter-size
        // framebuffer with the extrusion interpolated across each triangle (perspective-correct) and cut by
        // the horizon's plane: kernels behind the horizon still reach the visible side.
        let globe = t.globe
        var globeRasterizer = globe.map { GlobeMeshRasterizer(globe: $0, clip: PixelClip(x0: 0, y0: rowLow, x1: lowWidth, y1: rowHigh + 1)) }
        globeRasterizer?.pixelScale = (sx, sy)
        var kernelVertices: [GlobeView.ClipVertex] = []
        var lastWeight = Double.nan, lastS = 0.0
        for p in layer.points where p.weight > 0 && p.radius > 0 {
            // Points share a handful of weights: the kernel's extent is computed once per run of equal weights.
            if p.weight != lastWeight {
                lastWeight = p.weight
                lastS = (-2 * log(zero / p.weight / layer.intensity / gauss)).squareRoot() / 3
            }
            let s = lastS
            guard s.isFinite, s > 0 else { continue }
            let reach = s * p.radius * ratio  // device pixels
            guard let copies = copies(worldWest: p.position.x, worldEast: p.position.x, margin: reach) else { continue }
            for copy in copies {
                if let globe, let rasterizer = globeRasterizer {
                    let m = t.quantized(p.position)
                    let cx = m.x + Double(copy), cy = m.y
                    let centre = globe.spherePoint(worldX: cx, y: cy)
                    guard let frame = GlobeView.tangentFrame(centre) else { continue }
                    let radiusAngle = p.radius * ratio * globe.extrudeAngle
                    guard radiusAngle > 0, s * radiusAngle < 1.5 else { continue }
                    // the flat position, for a blend with Mercator: the extrusion in world units
                    let flatX = cx - (cx - globe.centerWorldX).rounded(), radiusWorld = p.radius * ratio / t.worldSize
                    kernelVertices.removeAll(keepingCapacity: true)
                    for ey in PaintContext.globeKernelStops {
                        for ex in PaintContext.globeKernelStops {
                            let vx = s * ex, vy = s * ey
                            var v = centre + frame.east * tan(vx * radiusAngle) + frame.south * tan(vy * radiusAngle)
                            v = v * (1 / v.length)
                            kernelVertices.append(globe.clipVertex(sphere: v, flatX: flatX + vx * radiusWorld, flatY: cy + vy * radiusWorld,
                                                                   wx: vx, wy: vy, pole: false))
                        }
                    }
                    let scale = p.weight * layer.intensity * gauss
                    density.withUnsafeMutableBufferPointer { d in
                        rasterizer.rasterize(vertices: kernelVertices, triangles: PaintContext.globeKernelTriangles) { span in
                            let base = (span.y - rowLow) * lowWidth
                            for i in span.x0..<span.x1 {
                                let e = span.world(i)
                                d[base + i] += scale * exp(-4.5 * (e.x * e.x + e.y * e.y))
                            }
                        }
                    }
                    continue
                }
                let plane = t.plane(mercator: p.position, copy: copy)
                if t.isPitched {
                    let radius = p.radius * ratio, planeReach = s * radius
                    var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
                    for (ox, oy) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
                        let q = t.screen(plane: Point(x: plane.x + ox * planeReach, y: plane.y + oy * planeReach))
                        minX = min(minX, q.x); maxX = max(maxX, q.x); minY = min(minY, q.y); maxY = max(maxY, q.y)
                    }
                    guard minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { continue }
                    let i0 = max(0, Int((minX / sx - 0.5).rounded(.up))), i1 = min(lowWidth - 1, Int((maxX / sx - 0.5).rounded(.down)))
                    let j0 = max(rowLow, Int((minY / sy - 0.5).rounded(.up))), j1 = min(rowHigh, Int((maxY / sy - 0.5).rounded(.down)))
                    if i0 > i1 || j0 > j1 { continue }
                    let scale = p.weight * layer.intensity * gauss, inverse = 1 / radius
                    for j in j0...j1 {
                        for i in i0...i1 {
                            guard let q = texelPlanes[(j - rowLow) * lowWidth + i] else { continue }
                            let dx = (q.x - plane.x) * inverse, dy = (q.y - plane.y) * inverse
                            density[(j - rowLow) * lowWidth + i] += scale * exp(-4.5 * (dx * dx + dy * dy))
                        }
                    }
                    continue
                }
                let c = t.screen(plane: plane)
                guard c.x.isFinite, c.y.isFinite else { continue }
                // low-resolution texel centres inside the kernel's square
                let i0 = max(0, Int(((c.x - reach) / sx - 0.5).rounded(.up)))
                let i1 = min(lowWidth - 1, Int(((c.x + reach) / sx - 0.5).rounded(.down)))
                let j0 = max(rowLow, Int(((c.y - reach) / sy - 0.5).rounded(.up)))
                let j1 = min(rowHigh, Int(((c.y + reach) / sy - 0.5).rounded(.down)))
                if i0 > i1 || j0 > j1 { continue }
                let scale = p.weight * layer.intensity * gauss
                let inverse = 1 / (p.radius * ratio)
                for i in i0...i1 {
                    let dx = ((Double(i) + 0.5) * sx - c.x) * inverse
                    columnFactors[i] = exp(-4.5 * dx * dx)
                }
                density.withUnsafeMutableBufferPointer { d in
                    columnFactors.withUnsafeBufferPointer { f in
                        for j in j0...j1 {
                            let dy = ((Double(j) + 0.5) * sy - c.y) * inverse
                            let row = scale * exp(-4.5 * dy * dy)
                            let base = (j - rowLow) * lowWidth
                            for i in i0...i1 { d[base + i] += row * f[i] }
                        }
                    }
                }
            }
        }
        let opacity = Float(max(0, min(1, layer.opacity)))
        let w = canvasWidth, px = pixels
        @inline(__always) func value(_ i: Int, _ j: Int) -> Double {
            let ci = max(0, min(lowWidth - 1, i)), cj = max(rowLow, min(rowHigh, j))
            return density[(cj - rowLow) * lowWidth + ci]
        }
        for y in clip.y0..<clip.y1 {
            let ty = (Double(y) + 0.5) / sy - 0.5
            let j = Int(ty.rounded(.down)), ay = ty - Double(j)
            for x in clip.x0..<clip.x1 {
                let tx = (Double(x) + 0.5) / sx - 0.5
                let i = Int(tx.rounded(.down)), ax = tx - Double(i)
                let top = value(i, j) * (1 - ax) + value(i + 1, j) * ax
                let bottom = value(i, j + 1) * (1 - ax) + value(i + 1, j + 1) * ax
                let d = top * (1 - ay) + bottom * ay
                if d <= 0 { continue }
                // the ramp texture, linearly filtered and clamped at its ends
                let r = max(0, min(255, d * 256 - 0.5))
                let k = Int(r), f = Float(r - Double(k))
                let color = PremultipliedColor.mix(layer.ramp[k], layer.ramp[min(255, k + 1)], f).scaled(opacity)
                if color.a <= 0 && color.r <= 0 && color.g <= 0 && color.b <= 0 { continue }
                Canvas.blendPixel(px, offset: 4 * (y * w + x), color: color, alpha: 1)
            }
        }
    }
}

extension PaintContext {
    /// The extrusions of a heatmap kernel's vertices on the globe along each axis (GL JS's circle granularity 3:
    /// steps 0, 2, 5, 7 of 7 across -1...1).
    static let globeKernelStops: [Double] = [0, 2, 5, 7].map { $0 / 7 * 2 - 1 }

    /// The kernel's triangles over its 4 x 4 vertices, in GL JS's order (`circle_bucket.ts`).
    static let globeKernelTriangles: [(Int, Int, Int)] = (0..<3).flatMap { row in
        (0..<3).flatMap { column -> [(Int, Int, Int)] in
            let n = row * 4 + column, r = (row + 1) * 4 + column
            return [(n, r + 1, n + 1), (n, r, r + 1)]
        }
    }
}
