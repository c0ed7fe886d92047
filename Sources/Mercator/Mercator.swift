@_exported import Expressions
@_exported import GeoJSON
@_exported import Venues
