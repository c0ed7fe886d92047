public import Foundation
public import MercatorHTTP
public import TileSources

/// Loads resources through the offline database: a fresh stored copy (a pack's, or the ambient
/// cache's) is used as is; otherwise the server is asked and the answer kept in the ambient cache;
/// when the server cannot be reached a stale copy is used unless it must be revalidated.
public struct StorageFetcher: ResourceFetching {
    public let database: OfflineDatabase
    public var authorization: RequestAuthorization
    public var client: HTTPClient
    /// When true the network is never asked (what is stored is all there is).
    public var offlineOnly: Bool

    public init(database: OfflineDatabase, authorization: RequestAuthorization = RequestAuthorization(apiKey: nil, apiBaseURL: "https://api.mapbox.com"),
                client: HTTPClient = .shared, offlineOnly: Bool = false) {
        self.database = database
        self.authorization = authorization
        self.client = client
        self.offlineOnly = offlineOnly
    }

    public func fetch(_ request: ResourceRequest, limit: Int, store: String) throws(TileStoreError) -> Data? {
        let stored: StoredResponse?
        do {
            stored = try database.response(for: request)
        } catch {
            throw TileStoreError(store: store, error.description)
        }
        if let stored, stored.isFresh() || offlineOnly { return stored.data }
        if offlineOnly { throw TileStoreError(store: store, "\(request.url) is not in the offline database \(database.path)") }
        let result: HTTPResult
        // a stale copy with an ETag is revalidated: 304 keeps it, with the new expiry
        var headers: [String: String] = [:]
        if let stored, stored.data != nil, let etag = stored.etag { headers["If-None-Match"] = etag }
        do throws(HTTPError) {
            result = try client.get(authorization.requestURL(request.url), headers: headers, limit: limit)
        } catch {
            if let stored, !stored.mustRevalidate { return stored.data }
            throw TileStoreError(store: store, authorization.redact(error.description))
        }
        switch result.status {
        case 304 where stored != nil:
            let fresh = StoredResponse(data: nil, headers: result.headers)
            if !database.isReadOnly { try? database.markNotModified(request, expires: fresh.expires, mustRevalidate: fresh.mustRevalidate) }
            return stored?.data
        case 200..<300, 404:
            let data: Data? = result.status == 404 || result.status == 204 ? nil : result.body
            if !database.isReadOnly { _ = try? database.putAmbient(request, StoredResponse(data: data, headers: result.headers)) }
            return data
        default:
            if let stored, !stored.mustRevalidate { return stored.data }
            throw TileStoreError(store: store, "GET \(request.url) answered HTTP \(result.status)")
        }
    }
}

extension StorageFetcher: OfflineAwareFetching {
    /// Whether nothing may be asked of the network (``offlineOnly``).
    package var refusesNetwork: Bool { offlineOnly }
}
