import Foundation
import Geo
import JSON
import MapStyle

extension Map {
    /// How far the map is drawn bent onto the globe at `zoom`: 0 is Web Mercator, 1 GL JS's globe
    /// (vertical perspective), between them GL JS's blend of the two.
    ///
    /// The style's root `projection` evaluated at `zoom` (``Style/globeness(atZoom:)``: a name, GL JS's `globe`
    /// preset, a camera expression, a transition literal, global state); an unknown name draws Mercator, with a
    /// warning in `Style.loadWarnings`, as GL JS warns.
    func globeness(atZoom zoom: Double) -> Double {
        style.globeness(atZoom: zoom)
    }
}
