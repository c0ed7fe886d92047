import Foundation
public import GeoJSON
import Tiling

extension Venue {
    /// The camera for a floor: the manifest centre with a region (falling back to the floor's centre
    /// when the manifest has none), or the floor outline fitted into the viewport.
    public func camera(for floor: Floor, framing: VenueFraming = .region(meters: 100), width: Int = 1024, height: Int = 768) -> VenueCamera {
        let bounds = floor.bounds
        switch framing {
        case .region(let meters):
            let fallback = bounds.map { Position(($0.west + $0.east) / 2, ($0.south + $0.north) / 2) } ?? Position(0, 0)
            return .region(center: center ?? fallback, meters: meters, width: width, height: height)
        case .fitOutline(let padding):
            if let bounds, let fit = WebMercator.fit(bounds, width: Double(width), height: Double(height),
                                                     padding: (padding, padding, padding, padding), bearing: 0, maximumZoom: 24) {
                return VenueCamera(center: Position(fit.center.longitude, fit.center.latitude), zoom: max(fit.zoom, 0))
            }
            return .region(center: center ?? Position(0, 0), meters: 100, width: width, height: height)
        }
    }

    /// A self-contained MapLibre style (version 8, inline GeoJSON sources) drawing one floor.
    ///
    /// The document is a `JSONValue`; serialise it with `serialized()` to get style JSON that MapLibre
    /// itself renders. Source features keep their bundle properties and gain `_color`, `_opacity`
    /// (and, for walls, `_width` in metres; for labelled spaces `_name`).
    public func mapStyle(for floor: Floor, options: VenueStyleOptions = VenueStyleOptions()) -> JSONValue {
        var builder = VenueStyleBuilder(venue: self, floor: floor, options: options)
        return builder.build()
    }
}

/// Assembles the sources and layers of ``Venue/mapStyle(for:options:)``.
struct VenueStyleBuilder {
    let venue: Venue
    let floor: Floor
    let options: VenueStyleOptions
    private var sources = JSONObject()
    private var layers: [JSONValue] = []

    init(venue: Venue, floor: Floor, options: VenueStyleOptions) {
        self.venue = venue
        self.floor = floor
        self.options = options
    }

    mutating func build() -> JSONValue {
        layers.append(["id": "venue-background", "type": "background",
                       "paint": ["background-color": .string(options.backgroundColor.hex)]])
        switch options.look {
        case .seed: buildSeed()
        case .styled: buildStyled()
        }
        let camera = venue.camera(for: floor, framing: options.framing, width: options.width, height: options.height)
        let title = venue.name.isEmpty ? floor.name : "\(venue.name) — \(floor.name)"
        var style: JSONObject = [
            "version": 8,
            "name": .string(title),
            "metadata": ["mercator:venue": .string(venue.name), "mercator:floor": .string(floor.id),
                         "mercator:elevation": .int(Int64(floor.elevation)), "mercator:look": .string(options.look.rawValue)],
            "center": GeoJSONEncoding.jsonValue(Position(camera.center.longitude, camera.center.latitude)),
            "zoom": .double(camera.zoom),
            "sources": .object(sources),
            "layers": .array(layers),
        ]
        if let glyphs = options.glyphs { style["glyphs"] = .string(glyphs) }
        return .object(style)
    }

    private mutating func addSource(_ id: String, _ features: [JSONValue]) {
        sources[id] = ["type": "geojson", "data": GeoJSONSource.collection(features)]
    }

    private func feature(_ f: VenueFeature, _ extra: JSONObject) -> JSONValue {
        var props = f.properties
        for (k, v) in extra { props[k] = v }
        return GeoJSONSource.feature(f.geometry, properties: props)
    }

    private var fontStack: JSONValue { .array(options.fontStack.map { .string($0) }) }

    // MARK: Seed look

    /// Seed 004: spaces then obstructions; polygons filled by id colour, lines #dddddd 2 px, points titled by externalId.
    private mutating func buildSeed() {
        var points: [JSONValue] = []
        for (name, features) in [("spaces", floor.spaces), ("obstructions", floor.obstructions)] {
            var polygons: [JSONValue] = [], lines: [JSONValue] = []
            for f in features {
                switch GeometryShape(f.geometry) {
                case .polygon: polygons.append(feature(f, ["_color": .string(venue.styles.seedColor(for: f.id).hex)]))
                case .line: lines.append(feature(f, [:]))
                case .point: points.append(feature(f, [:]))
                case .other: continue
                }
            }
            addSource("venue-\(name)-polygons", polygons)
            addSource("venue-\(name)-lines", lines)
            layers.append(["id": .string("venue-\(name)-fill"), "type": "fill", "source": .string("venue-\(name)-polygons"),
                           "paint": ["fill-color": ["get", "_color"]]])
            layers.append(["id": .string("venue-\(name)-line"), "type": "line", "source": .string("venue-\(name)-lines"),
                           "layout": ["line-cap": "round", "line-join": "round"],
                           "paint": ["line-color": .string(VenueColor.defaultWall.hex), "line-width": 2]])
        }
        addSource("venue-annotations", points)
        addAnnotationLayers(id: "venue-annotations", source: "venue-annotations", color: "#ff3b30", radius: 6)
    }

    private mutating func addAnnotationLayers(id: String, source: String, color: String, radius: Double) {
        layers.append(["id": .string("\(id)-circle"), "type": "circle", "source": .string(source),
                       "paint": ["circle-color": .string(color), "circle-radius": .double(radius),
                                 "circle-stroke-color": "#ffffff", "circle-stroke-width": 1.5]])
        layers.append(["id": .string("\(id)-label"), "type": "symbol", "source": .string(source),
                       "layout": ["text-field": ["get", "externalId"], "text-font": fontStack, "text-size": 12,
                                  "text-anchor": "top", "text-offset": [0, 0.8]],
                       "paint": ["text-color": "#333333", "text-halo-color": "#ffffff", "text-halo-width": 1.5]])
    }

    // MARK: Styled look

    /// Pixels per metre at zoom `z` at the venue's latitude (MapLibre's 512-px world).
    private func pixelsPerMeter(zoom z: Double) -> Double {
        let lat = venue.center?.latitude ?? floor.bounds.map { ($0.south + $0.north) / 2 } ?? 0
        return 1 / VenueCamera.metersPerPixel(zoom: z, latitude: lat)
    }

    /// `line-width` for walls: `_width` metres converted to pixels, exact at every zoom because pixel
    /// size doubles per zoom level (an exponential-base-2 interpolation between zoom 0 and 24).
    private var wallWidthExpression: JSONValue {
        ["interpolate", ["exponential", 2], ["zoom"],
         0, ["*", ["get", "_width"], .double(pixelsPerMeter(zoom: 0))],
         24, ["*", ["get", "_width"], .double(pixelsPerMeter(zoom: 24))]]
    }

    private mutating func buildStyled() {
        let styles = venue.styles
        if let outline = floor.outline {
            addSource("venue-floor", [GeoJSONSource.feature(outline, properties: ["id": .string(floor.id), "name": .string(floor.name)])])
            layers.append(["id": "venue-floor-fill", "type": "fill", "source": "venue-floor", "paint": ["fill-color": "#fafafa"]])
            layers.append(["id": "venue-floor-outline", "type": "line", "source": "venue-floor",
                           "paint": ["line-color": "#c8c8c8", "line-width": 1]])
        }
        var spacePolygons: [JSONValue] = [], obstructionPolygons: [JSONValue] = []
        var walls: [JSONValue] = [], plainLines: [JSONValue] = [], kiosks: [JSONValue] = [], annotations: [JSONValue] = []
        for f in floor.spaces + floor.obstructions {
            let style = styles.style(for: f.id, geometry: f.geometry)
            let shape = GeometryShape(f.geometry)
            let fallback: VenueColor = shape == .line ? .defaultWall : .defaultFill  // unstyled walls: #dddddd
            var extra: JSONObject = ["_color": .string((style?.color ?? fallback).hex), "_opacity": .double(style?.opacity ?? 1)]
            if let name = f.name { extra["_name"] = .string(name) }
            switch shape {
            case .polygon:
                if f.kind == .space { spacePolygons.append(feature(f, extra)) } else { obstructionPolygons.append(feature(f, extra)) }
            case .line:
                if let style, let width = style.width {
                    extra["_width"] = .double(width)
                    walls.append(feature(f, extra))
                } else {
                    plainLines.append(feature(f, extra))
                }
            case .point:
                if f.kind == .space { kiosks.append(feature(f, extra)) } else { annotations.append(feature(f, extra)) }
            case .other:
                continue
            }
        }
        for f in floor.annotations where GeometryShape(f.geometry) == .point { annotations.append(feature(f, [:])) }
        let windows = floor.windows.filter { GeometryShape($0.geometry) == .line }.map { feature($0, [:]) }
        let doors = floor.entrances.filter { GeometryShape($0.geometry) == .line }.map { feature($0, [:]) }

        addSource("venue-spaces-polygons", spacePolygons)
        addSource("venue-obstructions-polygons", obstructionPolygons)
        addSource("venue-walls", walls)
        addSource("venue-lines", plainLines)
        addSource("venue-windows", windows)
        addSource("venue-entrances", doors)
        addSource("venue-kiosks", kiosks)
        addSource("venue-annotations", annotations)

        let dataFill: JSONObject = ["fill-color": ["get", "_color"], "fill-opacity": ["get", "_opacity"]]
        layers.append(["id": "venue-spaces-fill", "type": "fill", "source": "venue-spaces-polygons", "paint": .object(dataFill)])
        layers.append(["id": "venue-obstructions-fill", "type": "fill", "source": "venue-obstructions-polygons", "paint": .object(dataFill)])
        layers.append(["id": "venue-lines", "type": "line", "source": "venue-lines",
                       "layout": ["line-cap": "round", "line-join": "round"],
                       "paint": ["line-color": ["get", "_color"], "line-opacity": ["get", "_opacity"], "line-width": 2]])
        layers.append(["id": "venue-walls", "type": "line", "source": "venue-walls",
                       "layout": ["line-cap": "square", "line-join": "miter"],
                       "paint": ["line-color": ["get", "_color"], "line-opacity": ["get", "_opacity"], "line-width": wallWidthExpression]])
        layers.append(["id": "venue-windows", "type": "line", "source": "venue-windows",
                       "paint": ["line-color": "#7ec8e3", "line-width": 3]])
        layers.append(["id": "venue-entrances", "type": "line", "source": "venue-entrances",
                       "paint": ["line-color": "#e9b949", "line-width": 3]])
        layers.append(["id": "venue-spaces-label", "type": "symbol", "source": "venue-spaces-polygons",
                       "layout": ["text-field": ["coalesce", ["get", "_name"], ""], "text-font": fontStack, "text-size": 11,
                                  "text-max-width": 8],
                       "paint": ["text-color": "#555555", "text-halo-color": "#ffffff", "text-halo-width": 1]])
        addAnnotationLayers(id: "venue-kiosks", source: "venue-kiosks", color: "#3a86ff", radius: 5)
        addAnnotationLayers(id: "venue-annotations", source: "venue-annotations", color: "#e63946", radius: 4)
    }
}
