import ArgumentParser
import Foundation
import Mercator
import MercatorServer
import OfflineStorage
import TileSources
import Rendering

/// `mercator render`: a snapshot of a style (or of a GeoJSON file with a default style) to PNG.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a style JSON (or a GeoJSON file with a default style) to PNG, JPEG or WebP.",
        discussion: """
            A style is validated first; its problems are printed as the style-spec validator words them.
            What MapLibre Native tolerates (an unknown or circular ref, a layer without a valid type or
            naming a missing source, an unknown property) is printed as a warning and the rest is drawn.
            A GeoJSON file is drawn with a plain default style and a camera fitted to its data unless
            --center/--zoom are given. Source URLs resolve relative to the style's folder.
            The output's extension picks the format: .png, .jpg/.jpeg (the LibJPEG trait; over white,
            --quality 90 unless given) or .webp (libwebp at run time; lossless unless --quality is given);
            a format this build cannot write, or another extension, is refused before rendering.
            """)

    @Argument(help: "A style JSON file or a GeoJSON file (- for standard input), or a style URL read through --db.") var input: String
    @Option(name: .shortAndLong, help: "Output image: .png, .jpg/.jpeg or .webp (- for PNG on standard output).") var output: String
    @OptionGroup var quality: QualityOption
    @OptionGroup var camera: CameraOptions
    @OptionGroup var limits: InputLimitOptions
    @OptionGroup var databaseOption: ReadThroughDatabaseOption
    @Flag(help: "Use only what the offline database (--db, else the settings', else $XDG_DATA_HOME/mercator/cache.sqlite) holds, however old (expired and must-revalidate entries included); never touch the network.")
    var offline = false
    @Flag(help: "Outline every label's collision box: blue when placed, red when hidden by a collision.")
    var collisionBoxes = false
    @Flag(help: "Outline every source tile drawn, in red.")
    var tileBorders = false
    @OptionGroup var globalState: GlobalStateArguments
    @OptionGroup var mapOptions: MapOptionArguments

    func run() throws {
        let format = try quality.checkedFormat(for: output)
        let database = try databaseOption.path
        let fetcher = try MapLoading.storageFetcher(database: database, offlineOnly: offline)
        let remote = input.lowercased().hasPrefix("http://") || input.lowercased().hasPrefix("https://") || input.lowercased().hasPrefix("mapbox://")
        let data: Data
        if remote {
            let loader: any ResourceFetching
            if let fetcher { loader = fetcher } else { loader = NetworkFetcher() }
            let body: Data?
            do {
                body = try loader.fetch(ResourceRequest(url: input, kind: .style), limit: limits.limit, store: "style")
            } catch {
                throw CLIError("\(error)")
            }
            guard let body else { throw CLIError("\(input) is not found (HTTP 404)") }
            data = body
        } else {
            data = try InputOutput.read(input, limit: limits.limit)
        }
        let size = try camera.mapSize()
        let directory = input == "-" || remote ? nil : URL(fileURLWithPath: input).deletingLastPathComponent()
        let map = try MapLoading.map(from: data, name: input, size: size, camera: camera, styleDirectory: directory, fetcher: fetcher)
        if collisionBoxes { map.debugOptions.insert(.collisionBoxes) }
        if tileBorders { map.debugOptions.insert(.tileBoundaries) }
        try globalState.apply(to: map)
        try mapOptions.apply(to: map)
        if format == .png {
            let snapshot = try map.pngSnapshot()
            InputOutput.printWarnings(snapshot.warnings, of: map)
            try InputOutput.write(snapshot.data, to: output)
        } else {
            let snapshot = try map.snapshot()
            InputOutput.printWarnings(snapshot.warnings, of: map)
            try InputOutput.write(try quality.encode(snapshot.image, as: format), to: output)
        }
    }
}

/// MapLibre Native's map options a render can take: `--map-mode`, and the projection (`--projection`, `--skew`).
struct MapOptionArguments: ParsableArguments {
    @Option(name: .customLong("map-mode"), help: "static (default), or tile: the view is one tile of a set, its labels placed as MapLibre Native places them in the tile mode.")
    var mapMode = "static"
    @OptionGroup var projection: ProjectionArguments

    /// The options given on top of the map's own.
    func apply(to map: Map) throws {
        var options = map.options
        switch mapMode {
        case "static": options.mapMode = .static
        case "tile": options.mapMode = .tile
        default: throw ValidationError("--map-mode must be static or tile (found \(mapMode))")
        }
        map.options = options
        try projection.apply(to: map)
    }
}

/// `--max-input-bytes`, for the commands that read a file or standard input.
struct InputLimitOptions: ParsableArguments {
    @Option(help: "The largest input read, in bytes (default 512 MiB, or $MERCATOR_MAX_INPUT_BYTES).")
    var maxInputBytes: Int?

    /// The limit in force.
    var limit: Int {
        get throws {
            guard let maxInputBytes else { return InputOutput.inputLimit }
            guard maxInputBytes > 0 else { throw ValidationError("--max-input-bytes must be positive (found \(maxInputBytes))") }
            return maxInputBytes
        }
    }
}

/// Camera and size options shared by `render` and `query`.
struct CameraOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Map centre as LON,LAT (default: the style's, or fitted to GeoJSON data).") var center: String?
    @Option(parsing: .unconditional, help: "Zoom level (default: the style's, or fitted).") var zoom: Double?
    @Option(parsing: .unconditional, help: "Bearing in degrees clockwise from north.") var bearing: Double?
    @Option(parsing: .unconditional, help: "Pitch in degrees (0-85).") var pitch: Double?
    @Option(parsing: .unconditional, help: "Roll in degrees: the view turned about its centre (GL JS's roll).") var roll: Double?
    @Option(parsing: .unconditional, help: "Vertical field of view in degrees, 0.1-150 (default 36.87, GL JS's).") var fov: Double?
    @Option(help: "Size in points, WIDTHxHEIGHT.") var size = "512x512"
    @Option(help: "Device pixels per point.") var ratio = 1.0

    func mapSize() throws -> MapSize {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else {
            throw ValidationError("--size must be WIDTHxHEIGHT with positive integers, e.g. 800x600")
        }
        try Self.checkRatio(ratio)
        let pixels = Double(parts[0]) * ratio * Double(parts[1]) * ratio
        guard pixels <= Double(Renderer.maximumPixels) else {
            // saturating: `--size 999999999999x9` must not trap converting its pixel count
            let found = pixels < 9.2e18 ? Int(pixels) : Int.max
            throw ValidationError(LimitExceeded(.outputPixels, maximum: Renderer.maximumPixels, found: found,
                                                subject: "\(size) at ratio \(ratio)").description)
        }
        return MapSize(width: parts[0], height: parts[1], pixelRatio: ratio)
    }

    /// Checks a `--ratio`: a finite number above 0 and at most 8.
    static func checkRatio(_ ratio: Double) throws {
        guard ratio.isFinite, ratio > 0, ratio <= 8 else {
            throw ValidationError("--ratio must be a number above 0 and at most 8 (found \(ratio))")
        }
    }

    /// Applies the options given on top of `base`.
    func apply(to base: MapCamera) throws -> MapCamera {
        var c = base
        if let center {
            let parts = center.split(separator: ",", omittingEmptySubsequences: false)
                .map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, let lon = parts[0], let lat = parts[1], lon.isFinite, lat.isFinite else {
                throw ValidationError("--center must be LON,LAT with two finite numbers, e.g. -79.38,43.65 (found \(center))")
            }
            guard abs(lat) <= 90 else { throw ValidationError("--center latitude must be between -90 and 90 (found \(lat))") }
            guard abs(lon) <= 360 else { throw ValidationError("--center longitude must be between -360 and 360 (found \(lon))") }
            c.center = LocationCoordinate2D(latitude: lat, longitude: lon)
        }
        if let zoom {
            guard zoom.isFinite, zoom >= 0, zoom <= 24 else { throw ValidationError("--zoom must be between 0 and 24 (found \(zoom))") }
            c.zoom = zoom
        }
        if let bearing {
            guard bearing.isFinite else { throw ValidationError("--bearing must be a finite number of degrees (found \(bearing))") }
            c.bearing = bearing
        }
        if let pitch {
            guard (0...MapCamera.pitchLimit).contains(pitch) else { throw ValidationError("--pitch must be between 0 and 85 (found \(pitch))") }
            c.pitch = pitch
        }
        if let roll {
            guard roll.isFinite else { throw ValidationError("--roll must be a finite number of degrees (found \(roll))") }
            c.roll = roll
        }
        if let fov {
            guard (0.1...150).contains(fov) else { throw ValidationError("--fov must be between 0.1 and 150 degrees (found \(fov))") }
            c.fieldOfView = fov
        }
        return c
    }
}

/// Building a map from a file that is either a style or GeoJSON.
enum MapLoading {
    /// The JSON text of input `name`; a syntax error names the line and column.
    static func json(_ data: Data, name: String) throws -> JSONValue {
        do {
            return try JSONValue(parsing: data)
        } catch {
            throw CLIError("\(name):\(error.location.line):\(error.location.column): \(error.message)")
        }
    }

    /// Whether parsed JSON is a style document rather than GeoJSON.
    static func isStyle(_ json: JSONValue) -> Bool { Map.isStyleDocument(json) }

    /// The read-through fetcher of `--db FILE`, or of the settings' database path; without
    /// either, the network with the API key (if set); nil for the plain network. `offlineOnly`
    /// (`--offline`) reads the database alone, the default database when none is named, and
    /// never asks the network.
    static func storageFetcher(database path: String?, offlineOnly: Bool = false) throws -> (any ResourceFetching)? {
        let settings = InputOutput.settings
        let authorization = RequestAuthorization(apiKey: settings.apiKey, apiBaseURL: settings.apiBaseURL)
        if offlineOnly {
            let file = ((path ?? settings.offlineDatabasePath ?? OfflineDatabase.defaultPath()) as NSString).expandingTildeInPath
            guard FileManager.default.fileExists(atPath: file) else {
                throw CLIError("--offline: there is no offline database at \(file) (name one with --db FILE)")
            }
            do {
                return StorageFetcher(database: try OfflineDatabase(path: file), authorization: authorization, offlineOnly: true)
            } catch {
                throw CLIError(error.description)
            }
        }
        guard let path = path ?? settings.offlineDatabasePath else {
            // no database: the network, with the API key applied when there is one
            return settings.apiKey.map { AuthorizingFetcher(authorization: RequestAuthorization(apiKey: $0, apiBaseURL: settings.apiBaseURL)) }
        }
        do {
            let database = try OfflineDatabase(path: path)
            return StorageFetcher(database: database, authorization: authorization)
        } catch {
            throw CLIError(error.description)
        }
    }

    static func map(from data: Data, name: String, size: MapSize, camera options: CameraOptions, styleDirectory: URL?,
                    fetcher: (any ResourceFetching)? = nil) throws -> Map {
        let json = try self.json(data, name: name)
        if isStyle(json) {
            return try styleMap(json: json, data: data, name: name, size: size, camera: options, styleDirectory: styleDirectory, fetcher: fetcher)
        }
        let object: GeoJSONObject
        do {
            object = try GeoJSONObject.decode(data, options: .lenient).object
        } catch {
            throw CLIError("\(name): neither a style (no \"version\"/\"layers\") nor GeoJSON: \(error)")
        }
        let map = try Map(geoJSON: object, size: size, styleDirectory: styleDirectory)
        map.camera = try options.apply(to: map.camera)
        map.settings = InputOutput.settings
        return map
    }

    static func styleMap(json: JSONValue, data: Data, name: String, size: MapSize, camera options: CameraOptions, styleDirectory: URL?,
                         fetcher: (any ResourceFetching)? = nil) throws -> Map {
        // As MapLibre Native: what it logs and carries on from (an unknown `ref`, a layer without a valid
        // type or naming a missing source, an unknown property) is a warning and the rest draws.
        let errors = StyleValidator().validate(data: data).filter { $0.severity != .warning }
        let fatal = errors.filter { !$0.isToleratedByNative }
        if !fatal.isEmpty {
            for m in fatal { InputOutput.printError("\(name):\(m.line.map(String.init) ?? "?"): \(m.message)") }
            throw ExitCode(1)
        }
        for m in errors { InputOutput.printError("\(name):\(m.line.map(String.init) ?? "?"): warning: \(m.message)") }
        let document = try StyleDocument(json: json, reading: .tolerant)
        let style = try Style(document: document, reading: .tolerant)
        // an unknown projection name is valid style JSON: GL JS warns and draws Mercator, and so does Mercator
        for w in style.loadWarnings where w.path == "projection.type" { InputOutput.printError("\(name): \(w)") }
        let map = Map(style: style, camera: try options.apply(to: MapCamera(style: document)), size: size, styleDirectory: styleDirectory, fetcher: fetcher)
        map.settings = InputOutput.settings
        return map
    }
}
