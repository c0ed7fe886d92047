import Geo
package import GeoJSON
import Foundation

/// Web Mercator projection and MapLibre's perspective camera for one output size.
///
/// Three spaces are used:
/// - *world*: Web Mercator pixels at the camera's zoom (`512 * 2^zoom * pixelRatio` device pixels wide), y down;
/// - *plane*: world pixels relative to the camera centre, rotated by the bearing (the map plane as seen
///   from straight above, x right, y down on screen);
/// - *screen*: device pixels of the output image, origin top-left.
/// Plane and screen coincide (up to the centre offset) when pitch is 0; otherwise the plane is tilted
/// with the camera's field of view (MapLibre's 0.6435 rad unless set) and camera distance
/// (`0.5 / tan(fov / 2) * height`), and the picture turned about its centre by the roll (GL JS's
/// `rotateZ(-roll)` after the pitch; unpitched, a roll is the same turn as a bearing and is drawn as one).
package struct Transform: Sendable {
    /// MapLibre's vertical field of view in radians.
    package static let fieldOfView = 0.6435011087932844
    /// The largest pitch drawn, in degrees (GL JS's render tests' `maxPitch`; GL JS 5.24's map option
    /// defaults to 60 and accepts up to 180).
    package static let maximumPitch = 85.0
    /// GL JS's `maxMercatorHorizonAngle`: the horizon line is never drawn nearer the centre than this
    /// many degrees from straight down (`getMercatorHorizon`).
    static let maximumHorizonAngle = 89.25

    /// The camera (pitch clamped to 0...85; unpitched, its roll folded into the bearing).
    package let camera: MapCamera
    /// Output width in device pixels (whole: ``framebufferSide(_:pixelRatio:)``).
    package let width: Double
    /// Output height in device pixels (whole).
    package let height: Double
    /// Device pixels per CSS pixel as the view is drawn: the framebuffer's width over the CSS width,
    /// which is the pixel ratio asked for unless the CSS width times it is fractional.
    package let pixelRatio: Double
    /// World width in device pixels at the camera zoom.
    package let worldSize: Double
    /// The camera centre in world device pixels.
    package let centerWorld: Point
    /// Distance from the camera to the centre point, in device pixels.
    package let cameraToCenterDistance: Double
    let cosBearing: Double
    let sinBearing: Double
    let cosPitch: Double
    let sinPitch: Double
    /// The roll's cosine and sine (1 and 0 unless a pitched view is rolled).
    let cosRoll: Double
    let sinRoll: Double
    /// Whether a pitched view is rolled (screen positions turn about the centre).
    let isRolled: Bool
    /// The vertical field of view in radians.
    package let fieldOfViewRadians: Double
    /// GL JS's far clipping distance (`_calculateNearFarZIfNeeded`), device pixels along the view axis.
    package let farClipDepth: Double
    /// Tile grid units per world for coordinate quantization, or `nil` for none.
    let quantizationUnits: Double?
    /// The highest source tile zoom.
    let tileMaxZoom: Int
    /// How heights are projected (MapLibre Native's `ProjectionMode`): perspective unless set.
    /// Only points above the ground (fill extrusions) depend on it.
    package var projectionMode = ProjectionMode()
    /// How far the view is bent onto the globe: 0 is Web Mercator (the default, today's pixels), 1 the
    /// globe (GL JS's vertical perspective), values between GL JS's blend of the two. See `Transform+Globe`.
    package var globeness: Double = 0 {
        didSet { globe = GlobeView(self) }
    }
    /// Whose rasterizer the pixels match where renderers legitimately differ (``RasterReference``): MapLibre
    /// Native's (the default), or GL JS's pictures drawn through SwiftShader (the GL JS comparison suite).
    package var rasterReference: RasterReference = .mapLibreNative {
        didSet { globe = GlobeView(self) }
    }
    /// Whether rules that MapLibre GL JS 5 and MapLibre Native draw differently follow GL JS rather than Native: set
    /// for a style whose projection draws the globe at some zoom (`Style.projectionDrawsGlobe`: a style made for GL
    /// JS, the only one of the two that draws the globe), at every zoom. Today two rules: line patterns
    /// (``LinePattern``) and which extrusion walls the vertical gradient darkens (``ExtrusionShading/glJSRules``).
    package var glJSRules = false
    /// Whether polygon vertices are placed on screen as SwiftShader places them (``snapped(_:)``): the GPU MapLibre
    /// GL JS draws with in headless Chromium (``RasterReference/glJSSwiftShader``). MapLibre Native's reference
    /// images come from GPUs with a finer grid.
    package var subpixelSnapping: Bool { rasterReference == .glJSSwiftShader }
    /// The globe's camera and blend when ``globeness`` is above 0; nil draws Web Mercator. Painters
    /// then work in screen space: a *plane* point is its screen position less the view's centre, and
    /// `screen(plane:)` only adds the centre back.
    package private(set) var globe: GlobeView?

    /// The side of the framebuffer in device pixels for a side of `points` CSS pixels at `pixelRatio`:
    /// the product in single precision, cut to whole pixels (MapLibre Native's headless frontend sizes
    /// its framebuffer `static_cast<uint32_t>(size.width * pixelRatio)` with a `float` ratio; GL JS
    /// floors the canvas's width times the ratio too). The view, laid out in CSS pixels, is then
    /// projected onto these whole pixels: at a fractional ratio everything is scaled by the
    /// framebuffer's width over the CSS width, about the framebuffer's centre.
    package static func framebufferSide(_ points: Int, pixelRatio: Double) -> Int {
        let side = Float(points) * Float(pixelRatio)
        guard side.isFinite, side >= 1 else { return 0 }
        return side >= 9e18 ? Int(9e18) : Int(side)
    }

    /// Creates the transform for a camera and an output size in CSS pixels.
    package init(camera: MapCamera, width: Int, height: Int, pixelRatio: Double = 1,
                quantizeToTileZoom maxTileZoom: Int? = nil) {
        var camera = camera
        camera.pitch = max(0, min(Transform.maximumPitch, camera.pitch.isFinite ? camera.pitch : 0))
        camera.zoom = camera.zoom.isFinite ? max(0, min(30, camera.zoom)) : 0
        if !camera.bearing.isFinite { camera.bearing = 0 }
        if !camera.roll.isFinite { camera.roll = 0 }
        if !camera.centerAltitude.isFinite { camera.centerAltitude = 0 }
        if camera.roll != 0 && sin(camera.pitch * .pi / 180) <= 1e-9 {
            // unpitched, GL JS's rotateZ(-roll) · rotateZ(-bearing) is one turn by bearing + roll
            camera.bearing += camera.roll
            camera.roll = 0
        }
        let fov: Double
        if camera.fieldOfView == MapCamera.defaultFieldOfView || !camera.fieldOfView.isFinite {
            fov = Transform.fieldOfView
            camera.fieldOfView = MapCamera.defaultFieldOfView
        } else {
            camera.fieldOfView = max(0.1, min(150, camera.fieldOfView))
            fov = camera.fieldOfView * .pi / 180
        }
        fieldOfViewRadians = fov
        if !camera.center.longitude.isFinite { camera.center.longitude = 0 }
        if camera.center.latitude.isNaN { camera.center.latitude = 0 }
        camera.center.latitude = WebMercator.clampedLatitude(camera.center.latitude)
        self.camera = camera
        let deviceWidth = Transform.framebufferSide(width, pixelRatio: pixelRatio)
        let deviceHeight = Transform.framebufferSide(height, pixelRatio: pixelRatio)
        // the CSS layout drawn onto whole device pixels (the height's own scale differs from the
        // width's by under a pixel over the view; the width's is used for both)
        let ratio = width > 0 && deviceWidth >= 1 ? Double(deviceWidth) / Double(width) : pixelRatio
        self.pixelRatio = ratio
        self.width = deviceWidth >= 1 ? Double(deviceWidth) : Double(width) * ratio
        self.height = deviceHeight >= 1 ? Double(deviceHeight) : Double(height) * ratio
        worldSize = 512 * pow(2, camera.zoom) * ratio
        let bearing = camera.bearing * .pi / 180
        cosBearing = cos(bearing)
        sinBearing = sin(bearing)
        let pitch = camera.pitch * .pi / 180
        cosPitch = cos(pitch)
        sinPitch = sin(pitch)
        let roll = camera.roll * .pi / 180
        cosRoll = camera.roll == 0 ? 1 : cos(roll)
        sinRoll = camera.roll == 0 ? 0 : sin(roll)
        isRolled = camera.roll != 0
        cameraToCenterDistance = 0.5 / tan(fov / 2) * Double(height) * ratio
        farClipDepth = Transform.farClipDepth(pitch: camera.pitch, roll: camera.roll, fieldOfView: fov,
                                              distance: cameraToCenterDistance, width: Double(width) * ratio,
                                              height: Double(height) * ratio,
                                              pixelsPerMeter: worldSize / (2 * .pi * 6_371_008.8
                                                  * max(cos(camera.center.latitude * .pi / 180), 1e-9)),
                                              centerAltitude: camera.centerAltitude)
        tileMaxZoom = maxTileZoom ?? 18
        if let maxTileZoom {
            let tileZoom = max(0, min(Double(maxTileZoom), floor(camera.zoom)))
            quantizationUnits = 8192 * pow(2, tileZoom)
        } else {
            quantizationUnits = nil
        }
        let c = Transform.mercator(camera.center)
        centerWorld = Point(x: c.x * worldSize, y: c.y * worldSize)
    }

    /// How far MapLibre shifts raster images so that their pixels land on the screen's pixel grid
    /// (its `alignedProjMatrix`), in world units: subtract it from the world position under a pixel.
    /// The centre's world position in CSS pixels is rounded, with half a pixel more for odd sizes.
    func rasterAlignment() -> Point {
        if globe != nil { return Point(x: 0, y: 0) }  // GL JS aligns flat views only
        let scale = worldSize / pixelRatio
        let x = centerWorld.x / pixelRatio, y = centerWorld.y / pixelRatio
        let cssWidth = Int((width / pixelRatio).rounded()), cssHeight = Int((height / pixelRatio).rounded())
        let xShift = Double(cssWidth % 2) / 2, yShift = Double(cssHeight % 2) / 2
        let angle = -camera.bearing * .pi / 180
        let c = cos(angle), s = sin(angle)
        var dx = x - x.rounded(.towardZero) + c * xShift + s * yShift
        var dy = y - y.rounded(.towardZero) + c * yShift + s * xShift
        if dx > 0.5 { dx -= 1 }
        if dy > 0.5 { dy -= 1 }
        return Point(x: dx / scale, y: dy / scale)
    }

    /// A screen position (device pixels) as the GPU places a vertex there when ``subpixelSnapping`` is on: on the
    /// grid of 1/16 of a pixel (SwiftShader's `SUBPIXEL_PRECISION_BITS` 4, rounded to nearest); unchanged otherwise.
    @inline(__always)
    func snapped(_ s: Point) -> Point {
        guard subpixelSnapping else { return s }
        return GlobeMeshRasterizer.snapped(s)
    }

    /// Whether the view is tilted.
    package var isPitched: Bool { sinPitch > 1e-9 && globe == nil }

    /// Web Mercator fractions (0...1 across the world for longitudes -180...180), y down.
    @inlinable
    package static func mercator(_ c: LocationCoordinate2D) -> Point {
        // Latitudes past the Mercator square stay where they are (vector tiles' buffers reach past
        // the world's edge; GeoJSON is clamped by its tile index): only the poles are kept finite.
        let w = WebMercator.cameraWorld(longitude: c.longitude, latitude: c.latitude)
        return Point(x: w.x, y: w.y)
    }

    /// The inverse of ``mercator(_:)``.
    package static func coordinate(mercator p: Point) -> LocationCoordinate2D {
        LocationCoordinate2D(longitude: p.x * 360 - 180, latitude: WebMercator.cameraLatitude(worldY: p.y))
    }

    /// A coordinate in plane space (device pixels), shifted by `copy` world widths, quantized as configured.
    @inline(__always)
    func plane(_ c: LocationCoordinate2D, copy: Int = 0) -> Point {
        plane(worldFraction: worldFraction(c), copy: copy)
    }

    /// Web Mercator fractions of a coordinate, snapped to the tile grid when quantization is on.
    @inline(__always)
    func worldFraction(_ c: LocationCoordinate2D) -> Point { quantized(Transform.mercator(c)) }

    /// Web Mercator fractions snapped to the tile grid when quantization is on.
    @inline(__always)
    func quantized(_ m: Point) -> Point {
        Transform.quantized(m, units: quantizationUnits)
    }

    /// ``quantized(_:)`` with the transform's `quantizationUnits` given: for loops that should not copy the
    /// transform.
    @inline(__always)
    static func quantized(_ m: Point, units: Double?) -> Point {
        guard let u = units else { return m }
        return Point(x: (m.x * u).rounded() / u, y: (m.y * u).rounded() / u)
    }

    /// Plane position (device pixels) of a point in Web Mercator fractions (``mercator(_:)``, not
    /// snapped), shifted by `copy` world widths, quantized as configured: the same as
    /// ``plane(_:copy:)`` of the coordinate, without its logarithm and tangent.
    @inline(__always)
    func plane(mercator m: Point, copy: Int = 0) -> Point {
        plane(worldFraction: quantized(m), copy: copy)
    }

    /// Screen position in CSS pixels of a point in Web Mercator fractions (quantized as configured).
    func screenPoint(mercator m: Point) -> Point {
        let s = screen(plane: plane(mercator: m))
        return Point(x: s.x / pixelRatio, y: s.y / pixelRatio)
    }

    /// Plane position of a point given in world fractions.
    @inline(__always)
    func plane(worldFraction m: Point, copy: Int = 0) -> Point {
        if let globe { return globe.plane(worldX: m.x + Double(copy), y: m.y) }
        let wx = (m.x + Double(copy)) * worldSize - centerWorld.x
        let wy = m.y * worldSize - centerWorld.y
        return rotate(Point(x: wx, y: wy))
    }

    /// World fractions of a plane point.
    @inline(__always)
    func worldFraction(plane p: Point) -> Point {
        if let globe {
            return globe.world(screenX: p.x + width / 2, y: p.y + height / 2) ?? Point(x: .nan, y: .nan)
        }
        let w = unrotate(p)
        return Point(x: (w.x + centerWorld.x) / worldSize, y: (w.y + centerWorld.y) / worldSize)
    }

    /// The integer zoom of the source tiles MapLibre would draw at this camera (GeoJSON, 512 px tiles).
    var tileZoom: Int { Int(max(0, min(Double(tileMaxZoom), floor(camera.zoom)))) }

    /// Rotates a world-aligned vector into the plane (by the bearing).
    @inline(__always)
    func rotate(_ v: Point) -> Point {
        Point(x: v.x * cosBearing + v.y * sinBearing, y: -v.x * sinBearing + v.y * cosBearing)
    }

    /// Rotates a plane vector back to world alignment.
    @inline(__always)
    func unrotate(_ v: Point) -> Point {
        Point(x: v.x * cosBearing - v.y * sinBearing, y: v.x * sinBearing + v.y * cosBearing)
    }

    /// Perspective divisor of a plane point: 1 at the centre, larger farther away.
    @inline(__always)
    func w(plane p: Point) -> Double {
        (cameraToCenterDistance - p.y * sinPitch) / cameraToCenterDistance
    }

    /// Screen position (device pixels) of a plane point.
    @inline(__always)
    func screen(plane p: Point) -> Point {
        if !isPitched { return Point(x: width / 2 + p.x, y: height / 2 + p.y) }
        let d = cameraToCenterDistance
        let depth = max(d - p.y * sinPitch, 1e-6)
        if isRolled { return rolled(x: d * p.x / depth, y: d * p.y * cosPitch / depth) }
        return Point(x: width / 2 + d * p.x / depth, y: height / 2 + d * p.y * cosPitch / depth)
    }

    /// The screen position (device pixels) of an offset from the view's centre before the roll.
    @inline(__always)
    func rolled(x: Double, y: Double) -> Point {
        Point(x: width / 2 + x * cosRoll + y * sinRoll, y: height / 2 - x * sinRoll + y * cosRoll)
    }

    /// A screen position's offset from the view's centre before the roll (the inverse of ``rolled(x:y:)``).
    @inline(__always)
    func unrolled(_ s: Point) -> Point {
        let u = s.x - width / 2, v = s.y - height / 2
        if !isRolled { return Point(x: u, y: v) }
        return Point(x: u * cosRoll - v * sinRoll, y: u * sinRoll + v * cosRoll)
    }

    /// Plane point seen at a screen position, or `nil` above the horizon.
    @inline(__always)
    func plane(screen s: Point) -> Point? {
        if let globe { return globe.isOnGlobe(screenX: s.x, y: s.y) ? Point(x: s.x - width / 2, y: s.y - height / 2) : nil }
        if !isPitched { return Point(x: s.x - width / 2, y: s.y - height / 2) }
        let r = unrolled(s)
        let u = r.x, v = r.y
        let d = cameraToCenterDistance
        let denom = d * cosPitch + v * sinPitch
        if denom <= 1e-9 { return nil }
        let y = v * d / denom
        let x = u * (d - y * sinPitch) / d
        return Point(x: x, y: y)
    }

    /// Screen position in CSS pixels of a coordinate (nearest world copy not chosen: copy 0).
    package func screenPoint(for coordinate: LocationCoordinate2D) -> Point {
        let s = screen(plane: plane(coordinate))
        return Point(x: s.x / pixelRatio, y: s.y / pixelRatio)
    }

    /// The coordinate under a screen position in CSS pixels, or `nil` above the horizon.
    /// Longitudes are wrapped into -180...180.
    package func coordinate(at screenPoint: Point) -> LocationCoordinate2D? {
        guard let p = plane(screen: Point(x: screenPoint.x * pixelRatio, y: screenPoint.y * pixelRatio)) else {
            return nil
        }
        var c = Transform.coordinate(mercator: worldFraction(plane: p))
        c.longitude = c.longitude - 360 * ((c.longitude + 180) / 360).rounded(.down)
        return c
    }

    /// The Web Mercator position (fractions of the world, x not wrapped) under a screen position in
    /// CSS pixels, or `nil` above a pitched horizon.
    package func worldPosition(atScreen screenPoint: Point) -> Point? {
        guard let p = plane(screen: Point(x: screenPoint.x * pixelRatio, y: screenPoint.y * pixelRatio)) else { return nil }
        return worldFraction(plane: p)
    }

    /// The screen position in CSS pixels of a Web Mercator position (fractions of the world).
    package func screenPoint(forWorld position: Point) -> Point {
        let s = screen(plane: plane(worldFraction: position))
        return Point(x: s.x / pixelRatio, y: s.y / pixelRatio)
    }

    /// The corners of the visible area on the map plane in world units (0...1 spans the Mercator
    /// square; x leaves it on other world copies): top left, top right, bottom right, bottom left.
    /// Above a pitched horizon the top is cut at a few screen sizes' distance, as tile covers are.
    package func visibleWorldCorners() -> [(x: Double, y: Double)] {
        if let globe { return globe.visibleWorldCorners() }
        if isRolled || camera.pitch > 60 { return groundWorldCorners() }
        let far = 4 * max(width, height) / max(cosPitch, 0.2)
        return [(0.0, 0.0), (width, 0), (width, height), (0, height)].map { (sx, sy) in
            var p = plane(screen: Point(x: sx, y: sy)) ?? Point(x: (sx - width / 2) * 4, y: -far)
            if p.y < -far { p.y = -far; p.x = (sx - width / 2) * 4 }
            let w = unrotate(p)
            return (x: (w.x + centerWorld.x) / worldSize, y: (w.y + centerWorld.y) / worldSize)
        }
    }

    /// The visible range of world x, in world widths (0...1 is the world from -180 to 180 degrees).
    func visibleWorldXRange() -> (min: Double, max: Double) {
        let xs = visibleWorldCorners().map(\.x)
        return (xs.min()!, xs.max()!)
    }

    /// The visible range of world y, in world heights (0...1 spans the Mercator square).
    func visibleWorldYRange() -> (min: Double, max: Double) {
        let ys = visibleWorldCorners().map(\.y)
        return (ys.min()!, ys.max()!)
    }

    /// The world copies on which something spanning longitudes `west...east` can be visible.
    /// `margin` (device pixels) widens the test for strokes, radii and translations.
    func worldCopies(west: Double, east: Double, visible: (min: Double, max: Double),
                     margin: Double = 0) -> ClosedRange<Int>? {
        worldCopies(worldWest: (west + 180) / 360, worldEast: (east + 180) / 360, visible: visible, margin: margin)
    }

    /// ``worldCopies(west:east:visible:margin:)`` for something spanning world x `fmin...fmax`
    /// (Web Mercator fractions).
    func worldCopies(worldWest fmin: Double, worldEast fmax: Double, visible: (min: Double, max: Double),
                     margin: Double = 0) -> ClosedRange<Int>? {
        Self.worldCopies(worldWest: fmin, worldEast: fmax, visible: visible, margin: margin, worldSize: worldSize, oneWorld: globe != nil)
    }

    /// ``worldCopies(worldWest:worldEast:visible:margin:)`` from the two numbers of the transform it reads: its
    /// world size and whether one world is drawn (the globe). A painter's context keeps them and asks once per
    /// polygon and line without going through its transform (a call on the transform there could copy it).
    static func worldCopies(worldWest fmin: Double, worldEast fmax: Double, visible: (min: Double, max: Double),
                            margin: Double, worldSize: Double, oneWorld: Bool) -> ClosedRange<Int>? {
        guard fmin.isFinite, fmax.isFinite else { return nil }
        if oneWorld { return 0...0 }  // one globe: every longitude is drawn once
        let m = max(0, margin) / worldSize
        let lo = max(-64.0, (visible.min - m - fmax - 1e-9).rounded(.up))
        let hi = min(64.0, (visible.max + m - fmin + 1e-9).rounded(.down))
        guard lo <= hi, lo.isFinite, hi.isFinite else { return nil }
        return Int(lo)...Int(hi)
    }
}
