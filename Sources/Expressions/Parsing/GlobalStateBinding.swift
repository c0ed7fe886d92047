package import GeoJSON

/// A style's global state bound into expressions while they are compiled: each `["global-state", key]`
/// reads `values` then, so the compiled expression is a constant where nothing else varies. The keys read
/// are recorded, so a change of state recompiles only what read the changed keys.
package final class GlobalStateBinding {
    /// The state: the style's `state` defaults with the values set at run time over them.
    package let values: JSONObject
    /// Keys read by the expressions parsed with this binding.
    package var readKeys: Set<String> = []

    package init(_ values: JSONObject) {
        self.values = values
    }
}
