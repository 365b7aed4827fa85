import Testing
@testable import WlogCore

/// What `apply(line:)` carries from one line to the next (the last date's day number, recent
/// planned arrays) never changes what a line means.
@Suite("Apply line: memos")
struct ApplyLineMemoTests {
    @Test("planned arrays: repeated texts, more texts than the memo keeps, ledger and new ids, errors")
    func plannedArrays() throws {
        let custom = "my-own-long-exercise-name"
        func planned(_ variant: Int) -> [PlannedExercise] {
            if variant == 0 { return [] }
            return [
                PlannedExercise(exercise: custom, sets: 3, repsLow: 5, repsHigh: 5 + variant, rpe: RPE(halfPoints: 16)),
                PlannedExercise(exercise: "bench-press", sets: 4, repsLow: 8, repsHigh: 12, restSeconds: 90 + variant % 3),
                PlannedExercise(exercise: variant % 4 == 0 ? "never-logged-exercise-\(variant)" : "squat", sets: 2, repsLow: 1, repsHigh: 3),
            ]
        }
        var events: [Event] = []
        func add(_ payload: EventPayload) -> EventID {
            let id = EventID(high: 7, low: UInt64(events.count + 1))
            let at = Instant(millisecondsSince1970: 1_767_600_000_000 + Int64(events.count) * 3_600_000)
            events.append(Event(envelope: Envelope(seq: UInt64(events.count + 1), id: id, occurred: ZonedInstant(at, offsetMinutes: 60),
                                                   recorded: at), payload: payload))
            return id
        }
        _ = add(.setLogged(SetLogged(exercise: custom, reps: 5, weight: .kg(100))))
        _ = add(.setLogged(SetLogged(exercise: "bench-press", reps: 5, weight: .kg(80))))
        // 11 distinct texts (the memo keeps 8), each repeated out of order.
        let variants = [1, 2, 1, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2, 0, 3, 0, 10, 4, 1]
        var started: [(EventID, Int)] = []
        for variant in variants {
            let id = add(.workoutStarted(WorkoutStarted(name: "Day \(variant)", routine: "ppl", day: variant, planned: planned(variant))))
            started.append((id, variant))
            _ = add(.setLogged(SetLogged(exercise: "squat", reps: 3, weight: .kg(120))))
        }
        var oneStep = WlogState.initial
        var twoSteps = WlogState.initial
        for event in events {
            let line = EventCodec.encode(event)
            #expect(ApplyLineTests.apply(line, to: &oneStep) == nil)
            twoSteps.apply(try EventCodec.decode(line))
        }
        #expect(oneStep == twoSteps)
        for (id, variant) in started {
            #expect(oneStep.workout(id)?.planned == planned(variant))
            #expect(oneStep.workout(id)?.exercises.map(\.exercise) == planned(variant).map(\.exercise))
        }
        // A remembered text followed by a broken line: the decoder's error, nothing applied.
        let text = String(decoding: EventCodec.encode(events[2]), as: UTF8.self)
        for broken in [text.replacingOccurrences(of: #""seq":3,"#, with: #""seq":90,"#) + "}",
                       text.replacingOccurrences(of: #""name":"Day 1""#, with: #""name":1"#)] {
            let line = Array(broken.utf8)
            let expected: EventDecodingError?
            do throws(EventDecodingError) { _ = try EventCodec.decode(line); expected = nil } catch { expected = error }
            let before = oneStep
            #expect(expected != nil)
            #expect(ApplyLineTests.apply(line, to: &oneStep) == expected, "\(broken)")
            #expect(oneStep == before)
        }
    }

    @Test("dates: ten NUL bytes before any date, a repeated date, the next day, a month end, a leap day and an invalid one")
    func dates() throws {
        // The first: a fresh memo's zeros must not match a date of NUL bytes (it is refused).
        let ats = [String(repeating: "\u{0}", count: 10) + "T12:00:00.000Z", "2026-01-31T23:59:59.999Z", "2026-01-31T00:00:00.000Z", "2026-02-01T00:00:00.000Z",
                   "2026-01-31T12:00:00.000Z", "2024-02-29T06:30:00.000Z", "2025-02-29T06:30:00.000Z",
                   "2024-02-29T07:30:00.000Z", "2024-02-30T07:30:00.000Z", "2024-12-31T07:30:00.000Z"]
        var oneStep = WlogState.initial
        var twoSteps = WlogState.initial
        for (index, at) in ats.enumerated() {
            let text = String(decoding: ApplyLineTests.setLine(seq: index + 1, exercise: "bench-press"), as: UTF8.self)
                .replacingOccurrences(of: "2026-01-05T10:00:00.000Z", with: at)
            let line = Array(text.utf8)
            let expected: EventDecodingError?
            do throws(EventDecodingError) { twoSteps.apply(try EventCodec.decode(line)); expected = nil } catch { expected = error }
            #expect(ApplyLineTests.apply(line, to: &oneStep) == expected, "\(at)")
            if index == 0 { #expect(expected != nil, "a date of NUL bytes is not a date") }
        }
        #expect(oneStep == twoSteps)
        #expect(oneStep.allSets.map(\.performed.instant.millisecondsSince1970) == [
            1_709_188_200_000, 1_709_191_800_000, 1_735_630_200_000,
            1_769_817_600_000, 1_769_860_800_000, 1_769_903_999_999, 1_769_904_000_000,
        ])
    }
}
