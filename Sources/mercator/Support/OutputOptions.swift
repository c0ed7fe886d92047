import ArgumentParser
import Foundation
import Mercator
import MercatorServer

/// `--quality Q` for lossy outputs (JPEG, WebP), with the output format chosen by the file's extension.
struct QualityOption: ParsableArguments {
    @Option(help: "Quality of a lossy output, 1-100: JPEG (default 90) or WebP (lossy with it, lossless without).")
    var quality: Int?

    /// The format `output` names, checked before any rendering: an unknown extension, a format this
    /// build cannot write (naming the missing feature) or a quality for PNG is refused.
    func checkedFormat(for output: String) throws -> ImageOutputFormat {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), isFolder.boolValue {
            throw CLIError("cannot write \(output): it is a folder; give a file name, e.g. \(output)/out.png")
        }
        do {
            let format = try ImageOutputFormat(path: output)
            try format.check(quality: quality)
            return format
        } catch {
            throw CLIError(error.description)
        }
    }

    /// `image` encoded as `format` at the quality given.
    func encode(_ image: RGBAImage, as format: ImageOutputFormat) throws -> Data {
        do {
            return try format.encode(image, quality: quality)
        } catch {
            throw CLIError(error.description)
        }
    }
}

/// `--db FILE`, the read-through offline database of `render` (`--database`, its older name, is a hidden alias).
struct ReadThroughDatabaseOption: ParsableArguments {
    @Option(name: .customLong("db"), help: "An offline database (MapLibre Native's format) every remote load reads through: packs and the ambient cache (default: the MGLOfflineStorageDatabasePath setting, if any).")
    var db: String?
    @Option(name: .customLong("database"), help: .hidden)
    var database: String?

    /// The file given under either name (both must agree).
    var path: String? {
        get throws { try OptionAlias.merge(db, "--db", database, "--database") }
    }
}

/// One value given under an option's name or its hidden alias.
enum OptionAlias {
    /// `primary` or `alias`; both given with different values is an error naming both.
    static func merge<T: Equatable>(_ primary: T?, _ primaryName: String, _ alias: T?, _ aliasName: String) throws -> T? {
        if let primary, let alias, primary != alias {
            throw ValidationError("\(primaryName) and \(aliasName) name the same option (\(aliasName) is the older name); give one")
        }
        return primary ?? alias
    }
}
