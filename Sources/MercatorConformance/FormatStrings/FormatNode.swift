package import Mercator
import GeoJSON

/// Either AST kind, so that expression and predicate cases share one runner.
package enum FormatNode: Hashable {
    case expression(FormatExpression)
    case predicate(FormatPredicate)

    package init(kind: String, format: String, arguments: [FormatArgument]) throws(FormatStringError) {
        if kind == "predicate" {
            self = .predicate(try FormatPredicate(format: format, arguments: arguments))
        } else {
            self = .expression(try FormatExpression(format: format, arguments: arguments))
        }
    }

    package init(kind: String, json: JSONValue, options: FormatJSONOptions) throws(FormatStringError) {
        if kind == "predicate" {
            self = .predicate(try FormatPredicate(json: json, options: options))
        } else {
            self = .expression(try FormatExpression(json: json, options: options))
        }
    }

    package func jsonValue(_ options: FormatJSONOptions) throws(FormatStringError) -> JSONValue {
        switch self {
        case .expression(let e): return try e.jsonValue(options: options)
        case .predicate(let p): return try p.jsonValue(options: options)
        }
    }

    package var formatString: FormatString {
        switch self {
        case .expression(let e): return e.formatString()
        case .predicate(let p): return p.formatString()
        }
    }

    package var normalized: FormatNode {
        switch self {
        case .expression(let e): return .expression(e.normalized())
        case .predicate(let p): return .predicate(p.normalized())
        }
    }
}
