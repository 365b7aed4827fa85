import Testing
@testable import WlogCore

/// A `WorkoutCatalog` keeps the workouts' summaries once made (`SummaryMemo`, the last 512, or a
/// few here): whatever order pages, their keys and details are asked in, again and in either
/// unit, it answers as the state's own queries computed from scratch. Property test over a generated year and then random commands of every
/// kind that changes a workout — sets logged (now, back-dated, into an old session), edited
/// (moved in time, other reps and weight), deleted; sessions started (back-dated), finished,
/// discarded; exercises added, removed, reordered; a custom exercise renamed; the unit and the PR
/// rep targets changed — with a catalog made after each change, as the store makes one per
/// sequence.
@Suite("Workout catalog: kept summaries")
struct SummaryMemoTests {
    static let exercises = ["bench-press", "squat", "deadlift", "overhead-press", "barbell-row", "memo-press"]

    @Test func keptSummariesAnswerAsTheStateDoesAfterEveryKindOfChange() throws {
        var rng = EventSamples.SeededRNG(seed: 14)
        var state = try WorkoutCatalogTests.state(years: 1)
        var now = Clock.at(2026, 11, 21, 7)
        var landed: [String: Int] = [:]
        var queries = 0
        for _ in 0..<80 {
            now = now.adding(milliseconds: Int64.random(in: 60_000...20 * 3_600_000, using: &rng))
            let (kind, command) = Self.command(state, now: now, &rng)
            let context = DecideContext(now: now, offsetMinutes: 60, generator: EventSamples.SeededRNG(seed: rng.next()))
            guard let events = try? decide(command, state: state, context: context), !events.isEmpty else { continue }
            for var event in events {
                event.envelope.seq = state.lastSeq + 1
                state.apply(event)
            }
            state.settleHistoryOrder()
            landed[kind, default: 0] += 1
            queries += Self.check(state, now: now, &rng)
        }
        let kinds = ["log", "log back-dated", "log into a session", "edit", "delete", "start", "finish", "discard",
                     "add exercise", "remove exercise", "reorder", "rename", "unit", "pr reps"]
        for kind in kinds { #expect(landed[kind, default: 0] > 0, "no \(kind) landed: \(landed)") }
        #expect(queries > 1_000)
    }

    /// Pages and details asked of one catalog in random order, each asked twice (the second from
    /// the kept summaries), in kg and in lb, against the state's answers; the number asked.
    static func check(_ state: WlogState, now: Instant, _ rng: inout EventSamples.SeededRNG) -> Int {
        // Now and then a catalog that keeps only a few summaries, forgetting the oldest.
        let catalog = Bool.random(using: &rng) ? WorkoutCatalog(state) : WorkoutCatalog(state, keeping: Int.random(in: 1...40, using: &rng))
        let units: [MassUnit] = [.kg, .lb]
        let total = state.history(HistoryFilter(limit: 0), context: QueryContext(now: now)).total
        var asked = 0
        // The first page in each unit in turn: a summary kept in one unit is not the other's.
        for unit in units + units {
            let context = QueryContext(now: now, offsetMinutes: 60, unit: unit)
            let page = catalog.history(HistoryFilter(limit: 20), context: context)
            #expect(page == state.history(HistoryFilter(limit: 20), context: context), "first page in \(unit)")
            #expect(Self.shownIn(unit, page.workouts))
            asked += 1
        }
        for _ in 0..<6 {
            let context = QueryContext(now: now, offsetMinutes: 60, unit: units.randomElement(using: &rng) ?? .kg)
            let size = [1, 7, 20].randomElement(using: &rng) ?? 20
            var filter = HistoryFilter(limit: size, offset: Int.random(in: 0...max(0, total + 2), using: &rng) / size * size)
            if Int.random(in: 0..<5, using: &rng) == 0 { filter.exercise = exercises.randomElement(using: &rng) }
            if Int.random(in: 0..<3, using: &rng) == 0 { filter.offset = 0 }
            let expected = state.history(filter, context: context)
            let keys = catalog.historyKeys(filter)
            #expect(keys.keys == expected.workouts.map(\.key) && keys.total == expected.total, "\(filter)")
            for _ in 0..<2 {
                let page = catalog.history(filter, context: context)
                #expect(page == expected && Self.shownIn(context.unit, page.workouts), "\(filter) \(context.unit)")
                asked += 1
            }
            for summary in expected.workouts.shuffled(using: &rng).prefix(3) {
                let detail = catalog.workoutSummary(summary.key, context: context)
                #expect(detail == state.workoutSummary(summary.key, context: context) && Self.shownIn(context.unit, detail.map { [$0] } ?? []))
                asked += 1
            }
        }
        return asked
    }

    /// Whether the summaries' volumes are in `unit` (`Mass`'s `==` compares amounts, not units).
    static func shownIn(_ unit: MassUnit, _ summaries: [WorkoutSummary]) -> Bool {
        summaries.allSatisfy { $0.volume.unit == unit && $0.exercises.allSatisfy { $0.volume.unit == unit } }
    }

    /// A random command of one kind (its name), aimed at what the state holds.
    static func command(_ state: WlogState, now: Instant, _ rng: inout EventSamples.SeededRNG) -> (String, Command) {
        let sessions = state.workouts.values.filter { !$0.isDiscarded }.sorted { $0.seq < $1.seq }
        let session = sessions.suffix(30).randomElement(using: &rng)
        let live = state.liveSets.suffix(400)
        let exercise = exercises.randomElement(using: &rng) ?? "squat"
        let past = { (rng: inout EventSamples.SeededRNG) in
            ZonedInstant(now.adding(milliseconds: -Int64.random(in: 1...300, using: &rng) * 86_400_000), offsetMinutes: 60)
        }
        func log(_ at: ZonedInstant?, workout: EventID?) -> Command {
            .logSets(LogSets(exercise: exercise, workout: workout, at: at, reps: Int.random(in: 1...12, using: &rng),
                             weight: .kg(Double(Int.random(in: 8...90, using: &rng)) * 2.5), count: Int.random(in: 1...3, using: &rng)))
        }
        switch Int.random(in: 0..<16, using: &rng) {
        case 0, 1: return ("log", log(nil, workout: nil))
        case 2: return ("log back-dated", log(past(&rng), workout: nil))
        case 3: return ("log into a session", log(nil, workout: session?.id))
        case 4, 5:
            guard let set = live.randomElement(using: &rng) else { return ("log", log(nil, workout: nil)) }
            let moved = Bool.random(using: &rng) ? past(&rng) : nil
            return ("edit", .editSet(EditSet(set: set.id, at: moved, reps: Int.random(in: 1...15, using: &rng),
                                             weight: .kg(Double(Int.random(in: 8...100, using: &rng)) * 2.5))))
        case 6:
            guard let set = live.randomElement(using: &rng) else { return ("log", log(nil, workout: nil)) }
            return ("delete", .deleteSet(id: set.id, reason: nil))
        case 7: return ("start", .startWorkout(StartWorkout(name: "S\(rng.next() % 100)", at: Bool.random(using: &rng) ? past(&rng) : nil)))
        case 8: return ("finish", .finishWorkout(FinishWorkout(workout: state.openWorkouts.first?.id, notes: "done")))
        case 9: return ("discard", .discardWorkout(session?.id ?? EventID(high: 0, low: 1)))
        case 10:
            return ("add exercise", .addWorkoutExercise(workout: session?.id ?? EventID(high: 0, low: 1), exercise: exercise,
                                                        position: Bool.random(using: &rng) ? 0 : nil, notes: "n"))
        case 11:
            let listed = session?.exercises.map(\.exercise).randomElement(using: &rng) ?? exercise
            return ("remove exercise", .removeWorkoutExercise(workout: session?.id ?? EventID(high: 0, low: 1), exercise: listed))
        case 12:
            let listed = session?.exercises.map(\.exercise) ?? []
            return ("reorder", .reorderWorkoutExercises(workout: session?.id ?? EventID(high: 0, low: 1), exercises: listed.shuffled(using: &rng)))
        case 13:
            if let custom = state.exercise("memo-press") {
                return ("rename", .updateExercise(ExerciseUpdated(exercise: custom.id, name: "Memo Press \(rng.next() % 1000)")))
            }
            return ("create", .createExercise(NewExercise(name: "Memo Press", group: .chest)))
        case 14: return ("unit", .changeSettings(SettingsChanged(unit: Bool.random(using: &rng) ? .lb : .kg)))
        default: return ("pr reps", .changeSettings(SettingsChanged(prReps: Bool.random(using: &rng) ? [1, 3, 5] : [1, 5, 10])))
        }
    }
}
