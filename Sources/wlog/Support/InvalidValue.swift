/// The message for a value outside an option's fixed set, in one place: `--by 'year' is unknown;
/// use day, week, month or workout` — the option, the value as typed and every valid value.
///
/// ArgumentParser refuses such a value of a typed option (`ExpressibleByArgument`) with its own
/// sentence (`The value 'year' is invalid for '--by <by>'. Please provide one of …`); `main`
/// rewrites that sentence to this one (`rewrite`), and the global options, which `GlobalOptions`
/// reads by hand, use `message` directly.
enum InvalidValue {
    /// `--by 'year' is unknown; use day, week, month or workout`.
    static func message(option: String, value: String, allowed: [String]) -> String {
        "\(option) '\(value)' is unknown; use " + list(allowed)
    }

    /// `a, b or c`.
    static func list(_ values: [String]) -> String {
        guard values.count > 1, let last = values.last else { return values.first ?? "" }
        return values.dropLast().joined(separator: ", ") + " or " + last
    }

    /// ArgumentParser's message for an invalid value of a typed option or argument, rewritten with
    /// `message` (the "Help:" line, which repeats the option's help, left out; its "Usage:" kept);
    /// nil for any other message. A positional is named by its value name (`chart 'pie' is unknown`).
    static func rewrite(_ parserMessage: String) -> String? {
        let head = "The value '"
        guard parserMessage.hasPrefix(head), let middle = parserMessage.firstRange(of: "' is invalid for '") else { return nil }
        let value = parserMessage[parserMessage.index(parserMessage.startIndex, offsetBy: head.count)..<middle.lowerBound]
        let rest = parserMessage[middle.upperBound...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        let target = rest[..<close]
        let name = target.hasPrefix("<") ? target.dropFirst().prefix { $0 != ">" } : target.prefix { $0 != " " }
        var lines = rest[rest.index(after: close)...].split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first else { return nil }
        lines.removeFirst()
        var allowed: [String] = []
        if first == ". Please provide one of the following:" {
            while let line = lines.first, line.hasPrefix("  - ") {
                allowed.append(String(line.dropFirst(4)))
                lines.removeFirst()
            }
        } else if first.hasPrefix(". Please provide one of ") {
            // 'a', 'b' or 'c'. — the quoted words.
            allowed = first.split(separator: "'", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        guard !allowed.isEmpty else { return nil }
        if lines.first?.hasPrefix("Help: ") == true { lines.removeFirst() }
        var text = message(option: String(name), value: String(value), allowed: allowed)
        for line in lines { text += "\n" + line }
        return text
    }
}
