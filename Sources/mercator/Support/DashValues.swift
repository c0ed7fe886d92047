/// Values that start with `-` given where a command expects an argument (`mercator expression '-(1)'`,
/// `mercator tile url T -1/0/0`): the argument parser would take them for options. They are moved
/// after a `--`, which keeps their order among the arguments and marks them as values.
enum DashValues {
    /// `arguments` with each dash-led value that is not an option's value moved after a `--`.
    /// A token is a dash-led value when `-` is followed by a digit, `.`, `(`, `$`, a quote or a space;
    /// one right after an option (`--bearing -30`) is left to that option. Nothing changes when the
    /// arguments already hold a `--`.
    static func separated(_ arguments: [String]) -> [String] {
        guard !arguments.contains("--") else { return arguments }
        var kept: [String] = [], moved: [String] = []
        for (i, token) in arguments.enumerated() {
            let afterOption = i > 0 && arguments[i - 1].hasPrefix("-") && !isValue(arguments[i - 1])
                && !arguments[i - 1].contains("=")
            if isValue(token) && !afterOption { moved.append(token) } else { kept.append(token) }
        }
        return moved.isEmpty ? arguments : kept + ["--"] + moved
    }

    /// Whether `token` starts with `-` followed by something no option name starts with.
    static func isValue(_ token: String) -> Bool {
        guard token.hasPrefix("-"), let second = token.dropFirst().first else { return false }
        return second.isNumber || ".($'\" ".contains(second)
    }
}
