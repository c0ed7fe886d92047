import Foundation
import GeoJSON
import MapStyle
import Testing
@testable import Rendering

/// The camera past 60 degrees, the roll, the field of view, GL JS's horizon and far plane, and the sky.
@Suite struct CameraPitchTests {
    static func transform(pitch: Double, bearing: Double = 0, roll: Double = 0, fov: Double = MapCamera.defaultFieldOfView,
                          width: Int = 256, height: Int = 256) -> Transform {
        var camera = MapCamera(center: LocationCoordinate2D(latitude: 31.55, longitude: 35.38), zoom: 15, bearing: bearing, pitch: pitch)
        camera.roll = roll
        camera.fieldOfView = fov
        return Transform(camera: camera, width: width, height: height)
    }

    @Test("pitch is drawn up to 85 degrees and clamped there")
    func pitchTo85() {
        #expect(Self.transform(pitch: 85).camera.pitch == 85)
        #expect(Self.transform(pitch: 70).camera.pitch == 70)
        #expect(Self.transform(pitch: 120).camera.pitch == 85)
        #expect(MapCamera.pitchLimit == 85)
    }

    @Test("the default field of view is MapLibre's 0.6435 rad exactly; another changes the camera distance")
    func fieldOfView() {
        let t = Self.transform(pitch: 30)
        #expect(t.fieldOfViewRadians == Transform.fieldOfView)
        #expect(abs(t.cameraToCenterDistance - 1.5 * 256) < 1e-9)
        let wide = Self.transform(pitch: 30, fov: 90)
        #expect(abs(wide.cameraToCenterDistance - 0.5 * 256) < 1e-9)
        #expect(Self.transform(pitch: 0, fov: 500).camera.fieldOfView == 150)
    }

    @Test("unpitched, a roll turns the map as a bearing does")
    func rollWithoutPitchIsBearing() {
        let rolled = Self.transform(pitch: 0, bearing: 10, roll: 20)
        let turned = Self.transform(pitch: 0, bearing: 30)
        let c = LocationCoordinate2D(latitude: 31.551, longitude: 35.381)
        let a = rolled.screenPoint(for: c), b = turned.screenPoint(for: c)
        #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9)
    }

    @Test("pitched, a roll turns the picture about its centre, and screen -> world inverts it")
    func rollTurnsThePicture() {
        let plain = Self.transform(pitch: 60)
        let rolled = Self.transform(pitch: 60, roll: 90)
        let c = LocationCoordinate2D(latitude: 31.551, longitude: 35.38)
        let a = plain.screenPoint(for: c), b = rolled.screenPoint(for: c)
        // GL JS's rotateZ(-roll): a point above the centre moves to its left... turned 90 degrees about (128, 128)
        #expect(abs((b.x - 128) - (a.y - 128)) < 1e-9)
        #expect(abs((b.y - 128) + (a.x - 128)) < 1e-9)
        let back = rolled.coordinate(at: b)!
        #expect(abs(back.latitude - c.latitude) < 1e-9 && abs(back.longitude - c.longitude) < 1e-9)
    }

    @Test("GL JS's horizon line and far plane: off screen to pitch 60, on screen at 85")
    func horizonAndFarPlane() {
        let sixty = Self.transform(pitch: 60)
        #expect(!sixty.farClipIsOnScreen)
        #expect(sixty.horizonOffset > 128)
        let steep = Self.transform(pitch: 85)
        #expect(steep.farClipIsOnScreen)
        // getMercatorHorizon at 85: d * min(0.85 tan 5°, tan 4.25°), d = 1.5 * 256
        let d = 1.5 * 256.0
        let expected = d * min(0.85 * tan(5 * Double.pi / 180), tan(4.25 * Double.pi / 180))
        #expect(abs(steep.horizonOffset - expected) < 1e-9)
        // the ground ends a little above the horizon line
        let far = steep.farClipOffset!
        #expect(far < -steep.horizonOffset && far > -steep.horizonOffset - 10)
    }

    @Test("the visible ground at 85 degrees ends at the far plane: a bounded cover")
    func groundCornersAreBounded() {
        let t = Self.transform(pitch: 85)
        let corners = t.visibleWorldCorners()
        #expect(corners.count >= 3)
        let ys = corners.map(\.y)
        let height = (ys.max()! - ys.min()!) * t.worldSize
        #expect(height.isFinite && height < 40 * 256)
    }

    @Test("past 60 degrees the tiles' zoom varies with their distance, as GL JS's coveringTiles (its own unit test's views)")
    func variableZoomCover() {
        // GL JS's covering_tiles.test.ts, 'mercator' 'general': zoom 8, pitch 85, 50 x 1000, source zooms 1-10
        var camera = MapCamera(center: LocationCoordinate2D(latitude: 39.232, longitude: 20.918), zoom: 8, pitch: 85)
        var t = Transform(camera: camera, width: 50, height: 1000)
        #expect(t.coversWithVariableZoom)
        let tiles = Set(t.sourceTiles(tileSize: 512, minimumZoom: 1, maximumZoom: 10).map(\.tile))
        let expected: Set<UnwrappedTileID> = [UnwrappedTileID(z: 8, x: 142, y: 98), UnwrappedTileID(z: 7, x: 71, y: 48),
                                              UnwrappedTileID(z: 5, x: 17, y: 11), UnwrappedTileID(z: 5, x: 17, y: 10),
                                              UnwrappedTileID(z: 9, x: 285, y: 198), UnwrappedTileID(z: 9, x: 285, y: 199)]
        #expect(tiles == expected)
        // pitch 60 (and below) keeps one zoom: 60 is not past GL JS's 78.5 - fov / 2, clamped to 60
        camera = MapCamera(center: LocationCoordinate2D(latitude: 60.15, longitude: 25.02), zoom: 8, bearing: 45, pitch: 60)
        t = Transform(camera: camera, width: 300, height: 50)
        #expect(!t.coversWithVariableZoom)
        // a roll widens the field of view across the screen: at 60 degrees, rolled 30, the zoom varies
        camera.roll = 30
        t = Transform(camera: camera, width: 256, height: 256)
        #expect(t.coversWithVariableZoom)
    }

    @Test("the sky: sky colour high up, the horizon colour blending in, transparent below the horizon")
    func skyColours() {
        let t = Self.transform(pitch: 85)
        let sky: JSONValue = ["sky-color": "#0000ff", "horizon-color": "#ff0000", "sky-horizon-blend": 0.5]
        let layer = SkyLayer.make(sky: sky, zoom: 15, transform: t)!
        let blend = 0.5 * t.height / 2
        let top = layer.sky(x: 128, y: 0.5, transform: t, horizon: t.horizonOffset, blendPixels: blend)!
        #expect(top.b == 1 && top.r == 0)
        let lineY = t.height / 2 - t.horizonOffset
        let near = layer.sky(x: 128, y: lineY - 0.5, transform: t, horizon: t.horizonOffset, blendPixels: blend)!
        #expect(near.r > 0.9)
        #expect(layer.sky(x: 128, y: lineY + 1, transform: t, horizon: t.horizonOffset, blendPixels: blend) == nil)
        #expect(SkyLayer.make(sky: sky, zoom: 15, transform: Self.transform(pitch: 60)) == nil)
    }

    @Test("the sky reads the style's global state: each property, inside expressions too (GL JS 5.24 draws its defaults instead)")
    func skyReadsGlobalState() {
        let t = Self.transform(pitch: 80, bearing: 40, roll: 12)
        let sky: JSONValue = ["sky-color": ["global-state", "night"],
                              "horizon-color": ["case", ["global-state", "dusk"], "#ff0000", "#00ff00"],
                              "sky-horizon-blend": ["*", 0.5, ["global-state", "blend"]]]
        let state: JSONObject = ["night": "#000080", "dusk": true, "blend": 0.6]
        let layer = SkyLayer.make(sky: sky, zoom: 15, transform: t, globalState: state)!
        #expect(layer.skyColor.r == 0 && layer.skyColor.g == 0 && abs(layer.skyColor.b - 128 / 255) < 1e-6)
        #expect(layer.horizonColor.r == 1 && layer.horizonColor.g == 0)
        #expect(abs(layer.skyHorizonBlend - 0.3) < 1e-12)
        var dawn = state
        dawn["dusk"] = false
        #expect(SkyLayer.make(sky: sky, zoom: 15, transform: t, globalState: dawn)!.horizonColor.g == 1)
    }
}
