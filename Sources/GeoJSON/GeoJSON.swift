// GeoJSON reads and writes through the JSON module; `import GeoJSON` keeps giving its vocabulary
// (JSONValue, JSONPath, Limits…) to every module above it.
@_exported import JSON
