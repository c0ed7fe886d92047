package import Expressions
import Foundation
package import GeoJSON

/// The label characters one render lays out, counted against ``Limits/labelCharacters`` (one label),
/// ``Limits/layoutLabelCharacters`` (one layer in one tile) and ``Limits/renderLabelCharacters`` (the
/// render), before any label is shaped: shaping costs about 450 bytes a character, so a 4 MB label
/// would take gigabytes.
///
/// Shared by the layouts of one render (tiles are laid out on every core); the first limit passed is
/// kept, every layout stops laying labels out from then on, and the scene builder fails with it.
package final class LabelBudget: @unchecked Sendable {
    package let limits: Limits
    private let lock = NSLock()
    private var characters = 0
    private var failure: LimitExceeded?

    /// A budget for one render under `limits`.
    package init(limits: Limits = .default) {
        self.limits = limits
    }

    /// The first limit passed, if any.
    package var exceeded: LimitExceeded? {
        lock.withLock { failure }
    }

    /// Records `error` unless an earlier one was.
    package func fail(_ error: LimitExceeded) {
        lock.withLock { if failure == nil { failure = error } }
    }

    /// Charges `count` characters to the render; false (the failure recorded) once past the limit
    /// or once any limit was passed.
    package func charge(_ count: Int) -> Bool {
        lock.withLock {
            if failure != nil { return false }
            let (total, overflow) = characters.addingReportingOverflow(count)
            characters = overflow ? Int.max : total
            if characters > limits.renderLabelCharacters {
                failure = LimitExceeded(.renderLabelCharacters, maximum: limits.renderLabelCharacters, found: characters,
                                        subject: "the labels laid out in this render")
                return false
            }
            return true
        }
    }

    /// The characters of `text`: Unicode scalars, counted without copying (an image section counts none).
    package static func characters(_ text: Formatted) -> Int {
        var total = 0
        for section in text.sections { total += section.text.unicodeScalars.count }
        return total
    }
}
