import Foundation
import Testing
@testable import MapStyle
import JSON

@Suite struct SettingsTests {
    @Test func defaults() throws {
        let settings = try Settings.load(environment: [:])
        #expect(settings == Settings())
        #expect(settings.apiBaseURL == "https://api.mapbox.com")
        #expect(settings.ideographicFontFallback == .systemDefault)
        #expect(!settings.usesPre4CollisionBehavior)
    }

    @Test func configFileThenEnvironment() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapstyle-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("config.json")
        try #"""
        {"MLNApiKey": "abc", "MGLMapboxAPIBaseURL": "https://tiles.example.com/",
         "MLNOfflineStorageDatabasePath": "cache/offline.db", "MLNIdeographicFontFamilyName": ["PingFang TC", "Noto Sans CJK"],
         "MLNCollisionBehaviorPre4_0": true, "MLNAccuracyAuthorizationDescription": "ignored", "CFBundleName": "App"}
        """#.write(to: file, atomically: true, encoding: .utf8)
        var settings = try Settings.load(configFile: file, environment: [:])
        #expect(settings.apiKey == "abc")
        #expect(settings.apiBaseURL == "https://tiles.example.com")
        #expect(settings.offlineDatabasePath == dir.appendingPathComponent("cache/offline.db").standardized.path)
        #expect(settings.ideographicFontFallback == .fonts(["PingFang TC", "Noto Sans CJK"]))
        #expect(settings.usesPre4CollisionBehavior)

        settings = try Settings.load(configFile: file, environment: [
            "MERCATOR_API_KEY": "env-key", "MERCATOR_IDEOGRAPHIC_FONT_FAMILY": "NO",
            "MERCATOR_COLLISION_BEHAVIOR_PRE_4_0": "no", "MERCATOR_OFFLINE_DATABASE_PATH": "/var/db/offline.db",
        ])
        #expect(settings.apiKey == "env-key")
        #expect(settings.ideographicFontFallback == .disabled)
        #expect(!settings.usesPre4CollisionBehavior)
        #expect(settings.offlineDatabasePath == "/var/db/offline.db")
    }

    @Test func badValuesAreTypedErrors() {
        var settings = Settings()
        #expect(throws: SettingsError(origin: .value, key: "MLNCollisionBehaviorPre4_0", message: "boolean expected, string found")) {
            try settings.apply(json: ["MLNCollisionBehaviorPre4_0": "yes"])
        }
        #expect(throws: SettingsError.self) { try settings.apply(json: ["MLNApiKeys": "typo"]) }
        #expect(throws: SettingsError.self) { try settings.apply(json: ["MLNMapboxAPIBaseURL": "not a url"]) }
        #expect(throws: SettingsError.self) { try settings.apply(json: ["MLNIdeographicFontFamilyName": 3]) }
        #expect(throws: SettingsError.self) { try settings.apply(environment: ["MERCATOR_COLLISION_BEHAVIOR_PRE_4_0": "maybe"]) }
        #expect(throws: SettingsError.self) {
            try Settings.load(configFile: URL(fileURLWithPath: "/nonexistent/config.json"), environment: [:])
        }
    }
}
