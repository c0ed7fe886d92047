import Foundation

extension PaintContext {
    /// Draws a circle layer like MapLibre's circle shader: for extrusion length `len` (1 at radius +
    /// stroke width), alpha `smoothstep(0, -max(blur, 1 px), len - 1)`, colour mixing from fill to stroke
    /// at `radius / (radius + stroke width)`.
    mutating func paintCircle(_ layer: CircleLayer) {
        let t = transform
        let ratio = t.pixelRatio
        let shift = planeTranslation(layer.translate, anchor: layer.translateAnchor)
        let pitchWithMap = layer.pitchAlignment == .map
        let scaleWithMap = layer.pitchScale == .map
        let w = canvasWidth, clip = clip, px = pixels
        for (i, feature) in layer.features.enumerated() {
            let radius = max(0, layer.radius[i])
            let strokeWidth = max(0, layer.strokeWidth[i])
            let outer = radius + strokeWidth
            if outer <= 0 { continue }
            let fill = layer.color[i].premultiplied(opacity: Float(layer.opacity[i]))
            let stroke = layer.strokeColor[i].premultiplied(opacity: Float(layer.strokeOpacity[i]))
            if fill.a <= 0 && (stroke.a <= 0 || strokeWidth < 0.01) { continue }
            let blur = max(0, layer.blur[i])
            let aaBlur = 1 / ratio / outer
            let antialiasedBlur = -max(blur, aaBlur)
            let strokeStart = radius / outer
            let hasStroke = strokeWidth >= 0.01
            let outerDevice = outer * ratio
            // Inside this extrusion length (squared) opacity is 1 and the colour is the fill colour.
            let innerOpacity = max(0, 1 + antialiasedBlur)
            let innerColor = hasStroke ? max(0, strokeStart + antialiasedBlur) : innerOpacity
            let innerFill2 = min(innerOpacity, innerColor) * min(innerOpacity, innerColor)
            let margin = 4 * outerDevice + shift.length
            for c in feature.points {
                guard let copies = copies(west: c.longitude, east: c.longitude, margin: margin) else { continue }
                for copy in copies {
                    let center = t.plane(c, copy: copy) + shift
                    let centerScreen = t.screen(plane: center)
                    guard centerScreen.x.isFinite, centerScreen.y.isFinite else { continue }
                    // Screen-space radius (viewport alignment) or plane-space radius (map alignment).
                    let wCenter = t.w(plane: center)
                    if wCenter <= 0 { continue }
                    var minX: Double, maxX: Double, minY: Double, maxY: Double
                    var radiusScreen = 0.0, radiusPlane = 0.0
                    if pitchWithMap {
                        radiusPlane = outerDevice * (scaleWithMap ? 1 : wCenter)
                        minX = .infinity; maxX = -.infinity; minY = .infinity; maxY = -.infinity
                        for (sx, sy) in [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)] {
                            let s = t.screen(plane: center + Point(x: sx * radiusPlane, y: sy * radiusPlane))
                            minX = min(minX, s.x); maxX = max(maxX, s.x)
                            minY = min(minY, s.y); maxY = max(maxY, s.y)
                        }
                    } else {
                        radiusScreen = outerDevice * (scaleWithMap ? 1 / wCenter : 1)
                        minX = centerScreen.x - radiusScreen; maxX = centerScreen.x + radiusScreen
                        minY = centerScreen.y - radiusScreen; maxY = centerScreen.y + radiusScreen
                    }
                    let x0 = clip.firstColumn(atOrRightOf: minX)
                    let x1 = clip.firstColumn(atOrRightOf: maxX)
                    let y0 = clip.firstRow(atOrBelow: minY)
                    let y1 = clip.firstRow(atOrBelow: maxY)
                    if x0 >= x1 || y0 >= y1 { continue }
                    for y in y0..<y1 {
                        let cy = Double(y) + 0.5
                        let (rowX0, rowX1) = tileSpan(row: y, x0, x1)
                        if rowX0 >= rowX1 { continue }
                        for x in rowX0..<rowX1 {
                            let cx = Double(x) + 0.5
                            var ex: Double, ey: Double
                            if pitchWithMap {
                                guard let q = t.plane(screen: Point(x: cx, y: cy)) else { continue }
                                ex = (q.x - center.x) / radiusPlane
                                ey = (q.y - center.y) / radiusPlane
                            } else {
                                ex = (cx - centerScreen.x) / radiusScreen
                                ey = (cy - centerScreen.y) / radiusScreen
                            }
                            let len2 = ex * ex + ey * ey
                            if len2 >= 1 { continue }
                            if len2 < innerFill2 {
                                // Fully opaque, pure fill colour: no smoothstep needed.
                                Canvas.blendPixel(px, offset: 4 * (y * w + x), color: fill, alpha: 1)
                                continue
                            }
                            let len = len2.squareRoot()
                            let opacityT = smoothstep(0, antialiasedBlur, len - 1)
                            if opacityT <= 0 { continue }
                            let color: PremultipliedColor
                            if hasStroke {
                                let colorT = smoothstep(antialiasedBlur, 0, len - strokeStart)
                                color = PremultipliedColor.mix(fill, stroke, Float(colorT))
                            } else {
                                color = fill
                            }
                            Canvas.blendPixel(px, offset: 4 * (y * w + x), color: color, alpha: Float(opacityT))
                        }
                    }
                }
            }
        }
    }
}
