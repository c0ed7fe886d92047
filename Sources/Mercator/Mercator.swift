@_exported import GeoJSON
