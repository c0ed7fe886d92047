import Foundation
import Geo
import GeoJSON

extension PaintContext {
    /// The Earth's radius GL JS scales heights by on the globe (`GLOBE_RADIUS`, metres).
    static let globeRadiusMetres = 6371008.8

    /// Draws a fill-extrusion layer on the globe as GL JS's `fill_extrusion` shader does there: each
    /// footprint vertex (rings split on the fill grid) raised along the sphere's normal, to
    /// `1 + height / GLOBE_RADIUS` of the unit sphere; walls between the raised base and top (faces
    /// turned away culled by their winding on screen, as GL culls them), roofs on the shell at the
    /// roof's height. The lighting is the flat map's with each normal turned into the sphere's frame at
    /// its vertex and the light into the frame at the view's centre (GL JS's `globeGetRotationMatrix`
    /// and `transformLightDirection`). The globe hides what is behind it: the depth buffer starts with
    /// the sphere's depth under each pixel, so a solid standing behind the horizon shows above it.
    /// `fill-extrusion-pattern` is laid out as on the flat map (roofs by their world position at the integer zoom, walls
    /// by the edge distance along the ring and the height), lit as GL JS's pattern shader lights it on the globe: by
    /// the flat map's light and normals, with no turn into the sphere's frame.
    mutating func paintGlobeFillExtrusion(_ layer: FillExtrusionLayer, globe g: GlobeView) {
        let opacity = Float(max(0, min(1, layer.opacity.isNaN ? 0 : layer.opacity)))
        guard opacity > 0, !clip.isEmpty, !layer.features.isEmpty else { return }
        var buffer = ExtrusionBuffer(clip: clip, depth: extrusionDepth)
        extrusionDepth = []
        let t = transform
        // the sphere in the depth buffer (GL's depth test against the globe)
        for y in clip.y0..<clip.y1 where g.isSphere {
            for x in clip.x0..<clip.x1 {
                let i = (y - clip.y0) * buffer.width + (x - clip.x0)
                guard buffer.inverseDepth[i] == 0, let s = g.camera.spherePoint(screenX: Double(x) + 0.5, y: Double(y) + 0.5) else { continue }
                let v = g.camera.view(s)
                if v.z < 0 { buffer.inverseDepth[i] = Float(1 / -v.z) * (1 - 1e-5) }
            }
        }
        let shift = planeTranslation(layer.translate, anchor: layer.translateAnchor)
        let turned = t.unrotate(shift)
        let worldShift = Point(x: turned.x / t.worldSize, y: turned.y / t.worldSize)
        let light = layer.light.direction(bearing: t.camera.bearing)
        // the light in globe space: the flat map's frame at the view's centre
        let centre = GlobeProjection.spherePoint(longitude: t.camera.center.longitude, latitude: t.camera.center.latitude)
        let centreFrame = GlobeView.tangentFrame(centre) ?? (east: Vector3(1, 0, 0), south: Vector3(0, 0, 1))
        // (normalized, as GL JS's `transformLightDirection` normalizes it: the flat map's light keeps its radial length)
        let lightOnGlobe = centreFrame.east * light.x + centreFrame.south * light.y + centre * light.z
        let globeLight = lightOnGlobe * (1 / max(lightOnGlobe.length, 1e-12))
        func shading(at s: Vector3) -> ExtrusionShading {
            // the light in the frame at `s` (its normals are the flat map's there)
            let frame = GlobeView.tangentFrame(s) ?? centreFrame
            return ExtrusionShading(light: (globeLight.dot(frame.east), globeLight.dot(frame.south), globeLight.dot(s)),
                                    lightColor: layer.light.color, intensity: layer.light.intensity,
                                    verticalGradient: layer.verticalGradient, glJSRules: t.glJSRules)
        }
        // GL JS's `fill_extrusion_pattern` shader on the globe: the flat light, the tile-space normals
        let patternShading = ExtrusionShading(light: light, lightColor: layer.light.color, intensity: layer.light.intensity,
                                              verticalGradient: layer.verticalGradient, glJSRules: t.glJSRules)
        let patternScale = 512 * pow(2, Double(t.tileZoom))
        let cells = GlobeGranularity.cellsAcrossWorld(GlobeGranularity.fill, tileZoom: globeDataTileZoom)
        let tileUnits = globeTileUnits
        for (i, feature) in layer.features.enumerated() {
            if let patterns = layer.patterns, patterns[i] == nil { continue }  // its pattern is missing: nothing drawn
            let pattern = (layer.patterns?[i] ?? nil).map {
                GlobeExtrusionPattern(image: $0, scale: patternScale, shift: worldShift, shading: patternShading)
            }
            // over terrain both raised by the ground under the centroid, and shaded with the raised heights (GL JS
            // raises `base` and `height` before its vertical gradient reads them)
            let (base, height) = layer.drawnBaseAndHeight(i)
            let color = layer.color[i].premultiplied()
            let rBase = 1 + base / Self.globeRadiusMetres, rTop = 1 + height / Self.globeRadiusMetres
            for polygon in feature.polygons {
                // the rings on the map (moved by the translate), split on the fill grid
                var rings: [[Point]] = []
                // per split point, whether the wall leaving it lies along a tile's cut (not drawn)
                var cutWalls: [[Bool]] = []
                for (k, ring) in polygon.enumerated() {
                    var points: [Point] = []
                    var world: [Point] = []
                    for c in ring {
                        var p = t.quantized(c)
                        p.x += worldShift.x
                        p.y += worldShift.y
                        if let last = points.last, last == p { continue }
                        points.append(p)
                        if feature.cutTile != nil { world.append(c) }
                    }
                    if points.count > 1, points.first == points.last {
                        points.removeLast()
                        if feature.cutTile != nil { world.removeLast() }
                    }
                    guard points.count >= 3 else { continue }
                    // exterior rings clockwise in the y-down world (the solid on each edge's right), holes anticlockwise
                    var area = 0.0
                    var previous = points[points.count - 1]
                    for p in points {
                        area += previous.x * p.y - p.x * previous.y
                        previous = p
                    }
                    if (k == 0) != (area > 0) {
                        points.reverse()
                        world.reverse()
                    }
                    let cut = feature.cutTile.map { TileCut.cutEdges(world, tile: $0) }
                    var split: [Point] = []
                    var walls: [Bool] = []
                    for j in points.indices {
                        let a = points[j], b = points[(j + 1) % points.count]
                        split.append(a)
                        GlobeSubdivision.split(a, b, cells: cells, units: tileUnits, rule: .walk, into: &split)
                        walls += repeatElement(cut?[j] ?? false, count: split.count - walls.count)
                    }
                    rings.append(split)
                    cutWalls.append(walls)
                }
                guard !rings.isEmpty else { continue }
                let spheres = rings.map { ring in ring.map { g.spherePoint(worldX: $0.x, y: $0.y) } }
                let metres = t.pixelsPerMeter
                // walls
                if rTop != rBase {
                    for (r, (ring, sphere)) in zip(rings, spheres).enumerated() {
                        paintGlobeWalls(ring, sphere, cutWalls: cutWalls[r], rBase: rBase, rTop: rTop, base: base, height: height, metres: metres,
                                        color: color, shading: shading, pattern: pattern, globe: g, into: &buffer)
                    }
                }
                // the roof: the rings on the shell at the roof's height
                if let first = spheres.first?.first {
                    // lit where each pixel meets the roof, as GL JS lights each vertex of the roof's mesh (one colour
                    // for the whole roof showed each tile's piece of a large solid in a shade of its own)
                    let roof: (Vector3) -> PremultipliedColor = pattern.map { pattern in { pattern.roof(at: g.world(sphere: $0)) } }
                        ?? { let c = shading(at: $0).roof(color); return PremultipliedColor(r: c.0, g: c.1, b: c.2, a: 1) }
                    paintGlobeRoof(rings, spheres, radius: rTop, heightPixels: height * metres, color: roof,
                                   blendColor: roof(first), globe: g, into: &buffer)
                }
            }
        }
        composite(buffer, opacity: opacity)
        extrusionDepth = buffer.inverseDepth
    }

    /// The camera-space vertex (GL's clip `w` as its depth) and screen position of a footprint vertex
    /// (world point `world`, unit-sphere direction `s`) raised to `radius` (`heightPixels` in Mercator).
    /// `u` and `v`: its pattern position (``ExtrusionVertex``).
    private func globeVertex(_ world: Point, _ s: Vector3, radius: Double, heightPixels: Double, t: Double, u: Double = 0, v pv: Double = 0,
                             globe g: GlobeView) -> (Point, ExtrusionVertex) {
        let v = g.view(sphere: s, radius: radius, worldX: world.x, y: world.y, heightPixels: heightPixels)
        let p = g.camera.screen(view: v)
        return (Point(x: p.x, y: p.y), ExtrusionVertex(point: CameraPoint(x: v.x, y: v.y, depth: -v.z), t: t, u: u, v: pv))
    }

    /// A ring's walls on the globe: one quad per (split) edge, culled by its winding on screen, and left out along a
    /// tile's cut (`cutWalls[i]`: the edge leaving point `i`).
    private func paintGlobeWalls(_ ring: [Point], _ sphere: [Vector3], cutWalls: [Bool], rBase: Double, rTop: Double, base: Double, height: Double,
                                 metres: Double, color: PremultipliedColor, shading: (Vector3) -> ExtrusionShading,
                                 pattern: GlobeExtrusionPattern?, globe g: GlobeView, into buffer: inout ExtrusionBuffer) {
        let layout = pattern?.wallLayout(ring, base: base, height: height)
        var ia = ring.count - 1
        for ib in ring.indices {
            defer { ia = ib }
            if cutWalls[ia] { continue }
            let a = ring[ia], b = ring[ib]
            let zBase = base * metres, zTop = height * metres
            // the pattern's position: along the ring by the edge distance (the edge ending at `b` starts there), up by height
            let (uA, uB) = layout.map { ($0.edgeEnd[ib], $0.edgeStart[ib]) } ?? (0, 0)
            let (vBase, vTop) = layout.map { ($0.vBase, $0.vTop) } ?? (0, 0)
            let corners = [globeVertex(a, sphere[ia], radius: rBase, heightPixels: zBase, t: 0, u: uA, v: vBase, globe: g),
                           globeVertex(b, sphere[ib], radius: rBase, heightPixels: zBase, t: 0, u: uB, v: vBase, globe: g),
                           globeVertex(b, sphere[ib], radius: rTop, heightPixels: zTop, t: 1, u: uB, v: vTop, globe: g),
                           globeVertex(a, sphere[ia], radius: rTop, heightPixels: zTop, t: 1, u: uA, v: vTop, globe: g)]
            // a wall reaching behind the camera cut at GL JS's near plane (a solid taller than the camera's height)
            var wall = corners
            if !corners.allSatisfy({ $0.1.point.depth >= GlobeView.nearZ }) {
                wall = PaintContext.clipToDepth(corners.map(\.1), near: GlobeView.nearZ, far: .infinity).map { v in
                    let p = g.camera.screen(view: Vector3(v.point.x, v.point.y, -v.point.depth))
                    return (Point(x: p.x, y: p.y), v)
                }
            }
            guard wall.count >= 3 else { continue }
            var area = 0.0
            var previous = wall[wall.count - 1].0
            for c in wall {
                area += previous.x * c.0.y - c.0.x * previous.y
                previous = c.0
            }
            // a wall faces the camera when its quad turns clockwise on screen (as the flat map's
            // axonometric walls; upside-down solids the other way)
            if rTop > rBase ? !(area > 0) : !(area < 0) { continue }
            // MapLibre's wall normal: perp(current - previous), world-aligned
            let ex = b.x - a.x, ey = b.y - a.y
            let length = (ex * ex + ey * ey).squareRoot()
            guard length > 0 else { continue }
            let nx = -ey / length, ny = ex / length
            let bottom: (Float, Float, Float), top: (Float, Float, Float)
            if let pattern {
                bottom = pattern.shading.patternWall(nx: nx, ny: ny, t: 0, base: base, height: height)
                top = pattern.shading.patternWall(nx: nx, ny: ny, t: 1, base: base, height: height)
            } else {
                let middle = sphere[ia] + sphere[ib]
                let shade = shading(middle * (1 / max(middle.length, 1e-12)))
                bottom = shade.wall(color, nx: nx, ny: ny, t: 0, base: base, height: height)
                top = shade.wall(color, nx: nx, ny: ny, t: 1, base: base, height: height)
            }
            for k in 1..<(wall.count - 1) {
                rasterizeWallTriangle(wall[0], wall[k], wall[k + 1], bottom: bottom, top: top, pattern: pattern?.image, into: &buffer)
            }
        }
    }

    /// A roof on the globe: its rings on the shell of `radius` projected and scanned (even-odd), each
    /// pixel's depth where its ray meets the shell and its colour `color` of the unit sphere's point there (in a blend
    /// with Mercator, the mean of the roof's vertex depths and `blendColor`: an approximation).
    private mutating func paintGlobeRoof(_ world: [[Point]], _ rings: [[Vector3]], radius: Double, heightPixels: Double,
                                         color: (Vector3) -> PremultipliedColor, blendColor: PremultipliedColor,
                                         globe g: GlobeView, into buffer: inout ExtrusionBuffer) {
        let cam = g.camera
        var depthSum = 0.0, depthCount = 0.0
        let screen = zip(world, rings).map { w, ring in zip(w, ring).map { q, s -> Point in
            let v = g.view(sphere: s, radius: radius, worldX: q.x, y: q.y, heightPixels: heightPixels)
            depthSum += -v.z
            depthCount += 1
            let p = cam.screen(view: v)
            return Point(x: p.x, y: p.y)
        } }
        let blendDepth = depthSum / max(depthCount, 1)
        // a roof reaching past the shell's horizon (some vertex on the side turned away from the camera)
        // folds over on screen: drawn where the shell faces the camera, as GL JS's culling keeps it
        if g.isSphere, rings.contains(where: { $0.contains { cam.cameraPosition.dot($0) <= radius } }) {
            paintFoldedGlobeRoof(world, radius: radius, color: color, globe: g, into: &buffer)
            return
        }
        // a roof turned away from the camera (its exterior ring wound the other way on screen) is culled
        guard let exterior = screen.first, exterior.count >= 3 else { return }
        var area = 0.0
        var previous = exterior[exterior.count - 1]
        for p in exterior {
            area += previous.x * p.y - p.x * previous.y
            previous = p
        }
        guard area > 0 else { return }
        var scanner = PixelCenterScanner()
        swap(&scanner, &self.scratch.scanner)
        let o = cam.cameraPosition
        let c = o.dot(o) - radius * radius
        let sphere = g.isSphere
        scanner.scan(rings: screen, rule: .evenOdd, clip: clip) { y, x0, x1 in
            for x in x0..<x1 {
                if !sphere {
                    if blendDepth > 0 {
                        buffer.write(x: x, y: y, inverseDepth: Float(1 / blendDepth), r: blendColor.r, g: blendColor.g, b: blendColor.b,
                                     a: blendColor.a)
                    }
                    continue
                }
                let dir = cam.rayDirection(screenX: Double(x) + 0.5, y: Double(y) + 0.5)
                let b = o.dot(dir)
                // a pixel inside the projected roof whose ray just misses the shell (GL draws the roof's
                // flat triangles, which reach a little past the shell's outline) takes the tangent point
                let discriminant = max(0, b * b - c)
                let along = -b - discriminant.squareRoot()
                guard along > 0 else { continue }
                let e = o + dir * along
                let v = cam.view(e)
                guard v.z < 0 else { continue }
                let c = color(e * (1 / radius))
                buffer.write(x: x, y: y, inverseDepth: Float(1 / -v.z), r: c.r, g: c.g, b: c.b, a: c.a)
            }
        }
        swap(&scanner, &self.scratch.scanner)
    }

    /// A roof on the globe that reaches past the horizon of its shell (radius `radius`): GL JS draws its
    /// flat triangles with the faces turned away culled (`CullFaceMode.backCCW`), so a pixel shows the
    /// roof where the ray's first meeting with the shell lies inside the footprint; the part seen from
    /// behind only folds back under the part in front. (Scanning the projected rings even-odd, as a roof
    /// wholly in front is drawn, would lose the band where the two parts overlap on screen.) Each pixel
    /// of the footprint's projection and the shell's outline is tested: the ray met with the shell
    /// (`GlobeCamera.spherePoint(screenX:y:radius:)`), the point taken back to the map and tested against the
    /// rings (`world`, even-odd).
    private func paintFoldedGlobeRoof(_ world: [[Point]], radius: Double, color: (Vector3) -> PremultipliedColor, globe g: GlobeView,
                                      into buffer: inout ExtrusionBuffer) {
        let cam = g.camera
        let o = cam.cameraPosition
        let distance = o.length
        guard distance > radius, let first = world.first?.first else { return }
        // the footprint's middle x, to take each point to the rings' world copy
        var minX = first.x, maxX = first.x
        for ring in world {
            for p in ring {
                minX = min(minX, p.x)
                maxX = max(maxX, p.x)
            }
        }
        let middleX = (minX + maxX) / 2
        func inside(_ s: Vector3) -> Bool {
            var p = g.world(sphere: s)
            p.x += (middleX - p.x).rounded()
            var odd = false
            for ring in world where PaintContext.evenOddContains(ring, p) { odd.toggle() }
            return odd
        }
        // the screen box: the front-facing vertices and the shell's outline (the horizon circle of the shell)
        var x0 = Double.infinity, y0 = Double.infinity, x1 = -Double.infinity, y1 = -Double.infinity
        func include(_ v: Vector3) {
            guard v.z < 0 else { return }
            let p = cam.screen(view: v)
            x0 = min(x0, p.x)
            x1 = max(x1, p.x)
            y0 = min(y0, p.y)
            y1 = max(y1, p.y)
        }
        for ring in world {
            for q in ring {
                let s = g.spherePoint(worldX: q.x, y: q.y)
                if o.dot(s) > radius { include(cam.view(s * radius)) }
            }
        }
        let axis = o * (1 / distance)
        let (e1, e2) = GlobeView.basis(axis)
        let centre = axis * (radius * radius / distance)
        let across = radius * (1 - (radius / distance) * (radius / distance)).squareRoot()
        for k in 0..<64 {
            let a = Double(k) * (2 * .pi / 64)
            let p = centre + (e1 * cos(a) + e2 * sin(a)) * across
            // only where the outline passes over the footprint
            if inside(p * (1 / radius)) { include(cam.view(p)) }
        }
        guard x0 <= x1 else { return }
        let px0 = max(clip.x0, Int((x0 - 2).rounded(.down))), px1 = min(clip.x1, Int((x1 + 2).rounded(.up)))
        let py0 = max(clip.y0, Int((y0 - 2).rounded(.down))), py1 = min(clip.y1, Int((y1 + 2).rounded(.up)))
        guard px0 < px1, py0 < py1 else { return }
        for y in py0..<py1 {
            for x in px0..<px1 {
                guard let e = cam.spherePoint(screenX: Double(x) + 0.5, y: Double(y) + 0.5, radius: radius),
                      inside(e * (1 / radius)) else { continue }
                let v = cam.view(e)
                guard v.z < 0 else { continue }
                let c = color(e * (1 / radius))
                buffer.write(x: x, y: y, inverseDepth: Float(1 / -v.z), r: c.r, g: c.g, b: c.b, a: c.a)
            }
        }
    }
}

/// `fill-extrusion-pattern` on the globe, laid out as on the flat map (``PaintContext/paintFillExtrusion(_:)``): the roof
/// by its world position in pixels at the transform's tile zoom (`scale` pixels across the world), the walls as
/// ``ExtrusionWallPattern`` lays them out.
struct GlobeExtrusionPattern {
    var image: StyleImage
    /// Pixels across the world at the tile zoom the pattern is laid out at.
    var scale: Double
    /// The layer's translate in world fractions (the rings are moved by it; the pattern is not).
    var shift: Point
    /// The pattern shader's lighting: the flat map's light and normals.
    var shading: ExtrusionShading

    /// The roof's lit colour at world point `world` (any world copy: the globe has one).
    func roof(at world: Point) -> PremultipliedColor {
        let (w, h) = image.displaySize
        guard w > 0, h > 0 else { return PremultipliedColor(r: 0, g: 0, b: 0, a: 0) }
        var x = world.x - shift.x
        x -= x.rounded(.down)
        let c = PaintContext.patternSample(image, x * scale / w, (world.y - shift.y) * scale / h)
        let l = shading.patternRoof()
        return PremultipliedColor(r: c.r * l.0, g: c.g * l.1, b: c.b * l.2, a: c.a)
    }

    /// Where `ring`'s walls (world points, moved by ``shift``) read the pattern (``ExtrusionWallPattern``, in the one
    /// world the globe has).
    func wallLayout(_ ring: [Point], base: Double, height: Double) -> ExtrusionWallPattern {
        ExtrusionWallPattern(world: ring.map { Point(x: $0.x - shift.x, y: $0.y - shift.y) }, tiles: scale / 512, base: base,
                             height: height, oneWorld: true)
    }
}
