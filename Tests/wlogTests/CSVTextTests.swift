import Testing
@testable import wlog
import WlogInterop

/// CSV fields are quoted exactly when a character of their own is a comma, a quote or a line
/// break, as the character-by-character rule always did (the byte pre-check only skips fields
/// without any of those bytes).
@Suite struct CSVTextTests {
    /// RFC 4180's rule character by character: a comma, a quote or a line break, `\r\n` included
    /// (one character in Swift; the CLI's own copy of the rule left it out and wrote such a field
    /// bare, breaking the row, until it took `CSVWriter`'s rule).
    static func byCharacters(_ text: String) -> Bool {
        text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    }

    @Test(arguments: [
        "", "plain", "Bench Press", "1.5-Rep Calf Raise", "a,b", "say \"hi\"", "two\nlines", "cr\ronly", "crlf\r\nline",
        "\r\n", "comma,\u{301} accent", "e\u{301}", "日本,語", "\u{1F3CB}\u{FE0F}", "\"", ",",
    ])
    func quotesLikeTheCharacterRule(text: String) {
        #expect(CSVWriter.needsQuotes(text) == Self.byCharacters(text))
        #expect(CSVText.field(text) == (Self.byCharacters(text) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text))
    }

    @Test func rendersHeaderAndRows() {
        let rows = Rows(columns: ["a", "b,c"], rows: [[.text("x"), .text("y\"z")], [.text(""), .text("1")]])
        #expect(CSVText.render(rows) == "a,\"b,c\"\nx,\"y\"\"z\"\n,1\n")
    }
}
