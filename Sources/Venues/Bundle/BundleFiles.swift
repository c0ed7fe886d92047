import Foundation

/// The JSON files of a bundle, read into memory under ``VenueLoadLimits``, keyed by normalised path.
///
/// Nothing is ever extracted to disk: a zip's entries are inflated into memory (see ``ZipReader``),
/// a folder's files are read.
struct BundleFiles: Sendable {
    /// Bundle-relative path -> contents, for every `.json` / `.geojson` file.
    var json: [String: Data]
    /// Every file path in the bundle (JSON or not), sorted.
    var allFiles: [String]

    /// Reads a zip archive held in memory.
    static func zip(data: Data, limits: VenueLoadLimits) throws(VenueError) -> BundleFiles {
        if UInt64(data.count) > limits.maxArchiveBytes {
            throw .bundleTooLarge(bytes: UInt64(data.count), limit: limits.maxArchiveBytes)
        }
        return try read(ZipReader(data, maxEntries: limits.maxEntries), limits: limits)
    }

    /// Reads a zip archive file (memory-mapped, never extracted).
    static func zip(url: URL, limits: VenueLoadLimits) throws(VenueError) -> BundleFiles {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.uint64Value ?? 0
        if size > limits.maxArchiveBytes { throw .bundleTooLarge(bytes: size, limit: limits.maxArchiveBytes) }
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw .unreadableArchive(reason: "cannot read \(url.lastPathComponent)")
        }
        return try zip(data: data, limits: limits)
    }

    private static func read(_ archive: ZipReader, limits: VenueLoadLimits) throws(VenueError) -> BundleFiles {
        // First pass: every path is safe and declared sizes are sane, before anything is inflated.
        var selected: [(path: String, entry: ZipReader.Entry)] = []
        var allFiles: [String] = []
        var declaredTotal: UInt64 = 0
        for entry in archive.entries {
            let path = try BundlePath.normalize(entry.path)
            if entry.isSymlink { throw .unsafeEntryPath(entry.path) }
            if entry.isDirectory || BundlePath.isLitter(path) { continue }
            allFiles.append(path)
            guard BundlePath.isJSON(path) else { continue }
            let size = entry.uncompressedSize
            if size > limits.maxEntryBytes {
                throw .entryTooLarge(path: path, bytes: size, limit: limits.maxEntryBytes)
            }
            if size > limits.ratioCheckThreshold {
                let ratio = Double(size) / Double(max(entry.compressedSize, 1))
                if ratio > limits.maxCompressionRatio {
                    throw .compressionRatioTooHigh(path: path, ratio: ratio, limit: limits.maxCompressionRatio)
                }
            }
            declaredTotal += size
            if declaredTotal > limits.maxTotalBytes {
                throw .bundleTooLarge(bytes: declaredTotal, limit: limits.maxTotalBytes)
            }
            selected.append((path, entry))
        }
        // Second pass: inflate, counting real bytes so that a lying header is stopped mid-stream.
        var json: [String: Data] = [:]
        var total: UInt64 = 0
        for (path, entry) in selected {
            var data = Data()
            let declared = entry.uncompressedSize
            data.reserveCapacity(Int(min(declared, 1 << 24)))
            try archive.read(entry) { chunk in
                let grown = UInt64(data.count + chunk.count)
                if grown > declared { throw VenueError.declaredSizeExceeded(path: path, declared: declared) }
                if total + grown > limits.maxTotalBytes {
                    throw VenueError.bundleTooLarge(bytes: total + grown, limit: limits.maxTotalBytes)
                }
                data.append(chunk)
            }
            if UInt64(data.count) != declared {
                throw .unreadableArchive(reason: "'\(path)' inflates to \(data.count) bytes, not the declared \(declared)")
            }
            total += UInt64(data.count)
            json[path] = data
        }
        return BundleFiles(json: json, allFiles: allFiles.sorted()).rerooted()
    }

    /// Reads an extracted bundle folder; refuses symbolic links that lead outside it.
    static func folder(url: URL, limits: VenueLoadLimits) throws(VenueError) -> BundleFiles {
        let fm = FileManager.default
        let root = url.standardizedFileURL.resolvingSymlinksInPath()
        let rootPath = root.path.hasSuffix("/") ? root.path : root.path + "/"
        guard let enumerator = fm.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey, .isDirectoryKey, .isSymbolicLinkKey, .fileSizeKey],
            options: [])
        else { throw .notFound(path: url.path) }
        var json: [String: Data] = [:]
        var allFiles: [String] = []
        var total: UInt64 = 0
        var count = 0
        for case let fileURL as URL in enumerator {
            count += 1
            if count > limits.maxEntries { throw .tooManyEntries(count: count, limit: limits.maxEntries) }
            let resolved = fileURL.resolvingSymlinksInPath()
            guard resolved.path.hasPrefix(rootPath) else {
                throw .unsafeEntryPath(fileURL.path.replacingOccurrences(of: rootPath, with: ""))
            }
            let values = try? resolved.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            guard values?.isRegularFile == true else { continue }
            let relative = try BundlePath.normalize(String(resolved.path.dropFirst(rootPath.count)))
            if BundlePath.isLitter(relative) { continue }
            allFiles.append(relative)
            guard BundlePath.isJSON(relative) else { continue }
            let size = UInt64(max(values?.fileSize ?? 0, 0))
            if size > limits.maxEntryBytes {
                throw .entryTooLarge(path: relative, bytes: size, limit: limits.maxEntryBytes)
            }
            total += size
            if total > limits.maxTotalBytes { throw .bundleTooLarge(bytes: total, limit: limits.maxTotalBytes) }
            guard let data = try? Data(contentsOf: resolved) else {
                throw .unreadableArchive(reason: "cannot read '\(relative)'")
            }
            if UInt64(data.count) > limits.maxEntryBytes {
                throw .entryTooLarge(path: relative, bytes: UInt64(data.count), limit: limits.maxEntryBytes)
            }
            json[relative] = data
        }
        return BundleFiles(json: json, allFiles: allFiles.sorted()).rerooted()
    }

    /// Strips a single wrapping folder (`venue/manifest.geojson` -> `manifest.geojson`) when the
    /// bundle's top-level files sit one level down, as when a folder was zipped with its name.
    func rerooted() -> BundleFiles {
        let markers = ["manifest.geojson", "floor.geojson", "map.geojson"]
        if json.keys.contains(where: { markers.contains($0) }) { return self }
        let candidates = json.keys.filter { key in markers.contains(where: { key.hasSuffix("/" + $0) }) }
        guard let shortest = candidates.min(by: { $0.count < $1.count }),
              let slash = shortest.lastIndex(of: "/") else { return self }
        let prefix = String(shortest[...slash])
        guard !prefix.dropLast().contains("/") else { return self }
        var moved: [String: Data] = [:]
        for (k, v) in json where k.hasPrefix(prefix) { moved[String(k.dropFirst(prefix.count))] = v }
        let files = allFiles.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
        return BundleFiles(json: moved, allFiles: files)
    }
}
