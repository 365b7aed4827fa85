import Foundation
import Testing
import WlogCore
import WlogGenerator
@testable import WlogServer

/// The models' own JSON (`JSONWritable`, `JSONWriter`) is byte for byte what `JSONEncoder` (the
/// server's `JSONBody.encoder`) writes for their `Encodable` form: over a generated lifter's
/// history (every workout as list item and detail, with previous performances, every exercise's
/// records, the routines, the envelopes and pages) and over hand-made edge cases (nulls, escapes,
/// unicode, negative, fractional, huge and non-finite numbers, empty arrays).
@Suite("JSON writer against JSONEncoder")
struct JSONWriterTests {
    static let now = Instant(millisecondsSince1970: 1_795_716_000_000)  // 2026-11-20 18:00 UTC
    static let context = QueryContext(now: now, offsetMinutes: 60, unit: .kg)

    static func state(years: Int) throws -> WlogState {
        let collector = GeneratedEvents()
        var lifer = Lifer(seed: 14, years: years, end: LocalDay(daysSince1970: 20_412), ids: .wlog, sink: collector)
        try lifer.run()
        return WlogState.replay(collector.events, from: .initial)
    }

    /// What `JSONEncoder` writes and what the model writes itself.
    static func both(_ value: some JSONWritable) throws -> (encoder: [UInt8], writer: [UInt8]) {
        var json = JSONWriter(capacity: 16)
        value.writeJSON(to: &json)
        #expect(json.isRepresentable)
        return ([UInt8](try JSONBody.encoder.encode(value)), json.bytes)
    }

    static func expectSame(_ value: some JSONWritable, _ comment: @autoclosure () -> String = "",
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (encoder, writer) = try both(value)
        #expect(writer == encoder, "\(comment())\nJSONEncoder: \(String(decoding: encoder, as: UTF8.self))\nwriter:      \(String(decoding: writer, as: UTF8.self))",
                sourceLocation: sourceLocation)
    }

    @Test func everyModelOfAGeneratedHistoryIsWrittenAsJSONEncoderWritesIt() throws {
        let state = try Self.state(years: 2)
        let summaries = state.workoutSummaries(context: Self.context)
        #expect(summaries.count > 300)
        var compared = 0
        for summary in summaries {
            let record = summary.id.flatMap(state.workout)
            let detail = WorkoutModel(summary, record: record, withExercises: true)
            try Self.expectSame(Envelope(data: detail, meta: nil), APIID.text(summary.key))
            try Self.expectSame(WorkoutModel(summary, record: record, withExercises: false))
            compared += 2
        }
        // Pages of the list, with `meta`, the last one short.
        for offset in stride(from: 0, to: summaries.count, by: 20) {
            let items = summaries.dropFirst(offset).prefix(20).map {
                WorkoutModel($0, record: $0.id.flatMap(state.workout), withExercises: false)
            }
            let meta = PageMeta(page: offset / 20 + 1, pageSize: 20, total: summaries.count, hasMore: offset + 20 < summaries.count)
            try Self.expectSame(Envelope(data: items, meta: meta))
            compared += 1
        }
        // Previous performances (a routine start's detail) and the sets' own answers.
        let sets = state.liveSets
        for exercise in Set(sets.map(\.exercise)).sorted() {
            let card = ExerciseCard(exercise: state.exerciseOrStandIn(exercise), sets: sets.filter { $0.exercise == exercise },
                                    now: Self.now, offsetMinutes: 60)
            let previous = try #require(PreviousPerformanceModel(card))
            var model = WorkoutExerciseModel(exercise: state.exerciseOrStandIn(exercise), orderIndex: 3, notes: nil, sets: [], previous: previous)
            try Self.expectSame(model)
            model.notes = "from the card"
            try Self.expectSame(model)
            compared += 2
        }
        for set in sets.suffix(500) {
            try Self.expectSame(Envelope(data: SetModel(set, orderIndex: 7), meta: nil))
        }
        try Self.expectSame(state.everyExerciseRecords().map { ExerciseRecordsModel($0, now: Self.now) })
        try Self.expectSame(state.allExercises.map(ExerciseModel.init))
        let routines = RoutineModel.all(in: state)
        try Self.expectSame(routines.map { RoutineModel(routine: $0.0, day: $0.1, state: state, withExercises: false) })
        for (routine, day) in routines {
            try Self.expectSame(RoutineModel(routine: routine, day: day, state: state, withExercises: true))
        }
        #expect(compared > 700)
    }

    /// A model of every kind from the history, its fields then set to the edge cases.
    @Test func nullsEscapesUnicodeAndNumbersAreWrittenAsJSONEncoderWritesThem() throws {
        let state = try Self.state(years: 1)
        let summary = try #require(state.workoutSummaries(context: Self.context).first { !$0.exercises.isEmpty })
        var workout = WorkoutModel(summary, record: summary.id.flatMap(state.workout), withExercises: true)
        var set = try #require(workout.exercises?.first?.sets.first)
        let texts = [
            "", "plain", "quote \" backslash \\ slash / solidus", "\u{8}\u{c}\n\r\t", "\u{0}\u{1}\u{f}\u{10}\u{1b}\u{1f} \u{7f}",
            "é ß 漢字 🏋️‍♀️ \u{2028}\u{2029} \u{FEFF}", "</script>", "\\u0000", String(repeating: "ab\"", count: 100),
        ]
        let numbers: [Double] = [
            0, -0.0, 1, -1, 0.5, -2.5, 0.1, 0.30000000000000004, 1e-7, 123.456, 82.5, 102.0625, 1e14, 999_999_999_999_999,
            1e15, 1e16, 123_456_789_012_345.6, 9_007_199_254_740_993, -9_007_199_254_740_992, 1.7976931348623157e308,
            4.9e-324, 2.2250738585072014e-308, Double(Int32.max) + 0.25,
        ]
        let integers = [0, 1, 9, 10, -1, -10, 1_000_000, Int(Int32.max), Int.max, Int.min]
        for (index, text) in texts.enumerated() {
            set.notes = text
            set.setType = text
            set.completedAt = index.isMultiple(of: 2) ? text : nil
            try Self.expectSame(set, text)
            workout.name = text
            workout.label = text
            workout.notes = index.isMultiple(of: 3) ? nil : text
            try Self.expectSame(workout, text)
        }
        for (index, number) in numbers.enumerated() {
            set.weightKg = number
            set.rpeExact = -number
            set.distanceMeters = index.isMultiple(of: 2) ? nil : number / 3
            set.durationSeconds = number / 1000
            try Self.expectSame(set, "\(number)")
            workout.totalVolumeKg = number
            try Self.expectSame(workout, "\(number)")
        }
        for integer in integers {
            set.reps = integer
            set.rpe = integer
            set.orderIndex = integer
            workout.totalSets = integer
            workout.durationSeconds = integer
            try Self.expectSame(set, "\(integer)")
            try Self.expectSame(workout, "\(integer)")
        }
        // Every null, empty arrays, and the absent `exercises` of a list item.
        (set.reps, set.weightKg, set.rpe, set.rpeExact, set.completedAt) = (nil, nil, nil, nil, nil)
        (set.durationSeconds, set.distanceMeters, set.notes) = (nil, nil, nil)
        try Self.expectSame(set)
        (workout.name, workout.notes, workout.completedAt, workout.durationSeconds, workout.routineId) = (nil, nil, nil, nil, nil)
        workout.exercises = []
        try Self.expectSame(workout)
        workout.exercises = nil
        try Self.expectSame(workout)
        try Self.expectSame(Envelope(data: [WorkoutModel](), meta: PageMeta(page: 1, pageSize: 20, total: 0, hasMore: false)))
        try Self.expectSame(Envelope(data: [SetModel](), meta: nil))
        if var exercise = workout.exercises?.first?.exercise ?? summary.exercises.first.map({ ExerciseModel($0.exercise) }) {
            exercise.muscles = []
            exercise.secondaryMuscles = ["a\"b", "é", ""]
            try Self.expectSame(exercise)
        }
    }

    /// Any double, from its bits: the writer's fast path for whole numbers and `description` agree
    /// with `JSONEncoder` everywhere.
    @Test func numbersFromRandomBitsAreWrittenAsJSONEncoderWritesThem() throws {
        var generator = Xoshiro(seed: 14)
        var checked = 0
        for _ in 0..<4_000 {
            let bits = generator.next()
            let candidates = [
                Double(bitPattern: bits),
                Double(Int64(bitPattern: bits) >> 12),  // whole numbers up to 2^51
                Double(Int64(bitPattern: bits) >> 30) / 10_000,  // kilograms to 0.1 g
                Double(bits % 4_000) / 2,
            ]
            for number in candidates where number.isFinite {
                try Self.expectSame(Probe(number: number, text: "", whole: Int(truncatingIfNeeded: bits)), "\(number)")
                checked += 1
            }
        }
        #expect(checked > 15_000)
    }

    /// NaN and infinity: `JSONEncoder` refuses them, and so does the envelope, as before.
    @Test func aNumberJSONCannotHoldThrowsAsBefore() throws {
        for number in [Double.nan, .infinity, -.infinity] {
            var json = JSONWriter()
            Probe(number: number, text: "x", whole: 1).writeJSON(to: &json)
            #expect(!json.isRepresentable)
            #expect(throws: EncodingError.self) { try JSONBody.envelope(Probe(number: number, text: "x", whole: 1)) }
        }
        #expect(throws: Never.self) { try JSONBody.envelope(Probe(number: 1, text: "x", whole: 1)) }
    }

    struct Probe: JSONWritable {
        var number: Double
        var text: String
        var whole: Int

        func writeJSON(to json: inout JSONWriter) {
            json.beginObject()
            json.field("number", number)
            json.field("text", text)
            json.field("whole", whole)
            json.endObject()
        }
    }
}
