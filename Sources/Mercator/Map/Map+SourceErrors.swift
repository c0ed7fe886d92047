public import Rendering

extension Map {
    /// The sources of the style whose data cannot be read (missing files, unsupported schemes,
    /// unreachable hosts, folders), loading each once: what `snapshot()` reports in
    /// `MapSnapshot.sourceErrors` for shape sources, for callers that query without rendering.
    public var sourceLoadErrors: [SourceLoadError] { sourceData().1 }
}
