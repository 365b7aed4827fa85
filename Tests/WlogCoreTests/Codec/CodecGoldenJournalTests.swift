import Foundation
import Testing
import WlogCore

/// Reads the golden fixtures from the repository (`fixtures/golden/`).
enum GoldenFile {
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("fixtures/golden")
    }

    /// The file's non-empty lines, without their `\n`.
    static func lines(_ name: String) throws -> [String] {
        let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }
}

@Suite("Codec: golden journal v1")
struct CodecGoldenJournalTests {
    /// The types the golden journal holds a line of: the types of format v1 as it was frozen,
    /// before `set.rested`.
    static let typesOfV1: Set<EventType> = [
        .profileUpdated, .settingsChanged, .exerciseCreated, .exerciseUpdated, .exerciseRetired,
        .equipmentAdded, .equipmentUpdated, .equipmentRemoved, .routineCreated, .routineUpdated,
        .routineRetired, .workoutStarted, .workoutExerciseAdded, .workoutExerciseRemoved,
        .workoutExercisesReordered, .setLogged, .setEdited, .setDeleted, .workoutFinished,
        .workoutDiscarded, .bodyweightRecorded, .bodyweightEdited, .bodyweightDeleted, .goalSet,
        .readinessRecorded,
    ]

    @Test("every line decodes and re-encodes byte for byte")
    func byteExact() throws {
        let data = try Data(contentsOf: GoldenFile.directory.appendingPathComponent("journal-v1.jsonl"))
        #expect(data.last == UInt8(ascii: "\n"))
        let lines = try GoldenFile.lines("journal-v1.jsonl")
        #expect((40...80).contains(lines.count))
        var types = Set<EventType>()
        for (index, line) in lines.enumerated() {
            let event: Event
            do { event = try EventCodec.decode(line) } catch {
                Issue.record("line \(index + 1): \(error)")
                continue
            }
            types.insert(event.type)
            #expect(EventCodec.encodeString(event) == line + "\n", "line \(index + 1)")
            #expect(event.seq == UInt64(index + 1), "seq is dense from 1")
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
        // The file of format v1 as it was frozen: every type of v1 is in it. A type added since is
        // pinned by its example in docs/EVENTS.md (EventDescriptionTests), not by a new line here.
        #expect(types.isSuperset(of: Self.typesOfV1), "missing: \(Self.typesOfV1.subtracting(types))")
    }

    @Test("ids are unique and every reference points to an earlier event")
    func references() throws {
        var seen = Set<EventID>()
        for line in try GoldenFile.lines("journal-v1.jsonl") {
            let event = try EventCodec.decode(line)
            let refs: [EventID?]
            switch event.payload {
            case .setLogged(let p): refs = [p.workout]
            case .setEdited(let p): refs = [p.set, p.workout]
            case .setDeleted(let p): refs = [p.set]
            case .workoutFinished(let p): refs = [p.workout]
            case .workoutDiscarded(let p): refs = [p.workout]
            case .workoutExerciseAdded(let p): refs = [p.workout]
            case .workoutExerciseRemoved(let p): refs = [p.workout]
            case .workoutExercisesReordered(let p): refs = [p.workout]
            case .bodyweightEdited(let p): refs = [p.entry]
            case .bodyweightDeleted(let p): refs = [p.entry]
            default: refs = []
            }
            for case let ref? in refs { #expect(seen.contains(ref), "\(event.type.rawValue) refers to unknown \(ref.short)") }
            #expect(seen.insert(event.id).inserted)
        }
    }
}
