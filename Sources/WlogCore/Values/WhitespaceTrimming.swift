/// Trimming of white space without Foundation (the `wlog` executable does not load it).
extension StringProtocol {
    /// The text without leading and trailing white space: tabs and Unicode space separators
    /// (general category Zs) — the set Foundation's `CharacterSet.whitespaces` trims.
    public func trimmingWhitespace() -> String {
        let scalars = Substring(self).unicodeScalars
        var start = scalars.startIndex
        var end = scalars.endIndex
        while start < end, scalars[start].isHorizontalWhitespace { start = scalars.index(after: start) }
        while start < end, scalars[scalars.index(before: end)].isHorizontalWhitespace { end = scalars.index(before: end) }
        return String(Substring(scalars[start..<end]))
    }
}

extension Unicode.Scalar {
    /// A tab or a space separator (Zs): `CharacterSet.whitespaces`.
    var isHorizontalWhitespace: Bool {
        value == 0x09 || properties.generalCategory == .spaceSeparator
    }
}
