import ArgumentParser
import Foundation
import Mercator
import MercatorHTTP
import OfflineStorage
import TileSources

/// `mercator offline`: packs in MapLibre Native's offline database.
struct OfflineCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offline",
        abstract: "Offline packs in a MapLibre Native-compatible offline database.",
        discussion: """
            The database is --db FILE, else the MGLOfflineStorageDatabasePath setting
            ($MERCATOR_OFFLINE_DATABASE_PATH), else $XDG_DATA_HOME/mercator/cache.sqlite; it is created
            when missing. MapLibre Native apps can open it (side-load it) as their offline database.
            The API key setting (MGLApiKey, $MERCATOR_API_KEY) is sent to the API server only and never printed.
            """,
        subcommands: [OfflineCreateCommand.self, OfflineListCommand.self, OfflineStatusCommand.self, OfflineResumeCommand.self,
                      OfflineRenameCommand.self, OfflineInvalidateCommand.self, OfflineDeleteCommand.self, OfflineExportCommand.self]
    )
}

/// `--db FILE`.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: "The offline database file (default: the settings', or $XDG_DATA_HOME/mercator/cache.sqlite).")
    var path: String?

    var resolvedPath: String { path ?? InputOutput.settings.offlineDatabasePath ?? OfflineDatabase.defaultPath() }

    func open(readOnly: Bool = false) throws -> OfflineDatabase {
        do {
            return try OfflineDatabase(path: resolvedPath, readOnly: readOnly)
        } catch {
            throw CLIError(error.description)
        }
    }

    var authorization: RequestAuthorization {
        let settings = InputOutput.settings
        return RequestAuthorization(apiKey: settings.apiKey, apiBaseURL: settings.apiBaseURL)
    }
}

/// Download settings shared by create and resume.
struct DownloadOptions: ParsableArguments {
    @Option(help: "Requests in flight at once.") var concurrency = 8
    @Option(help: "Responses stored per transaction.") var batchSize = 64
    @Option(help: "Passes over failed requests (each request is also retried with backoff).") var rounds = 3

    func run(_ region: OfflineRegion, database: OfflineDatabase, authorization: RequestAuthorization) async throws {
        let download = OfflineDownload(database: database, authorization: authorization, concurrency: concurrency,
                                       batchSize: batchSize, rounds: rounds)
        let reporter = ProgressReporter(terminal: isatty(STDERR_FILENO) == 1)
        do {
            let status = try await download.run(region) { reporter.report($0) }
            reporter.finish()
            print("region \(region.id): \(status.completedResourceCount) resources (\(status.completedTileCount) tiles), "
                  + "\(ProgressReporter.bytes(status.completedResourceSize)) stored in \(database.path)")
        } catch let error as OfflineDownload.DownloadError {
            reporter.finish()
            throw CLIError(error.message)
        } catch let error as OfflineStorageError {
            reporter.finish()
            throw CLIError(error.description)
        }
    }
}

/// A progress bar on a terminal; otherwise a line at each step and then at most one every 5 s
/// (`$MERCATOR_PROGRESS_INTERVAL`), with the estimated time left.
final class ProgressReporter: @unchecked Sendable {
    let terminal: Bool
    private let lock = NSLock()
    private let interval = ProgressLines.lineInterval
    private let start = Date()
    private var lastStep = ""
    private var lastLine = Date.distantPast

    init(terminal: Bool) { self.terminal = terminal }

    static func bytes(_ count: Int) -> String {
        count >= 1 << 20 ? String(format: "%.1f MiB", Double(count) / 1048576) : String(format: "%.1f KiB", Double(count) / 1024)
    }

    func report(_ progress: OfflineDownload.Progress) {
        lock.withLock {
            let total = max(progress.requiredResources, progress.completedResources)
            let fraction = total > 0 ? Double(progress.completedResources) / Double(total) : 0
            let text = "\(progress.completedResources)/\(total) resources, \(progress.completedTiles) tiles, \(Self.bytes(progress.completedBytes))"
                + (progress.failed > 0 ? ", \(progress.failed) failed (retried)" : "")
            if terminal {
                let width = 30, filled = Int(fraction * Double(width))
                let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
                FileHandle.standardError.write(Data("\r\(progress.step.padding(toLength: 9, withPad: " ", startingAt: 0)) [\(bar)] \(Int(fraction * 100))% \(text)\u{1B}[K".utf8))
            } else {
                let now = Date()
                guard progress.step != lastStep || now.timeIntervalSince(lastLine) >= interval else { return }
                lastStep = progress.step
                lastLine = now
                let eta = ProgressLines.timeLeft(done: progress.completedResources, total: total, elapsed: now.timeIntervalSince(start))
                InputOutput.printError("\(progress.step): \(text), \(eta)")
            }
        }
    }

    func finish() {
        if terminal { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}

struct OfflineCreateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create a pack and download it.")

    @Argument(help: "The style URL (http(s) or mapbox://).") var style: String
    @Option(parsing: .unconditional, help: "The area as W,S,E,N (degrees).") var bounds: String?
    @Option(help: "A GeoJSON file holding the area's geometry (instead of --bounds).") var geometry: String?
    @Option(help: "The zoom range, MIN-MAX (e.g. 0-14).") var zooms: String
    @Option(help: "Device pixels per point (default 1).") var ratio: Double?
    @Option(name: .customLong("pixel-ratio"), help: .hidden) var pixelRatio: Double?
    @Flag(help: "Leave out the glyph ranges of CJK ideographs.") var noIdeographs = false
    @Option(help: "The pack's name (its metadata).") var name: String?
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var download: DownloadOptions

    func run() async throws {
        let parts = zooms.split(separator: "-").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let minZoom = parts[0], let maxZoom = parts[1] else { throw CLIError("--zooms: expected MIN-MAX, e.g. 0-14, not \(zooms)") }
        let area: OfflineRegionDefinition.Area
        if let bounds {
            let numbers = bounds.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 4 else { throw CLIError("--bounds: expected W,S,E,N, not \(bounds)") }
            area = .bounds(west: numbers[0], south: numbers[1], east: numbers[2], north: numbers[3])
        } else if let geometry {
            var json = try MapLoading.json(try InputOutput.read(geometry, limit: 64 << 20), name: geometry)
            if json["type"]?.string == "Feature", let inner = json["geometry"] { json = inner }
            guard json["type"] != nil, json["coordinates"] != nil || json["geometries"] != nil else {
                throw CLIError("\(geometry): a GeoJSON geometry (or a Feature) expected")
            }
            area = .geometry(json)
        } else {
            throw CLIError("give the area: --bounds W,S,E,N or --geometry FILE")
        }
        let definition = OfflineRegionDefinition(styleURL: style, area: area, minimumZoom: minZoom, maximumZoom: maxZoom,
                                                 pixelRatio: try OptionAlias.merge(ratio, "--ratio", pixelRatio, "--pixel-ratio") ?? 1,
                                                 includesIdeographs: !noIdeographs)
        if let problem = definition.problem { throw CLIError("invalid pack: \(problem)") }
        let db = try database.open()
        let region: OfflineRegion
        do {
            region = try db.createRegion(definition, metadata: OfflineRegion.metadata(name: name ?? style))
        } catch {
            throw CLIError(error.description)
        }
        InputOutput.printError("created region \(region.id) in \(db.path)")
        try await download.run(region, database: db, authorization: database.authorization)
    }
}

struct OfflineListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the packs: id, name, zooms, stored resources and size.")
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let db = try database.open(readOnly: FileManager.default.fileExists(atPath: database.resolvedPath)
                                   && !FileManager.default.isWritableFile(atPath: database.resolvedPath))
        do {
            for region in try db.regions() {
                let status = try db.completedStatus(region.id)
                let d = region.definition
                let zooms = "z\(String(format: "%g", d.minimumZoom))-\(d.maximumZoom.isFinite ? String(format: "%g", d.maximumZoom) : "max")"
                print("\(region.id)\t\(region.name ?? "-")\t\(zooms)\t\(status.completedResourceCount) resources\t\(status.completedTileCount) tiles\t"
                      + "\(ProgressReporter.bytes(status.completedResourceSize))\t\(d.styleURL)")
            }
        } catch {
            throw CLIError(error.description)
        }
    }
}

struct OfflineStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "What a pack holds, and what it still needs.")
    @Argument(help: "The region id.") var id: Int64
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let db = try database.open()
        do {
            let region = try db.region(id)
            let status = try db.completedStatus(id)
            print("region \(id) \(region.name ?? "")")
            print("definition: \(region.definition.encoded())")
            print("stored: \(status.completedResourceCount) resources (\(status.completedTileCount) tiles), \(ProgressReporter.bytes(status.completedResourceSize))")
        } catch {
            throw CLIError(error.description)
        }
    }
}

struct OfflineResumeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Continue a pack's download (what is stored is kept).")
    @Argument(help: "The region id.") var id: Int64
    @OptionGroup var database: DatabaseOptions
    @OptionGroup var download: DownloadOptions

    func run() async throws {
        let db = try database.open()
        let region: OfflineRegion
        do { region = try db.region(id) } catch { throw CLIError(error.description) }
        try await download.run(region, database: db, authorization: database.authorization)
    }
}

struct OfflineRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a pack (its metadata).")
    @Argument(help: "The region id.") var id: Int64
    @Argument(help: "The new name.") var name: String
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        do { try database.open().updateMetadata(id, OfflineRegion.metadata(name: name)) } catch let error as OfflineStorageError { throw CLIError(error.description) }
    }
}

struct OfflineInvalidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "invalidate", abstract: "Mark a pack's resources expired: the next use revalidates them.")
    @Argument(help: "The region id.") var id: Int64
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        do { try database.open().invalidateRegion(id) } catch let error as OfflineStorageError { throw CLIError(error.description) }
    }
}

struct OfflineDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a pack (rows other packs use are kept).")
    @Argument(help: "The region id.") var id: Int64
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        do { try database.open().deleteRegion(id) } catch let error as OfflineStorageError { throw CLIError(error.description) }
    }
}

struct OfflineExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Write a pack's tiles of one source to an MBTiles 1.3 file.")
    @Argument(help: "The region id.") var id: Int64
    @Option(help: "The output format (mbtiles).") var format = "mbtiles"
    @Option(name: .shortAndLong, help: "The output file.") var output: String
    @Option(help: "The style source whose tiles are written (default: the first tiled source).") var source: String?
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        guard format == "mbtiles" else { throw CLIError("--format: only mbtiles is written, not \(format)") }
        let db = try database.open()
        do {
            let summary = try MBTilesExport(database: db).export(region: id, source: source, to: output)
            print("\(summary.tiles) tiles of source \(summary.source) (z\(summary.minZoom)-\(summary.maxZoom), \(summary.format)) written to \(output)")
        } catch {
            throw CLIError(error.message)
        }
    }
}
