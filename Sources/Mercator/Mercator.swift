@_exported import Expressions
@_exported import GeoJSON
