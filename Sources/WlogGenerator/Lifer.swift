import Foundation
import WlogCore

/// A realistic twenty-year history of a heavy lifter (`--profile lifer`), as pure, seeded code.
///
/// 4–5 workouts a week with `workout.started`/`workout.finished` (from routines, one per training
/// block of 6–14 weeks), warm-ups on the main lifts, double progression with a slowing training
/// age, a deload week ending each block, holidays, a two-and-a-half-year stint in New York logging
/// in pounds, edits (≈2 %) and deletes (≈1 %), sets and whole workouts logged the next day
/// (back-dated), body weight about three mornings a week, notes, readiness check-ins, and several
/// hundred exercises: the built-in library plus custom ones created with `exercise.created` the
/// first time they are used.
public struct Lifer {
    var rng: Xoshiro
    var ids: IDMaker
    let sink: any GeneratedEventSink
    let first: LocalDay
    let last: LocalDay

    var lastRecorded: Int64 = 0
    var place = Place.berlin
    var unit = MassUnit.kg
    /// Estimated 1RM in kg per exercise id.
    var strength: [String: Double] = [:]
    /// The e1RM in kg each exercise's progression levels off at (≈ 2× the novice start: a bench
    /// press starting at 60 kg ends near 120–140 kg, not at 1,000 kg as an unbounded rate gave).
    var ceilings: [String: Double] = [:]
    var known: [String: Exercise] = [:]
    var byGroup: [MuscleGroup: [String]] = [:]
    var customPool: [Exercise]
    var bodyweight = 78.0
    var bodyweightIDs: [EventID] = []
    /// Events logged a day late: emitted at the start of the next day.
    var deferred: [(payload: EventPayload, at: ZonedInstant)] = []
    var workouts = 0


    /// A history of `years` years ending on `end`, from `seed`, with ids of `ids` (keyed by
    /// `journalID` for `.wlog`), handed to `sink` by `run()`.
    public init(seed: UInt64, years: Int, end: LocalDay, ids: IDScheme, journalID: String = IDMaker.noJournal,
                sink: any GeneratedEventSink) {
        rng = Xoshiro(seed: seed)
        self.ids = IDMaker(scheme: ids, seed: seed, journalID: journalID)
        self.sink = sink
        last = end
        let (y, m, d) = end.components
        first = LocalDay(year: y - years, month: m, day: min(d, 28))!
        for exercise in ExerciseLibrary.all where exercise.kind.isStrengthLike {
            known[exercise.id] = exercise
            byGroup[exercise.group, default: []].append(exercise.id)
        }
        for group in byGroup.keys { byGroup[group]!.sort() }
        customPool = Lifer.customExercises(avoiding: Set(ExerciseLibrary.all.map(\.id)), rng: &rng)
    }

    /// Several hundred plausible custom exercise names: variations of base movements.
    static func customExercises(avoiding taken: Set<String>, rng: inout Xoshiro) -> [Exercise] {
        let bases: [(String, MuscleGroup, Equipment, MovementPattern)] = [
            ("Bench Press", .chest, .barbell, .push), ("Squat", .legs, .barbell, .squat),
            ("Deadlift", .back, .barbell, .hinge), ("Overhead Press", .shoulders, .barbell, .push),
            ("Row", .back, .barbell, .pull), ("Curl", .biceps, .dumbbell, .pull),
            ("Triceps Extension", .triceps, .cable, .push), ("Lateral Raise", .shoulders, .dumbbell, .push),
            ("Pulldown", .back, .cable, .pull), ("Lunge", .legs, .dumbbell, .lunge),
            ("Good Morning", .legs, .barbell, .hinge), ("Fly", .chest, .cable, .push),
            ("Leg Press", .legs, .machine, .squat), ("Shrug", .back, .dumbbell, .pull),
            ("Calf Raise", .legs, .machine, .squat), ("Crunch", .core, .cable, .core),
        ]
        let variations = ["Paused", "Tempo", "Deficit", "Close-Grip", "Wide-Grip", "Spoto", "Pin", "Box",
                          "Safety-Bar", "Cambered-Bar", "Banded", "Chain", "Larsen", "Incline", "Decline",
                          "Seated", "Single-Arm", "Kneeling", "Meadows", "Reverse-Grip", "1.5-Rep", "Anderson",
                          "Hatfield", "Zercher", "Snatch-Grip", "Half-Kneeling", "Landmine", "Cross-Body",
                          "Kroc", "Pendlay", "Yates", "Spider", "Bayesian", "JM", "Tate", "Pause-at-Knee"]
        var out: [Exercise] = []
        var seen = taken
        for variation in variations {
            for (base, group, equipment, pattern) in bases {
                let name = variation + " " + base
                let id = Exercise.slug(name)
                guard !seen.contains(id) else { continue }
                seen.insert(id)
                out.append(Exercise(id: id, name: name, kind: .strength, group: group, equipment: equipment,
                                    pattern: pattern, prReps: 3, isCustom: true))
            }
        }
        // Shuffle deterministically (Fisher–Yates with our generator).
        for i in stride(from: out.count - 1, to: 0, by: -1) { out.swapAt(i, rng.int(0...i)) }
        return Array(out.prefix(330))
    }

    // MARK: events

    @discardableResult
    mutating func emit(_ payload: EventPayload, at occurred: ZonedInstant, recorded: Instant? = nil,
                       actor: String = "user") throws -> EventID {
        let id = ids.next()
        var occurred = occurred
        var when: Int64
        if let recorded {
            // Logged afterwards: the time the lifer typed (`--at`), recorded later.
            when = max(recorded.millisecondsSince1970, lastRecorded + 1_000) / 1_000 * 1_000
        } else {
            // Logged live, as `wlog append` does without `--at`: occurred = recorded = the clock.
            // wlog's clock ticks in whole seconds (docs/EVENTS.md); the draw keeps the rest of the
            // seeded history where it was.
            let jitter = Int64(rng.int(0...999))
            when = max(occurred.instant.millisecondsSince1970 + jitter, lastRecorded + 1_000) / 1_000 * 1_000
            occurred = ZonedInstant(Instant(millisecondsSince1970: when), offsetMinutes: occurred.offsetMinutes)
        }
        lastRecorded = when
        try sink.add(Event(envelope: Envelope(id: id, occurred: occurred, recorded: Instant(millisecondsSince1970: when),
                                              actor: actor), payload: payload))
        return id
    }

    func mass(kg: Double, increment: Double? = nil) -> Mass {
        switch unit {
        case .kg:
            let step = increment ?? 2.5
            let v = max(step, (kg / step).rounded() * step)
            return Mass(tenThousandths: Int64((v * 10_000).rounded()), unit: .kg)
        case .lb:
            let step = (increment ?? 2.5) * 2
            let v = max(step, (kg / 0.45359237 / step).rounded() * step)
            return Mass(tenThousandths: Int64((v * 10_000).rounded()), unit: .lb)
        }
    }

    // MARK: the history

    /// Generates the whole history into the sink, one commit per day.
    public mutating func run() throws {
        let start = place.instant(first, minutes: 9 * 60)
        try emit(.profileUpdated(ProfileUpdated(name: "Lifer", unit: .kg, timeZone: place.name, sex: .male,
                                                birthYear: 1986, heightCentimetres: 181, experience: .beginner,
                                                goal: .strength, daysPerWeek: 4, restTimerSeconds: 180)), at: start)
        try emit(.settingsChanged(SettingsChanged(unit: .kg, timeZone: place.name)), at: start)
        try emit(.goalSet(GoalSet(weight: Mass(tenThousandths: 850_000, unit: .kg))), at: start)
        try sink.commit()

        var day = first
        var blockEnd = first
        var block = Block(days: [], perWeek: 4, deloadFrom: first, routine: "")
        var holidayUntil = first
        let years = Double(first.distance(to: last)) / 365.25
        let stintStart = first.advanced(by: Int(365.25 * years * 0.42))
        let stintEnd = stintStart.advanced(by: 900)
        while day <= last {
            let age = Double(first.distance(to: day)) / 365.25
            if !deferred.isEmpty {
                let late = deferred
                deferred.removeAll()
                for item in late {
                    try emit(item.payload, at: item.at, recorded: place.instant(day, minutes: 8 * 60).instant)
                }
            }
            if day == stintStart || day == stintEnd {
                place = day == stintStart ? .newYork : .berlin
                unit = day == stintStart ? .lb : .kg
                try emit(.settingsChanged(SettingsChanged(unit: unit, timeZone: place.name)),
                         at: place.instant(day, minutes: 10 * 60))
                try emit(.profileUpdated(ProfileUpdated(unit: unit, timeZone: place.name)), at: place.instant(day, minutes: 10 * 60))
            }
            if day.distance(to: first) % 365 == 0 && day != first {
                let goal = 80 + min(age, 10) * 1.2 + rng.normal(sd: 1.5)
                try emit(.goalSet(GoalSet(weight: mass(kg: goal, increment: 0.5))), at: place.instant(day, minutes: 9 * 60))
                if age > 1.5 && age < 2.5 || age > 5.5 && age < 6.5 {
                    try emit(.profileUpdated(ProfileUpdated(experience: age < 3 ? .intermediate : .advanced)),
                             at: place.instant(day, minutes: 9 * 60))
                }
            }
            if day >= blockEnd {
                block = try newBlock(starting: day, age: age)
                blockEnd = day.advanced(by: 7 * rng.int(6...14))
                block.deloadFrom = blockEnd.advanced(by: -7)
                if rng.chance(0.55) && day > holidayUntil.advanced(by: 120) {
                    holidayUntil = blockEnd.advanced(by: 7 * rng.int(1...3))
                }
            }
            let weekday = day.isoWeekday
            if [1, 3, 5].contains(weekday) && rng.chance(0.82) {
                try bodyweightEntry(day: day, age: age)
            }
            let onHoliday = day > blockEnd && day < holidayUntil
            if !onHoliday && block.trains(on: weekday) && rng.chance(0.97) {
                try workout(day: day, block: block, age: age, deload: day >= block.deloadFrom)
            }
            if onHoliday {
                for key in strength.keys { strength[key]! *= 0.9985 }
            }
            try sink.commit()
            day = day.advanced(by: 1)
        }
    }

    struct Slot { var exercise: String; var main: Bool; var sets: Int; var reps: Int }
    struct Block {
        var days: [(title: String, slots: [Slot])]
        var perWeek: Int
        var deloadFrom: LocalDay
        var routine: String
        var cursor = 0
        func trains(on weekday: Int) -> Bool {
            perWeek == 4 ? [1, 2, 4, 5].contains(weekday) : [1, 2, 3, 5, 6].contains(weekday)
        }
    }

    /// A new training block: a split, its exercises (maybe new custom ones), a routine.
    mutating func newBlock(starting day: LocalDay, age: Double) throws -> Block {
        let perWeek = rng.chance(0.5) ? 4 : 5
        let templates: [(String, [MuscleGroup])]
        let mains: [[String]]
        switch rng.int(0...3) {
        case 0:
            templates = [("Upper A", [.chest, .back, .shoulders, .biceps, .triceps]), ("Lower A", [.legs, .legs, .core, .legs]),
                         ("Upper B", [.back, .chest, .shoulders, .triceps, .biceps]), ("Lower B", [.legs, .back, .legs, .core])]
            mains = [["bench-press", "barbell-row"], ["squat"], ["overhead-press"], ["deadlift"]]
        case 1:
            templates = [("Push", [.chest, .shoulders, .triceps, .chest, .triceps]), ("Pull", [.back, .back, .biceps, .shoulders, .biceps]),
                         ("Legs", [.legs, .legs, .legs, .core, .legs])]
            mains = [["bench-press"], ["deadlift", "barbell-row"], ["squat"]]
        case 2:
            templates = [("Full Body A", [.chest, .back, .legs, .arms, .core]), ("Full Body B", [.shoulders, .legs, .back, .biceps]),
                         ("Full Body C", [.chest, .legs, .triceps, .back])]
            mains = [["squat", "bench-press"], ["deadlift", "overhead-press"], ["squat", "barbell-row"]]
        default:
            templates = [("Chest & Triceps", [.chest, .chest, .triceps, .triceps]), ("Back & Biceps", [.back, .back, .biceps, .biceps]),
                         ("Legs", [.legs, .legs, .legs, .core]), ("Shoulders & Arms", [.shoulders, .shoulders, .biceps, .triceps])]
            mains = [["bench-press"], ["deadlift"], ["squat"], ["overhead-press"]]
        }
        let mainReps = rng.pick([3, 5, 5, 6, 8])
        var days: [(String, [Slot])] = []
        for (index, (title, groups)) in templates.enumerated() {
            var slots: [Slot] = []
            for id in mains[index] where known[id] != nil {
                slots.append(Slot(exercise: id, main: true, sets: rng.int(3...5), reps: mainReps))
            }
            var used = Set(slots.map(\.exercise))
            for group in groups {
                let id = try accessory(for: group, avoiding: used, day: day)
                used.insert(id)
                slots.append(Slot(exercise: id, main: false, sets: rng.int(3...5), reps: rng.pick([6, 8, 10, 12, 15])))
            }
            days.append((title, slots))
        }
        let routineID = "block-\(day.iso)"
        let routine = Routine(id: routineID, name: "Block \(day.iso)", weeks: nil, deloadWeeks: [],
                              days: days.enumerated().map { index, d in
                                  RoutineDay(index: index + 1, title: d.0, exercises: d.1.map {
                                      PlannedExercise(exercise: $0.exercise, sets: $0.sets, repsLow: $0.reps,
                                                      repsHigh: $0.reps + 2, rpe: RPE(8), restSeconds: $0.main ? 180 : 90)
                                  })
                              })
        try emit(.routineCreated(routine), at: place.instant(day, minutes: 7 * 60 + 50))
        return Block(days: days, perWeek: perWeek, deloadFrom: day, routine: routineID)
    }

    /// An accessory of `group`: sometimes a new custom exercise (created now), else a known one.
    mutating func accessory(for group: MuscleGroup, avoiding used: Set<String>, day: LocalDay) throws -> String {
        let wanted: MuscleGroup = group == .arms ? rng.pick([.biceps, .triceps]) : group
        if rng.chance(0.4), let index = customPool.firstIndex(where: { $0.group == wanted && !used.contains($0.id) }) {
            let exercise = customPool.remove(at: index)
            known[exercise.id] = exercise
            byGroup[exercise.group, default: []].append(exercise.id)
            try emit(.exerciseCreated(exercise), at: place.instant(day, minutes: 7 * 60 + 45))
            return exercise.id
        }
        let candidates = (byGroup[wanted] ?? byGroup[.chest]!).filter { !used.contains($0) }
        return rng.pick(candidates.isEmpty ? byGroup[wanted]! : candidates)
    }

    mutating func bodyweightEntry(day: LocalDay, age: Double) throws {
        let trend = 78 + min(age, 8) * 1.6 + 2.5 * sin(age * 2 * Double.pi)
        bodyweight = 0.7 * bodyweight + 0.3 * trend + rng.normal(sd: 0.5)
        let at = place.instant(day, minutes: 7 * 60 + rng.int(0...40))
        let notes = rng.chance(0.05) ? rng.pick(["after a late dinner", "fasted", "sick", "vacation", "post-meet"]) : nil
        let id = try emit(.bodyweightRecorded(BodyweightRecorded(weight: mass(kg: bodyweight, increment: 0.05), notes: notes)), at: at)
        bodyweightIDs.append(id)
        if rng.chance(0.012) {
            try emit(.bodyweightEdited(BodyweightEdited(entry: id, weight: mass(kg: bodyweight + 1, increment: 0.05))),
                     at: ZonedInstant(at.instant.adding(milliseconds: 120_000), offsetMinutes: at.offsetMinutes))
        } else if rng.chance(0.006) {
            try emit(.bodyweightDeleted(BodyweightDeleted(entry: id)),
                     at: ZonedInstant(at.instant.adding(milliseconds: 90_000), offsetMinutes: at.offsetMinutes))
        }
    }

    /// The e1RM in kg of an exercise, first estimated from its kind of movement.
    mutating func e1rm(_ id: String) -> Double {
        if let value = strength[id] { return value }
        let exercise = known[id]!
        let base: Double
        switch id {
        case "squat": base = 80
        case "deadlift": base = 100
        case "bench-press": base = 60
        case "overhead-press": base = 40
        case "barbell-row": base = 60
        default:
            switch exercise.equipment {
            case .barbell, .machine, .smith, .trapBar: base = exercise.group == .legs ? 90 : 45
            case .cable: base = 35
            default: base = exercise.group == .legs ? 40 : 18
            }
        }
        let value = base * (0.85 + rng.unit() * 0.3)
        strength[id] = value
        ceilings[id] = value * (1.9 + rng.unit() * 0.5)
        return value
    }

    mutating func workout(day: LocalDay, block: Block, age: Double, deload: Bool) throws {
        workouts += 1
        let index = workouts % block.days.count
        let (title, slots) = block.days[index]
        var clock = place.instant(day, minutes: (weekdayStart(day)) + rng.int(-40...40))
        let lateLogging = rng.chance(0.02)
        let recordedBase: Instant? = lateLogging ? place.instant(day.advanced(by: 1), minutes: 7 * 60 + 55).instant : nil
        var recordedStep: Int64 = 0
        func recorded() -> Instant? {
            recordedStep += 1
            return recordedBase?.adding(milliseconds: recordedStep * 1_000)
        }
        func tick(_ seconds: ClosedRange<Int>) {
            clock = ZonedInstant(clock.instant.adding(milliseconds: Int64(rng.int(seconds)) * 1_000), offsetMinutes: clock.offsetMinutes)
        }
        if rng.chance(0.1) {
            try emit(.readinessRecorded(ReadinessRecorded(mobility: Rating(rng.int(2...5)), soreness: Rating(rng.int(1...4)),
                                                          sleep: Rating(rng.int(2...5)), energy: Rating(rng.int(2...5)),
                                                          pain: rng.chance(0.04), note: rng.chance(0.3) ? "tight hips" : nil)),
                     at: clock, recorded: recorded())
        }
        let planned = slots.map {
            PlannedExercise(exercise: $0.exercise, sets: $0.sets, repsLow: $0.reps, repsHigh: $0.reps + 2, rpe: RPE(8),
                            restSeconds: $0.main ? 180 : 90)
        }
        let workout = try emit(.workoutStarted(WorkoutStarted(name: title, routine: block.routine, day: index + 1,
                                                              planned: planned, mobility: nil,
                                                              notes: rng.chance(0.05) ? "gym was packed" : nil)),
                               at: clock, recorded: recorded())
        var logged: [(id: EventID, reps: Int, weight: Mass)] = []
        for slot in slots {
            var max = e1rm(slot.exercise)
            let intensity = (deload ? 0.78 : 0.9) + rng.normal(sd: 0.02)
            let working = max * intensity / (1 + Double(slot.reps) / 30)
            var sets: [(SetType, Int, Double)] = []
            if slot.main {
                let bar = 20.0
                for (fraction, reps) in [(0.0, 10), (0.5, 5), (0.7, 3), (0.85, 1)] where rng.chance(fraction == 0 ? 0.7 : 0.9) {
                    sets.append((.warmup, reps, fraction == 0 ? bar : working * fraction))
                }
            } else if rng.chance(0.3) {
                sets.append((.warmup, slot.reps, working * 0.5))
            }
            let count = deload ? max2(slot.sets - 1, 2) : slot.sets
            for n in 0..<count {
                var reps = slot.reps + (rng.chance(0.15) ? 1 : 0) - (n >= 2 && rng.chance(0.3) ? 1 : 0)
                var type = SetType.working
                if n == count - 1 && slot.main && !deload && rng.chance(0.1) { type = .amrap; reps += rng.int(0...4) }
                else if rng.chance(0.015) { type = .failure }
                sets.append((type, max2(reps, 1), working))
            }
            if !slot.main && !deload && rng.chance(0.05) { sets.append((.drop, slot.reps + 2, working * 0.75)) }
            for (type, reps, kg) in sets {
                tick(type == .warmup ? 60...150 : 120...240)
                let weight = mass(kg: kg, increment: known[slot.exercise]!.equipment == .dumbbell ? 2 : 2.5)
                let rpe: RPE? = type != .warmup && rng.chance(0.6) ? RPE(Double(rng.int(14...19)) / 2) : nil
                let notes: String? = rng.chance(0.03) ? rng.pick(["belt", "felt heavy", "paused", "left knee", "new PR?", "slow bar", "straps"]) : nil
                let set = SetLogged(exercise: slot.exercise, workout: workout, reps: reps, weight: weight, rpe: rpe,
                                    setType: type, done: !rng.chance(0.003), notes: notes)
                if !lateLogging && rng.chance(0.01) {
                    deferred.append((.setLogged(set), clock))
                    continue
                }
                let id = try emit(.setLogged(set), at: clock, recorded: recorded(), actor: rng.chance(0.1) ? "watch" : "user")
                logged.append((id, reps, weight))
                if type != .warmup && !deload { max = Swift.max(max, kg * (1 + Double(reps) / 30) * 0.97) }
            }
            // Training-age progression toward the exercise's ceiling: fast for a novice, slow after a
            // decade, a slight decline late.
            let current = strength[slot.exercise] ?? max
            let room = Swift.max(0, 1 - current / (ceilings[slot.exercise] ?? 2 * current))
            let rate = deload ? 0 : (0.02 * exp(-age / 3.5) + 0.003) * room + (age < 14 ? 0 : -0.0003)
            strength[slot.exercise] = current * (1 + rate + rng.normal(sd: 0.004))
        }
        // Corrections: ≈2 % of events are edits, ≈1 % deletes.
        for set in logged {
            if rng.chance(0.024) {
                tick(5...60)
                let edit: SetEdited
                switch rng.int(0...2) {
                case 0: edit = SetEdited(set: set.id, reps: set.reps + (set.reps > 1 && rng.chance(0.5) ? -1 : 1))
                case 1: edit = SetEdited(set: set.id, weight: Mass(tenThousandths: set.weight.tenThousandths + 25_000, unit: set.weight.unit))
                default: edit = SetEdited(set: set.id, rpe: RPE(8.5), notes: "corrected")
                }
                try emit(.setEdited(edit), at: clock, recorded: recorded())
            } else if rng.chance(0.012) {
                tick(5...60)
                try emit(.setDeleted(SetDeleted(set: set.id, reason: rng.pick(["duplicate", "logged by mistake", nil]))),
                         at: clock, recorded: recorded())
            }
        }
        tick(60...600)
        if rng.chance(0.003) {
            try emit(.workoutDiscarded(WorkoutDiscarded(workout: workout)), at: clock, recorded: recorded())
        } else {
            try emit(.workoutFinished(WorkoutFinished(workout: workout, notes: rng.chance(0.1) ? "good session" : nil,
                                                      soreness: rng.chance(0.5) ? Rating(rng.int(1...4)) : nil,
                                                      sessionRPE: rng.chance(0.6) ? RPE(Double(rng.int(14...19)) / 2) : nil)),
                     at: clock, recorded: recorded())
        }
    }

    func weekdayStart(_ day: LocalDay) -> Int { day.isoWeekday >= 6 ? 10 * 60 : 18 * 60 }
}

@inline(__always) func max2(_ a: Int, _ b: Int) -> Int { a > b ? a : b }
