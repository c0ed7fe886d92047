public import Foundation
public import GeoJSON

/// Application-wide settings: the SDK's `Info.plist` keys (seed 003), read from a JSON config
/// file and environment variables.
///
/// | Info.plist key (`MLN…` or `MGL…`) | Environment variable | Property |
/// |---|---|---|
/// | `MLNApiKey` | `MERCATOR_API_KEY` | `apiKey` |
/// | `MLNMapboxAPIBaseURL` | `MERCATOR_API_BASE_URL` | `apiBaseURL` |
/// | `MLNOfflineStorageDatabasePath` | `MERCATOR_OFFLINE_DATABASE_PATH` | `offlineDatabasePath` |
/// | `MLNIdeographicFontFamilyName` | `MERCATOR_IDEOGRAPHIC_FONT_FAMILY` | `ideographicFontFallback` |
/// | `MLNCollisionBehaviorPre4_0` | `MERCATOR_COLLISION_BEHAVIOR_PRE_4_0` | `usesPre4CollisionBehavior` |
///
/// Environment variables override the file; the file overrides the defaults.
public struct Settings: Sendable, Hashable {
    /// How CJK characters are rendered when the layer's fonts lack them.
    public enum IdeographicFontFallback: Sendable, Hashable {
        /// Use the system's font cascade list (the key is absent).
        case systemDefault
        /// Try these family, display or PostScript names in order.
        case fonts([String])
        /// The key is `false`: render CJK with server-side glyphs instead.
        case disabled
    }

    /// The default API base URL (`https://api.mapbox.com`).
    public static let defaultAPIBaseURL = "https://api.mapbox.com"

    /// The API key sent to tile servers that need one.
    public var apiKey: String?
    /// The API base URL used to resolve `mapbox://`-style URLs.
    public var apiBaseURL: String
    /// Where the offline database lives (absolute; a relative path in a config file is resolved
    /// against the file's folder, `~` is expanded).
    public var offlineDatabasePath: String?
    /// The CJK font fallback.
    public var ideographicFontFallback: IdeographicFontFallback
    /// Whether symbols collide only with symbols of the same source (pre-4.0 behaviour).
    public var usesPre4CollisionBehavior: Bool

    /// The defaults: no key, the default base URL, no database path, system CJK fallback,
    /// cross-source collision detection.
    public init(apiKey: String? = nil, apiBaseURL: String = Settings.defaultAPIBaseURL, offlineDatabasePath: String? = nil,
                ideographicFontFallback: IdeographicFontFallback = .systemDefault, usesPre4CollisionBehavior: Bool = false) {
        self.apiKey = apiKey
        self.apiBaseURL = apiBaseURL
        self.offlineDatabasePath = offlineDatabasePath
        self.ideographicFontFallback = ideographicFontFallback
        self.usesPre4CollisionBehavior = usesPre4CollisionBehavior
    }

    /// One setting: its Info.plist key (without prefix) and environment variable.
    public enum Key: String, Sendable, CaseIterable {
        case apiKey = "ApiKey"
        case apiBaseURL = "MapboxAPIBaseURL"
        case offlineDatabasePath = "OfflineStorageDatabasePath"
        case ideographicFontFamilyName = "IdeographicFontFamilyName"
        case collisionBehaviorPre4 = "CollisionBehaviorPre4_0"

        /// The Info.plist key (`MLNApiKey`).
        public var plistKey: String { "MLN" + rawValue }

        /// The environment variable (`MERCATOR_API_KEY`).
        public var environmentVariable: String {
            switch self {
            case .apiKey: return "MERCATOR_API_KEY"
            case .apiBaseURL: return "MERCATOR_API_BASE_URL"
            case .offlineDatabasePath: return "MERCATOR_OFFLINE_DATABASE_PATH"
            case .ideographicFontFamilyName: return "MERCATOR_IDEOGRAPHIC_FONT_FAMILY"
            case .collisionBehaviorPre4: return "MERCATOR_COLLISION_BEHAVIOR_PRE_4_0"
            }
        }

        /// SDK keys also tolerated: `MGL…` (seed spelling) and `MLN…`; SDK keys without a
        /// headless meaning (telemetry, location accuracy) are accepted and ignored.
        static func fromPlistKey(_ key: String) -> Key? {
            for prefix in ["MLN", "MGL"] where key.hasPrefix(prefix) {
                return Key(rawValue: String(key.dropFirst(3)))
            }
            return nil
        }

        static let ignoredPlistSuffixes: Set<String> = ["AccuracyAuthorizationDescription", "MapboxMetricsEnabledSettingShownInApp"]
    }

    // MARK: Loading

    /// Settings from the optional JSON config file at `configFile`, then `environment`.
    ///
    /// - Throws: `SettingsError` for an unreadable file, invalid JSON, an unknown `MLN…` key,
    ///   or a value of the wrong type.
    public static func load(configFile: URL? = nil,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws(SettingsError) -> Settings {
        var settings = Settings()
        if let configFile { try settings.apply(configFileAt: configFile) }
        try settings.apply(environment: environment)
        return settings
    }

    /// Applies the members of the JSON config file at `url` (an object of Info.plist keys).
    ///
    /// - Throws: `SettingsError`.
    public mutating func apply(configFileAt url: URL) throws(SettingsError) {
        let origin = SettingsError.Origin.file(url.path)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw SettingsError(origin: origin, key: nil, message: "cannot read the file: \(error.localizedDescription)")
        }
        let value: JSONValue
        do { value = try JSONValue(parsing: data) } catch {
            throw SettingsError(origin: origin, key: nil, message: "invalid JSON: \(error)")
        }
        try apply(json: value, origin: origin, baseDirectory: url.deletingLastPathComponent())
    }

    /// Applies an object of Info.plist keys.
    ///
    /// - Throws: `SettingsError`.
    public mutating func apply(json: JSONValue, origin: SettingsError.Origin = .value,
                               baseDirectory: URL? = nil) throws(SettingsError) {
        guard let object = json.object else {
            throw SettingsError(origin: origin, key: nil, message: "an object of Info.plist keys expected, \(json.typeName) found")
        }
        for (name, value) in object {
            guard let key = Key.fromPlistKey(name) else {
                if name.hasPrefix("MLN") || name.hasPrefix("MGL"),
                   !Key.ignoredPlistSuffixes.contains(String(name.dropFirst(3))) {
                    let known = Key.allCases.map(\.plistKey).joined(separator: ", ")
                    throw SettingsError(origin: origin, key: name, message: "unknown key; known keys: \(known)")
                }
                continue
            }
            func fail(_ expected: String) -> SettingsError {
                SettingsError(origin: origin, key: name, message: "\(expected) expected, \(value.typeName) found")
            }
            switch key {
            case .apiKey:
                guard let s = value.string else { throw fail("string") }
                apiKey = s.isEmpty ? nil : s
            case .apiBaseURL:
                guard let s = value.string else { throw fail("string") }
                apiBaseURL = try Self.checkedBaseURL(s, origin: origin, key: name)
            case .offlineDatabasePath:
                guard let s = value.string else { throw fail("string") }
                offlineDatabasePath = Self.resolvedPath(s, relativeTo: baseDirectory)
            case .ideographicFontFamilyName:
                if let b = value.bool {
                    ideographicFontFallback = b ? .systemDefault : .disabled
                } else if let s = value.string {
                    ideographicFontFallback = .fonts([s])
                } else if let a = value.array, a.allSatisfy({ $0.string != nil }) {
                    ideographicFontFallback = .fonts(a.compactMap(\.string))
                } else {
                    throw fail("a font name, an array of font names or false")
                }
            case .collisionBehaviorPre4:
                guard let b = value.bool else { throw fail("boolean") }
                usesPre4CollisionBehavior = b
            }
        }
    }

    /// Applies the `MERCATOR_…` variables present in `environment`.
    ///
    /// - Throws: `SettingsError` for a value that cannot be read.
    public mutating func apply(environment: [String: String]) throws(SettingsError) {
        for key in Key.allCases {
            guard let raw = environment[key.environmentVariable] else { continue }
            let origin = SettingsError.Origin.environment(key.environmentVariable)
            switch key {
            case .apiKey:
                apiKey = raw.isEmpty ? nil : raw
            case .apiBaseURL:
                apiBaseURL = try Self.checkedBaseURL(raw, origin: origin, key: nil)
            case .offlineDatabasePath:
                offlineDatabasePath = Self.resolvedPath(raw, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            case .ideographicFontFamilyName:
                if let b = Self.boolean(raw) {
                    ideographicFontFallback = b ? .systemDefault : .disabled
                } else {
                    let names = raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    ideographicFontFallback = names.isEmpty ? .systemDefault : .fonts(names)
                }
            case .collisionBehaviorPre4:
                guard let b = Self.boolean(raw) else {
                    throw SettingsError(origin: origin, key: nil, message: "a Boolean (YES/NO, true/false, 1/0) expected, \"\(raw)\" found")
                }
                usesPre4CollisionBehavior = b
            }
        }
    }

    private static func boolean(_ s: String) -> Bool? {
        switch s.lowercased() {
        case "yes", "true", "1": return true
        case "no", "false", "0": return false
        default: return nil
        }
    }

    private static func checkedBaseURL(_ s: String, origin: SettingsError.Origin, key: String?) throws(SettingsError) -> String {
        guard let url = URL(string: s), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host != nil else {
            throw SettingsError(origin: origin, key: key, message: "an absolute http(s) URL expected, \"\(s)\" found")
        }
        return s.hasSuffix("/") ? String(s.dropLast()) : s
    }

    private static func resolvedPath(_ s: String, relativeTo base: URL?) -> String {
        let expanded = (s as NSString).expandingTildeInPath
        guard let base, !expanded.hasPrefix("/") else { return URL(fileURLWithPath: expanded).standardized.path }
        return base.appendingPathComponent(expanded).standardized.path
    }
}

/// A setting that could not be read.
public struct SettingsError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the bad value came from.
    public enum Origin: Sendable, Hashable {
        /// A config file at this path.
        case file(String)
        /// This environment variable.
        case environment(String)
        /// A JSON value passed in code.
        case value
    }

    /// Where the value came from.
    public let origin: Origin
    /// The Info.plist key, when the problem is one key's value.
    public let key: String?
    /// What is wrong.
    public let message: String

    public var description: String {
        let place: String
        switch origin {
        case .file(let path): place = path
        case .environment(let name): place = "environment variable \(name)"
        case .value: place = "settings"
        }
        return key.map { "\(place): \($0): \(message)" } ?? "\(place): \(message)"
    }
}
