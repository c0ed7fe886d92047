import ArgumentParser
import Foundation
import Mercator

/// `--state KEY=JSON`: global state set over the style's `state` defaults, read by `["global-state", KEY]`.
struct GlobalStateArguments: ParsableArguments {
    @Option(name: .customLong("state"), parsing: .singleValue,
            help: "Global state KEY=VALUE, read by [\"global-state\", KEY] over the style's `state` defaults (repeatable). VALUE is JSON (true, 3, \"text\", [1,2]); text that is not JSON is taken as a string.")
    var state: [String] = []

    /// The pairs given, in order.
    func values() throws -> [(key: String, value: JSONValue)] {
        try state.map { item in
            guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                throw ValidationError("--state must be KEY=VALUE, e.g. --state region='\"north\"' (found \(item))")
            }
            let key = String(item[..<equals]), text = String(item[item.index(after: equals)...])
            let value = (try? JSONValue(parsing: Data(text.utf8))) ?? .string(text)
            return (key, value)
        }
    }

    /// Sets each pair on `map`'s style.
    func apply(to map: Map) throws {
        for (key, value) in try values() { map.style.setGlobalStateProperty(key, value: value) }
    }
}
