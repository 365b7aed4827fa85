import Foundation
import Testing
@testable import WlogCore

/// Each event type's description (`EventDescription`) is the one list its other parts are held
/// to: docs/EVENTS.md's table of the type lists exactly its keys, in order, and the canonical
/// encoder writes no key outside it nor out of its order.
@Suite("Codec: event descriptions")
struct EventDescriptionTests {
    /// The keys of each type's table in docs/EVENTS.md ("## Catalogue", `### \`type\``, rows `| \`key\` |`).
    static func documentedKeys() throws -> [String: [String]] {
        let url = GoldenFile.directory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/EVENTS.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let catalogue = text.range(of: "\n## Catalogue") else { return [:] }
        var keys: [String: [String]] = [:]
        var type: String?
        for line in text[catalogue.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            if line.hasPrefix("### `") {
                type = line.dropFirst(5).prefix { $0 != "`" }.description
                if let type { keys[type] = [] }
            } else if let type, line.hasPrefix("| `") {
                keys[type, default: []].append(line.dropFirst(3).prefix { $0 != "`" }.description)
            }
        }
        return keys
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

    /// The kept types (distinct snapshot codes: `EventTypeSnapshotCodeTests`).
    @Test func theKeptTypesAreTheLowVolumeOnes() {
        #expect(EventType.allCases.filter { $0.described.fold == .kept } == [.setRested, .readinessRecorded])
    }
}
