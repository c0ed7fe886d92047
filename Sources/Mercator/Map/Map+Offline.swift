public import Foundation
public import OfflineStorage
import TileSources

extension Map {
    /// A map whose remote loads read through an offline database; with `offlineOnly`, only what it holds is used, however old.
    ///
    /// Style resources, tiles, glyphs and sprites are looked up in `offlineDatabase` (packs and the ambient
    /// cache). With `offlineOnly` every stored entry is used as it is — expired and `must-revalidate`
    /// entries included — and the network is never asked: what the database lacks is reported as a
    /// source error. Without it, stale entries are revalidated with the server (ETag, `304`) and fresh
    /// answers kept in the ambient cache, as MapLibre Native's online file source does.
    public convenience init(style: Style, camera: MapCamera = MapCamera(), size: MapSize = MapSize(width: 512, height: 512),
                            options: MapOptions = MapOptions(), styleDirectory: URL? = nil, offlineDatabase: OfflineDatabase,
                            offlineOnly: Bool,
                            authorization: RequestAuthorization = RequestAuthorization(apiKey: nil, apiBaseURL: "https://api.mapbox.com")) {
        let fetcher = StorageFetcher(database: offlineDatabase, authorization: authorization, offlineOnly: offlineOnly)
        self.init(style: style, camera: camera, size: size, options: options, styleDirectory: styleDirectory, fetcher: fetcher)
    }
}
