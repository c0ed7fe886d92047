public import Foundation
import GeoJSON
public import MercatorHTTP
import TileSources

/// Downloads a pack: the style, its sources' TileJSON, then glyph ranges, sprites, source data and
/// every tile, several at a time, each request retried with backoff (by the ``HTTPClient``) and failed
/// ones retried again in later rounds. Stored batches stay: a download stopped by cancellation or a
/// crash resumes where it was (what the region already holds is not fetched again).
public struct OfflineDownload: Sendable {
    /// Where the download stands.
    public struct Progress: Sendable, Hashable {
        /// What is being fetched (`style`, `sources`, `resources`).
        public var step: String
        public var completedResources: Int
        /// Known once the style and TileJSON are read (0 before).
        public var requiredResources: Int
        /// Stored bytes (compressed, as in the database).
        public var completedBytes: Int
        public var completedTiles: Int
        /// Requests that failed in this round (retried in the next).
        public var failed: Int
    }

    /// Why a download stopped.
    public struct DownloadError: Error, Sendable, CustomStringConvertible {
        public var message: String
        /// Requests still failing after every round.
        public var failedURLs: [String]
        public var description: String { message }
    }

    public let database: OfflineDatabase
    public var authorization: RequestAuthorization
    public var client: HTTPClient
    /// Requests in flight at once.
    public var concurrency: Int
    /// Responses written per transaction.
    public var batchSize: Int
    /// Passes over the requests that failed (each after a doubling pause).
    public var rounds: Int
    /// The pause before the second round.
    public var roundBackoff: TimeInterval

    public init(database: OfflineDatabase, authorization: RequestAuthorization = RequestAuthorization(apiKey: nil, apiBaseURL: "https://api.mapbox.com"),
                client: HTTPClient? = nil, concurrency: Int = 8, batchSize: Int = 64, rounds: Int = 3, roundBackoff: TimeInterval = 0.5) {
        self.database = database
        self.authorization = authorization
        self.concurrency = max(1, concurrency)
        self.client = client ?? HTTPClient(policy: HTTPClientPolicy(maximumAttempts: 4, initialBackoff: 0.2, maximumBackoff: 4, timeout: 30,
                                                                     maximumConcurrentRequests: max(1, concurrency), cacheBytes: 0))
        self.batchSize = max(1, batchSize)
        self.rounds = max(1, rounds)
        self.roundBackoff = roundBackoff
    }

    private enum Outcome: Sendable {
        case stored(ResourceRequest, StoredResponse, (Data?, Bool))
        case failed(ResourceRequest, String)
    }

    /// Downloads (or resumes) `region`; returns its status once every resource is stored.
    /// - Throws: ``DownloadError`` naming what failed after every retry (what was stored stays),
    ///   `CancellationError` when the task is cancelled (a pause).
    public func run(_ region: OfflineRegion, progress: @Sendable (Progress) -> Void = { _ in }) async throws -> OfflineRegionStatus {
        let id = region.id
        var done = try database.completedKeys(id)
        var state = Progress(step: "style", completedResources: 0, requiredResources: 0, completedBytes: 0, completedTiles: 0, failed: 0)
        progress(state)

        // the style, then TileJSON documents: what the rest depends on
        let styleRequest = ResourceRequest(url: region.definition.styleURL, kind: .style)
        let style = try await document(styleRequest, region: id, done: &done)
        state.step = "sources"
        progress(state)
        var tileJSON: [String: JSONValue] = [:]
        for url in OfflineResources.tileJSONURLs(style: style) {
            tileJSON[url] = try await document(ResourceRequest(url: url, kind: .source), region: id, done: &done)
        }

        var requests = OfflineResources.glyphs(style: style, includeIdeographs: region.definition.includesIdeographs)
        requests += OfflineResources.fontFaces(style: style)
        requests += OfflineResources.sprites(style: style, pixelRatio: region.definition.pixelRatio)
        requests += OfflineResources.sourceData(style: style)
        for source in OfflineResources.tiledSources(style: style, tileJSON: tileJSON) {
            requests += OfflineResources.tiles(source, definition: region.definition).map(ResourceRequest.init(tile:))
        }
        var seen = Set<String>()
        requests = requests.filter { seen.insert($0.tile.map { "\(TileKey($0))" } ?? $0.url).inserted }
        state.requiredResources = requests.count + 1 + tileJSON.count

        var pending = requests.filter { request in
            if let tile = request.tile { return !done.tiles.contains(TileKey(tile)) }
            return !done.urls.contains(request.url)
        }
        // rows another pack or the ambient cache holds fresh are shared, not fetched again
        if !pending.isEmpty { pending = try database.linkRegionResources(id, pending) }
        state.step = "resources"
        var status = try database.completedStatus(id)
        state.completedResources = status.completedResourceCount
        state.completedBytes = status.completedResourceSize
        state.completedTiles = status.completedTileCount
        progress(state)

        var failures: [(ResourceRequest, String)] = []
        for round in 0..<rounds {
            if pending.isEmpty { break }
            if round > 0 {
                try await Task.sleep(nanoseconds: UInt64(roundBackoff * pow(2, Double(round - 1)) * 1e9))
            }
            failures = try await fetchAll(pending, region: id, state: &state, progress: progress)
            pending = failures.map(\.0)
        }
        status = try database.completedStatus(id)
        status.requiredResourceCount = state.requiredResources
        if !failures.isEmpty {
            let first = failures[0].1
            throw DownloadError(message: "\(failures.count) of \(state.requiredResources) resources could not be downloaded (first: \(first)); "
                                + "\(status.completedResourceCount) are stored: run `mercator offline resume \(id)` to try again",
                                failedURLs: failures.map(\.0.url))
        }
        return status
    }

    /// A JSON document of the pack (style or TileJSON): the stored copy when the region has it,
    /// else downloaded and stored.
    private func document(_ request: ResourceRequest, region: Int64, done: inout (urls: Set<String>, tiles: Set<TileKey>)) async throws -> JSONValue {
        var data: Data?
        var held = done.urls.contains(request.url)
        if !held { held = try database.linkRegionResources(region, [request]).isEmpty }
        if held {
            data = try database.response(for: request)?.data
        }
        if data == nil {
            var lastError = ""
            for round in 0..<rounds {
                if round > 0 { try await Task.sleep(nanoseconds: UInt64(roundBackoff * pow(2, Double(round - 1)) * 1e9)) }
                switch await fetch(request) {
                case .stored(_, let response, _):
                    guard response.data != nil else {
                        throw DownloadError(message: "\(authorization.redact(request.url)) is not found (HTTP 404)", failedURLs: [request.url])
                    }
                    try database.putRegionResources(region, [(request, response)])
                    data = response.data
                case .failed(_, let message):
                    lastError = message
                    continue
                }
                break
            }
            guard data != nil else { throw DownloadError(message: lastError, failedURLs: [request.url]) }
        }
        done.urls.insert(request.url)
        do {
            return try JSONValue(parsing: data!)
        } catch {
            throw DownloadError(message: "\(authorization.redact(request.url)) is not JSON: \(error)", failedURLs: [request.url])
        }
    }

    private func fetchAll(_ requests: [ResourceRequest], region: Int64, state: inout Progress,
                          progress: @Sendable (Progress) -> Void) async throws -> [(ResourceRequest, String)] {
        var failures: [(ResourceRequest, String)] = []
        var batch: [(ResourceRequest, StoredResponse, (Data?, Bool))] = []
        var state2 = state
        func commit() throws {
            guard !batch.isEmpty else { return }
            let sizes = try database.putRegionEncoded(region, batch)
            state2.completedResources += batch.count
            state2.completedTiles += batch.filter { $0.0.kind == .tile }.count
            state2.completedBytes += sizes.reduce(0, +)
            batch.removeAll(keepingCapacity: true)
            progress(state2)
        }
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            var next = requests.makeIterator()
            for _ in 0..<concurrency {
                guard let request = next.next() else { break }
                group.addTask { await self.fetch(request) }
            }
            while let outcome = try await group.next() {
                switch outcome {
                case .stored(let request, let response, let encoded): batch.append((request, response, encoded))
                case .failed(let request, let message):
                    failures.append((request, message))
                    state2.failed = failures.count
                }
                if batch.count >= batchSize { try commit() }
                if Task.isCancelled {
                    group.cancelAll()
                    try commit()
                    throw CancellationError()
                }
                if let request = next.next() { group.addTask { await self.fetch(request) } }
            }
            try commit()
        }
        state = state2
        return failures
    }

    /// One request: 2xx is stored; 204 and 404 are stored as "no content" for tiles and glyph ranges
    /// (MapLibre draws nothing there); anything else is a failure to retry.
    private func fetch(_ request: ResourceRequest) async -> Outcome {
        let address = authorization.requestURL(request.url)
        do {
            let result = try await client.get(address, limit: 64 << 20)
            switch result.status {
            case 200..<300 where result.status != 204:
                // deflated here, in the download's tasks, so the writer only writes
                return .stored(request, StoredResponse(data: result.body, headers: result.headers), OfflineDatabase.encodedBody(result.body))
            case 204, 404:
                return .stored(request, StoredResponse(data: nil, headers: result.headers), (nil, false))
            default:
                return .failed(request, "GET \(request.url) answered HTTP \(result.status)")
            }
        } catch {
            return .failed(request, authorization.redact(error.description.replacingOccurrences(of: address, with: request.url)))
        }
    }
}
