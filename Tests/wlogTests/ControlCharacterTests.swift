import Foundation
import Testing
import WlogCore

/// Control characters in names and notes never reach the terminal raw (issue 20, item 7; issue 37):
/// every C0 control but tab and line feed, DEL, every C1 control and every bidi or invisible format
/// character (`HiddenCharacters`: RLO U+202E, U+2066, U+FEFF …) is written as `\uXXXX`; JSON stays
/// valid and decodes to the original text.
@Suite struct ControlCharacterTests {
    static let name = "Evil\u{1B}]0;pwned\u{07} Press \u{202E}sserp\u{202C}"
    static let note = "csi\u{9B}31m red\u{7F}\r \u{2066}\u{FEFF}\u{200B}x\u{2069} ok\u{200D}"
    /// How the name is shown.
    static let shown = "Evil\\u001b]0;pwned\\u0007 Press \\u202esserp\\u202c"

    /// Whether `text` holds a byte or character a terminal would obey.
    static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { HiddenCharacters.isHidden($0.value) }
    }

    @Test func namesAndNotesAreEscapedOnEveryOutput() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        let logged = try await wlog.run(["append", "set", Self.name, "100x5", "--create", "--group", "Chest", "--notes", Self.note])
        try #require(logged.status == 0, "\(logged.stderr)")
        #expect(!Self.hasControls(logged.stdout) && logged.stdout.contains(Self.shown))
        let workout = try #require(try await wlog.run(["history", "--format", "csv"]).stdout.split(separator: "\n").dropFirst().first?
            .split(separator: ",").first.map(String.init))
        for read in [["exercises"], ["history"], ["history", "--format", "csv"], ["show", workout], ["prs"], ["events"],
                     ["export", "sets"], ["exercise", "evil"], ["audit"]] {
            let result = try await wlog.run(read)
            #expect(result.status == 0, "\(read): \(result.stderr)")
            #expect(!Self.hasControls(result.stdout) && !Self.hasControls(result.stderr), "\(read): \(result.stdout)")
        }
        #expect(try await wlog.run(["exercises"]).stdout.contains(Self.shown))
        #expect(try await wlog.run(["export", "sets"]).stdout.contains("\\u2066\\ufeff\\u200bx\\u2069 ok\u{200D}"))
        // JSON keeps the characters, escaped: it decodes to the original name and note.
        let json = try await wlog.run(["export", "sets", "--format", "json"]).stdout
        #expect(!Self.hasControls(json))
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(rows.first?["exercise"] as? String == Self.name)
        #expect(rows.first?["notes"] as? String == Self.note)
        for line in try await wlog.run(["events"]).stdout.split(separator: "\n") {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
    }

    /// The same on a terminal: each read run under a pseudo-terminal (util-linux `script`), whose
    /// output is what a terminal would be given (its line ends as CR LF).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func namesAndNotesAreEscapedOnATerminal() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run(["init", "--unit", "kg"]).status == 0)
        try #require(try await wlog.run(["append", "set", Self.name, "100x5", "--create", "--group", "Chest", "--notes", Self.note]).status == 0)
        for read in ["history", "prs", "exercises", "audit", "export sets", "exercise evil"] {
            let result = try await wlog.run(["-qec", WlogProcess.binary.path + " " + read, "/dev/null"],
                                            program: URL(fileURLWithPath: "/usr/bin/script"))
            let shown = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
            #expect(result.status == 0, "\(read): \(shown)")
            #expect(!Self.hasControls(shown), "\(read): \(shown)")
            #expect(shown.contains("\\u202e"), "\(read): \(shown)")
        }
    }
}
