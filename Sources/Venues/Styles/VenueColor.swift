import Foundation

/// An opaque sRGB colour as venue bundles write it.
///
/// Not Expressions' `Color`: a bundle's colours are opaque 8-bit hex values that the venue style writes back
/// as `#rrggbb` text; Venues produces style JSON without depending on the expression modules (architecture.md).
public struct VenueColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0-255.
    public var red: UInt8
    /// Green, 0-255.
    public var green: UInt8
    /// Blue, 0-255.
    public var blue: UInt8

    /// Creates a colour from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#RRGGBB`, `#RGB`, `0xRRGGBB` (also `0XRRGGBB`) in any case, ignoring surrounding
    /// white space; `nil` for anything else.
    public init?(parsing text: String) {
        var s = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        let short: Bool
        if s.hasPrefix("#") {
            s = s.dropFirst()
            short = true
        } else if s.hasPrefix("0x") || s.hasPrefix("0X") {
            s = s.dropFirst(2)
            short = false
        } else {
            return nil
        }
        guard s.allSatisfy(\.isHexDigit) else { return nil }
        if short && s.count == 3 {
            let digits = s.compactMap { $0.hexDigitValue }
            self.init(red: UInt8(digits[0] * 17), green: UInt8(digits[1] * 17), blue: UInt8(digits[2] * 17))
        } else if s.count == 6, let v = UInt32(s, radix: 16) {
            self.init(red: UInt8(v >> 16 & 0xFF), green: UInt8(v >> 8 & 0xFF), blue: UInt8(v & 0xFF))
        } else {
            return nil
        }
    }

    /// `#rrggbb`, lower case: the form MapLibre styles accept.
    public var hex: String {
        let digits = Array("0123456789abcdef")
        var out = "#"
        for c in [red, green, blue] {
            out.append(digits[Int(c >> 4)])
            out.append(digits[Int(c & 0xF)])
        }
        return out
    }

    public var description: String { hex }

    /// `#f5f5f5`: the colour of geometry no style names (and of invalid colours).
    public static let defaultFill = VenueColor(red: 0xF5, green: 0xF5, blue: 0xF5)
    /// `#dddddd`: the seed's wall colour.
    public static let defaultWall = VenueColor(red: 0xDD, green: 0xDD, blue: 0xDD)
}

extension Character {
    fileprivate var isHexDigit: Bool { hexDigitValue != nil && isASCII }
}
