import GeoJSON
/// How a tile source numbers rows: `xyz` (row 0 at the north edge, the default) or `tms` (row 0 at the
/// south edge). The style JSON `scheme` key; the SDK's tile coordinate system option.
public enum TileScheme: String, Sendable, Hashable, CaseIterable {
    /// Row 0 at the north edge (OpenStreetMap, Google, MapLibre default).
    case xyz
    /// Row 0 at the south edge (Tile Map Service).
    case tms
}
