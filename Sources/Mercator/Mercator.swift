@_exported import Expressions
@_exported import Fonts
@_exported import FormatStrings
@_exported import GeoJSON
@_exported import MapStyle
@_exported import Rendering
@_exported import Tiling
@_exported import Venues
