import Foundation

/// One style layer laid out for one source tile (or for a GeoJSON source's view at one zoom): the
/// unit the bucket cache keeps, with what it was laid out from.
final class LayerBucket: Sendable {
    /// What the layout was made from; a bucket whose signature differs from the frame's is stale.
    let signature: BucketSignature
    let layout: any LayerLayout
    /// Paint values that depend on the feature alone, evaluated once for this layout's features.
    let memo = PaintMemo()

    init(signature: BucketSignature, layout: any LayerLayout) {
        self.signature = signature
        self.layout = layout
    }
}

/// What a bucket depends on besides its tile: when any part changes, the bucket is laid out again.
package struct BucketSignature: Hashable, Sendable {
    /// The compiled layer's ``MapStyle/CompiledLayer/layoutGeneration`` (type, source, filter, layout).
    var layoutGeneration: UInt64
    /// The source's data (a new GeoJSON `data`, a redefined tiled source).
    var sourceGeneration: UInt64
    /// Images and glyphs (labels and patterns), or 0 for layers that use neither at layout.
    var resourceGeneration: UInt64
}

/// Which tile a bucket lays out: a source tile at the zoom it is drawn at, or a GeoJSON source's
/// features over the tiles covering a view.
package struct BucketTileKey: Hashable, Sendable {
    var source: String
    /// The zoom the layout is made at (the camera's integer zoom: an overscaled tile's own zoom; a tile of a
    /// variable-zoom cover, its own: ``SourceTile/layoutZoom``).
    var layoutZoom: Int
    /// The data tile (`z`/`x`/`y`), or for a GeoJSON view the tile under the view's centre.
    var z: Int
    var x: Int
    var y: Int
    /// For a GeoJSON view: the world area covered and the tiles labels are laid out in.
    var view: GeoJSONView?
    /// The grid lines are split on before their labels' anchors are found (``LabelTiles/lineGranularity``): a style
    /// whose projection changes lays its labels out again.
    var lineLabelGranularity = 1

    struct GeoJSONView: Hashable, Sendable {
        var minX: Double, minY: Double, maxX: Double, maxY: Double
        var labelColumns: ClosedRange<Int>, labelRows: ClosedRange<Int>
        /// The bearing the labels' tiles are ordered by.
        var labelBearing: Double
    }
}
