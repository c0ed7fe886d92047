// GeoJSON reads and writes through the JSON module; `import GeoJSON` keeps giving its vocabulary
// (JSONValue, JSONPath, Limits…) to every module above it, and the geographic foundation (Geo:
// Web Mercator, tile ids, world rectangles) likewise.
@_exported import JSON
@_exported import Geo
