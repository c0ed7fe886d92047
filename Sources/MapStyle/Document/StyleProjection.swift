import Foundation
public import GeoJSON

/// The root `projection` of a style: how the world is drawn, flat (Web Mercator) or as a globe.
///
/// `type` is GL JS's `projectionDefinition`: a projection name (`"mercator"`, `"vertical-perspective"`,
/// or `"globe"`, GL JS's preset that turns into Mercator between zoom 11 and 12), a camera expression
/// between names (`["interpolate", ["linear"], ["zoom"], 11, "vertical-perspective", 12, "mercator"]`,
/// or `["step", …]`), or a transition literal `[from, to, fraction]`. Evaluated at a zoom it gives the
/// *globeness* the renderer draws: 1 on the sphere, 0 flat, in between while the globe turns into the plane.
public struct StyleProjection: Sendable, Hashable {
    /// The `type` member as written.
    public var type: JSONValue

    /// A projection of `type` (a name, an expression or a transition literal), not checked.
    public init(type: JSONValue) {
        self.type = type
    }

    /// Web Mercator, the default: a flat map.
    public static let mercator = StyleProjection(type: "mercator")
    /// The sphere at every zoom (GL JS's `vertical-perspective`).
    public static let verticalPerspective = StyleProjection(type: "vertical-perspective")
    /// GL JS's `globe` preset: the sphere up to zoom 11, Mercator from zoom 12, turning between (GL JS 5.24's
    /// `projection_factory`; the style specification's prose says 10).
    public static let globe = StyleProjection(type: "globe")

    /// The names GL JS draws; any other name draws Mercator with a warning.
    public static let knownNames: Set<String> = ["mercator", "vertical-perspective", "globe"]

    /// The expression GL JS's `globe` preset stands for.
    public static let globePreset: JSONValue = ["interpolate", ["linear"], ["zoom"], 11, "vertical-perspective", 12, "mercator"]

    /// The root member `{"type": …}` this projection is written as.
    public var json: JSONValue { .object(["type": type]) }

    /// The projection named in a root `projection` member (`nil` when the member is absent or not an object with `type`).
    public init?(member: JSONValue?) {
        guard let type = member?.object?["type"] else { return nil }
        self.init(type: type)
    }

    /// The name when `type` is a plain name (`"globe"`), else `nil`.
    public var name: String? { type.string }

    /// Whether the projection ever draws a sphere (any globeness above 0 at some zoom).
    public var isGlobe: Bool {
        (0...24).contains { globeness(atZoom: Double($0)) > 0 }
    }

    /// Names in `type` that GL JS does not know (each draws as Mercator, with a warning); `["global-state", key]`
    /// is read from `globalState` first.
    public func unknownNames(globalState: JSONObject = JSONObject()) -> [String] {
        let type = Self.resolvingGlobalState(self.type, globalState)
        var out: [String] = []
        func visit(_ value: JSONValue) {
            if let s = value.string {
                if !Self.knownNames.contains(s), !Self.expressionWords.contains(s), !out.contains(s) { out.append(s) }
            } else if let a = value.array {
                a.forEach(visit)
            }
        }
        switch type {
        case .string(let s): if !Self.knownNames.contains(s) { out.append(s) }
        case .array(let a):
            if a.first?.string == "interpolate" || a.first?.string == "step" {
                // the stop outputs (after the input) are the names
                let outputs = a.first?.string == "step"
                    ? Array(a.dropFirst(2)).enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
                    : Array(a.dropFirst(3)).enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
                outputs.forEach(visit)
            } else {
                a.prefix(2).forEach(visit)
            }
        default: break
        }
        return out
    }

    private static let expressionWords: Set<String> = ["interpolate", "step", "literal", "linear", "exponential", "cubic-bezier", "zoom",
                                                       "global-state"]

    /// How much of a sphere the projection draws at `zoom`: 1 = the globe (vertical perspective),
    /// 0 = Web Mercator, in between while one turns into the other (GL JS's `transitionState`).
    /// Unknown names count as Mercator.
    /// `globalState` gives the values `["global-state", key]` reads (the style's `state` with what was set at run time).
    public func globeness(atZoom zoom: Double, globalState: JSONObject = JSONObject()) -> Double {
        Self.globeness(of: Self.resolvingGlobalState(type, globalState), zoom: zoom)
    }

    /// `value` with every `["global-state", key]` replaced by the state's value (`null` when unset).
    static func resolvingGlobalState(_ value: JSONValue, _ state: JSONObject) -> JSONValue {
        guard case .array(let a) = value else { return value }
        if a.count == 2, a[0].string == "global-state", let key = a[1].string { return state[key] ?? .null }
        if a.first?.string == "literal" { return value }
        return .array(a.map { resolvingGlobalState($0, state) })
    }

    private static func globeness(ofName name: String, zoom: Double) -> Double {
        switch name {
        case "vertical-perspective": return 1
        case "globe": return globeness(of: globePreset, zoom: zoom)
        default: return 0
        }
    }

    private static func globeness(of value: JSONValue, zoom: Double) -> Double {
        switch value {
        case .string(let name): return globeness(ofName: name, zoom: zoom)
        case .array(let a):
            guard let head = a.first?.string else { return 0 }
            switch head {
            case "literal": return a.count > 1 ? globeness(of: a[1], zoom: zoom) : 0
            case "step": return step(a, zoom: zoom)
            case "interpolate": return interpolate(a, zoom: zoom)
            default:
                // the transition literal [from, to, fraction]
                guard a.count == 3, let to = a[1].string, let t = a[2].number, t.isFinite else { return 0 }
                let f = min(1, max(0, t))
                return globeness(ofName: head, zoom: zoom) * (1 - f) + globeness(ofName: to, zoom: zoom) * f
            }
        default: return 0
        }
    }

    /// `["step", ["zoom"], name0, z1, name1, …]`.
    private static func step(_ a: [JSONValue], zoom: Double) -> Double {
        guard a.count >= 3 else { return 0 }
        var output = a[2]
        var i = 3
        while i + 1 < a.count {
            guard let stop = a[i].number, zoom >= stop else { break }
            output = a[i + 1]
            i += 2
        }
        return globeness(of: output, zoom: zoom)
    }

    /// `["interpolate", kind, ["zoom"], z0, name0, z1, name1, …]`: between two stops the globeness of each
    /// name mixed by the interpolation's fraction (linear, exponential with its base, or cubic-bezier).
    private static func interpolate(_ a: [JSONValue], zoom: Double) -> Double {
        var stops: [(Double, JSONValue)] = []
        var i = 3
        while i + 1 < a.count {
            guard let z = a[i].number else { return 0 }
            stops.append((z, a[i + 1]))
            i += 2
        }
        guard let first = stops.first, let last = stops.last else { return 0 }
        if zoom <= first.0 { return globeness(of: first.1, zoom: zoom) }
        if zoom >= last.0 { return globeness(of: last.1, zoom: zoom) }
        guard let upper = stops.firstIndex(where: { $0.0 > zoom }), upper > 0 else { return globeness(of: last.1, zoom: zoom) }
        let (z0, v0) = stops[upper - 1], (z1, v1) = stops[upper]
        let t = fraction(kind: a.count > 1 ? a[1] : .null, zoom: zoom, lower: z0, upper: z1)
        let g0 = globeness(of: v0, zoom: zoom), g1 = globeness(of: v1, zoom: zoom)
        return g0 + (g1 - g0) * t
    }

    /// The interpolation fraction at `zoom` between two stops (the expression language's `interpolationFactor`).
    private static func fraction(kind: JSONValue, zoom: Double, lower: Double, upper: Double) -> Double {
        let span = upper - lower
        guard span > 0 else { return 0 }
        let progress = zoom - lower
        switch kind.array?.first?.string {
        case "exponential":
            let base = kind.array.flatMap { $0.count > 1 ? $0[1].number : nil } ?? 1
            if base == 1 { return progress / span }
            return (pow(base, progress) - 1) / (pow(base, span) - 1)
        case "cubic-bezier":
            guard let p = kind.array, p.count == 5, let x1 = p[1].number, let y1 = p[2].number, let x2 = p[3].number, let y2 = p[4].number
            else { return progress / span }
            return UnitBezier(x1, y1, x2, y2).solve(progress / span)
        default:
            return progress / span
        }
    }
}

/// The cubic Bézier easing `cubic-bezier` interpolation uses (from (0,0) to (1,1) through two control points).
private struct UnitBezier {
    let cx, bx, ax, cy, by, ay: Double

    init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
    }

    func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    /// y at the t where x(t) = `x` (bisection: monotone in t for control points in [0, 1]).
    func solve(_ x: Double) -> Double {
        var lo = 0.0, hi = 1.0, t = x
        for _ in 0..<40 {
            let v = self.x(t)
            if abs(v - x) < 1e-7 { break }
            if v < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return y(t)
    }
}

extension StyleDocument {
    /// The root `projection`, or `nil` when the style has none (Web Mercator).
    public var projection: StyleProjection? { StyleProjection(member: members["projection"]) }
}
