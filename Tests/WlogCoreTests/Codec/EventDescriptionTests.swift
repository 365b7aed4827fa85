import Foundation
import Testing
@testable import WlogCore

/// Each event type's description (`EventDescription`) is the one list its other parts are held
/// to: docs/EVENTS.md's table of the type lists exactly its keys, in order, and the canonical
/// encoder writes no key outside it nor out of its order.
@Suite("Codec: event descriptions")
struct EventDescriptionTests {
    /// One type's section of docs/EVENTS.md's catalogue: its table's rows and its example lines.
    struct DocumentedType {
        /// `| \`key\` | JSON | notes |`, in order.
        var rows: [(key: String, json: String, notes: String)] = []
        /// The lines of its ```json blocks.
        var examples: [String] = []
        var keys: [String] { rows.map(\.key) }
    }

    /// docs/EVENTS.md's catalogue ("## Catalogue", a `### \`type\`` section a type) by type.
    static func documentedTypes() throws -> [String: DocumentedType] {
        let url = GoldenFile.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/EVENTS.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let catalogue = text.range(of: "\n## Catalogue") else { return [:] }
        var types: [String: DocumentedType] = [:]
        var type: String?
        var inExample = false
        for line in text[catalogue.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            if line.hasPrefix("```") {
                inExample = line == "```json"
            } else if inExample, let type {
                types[type, default: DocumentedType()].examples.append(String(line))
            } else if line.hasPrefix("### `") {
                type = line.dropFirst(5).prefix { $0 != "`" }.description
                if let type { types[type] = DocumentedType() }
            } else if let type, line.hasPrefix("| `") {
                let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard cells.count >= 4 else { continue }
                types[type, default: DocumentedType()].rows.append((cells[1].trimmingCharacters(in: ["`"]), cells[2], cells[3]))
            }
        }
        return types
    }

    /// The keys of each type's table in docs/EVENTS.md.
    static func documentedKeys() throws -> [String: [String]] {
        try documentedTypes().mapValues(\.keys)
    }

    /// The top-level member names of a canonical line after the envelope's `actor`, in order.
    static func payloadKeys(_ line: String) -> [String] {
        var keys: [String] = []
        var depth = 0, inString = false, escaped = false, atKey = false
        var current = ""
        for ch in line {
            if inString {
                if escaped { escaped = false; if atKey { current.append(ch) }; continue }
                if ch == "\\" { escaped = true; continue }
                if ch == "\"" {
                    inString = false
                    if atKey { keys.append(current); current = ""; atKey = false }
                    continue
                }
                if atKey { current.append(ch) }
                continue
            }
            switch ch {
            case "{", "[": depth += 1; if ch == "{" && depth == 1 { atKey = true }
            case "}", "]": depth -= 1
            case ",": if depth == 1 { atKey = true }
            case "\"": inString = true
            case ":": atKey = false
            default: break
            }
        }
        let envelope: Set<String> = ["seq", "id", "type", "v", "at", "tz", "recorded", "actor"]
        return keys.filter { !envelope.contains($0) }
    }

    @Test func docsListEveryTypesKeysInOrder() throws {
        let documented = try Self.documentedKeys()
        for type in EventType.allCases {
            #expect(documented[type.rawValue] == type.described.keys.map(\.rawValue), "docs/EVENTS.md, \(type.rawValue)")
        }
        #expect(Set(documented.keys) == Set(EventType.allCases.map(\.rawValue)), "a documented type the catalogue lacks")
    }

    @Test func theEncoderWritesOnlyDescribedKeysInTheirOrder() {
        var rng = EventSamples.SeededRNG(seed: 19)
        for type in EventType.allCases {
            let described = type.described.keys.map(\.rawValue)
            var seen: Set<String> = []
            for _ in 0..<300 {
                let written = Self.payloadKeys(EventCodec.encodeString(EventSamples.event(&rng, type: type)))
                seen.formUnion(written)
                // A subsequence of the described keys: each written key found after the previous.
                var rest = described[...]
                for key in written {
                    guard let at = rest.firstIndex(of: key) else {
                        Issue.record("\(type.rawValue) wrote \(key) outside or out of order of \(described)")
                        break
                    }
                    rest = rest[(at + 1)...]
                }
            }
            #expect(seen == Set(described), "\(type.rawValue): keys never written \(Set(described).subtracting(seen))")
        }
    }

    /// Each type's example in docs/EVENTS.md is a canonical line of the type: it decodes, and the
    /// encoder writes it back byte for byte. These examples pin every type's bytes (the golden
    /// journal is the frozen file of format v1 and need not gain a line for a type added later).
    @Test func docsExampleOfEveryTypeIsACanonicalLine() throws {
        let documented = try Self.documentedTypes()
        for type in EventType.allCases {
            let examples = documented[type.rawValue]?.examples ?? []
            #expect(!examples.isEmpty, "docs/EVENTS.md, \(type.rawValue): no ```json example")
            for line in examples {
                let event = try EventCodec.decode(line)
                #expect(event.type == type, "docs/EVENTS.md, \(type.rawValue): example of \(event.type.rawValue)")
                #expect(EventCodec.encodeString(event) == line + "\n", "docs/EVENTS.md, \(type.rawValue): example not canonical")
            }
        }
    }

    /// For a described payload, the table's JSON column names each member's kind (a string may be
    /// documented as a `slug`) and its notes start with **required** exactly for required members.
    @Test func docsNameEachDescribedMembersKind() throws {
        let documented = try Self.documentedTypes()
        for type in EventType.allCases {
            guard let members = type.described.members, let rows = documented[type.rawValue]?.rows,
                  rows.count == members.count else { continue }
            for (member, row) in zip(members, rows) {
                let kinds = member.kind == .string ? ["string", "slug"] : [member.kind.rawValue]
                #expect(kinds.contains(row.json), "docs/EVENTS.md, \(type.rawValue).\(row.key): \(row.json), described \(member.kind.rawValue)")
                #expect(row.notes.hasPrefix("**required**") == member.isRequired, "docs/EVENTS.md, \(type.rawValue).\(row.key): required")
            }
        }
    }

    /// No type a hot read folds again and again is kept: the types of more than 0.5 % of the
    /// 20-year journal's events (`wlog-generate --profile lifer --years 20`: set.logged 118,964,
    /// workout.started 4,585, workout.finished 4,574, set.edited 2,831, bodyweight.recorded 2,552,
    /// set.deleted 1,324 of 135,793) fold into the state's own tables.
    @Test func theBusyTypesAreNotKept() {
        let busy: [EventType] = [.setLogged, .workoutStarted, .workoutFinished, .setEdited, .bodyweightRecorded, .setDeleted]
        for type in busy { #expect(type.described.fold == .state, "\(type.rawValue)") }
    }
}
