@_exported import Expressions
@_exported import GeoJSON
@_exported import Rendering
@_exported import Tiling
@_exported import Venues
