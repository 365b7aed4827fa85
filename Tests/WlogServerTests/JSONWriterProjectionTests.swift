import Foundation
import Testing
import WlogCore
@testable import WlogServer

/// The projections' models (volume, body weight, today, balance, coach, e1RM, the exercise card)
/// and the error envelope write the bytes `JSONEncoder` writes, over a generated lifter's history
/// (built as the routes build them) and hand-made edge cases.
@Suite("JSON writer against JSONEncoder: projections and errors")
struct JSONWriterProjectionTests {
    static let now = JSONWriterTests.now
    static let context = JSONWriterTests.context

    static func expectSame(_ value: some JSONWritable, _ comment: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        try JSONWriterTests.expectSame(value, comment, sourceLocation: sourceLocation)
    }

    @Test func everyProjectionOfAGeneratedHistoryIsWrittenAsJSONEncoderWritesIt() throws {
        let state = try JSONWriterTests.state(years: 2)
        for period in VolumePeriod.allCases {
            for byMuscle in [false, true] {
                var options = VolumeOptions()
                (options.by, options.byMuscle) = (period, byMuscle)
                try Self.expectSame(state.volume(options, context: Self.context).map(VolumeRowModel.init), "\(period) \(byMuscle)")
            }
        }
        var bodyweight = BodyweightModel(state.bodyweightStats(context: Self.context))
        #expect(bodyweight.entries.count > 10)
        try Self.expectSame(bodyweight)
        (bodyweight.goalKg, bodyweight.toGoalKg, bodyweight.entries) = (nil, nil, [])
        try Self.expectSame(bodyweight)
        for weeks in [1, 4, 52] {
            var options = MuscleBalance.Options()
            options.weeks = weeks
            try Self.expectSame(BalanceModel(state.muscleBalance(options, context: Self.context)))
        }
        var coach = CoachModel(state.coachReport(context: Self.context))
        #expect(coach.load != nil)
        try Self.expectSame(coach)
        coach.load?.ratio = nil
        coach.suggestions.append(.init(kind: "plateau", exerciseId: nil, message: "Bench \"stuck\"\tfor 3 weeks — deload 10 %"))
        try Self.expectSame(coach)
        let consistency = state.consistency(context: Self.context)
        let planned = state.plannedDay(context: Self.context)
        var today = TodayModel(
            date: Self.context.today.iso, week: Self.context.today.isoWeekText,
            plannedRoutineId: planned.map { RoutineModel.id(routine: $0.routine.id, day: $0.day.index) },
            plannedTitle: planned?.title, streakWeeks: consistency.currentStreak, workoutsThisWeek: consistency.workoutsThisWeek,
            volumeThisWeekKg: consistency.volumeThisWeek.kilograms,
            lastWorkout: consistency.lastWorkout.map { WorkoutModel($0, record: $0.id.flatMap(state.workout), withExercises: false) },
            bodyweightKg: state.bodyweightEntries.last?.weight.kilograms, goalKg: state.goal?.kilograms)
        #expect(today.lastWorkout != nil)
        try Self.expectSame(today)
        (today.lastWorkout, today.plannedTitle, today.bodyweightKg) = (nil, nil, nil)
        try Self.expectSame(today)
        var exercises = 0
        for exercise in state.allExercises where state.liveSets.contains(where: { $0.exercise == exercise.id }) {
            let sets = state.liveSets.filter { $0.exercise == exercise.id }
            let records = state.personalRecords(of: exercise, sets: sets, repTargets: state.settings.prReps)
            let card = ExerciseCard(exercise: exercise, sets: sets, now: Self.now, offsetMinutes: 60, records: records)
            try Self.expectSame(ExerciseCardModel(
                exercise: ExerciseModel(exercise), lastSet: card.lastSet.map { SetModel($0, orderIndex: 0) },
                lastSessionTopSet: card.lastSessionTopSet.map { SetModel($0, orderIndex: 0) },
                pr: card.pr.map { RecordModel($0, now: Self.now) }, previousPerformance: PreviousPerformanceModel(card),
                records: records.records.map { RecordModel($0, now: Self.now) }), exercise.id)
            if exercise.kind.isStrengthLike {
                let trend = state.e1rmTrend(exercise: exercise, context: Self.context)
                try Self.expectSame(trend.points.map {
                    E1RMPointModel(date: $0.day.iso, e1rmKg: $0.e1rm.kilograms, setId: APIID.text($0.set), weightKg: $0.weight.kilograms,
                                   reps: $0.reps, isBest: $0.set == trend.best?.set)
                }, exercise.id)
            }
            exercises += 1
        }
        #expect(exercises > 10)
    }

    @Test func errorAnswersAreWrittenAsJSONEncoderWritesThem() throws {
        let details = [APIError.Detail(field: "reps", message: "\"8.5\" is not a whole number — e.g. 8"),
                       APIError.Detail(field: "notes\n", message: "é \u{1} \\ /")]
        for error in [APIError.notFound("workout 2026-11-20"), APIError.unauthorized("the token has expired"),
                      APIError(.badRequest, code: "VALIDATION_ERROR", message: "2 fields", details: details),
                      APIError(.badRequest, code: "", message: "", details: [])] {
            try Self.expectSame(ErrorEnvelope(error: .init(code: error.code, message: error.message, details: error.details)))
        }
    }
}
