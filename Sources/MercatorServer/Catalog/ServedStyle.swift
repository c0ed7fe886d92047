public import Foundation
public import Mercator
import HTTPTypes

/// A style the server publishes: the document Mercator renders (local files) and the document
/// clients get (URLs on this server).
public struct ServedStyle: Sendable {
    /// The identifier in URLs (`/styles/{id}/style.json`).
    public var id: String
    /// A human name.
    public var name: String
    /// The style as Mercator renders it: sources, glyphs and sprites as local paths.
    public var renderJSON: JSONValue
    /// The style as clients get it, URLs starting with ``ServedStyle/basePlaceholder``.
    public var publicJSON: JSONValue
    /// The folder relative URLs in ``renderJSON`` resolve against.
    public var directory: URL?
    /// The local sprite path without extension (`…/sprite` for `sprite.json`, `sprite@2x.png`), if any.
    public var spritePath: String?
    /// The local sprites of a sprite list (`[{"id", "url"}]`), by id, without extension: served at
    /// `/styles/{id}/sprite/{spriteID}[@2x].{json,png}`.
    package var spritePaths: [String: String] = [:]
    /// The camera the style asks for (or that fits its data).
    public var camera: MapCamera
    /// tileserver-gl's `serve_rendered`: raster tiles, static images and WMTS are served (default true).
    package var serveRendered = true
    /// tileserver-gl's `serve_data`: the style JSON and its sprites are served (default true).
    package var serveData = true
    /// tileserver-gl's `tilejson`: keys written over the raster TileJSON (`format`, `bounds`, `attribution`…).
    package var tileJSONOverrides = JSONObject()
    /// tileserver-gl's `staticAttributionText` for this style (over `options.staticAttributionText`).
    package var staticAttributionText: String?

    /// The text public URLs start with until a request names the server's address.
    public static let basePlaceholder = "{{mercator-base}}"

    /// The style JSON for clients reaching this server at `base` (`http://host:port`).
    func publicText(base: String) -> String {
        publicJSON.serialized().replacingOccurrences(of: Self.basePlaceholder, with: base)
    }

    /// A new `Style` for rendering.
    func makeStyle() throws(ServerError) -> Style {
        do {
            return try Style(document: StyleDocument(json: renderJSON))
        } catch {
            throw ServerError(.internalServerError, "style \(id): \(error)")
        }
    }
}
