import Foundation
package import Geo
package import GeoJSON

/// The camera on the globe as MapLibre GL JS 5.24 moves it (its vertical-perspective camera helper,
/// used whenever the globeness is above 0): a pan turns the globe by an angle, zooming about a point
/// keeps that point's location under it on the sphere, ease and fly paths interpolate longitude and
/// latitude with the zoom normalized to the equator, and fitting bounds solves for the globe's scale.
///
/// Sizes are in points (CSS pixels, as GL JS's transform), the world `512 · 2^zoom` points wide.
/// Roll is not taken into account (GL JS's globe helpers ignore it too, but for the drawing).
package enum GlobeCameraMath {
    /// GL JS's `MAX_VALID_LATITUDE`: the centre's latitude stays within it.
    package static let maximumLatitude = 85.051129

    // MARK: Helpers shared with GL JS's util

    /// GL JS's `differenceOfAnglesDegrees`: `b - a` turned the short way round, in -180...180.
    package static func angleDifference(_ a: Double, _ b: Double) -> Double {
        func mod(_ x: Double) -> Double { (x.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360) }
        let aa = mod(a), bb = mod(b)
        let d = bb - aa
        let other = bb > aa ? d - 360 : d + 360
        return abs(d) < abs(other) ? d : other
    }

    /// GL JS's `differenceOfAnglesRadians` (unsigned, in 0...π).
    static func angleDistance(_ a: Double, _ b: Double) -> Double {
        let tau = 2 * Double.pi
        func mod(_ x: Double) -> Double { (x.truncatingRemainder(dividingBy: tau) + tau).truncatingRemainder(dividingBy: tau) }
        let d = mod(a) - mod(b)
        return min(abs(d), abs(d + tau), abs(d - tau))
    }

    /// GL JS's `remapSaturate`: `value` mapped from `start...end` to `outStart...outEnd`, clamped.
    static func remapSaturate(_ value: Double, _ start: Double, _ end: Double, _ outStart: Double, _ outEnd: Double) -> Double {
        let t = max(0, min(1, (value - start) / (end - start)))
        return outStart + (outEnd - outStart) * t
    }

    /// The zoom change that keeps the globe's size when the centre moves from one latitude to another
    /// (GL JS's `getZoomAdjustment`).
    @inline(__always)
    package static func zoomAdjustment(_ from: Double, _ to: Double) -> Double {
        GlobeProjection.zoomAdjustment(fromLatitude: from, toLatitude: to)
    }

    /// The globe's radius in points at a zoom and centre latitude (GL JS's `getGlobeRadiusPixels`).
    static func radius(zoom: Double, latitude: Double) -> Double {
        GlobeProjection.radiusPixels(worldSize: 512 * pow(2, zoom), latitude: latitude)
    }

    /// The vertical-perspective camera of `camera` in a `width` x `height` view (points).
    package static func globeCamera(_ camera: MapCamera, width: Double, height: Double) -> GlobeCamera {
        let fov = camera.fieldOfView == MapCamera.defaultFieldOfView || !camera.fieldOfView.isFinite
            ? Transform.fieldOfView : max(0.1, min(150, camera.fieldOfView)) * .pi / 180
        let pitch = max(0, min(Transform.maximumPitch, camera.pitch))
        return GlobeCamera(longitude: camera.center.longitude, latitude: camera.center.latitude,
                           worldSize: 512 * pow(2, camera.zoom), bearing: camera.bearing, pitch: pitch,
                           roll: camera.roll.isFinite ? camera.roll : 0, width: width, height: height,
                           distance: 0.5 / tan(fov / 2) * height)
    }

    // MARK: Screen points

    /// The location under a screen point on the globe; off the globe, the horizon's point nearest the
    /// ray (GL JS's `unprojectScreenPoint`).
    package static func location(at point: Point, camera: GlobeCamera) -> LocationCoordinate2D {
        let s = camera.spherePoint(screenX: point.x, y: point.y) ?? camera.horizonPoint(screenX: point.x, y: point.y)
        let c = GlobeProjection.coordinate(spherePoint: s)
        return LocationCoordinate2D(latitude: c.latitude, longitude: c.longitude)
    }

    /// Whether a screen point shows the globe (GL JS's `isPointOnMapSurface`).
    package static func isOnGlobe(_ point: Point, camera: GlobeCamera) -> Bool {
        camera.spherePoint(screenX: point.x, y: point.y) != nil
    }

    /// `camera` turned so that `location` is under `point` (GL JS's globe `setLocationAtPoint`): the
    /// centre's longitude and latitude solved on the sphere, of the two solutions the nearer one, the
    /// zoom adjusted to keep the globe's size. Unchanged when no turn puts the location there.
    package static func placing(_ location: LocationCoordinate2D, at point: Point, camera: MapCamera,
                                width: Double, height: Double) -> MapCamera {
        let globe = globeCamera(camera, width: width, height: height)
        let current = GlobeCameraMath.location(at: point, camera: globe)
        let under = GlobeProjection.spherePoint(longitude: current.longitude, latitude: current.latitude)
        let target = GlobeProjection.spherePoint(longitude: location.longitude, latitude: location.latitude)
        let lng = camera.center.longitude * .pi / 180, lat = camera.center.latitude * .pi / 180
        // the point under the screen point, turned into the frame of a centre at 0° 0°
        let s = rotateX(rotateY(under, -lng), lat)
        let n = target.x * target.x + target.z * target.z
        let l = s.x * s.x
        guard n >= l else { return camera }
        let c = (n - l).squareRoot()
        let u = solveTrig(target.x, target.z, s.x, c)
        let d = solveTrig(target.x, target.z, s.x, -c)
        let tu = rotateY(target, -u)
        let p = solveTrig(tu.y, tu.z, s.y, s.z)
        let td = rotateY(target, -d)
        let f = solveTrig(td.y, td.z, s.y, s.z)
        let half = 0.5 * Double.pi
        let firstValid = p >= -half && p <= half, secondValid = f >= -half && f <= half
        let newLng: Double, newLat: Double
        if firstValid && secondValid {
            if angleDistance(u, lng) + angleDistance(p, lat) < angleDistance(d, lng) + angleDistance(f, lat) {
                (newLng, newLat) = (u, p)
            } else {
                (newLng, newLat) = (d, f)
            }
        } else if firstValid {
            (newLng, newLat) = (u, p)
        } else if secondValid {
            (newLng, newLat) = (d, f)
        } else {
            return camera
        }
        var moved = camera
        let oldLatitude = camera.center.latitude
        moved.center = LocationCoordinate2D(latitude: max(-90, min(90, newLat * 180 / .pi)), longitude: newLng * 180 / .pi)
        moved.zoom = camera.zoom + zoomAdjustment(oldLatitude, moved.center.latitude)
        return moved
    }

    /// gl-matrix's `vec3.rotateY` about the origin.
    private static func rotateY(_ v: Vector3, _ a: Double) -> Vector3 {
        Vector3(v.z * sin(a) + v.x * cos(a), v.y, v.z * cos(a) - v.x * sin(a))
    }

    /// gl-matrix's `vec3.rotateX` about the origin.
    private static func rotateX(_ v: Vector3, _ a: Double) -> Vector3 {
        Vector3(v.x, v.y * cos(a) - v.z * sin(a), v.y * sin(a) + v.z * cos(a))
    }

    /// GL JS's `solveTrig`: the signed angle from `(a, b)` to `(c, d)`.
    private static func solveTrig(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
        let l1 = (a * a + b * b).squareRoot(), l2 = (c * c + d * d).squareRoot()
        let (x1, y1, x2, y2) = (a / l1, b / l1, c / l2, d / l2)
        let angle = acos(max(-1, min(1, x1 * x2 + y1 * y2)))
        return -y1 * x2 + x1 * y2 > 0 ? angle : -angle
    }

    // MARK: Gestures

    /// The centre a pan by `delta` points (the finger's move) turns the globe to (GL JS's
    /// `computeGlobePanCenter`): a point of drag is a fixed angle of the globe, longitude scaled up
    /// towards the poles (less so zoomed in), latitude kept within GL JS's limit.
    package static func panCenter(by delta: Point, camera: MapCamera) -> LocationCoordinate2D {
        let b = WorldMath.wrap(longitude: camera.bearing) * .pi / 180
        let ox = cos(b) * delta.x - sin(b) * delta.y, oy = sin(b) * delta.x + cos(b) * delta.y
        let lat = camera.center.latitude
        let normalizedZoom = camera.zoom + zoomAdjustment(lat, 0)
        let t = remapSaturate(normalizedZoom, 7, 3, 0, 1)
        let a = 1 / cos(lat * .pi / 180), c = 1 / cos(min(abs(lat), 60) * .pi / 180)
        let lngScale = a + (c - a) * t
        let degreesPerPoint = 360 / (2 * .pi * radius(zoom: camera.zoom, latitude: lat))
        return LocationCoordinate2D(latitude: max(-maximumLatitude, min(maximumLatitude, lat + oy * degreesPerPoint)),
                                    longitude: camera.center.longitude - ox * degreesPerPoint * lngScale)
    }

    /// `camera` panned by `delta` points (GL JS's globe `handleMapControlsPan`): the centre turned,
    /// longitude wrapped, the zoom adjusted so the globe keeps its size.
    package static func panned(_ camera: MapCamera, by delta: Point) -> MapCamera {
        var moved = camera
        var c = panCenter(by: delta, camera: camera)
        c.longitude = WorldMath.wrap(longitude: c.longitude)
        moved.center = c
        moved.zoom = camera.zoom + zoomAdjustment(camera.center.latitude, c.latitude)
        return moved
    }

    /// `camera` zoomed by `zoomDelta` and turned by `bearingDelta` about the screen point `around`
    /// (GL JS 5.24's globe `handleMapControlsRollPitchBearingZoom`): the location under the point
    /// stays under it (`setLocationAtPoint`), blended towards a heuristic move of the centre when the
    /// point is far in longitude (45° to 85°) or the globe is small in the view, and slowed when the
    /// point's ray passes far above the globe. `clampZoom` keeps the zoom within the map's limits.
    package static func zoomed(_ camera: MapCamera, by zoomDelta: Double, bearingDelta: Double = 0, pitchDelta: Double = 0,
                               about around: Point, width: Double, height: Double,
                               clampZoom: (Double) -> Double = { $0 }) -> MapCamera {
        let before = globeCamera(camera, width: width, height: height)
        // GL JS: a point off the globe zooms about the centre
        let around = isOnGlobe(around, camera: before) ? around : Point(x: width / 2, y: height / 2)
        let zoomLocation = location(at: around, camera: before)
        var c = camera
        if bearingDelta != 0 { c.bearing += bearingDelta }
        if pitchDelta != 0 { c.pitch = max(0, min(Transform.maximumPitch, c.pitch + pitchDelta)) }
        let preZoom = c.zoom
        if zoomDelta != 0 { c.zoom = clampZoom(c.zoom + zoomDelta) }
        let actualDelta = c.zoom - preZoom
        if actualDelta == 0 { return c }

        let dLngRaw = angleDifference(c.center.longitude, zoomLocation.longitude)
        let dLng = dLngRaw / (abs(dLngRaw / 180) + 1)
        let dLat = angleDifference(c.center.latitude, zoomLocation.latitude)
        // slow down when the ray passes far above the globe
        let after = globeCamera(c, width: width, height: height)
        let ray = after.rayDirection(screenX: around.x, y: around.y)
        let origin = after.cameraPosition
        let along = -origin.dot(ray)
        let closest = origin + ray * along
        let distanceFactor = exp(-max(closest.length - 1 - 0.3, 0) * 0.5)
        // and when the globe is small in the view
        let relativeRadius = radius(zoom: c.zoom, latitude: c.center.latitude) / min(width, height)
        let radiusFactor = remapSaturate(relativeRadius, 0.9, 0.5, 1, 0.25)
        let factor = (1 - pow(2, -actualDelta)) * min(distanceFactor, radiusFactor)
        let oldLatitude = c.center.latitude
        let zoomAfterDelta = c.zoom
        let heuristic = LocationCoordinate2D(
            latitude: max(-maximumLatitude, min(maximumLatitude, c.center.latitude + dLat * factor)),
            longitude: c.center.longitude + dLng * factor)
        let exact = placing(zoomLocation, at: around, camera: c, width: width, height: height).center
        let lngFactor = remapSaturate(abs(dLngRaw), 45, 85, 0, 1)
        let horizonFactor = remapSaturate(relativeRadius, 0.75, 0.35, 0, 1)
        let heuristicFactor = pow(max(lngFactor, horizonFactor), 0.25)
        let lngToHeuristic = angleDifference(exact.longitude, heuristic.longitude)
        let latToHeuristic = angleDifference(exact.latitude, heuristic.latitude)
        c.center = LocationCoordinate2D(latitude: exact.latitude + latToHeuristic * heuristicFactor,
                                        longitude: WorldMath.wrap(longitude: exact.longitude + lngToHeuristic * heuristicFactor))
        c.zoom = zoomAfterDelta + zoomAdjustment(oldLatitude, c.center.latitude)
        return c
    }

    // MARK: Ease and fly

    /// The Mercator y of a latitude in radians (the helper of GL JS's `interpolateLngLatForGlobe`).
    private static func mercatorY(_ latitude: Double) -> Double {
        let h = 0.5 * latitude
        return log(sin(h) + cos(h)) - log(cos(h) - sin(h))
    }

    /// GL JS's `interpolateLngLatForGlobe`: the centre a fraction `k` of the way from `start` by
    /// `dLng`, `dLat` degrees, longitude paced by Mercator y when the latitude changes by more than
    /// a degree (a degree of longitude is shorter towards the poles).
    package static func interpolate(_ start: LocationCoordinate2D, dLng: Double, dLat: Double, k: Double) -> LocationCoordinate2D {
        let lat = start.latitude + dLat * k
        if abs(dLat) > 1 {
            func sign(_ x: Double) -> Double { x > 0 ? 1 : (x < 0 ? -1 : 0) }
            let from = (sign(start.latitude + dLat) != sign(start.latitude) ? -abs(start.latitude) : abs(start.latitude)) * .pi / 180
            let to = abs(start.latitude + dLat) * .pi / 180
            let l = mercatorY(from + k * (to - from)), c = mercatorY(from), h = mercatorY(to)
            return LocationCoordinate2D(latitude: lat, longitude: start.longitude + dLng * ((l - c) / (h - c)))
        }
        return LocationCoordinate2D(latitude: lat, longitude: start.longitude + dLng * k)
    }

    /// `zoom` at `latitude` as the zoom at the equator showing the globe as large.
    @inline(__always)
    package static func normalizedZoom(_ zoom: Double, latitude: Double) -> Double {
        zoom + zoomAdjustment(latitude, 0)
    }

    /// The fly path's length in points (GL JS's `globeDistanceOfLocationsPixels`): the angle between
    /// the two centres on the start's globe.
    static func pathLength(from start: MapCamera, to target: LocationCoordinate2D) -> Double {
        let a = GlobeProjection.spherePoint(longitude: start.center.longitude, latitude: start.center.latitude)
        let b = GlobeProjection.spherePoint(longitude: target.longitude, latitude: target.latitude)
        return acos(a.dot(b)) * radius(zoom: start.zoom, latitude: start.center.latitude)
    }

    // MARK: Fitting

    /// The zoom at which the globe, centred as the Mercator fit `mercator` centres it, unpitched,
    /// shows `bounds` inside the padded view (GL JS's globe `cameraForBoxAndBearing`): the box's
    /// corners and edge midpoints are each solved for the scale that puts them on the padded edges of
    /// clip space, and the smallest scale wins. `nil` when no scale fits.
    package static func fittedZoom(bounds: BoundingBox, mercator: MapCamera, width: Double, height: Double,
                                   padding: (top: Double, left: Double, bottom: Double, right: Double),
                                   maximumZoom: Double) -> Double? {
        var flat = mercator
        flat.pitch = 0
        flat.roll = 0
        let globe = globeCamera(flat, width: width, height: height)
        let xLeft = padding.left / width * 2 - 1
        let xRight = (width - padding.right) / width * 2 - 1
        let yTop = padding.top / height * -2 + 1
        let yBottom = (height - padding.bottom) / height * -2 + 1
        let flip = angleDifference(bounds.west, bounds.east) < 0
        let west = flip ? bounds.east : bounds.west, east = flip ? bounds.west : bounds.east
        let north = max(bounds.north, bounds.south), south = min(bounds.north, bounds.south)
        let midLng = west + angleDifference(west, east) * 0.5
        let midLat = north + angleDifference(north, south) * 0.5
        let points = [(bounds.west, bounds.north), (bounds.east, bounds.north), (bounds.west, bounds.south),
                      (bounds.east, bounds.south), (east, midLat), (west, midLat), (midLng, north), (midLng, south)]
        let toCenter = GlobeProjection.spherePoint(longitude: flat.center.longitude, latitude: flat.center.latitude)
        // clip x, clip y and clip w of a unit-sphere point (affine in the point)
        func clip(_ s: Vector3) -> (x: Double, y: Double, w: Double) {
            let v = globe.view(s)
            return (v.x * globe.distance / globe.halfWidth, v.y * globe.distance / globe.halfHeight, -v.z)
        }
        let c = clip(toCenter)
        func solve(_ v: (x: Double, y: Double, w: Double), x: Bool, _ k: Double) -> Double? {
            let vc = x ? c.x : c.y, vv = x ? v.x : v.y
            let denominator = (vc - vv) - k * (c.w - v.w)
            guard denominator != 0, denominator.isFinite else { return nil }
            return (vc - k * c.w) / denominator
        }
        var smallest = Double.infinity
        func consider(_ t: Double?) {
            if let t, t >= 0, t < smallest { smallest = t }
        }
        for (lng, lat) in points {
            let v = clip(GlobeProjection.spherePoint(longitude: lng, latitude: lat))
            if xLeft < 0 { consider(solve(v, x: true, xLeft)) }
            if xRight > 0 { consider(solve(v, x: true, xRight)) }
            if yTop > 0 { consider(solve(v, x: false, yTop)) }
            if yBottom < 0 { consider(solve(v, x: false, yBottom)) }
        }
        guard smallest.isFinite, smallest != 0 else { return nil }
        return min(flat.zoom + log2(smallest), maximumZoom)
    }
}
