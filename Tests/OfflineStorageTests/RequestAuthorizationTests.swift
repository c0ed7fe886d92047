import OfflineStorage
import Testing

/// An API key added to the `mapbox://` request URLs (`MapboxURL`, tested in TileSourcesTests).
@Suite("Request authorization")
struct RequestAuthorizationTests {
    @Test("mapbox:// requests carry the access token after the URL MapboxURL resolves")
    func accessToken() {
        let auth = RequestAuthorization(apiKey: "KEY", apiBaseURL: "https://api.mapbox.com")
        #expect(auth.requestURL("mapbox://mapbox.satellite") == "https://api.mapbox.com/v4/mapbox.satellite.json?secure&access_token=KEY")
        #expect(auth.requestURL("mapbox://styles/mapbox/satellite-v9") == "https://api.mapbox.com/styles/v1/mapbox/satellite-v9?access_token=KEY")
    }
}
