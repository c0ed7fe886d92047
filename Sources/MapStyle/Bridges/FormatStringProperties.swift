public import FormatStrings
import GeoJSON

/// Why a format string could not be set on a layer.
public enum FormatStringStyleError: Error, Sendable, CustomStringConvertible {
    /// The format string does not parse or convert (`FormatStringError` explains where).
    case format(FormatStringError)
    /// It converted, but the style refused the value.
    case style(StyleError)

    public var description: String {
        switch self {
        case .format(let e): return "\(e)"
        case .style(let e): return e.description
        }
    }
}

extension StyleLayer {
    /// Sets property `name` (spec or Swift name) from an NSExpression-style format string
    /// (`"mgl_interpolate:withCurveType:parameters:stops:($zoomLevel, 'linear', nil, %@)"`).
    ///
    /// - Throws: `FormatStringStyleError`.
    public mutating func setValue(format: String, arguments: [FormatArgument] = [], forProperty name: String,
                                  validator: StyleValidator = StyleValidator()) throws(FormatStringStyleError) {
        let json: JSONValue
        do { json = try FormatStrings.expressionJSON(format, arguments: arguments) } catch { throw .format(error) }
        do { try setValue(json, forProperty: name, validator: validator) } catch { throw .style(error) }
    }

    /// Sets the predicate from an NSPredicate-style format string (`"mag > 5 AND type == 'earthquake'"`).
    ///
    /// - Throws: `FormatStringStyleError`.
    public mutating func setPredicate(format: String, arguments: [FormatArgument] = [],
                                      validator: StyleValidator = StyleValidator()) throws(FormatStringStyleError) {
        let json: JSONValue
        do { json = try FormatStrings.predicateJSON(format, arguments: arguments) } catch { throw .format(error) }
        do { try setPredicate(json, validator: validator) } catch { throw .style(error) }
    }

    /// The predicate as an NSPredicate-style format string, or `nil` when there is none.
    ///
    /// - Throws: `FormatStringError` for a filter the format-string syntax cannot express.
    public func predicateFormat() throws(FormatStringError) -> FormatString? {
        guard let predicate else { return nil }
        return try FormatStrings.predicateFormat(predicate)
    }
}

extension Style {
    /// Sets property `name` of layer `identifier` from an NSExpression-style format string.
    ///
    /// - Throws: `FormatStringStyleError`.
    public func setValue(format: String, arguments: [FormatArgument] = [], forProperty name: String,
                         ofLayer identifier: String) throws(FormatStringStyleError) {
        let json: JSONValue
        do { json = try FormatStrings.expressionJSON(format, arguments: arguments) } catch { throw .format(error) }
        do { try setValue(json, forProperty: name, ofLayer: identifier) } catch { throw .style(error) }
    }

    /// Sets the predicate of layer `identifier` from an NSPredicate-style format string.
    ///
    /// - Throws: `FormatStringStyleError`.
    public func setPredicate(format: String, arguments: [FormatArgument] = [],
                             ofLayer identifier: String) throws(FormatStringStyleError) {
        let json: JSONValue
        do { json = try FormatStrings.predicateJSON(format, arguments: arguments) } catch { throw .format(error) }
        do { try setPredicate(json, ofLayer: identifier) } catch { throw .style(error) }
    }
}
