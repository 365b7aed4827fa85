import WlogCore

/// Weekly (or daily, monthly, per workout) volume, optionally by muscle group (domain.md §4).
@JSONObject
struct VolumeRowModel {
    var period: String
    var start: String
    @Nullable var workoutId: String?
    @Nullable var muscleGroup: String?
    /// Hard sets (a secondary group counts half).
    var sets: Double
    var volumeKg: Double

    init(_ row: VolumeRow) {
        period = row.period
        start = row.start.iso
        workoutId = row.workout.map(APIID.text)
        muscleGroup = row.group?.rawValue.lowercased()
        sets = row.sets
        volumeKg = row.volume.kilograms
    }
}

/// `wlog today`: the day, the plan, the streak, this week and the last workout.
@JSONObject
struct TodayModel {
    var date: String
    var week: String
    @Nullable var plannedRoutineId: String?
    @Nullable var plannedTitle: String?
    var streakWeeks: Int
    var workoutsThisWeek: Int
    var volumeThisWeekKg: Double
    @Nullable var lastWorkout: WorkoutModel?
    @Nullable var bodyweightKg: Double?
    @Nullable var goalKg: Double?
}

/// `wlog balance`: weekly hard sets per muscle group against the target zone, stale groups and push : pull.
@JSONObject
struct BalanceModel {
    @JSONObject
    struct Group {
        var muscleGroup: String
        var lastSevenDaysSets: Double
        var weeklyAverageSets: Double
        /// `below`, `within` or `above` the target range.
        var zone: String
        @Nullable var lastTrained: String?
        @Nullable var daysSince: Int?
        var isStale: Bool
    }

    var groups: [Group]
    var weeksCounted: Int
    var targetLow: Int
    var targetHigh: Int
    var pushSets: Int
    var pullSets: Int
    @Nullable var pushPullRatio: Double?
    var ratioAlert: Bool

    init(_ balance: MuscleBalance) {
        groups = balance.groups.map {
            Group(muscleGroup: $0.group.rawValue.lowercased(), lastSevenDaysSets: Double($0.lastSevenDaysHalfSets) / 2,
                  weeklyAverageSets: $0.weeklyAverage, zone: $0.zone.rawValue, lastTrained: $0.lastTrained?.iso,
                  daysSince: $0.daysSince, isStale: $0.isStale)
        }
        weeksCounted = balance.weeksCounted
        targetLow = balance.options.low
        targetHigh = balance.options.high
        pushSets = balance.pushSets
        pullSets = balance.pullSets
        pushPullRatio = balance.pushPullRatio
        ratioAlert = balance.ratioAlert
    }
}

/// `wlog coach`: each suggestion with its reason, and the training load (acute : chronic).
@JSONObject
struct CoachModel {
    @JSONObject
    struct Suggestion {
        /// `progression`, `plateau`, `deload`, `red-flag` or `recovery`.
        var kind: String
        @Nullable var exerciseId: String?
        var message: String
    }

    @JSONObject
    struct Load {
        var date: String
        var acute: Double
        var chronic: Double
        @Nullable var ratio: Double?
        /// The chronic mean without the acute week (days 8–28) and `acute` ÷ it (the uncoupled ratio).
        var uncoupledChronic: Double
        @Nullable var uncoupledRatio: Double?
    }

    var suggestions: [Suggestion]
    @Nullable var load: Load?

    init(_ report: CoachReport) {
        suggestions = report.suggestions.map { Suggestion(kind: $0.kind.rawValue, exerciseId: $0.exercise, message: $0.message) }
        load = report.load.current.map {
            Load(date: $0.day.iso, acute: $0.acute, chronic: $0.chronic, ratio: $0.ratio, uncoupledChronic: $0.uncoupledChronic,
                 uncoupledRatio: $0.uncoupledRatio)
        }
    }
}

/// An exercise's card (seed 000's exercise row): last set, last session's top set, its PR for the
/// default PR reps, the previous performance and its records.
@JSONObject
struct ExerciseCardModel {
    var exercise: ExerciseModel
    @Nullable var lastSet: SetModel?
    @Nullable var lastSessionTopSet: SetModel?
    @Nullable var pr: RecordModel?
    @Nullable var previousPerformance: PreviousPerformanceModel?
    var records: [RecordModel]
}

/// One point of the e1RM trend: the best estimate of a day, from its set.
@JSONObject
struct E1RMPointModel {
    var date: String
    var e1rmKg: Double
    var setId: String
    var weightKg: Double
    var reps: Int
    var isBest: Bool
}

/// NSCA's reps → %1RM table for an exercise's best e1RM: each row's reps, percent and load.
@JSONObject
struct PercentagesModel {
    @JSONObject
    struct Row {
        var reps: Int
        var percent: Int
        var loadKg: Double
    }

    @Nullable var e1rmKg: Double?
    @Nullable var date: String?
    var formula: String
    var rows: [Row]

    /// Loads rounded to the standard step of the display `unit` (2.5 kg / 5 lb), given in kg.
    init(best: E1RMTrend.Point?, formula: E1RMFormula, unit: MassUnit) {
        e1rmKg = best?.e1rm.kilograms
        date = best?.day.iso
        self.formula = formula.rawValue
        rows = best.map { point in
            PercentOfMax.table(e1rm: point.e1rm.converted(to: unit)).map {
                Row(reps: $0.reps, percent: Int(($0.fraction * 100).rounded()), loadKg: $0.load.kilograms)
            }
        } ?? []
    }
}

/// `wlog coach --scores`: the best singles, the total, the body weight and every score of it.
@JSONObject
struct ScoresModel {
    @Nullable var squatKg: Double?
    @Nullable var benchKg: Double?
    @Nullable var deadliftKg: Double?
    @Nullable var totalKg: Double?
    @Nullable var estimatedTotalKg: Double?
    @Nullable var bodyweightKg: Double?
    @Nullable var sex: String?
    /// The profile's equipment (`raw` or `single-ply`): the IPF GL and IPF points coefficients.
    var equipment: String
    @Nullable var dots: Double?
    @Nullable var ipfGL: Double?
    @Nullable var benchIpfGL: Double?
    @Nullable var wilks: Double?
    @Nullable var wilks2020: Double?
    @Nullable var ipfPoints: Double?

    init(_ s: LifterScores) {
        squatKg = s.squat?.weight.kilograms
        benchKg = s.bench?.weight.kilograms
        deadliftKg = s.deadlift?.weight.kilograms
        totalKg = s.total?.kilograms
        estimatedTotalKg = s.estimatedTotal?.kilograms
        bodyweightKg = s.bodyweight?.weight.kilograms
        sex = s.sex?.rawValue
        equipment = s.equipment.rawValue
        dots = s.dots
        ipfGL = s.ipfGL
        benchIpfGL = s.benchIPFGL
        wilks = s.wilks
        wilks2020 = s.wilks2020
        ipfPoints = s.ipfPoints
    }
}
