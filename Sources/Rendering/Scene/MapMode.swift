/// What a headless map renders: MapLibre Native's `MapMode`, of the modes that make still images.
public enum MapMode: String, Sendable, Hashable, CaseIterable {
    /// One image of the view (Native's `MapMode::Static`, the default): labels are placed over the
    /// whole view.
    case `static`
    /// One tile of a set of tiles rendered one by one and put side by side (Native's `MapMode::Tile`):
    /// the view is the tile, and its labels are placed as they would be in any tile beside it. Only the
    /// source tile under the view's centre is drawn, with the labels in its buffer; labels crossing
    /// the tile's edges (or a neighbour's) are placed first, so that both tiles show them; labels
    /// along lines and those with `symbol-avoid-edges` stay inside the tile; labels are placed over a
    /// margin of 1024 pixels around it.
    case tile
}
