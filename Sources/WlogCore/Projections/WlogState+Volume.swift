/// How volume is bucketed in time.
public enum VolumePeriod: String, Sendable, Hashable, CaseIterable {
    case day, week, month, workout
}

/// What the volume report sums.
@PublicInit
public struct VolumeOptions: Sendable, Hashable {
    public var by: VolumePeriod = .week
    /// Split each period by muscle group: 1 for the primary group, 0.5 for each secondary.
    public var byMuscle: Bool = false
    /// First and last local day of the sets counted, inclusive.
    public var since: LocalDay?
    public var until: LocalDay?
    /// Add the latest body weight on or before each set of a body-weight exercise.
    public var withBodyweight: Bool = false
}

/// Tonnage and hard sets of one period (and muscle group, when split).
public struct VolumeRow: Sendable, Hashable {
    /// `2026-01-05` (day), `2026-W02` (week), `2026-01` (month), `2026-01-05 3f9a21c0` or
    /// `2026-01-05` (workout: explicit or implicit).
    public var period: String
    /// The first local day of the period (workout: its day).
    public var start: LocalDay
    /// The workout, for `by: .workout`.
    public var workout: WorkoutKey?
    /// The muscle group, when split by muscle.
    public var group: MuscleGroup?
    /// Hard sets (qualifying sets) in half units: a secondary group gets 1 per set.
    public var halfSets: Int
    /// Tonnage in the display unit.
    public var volume: Mass

    /// Hard sets: 1 per set for the primary group, 0.5 for each secondary.
    public var sets: Double { Double(halfSets) / 2 }
}

extension WlogState {
    /// Tonnage and hard sets per period (oldest first), optionally per muscle group (alphabetical).
    ///
    /// Only qualifying sets count (see `SetVolume`). Periods without any are left out. Days,
    /// weeks (ISO) and months are the set's own local day; a workout bucket is its workout.
    public func volume(_ options: VolumeOptions = VolumeOptions(), context: QueryContext) -> [VolumeRow] {
        struct Bucket { var start: LocalDay; var workout: WorkoutKey?; var doubledVolume: Int64 = 0; var halfSets = 0 }
        let timeline = options.withBodyweight ? BodyweightTimeline(self) : nil
        var workoutDays: [WorkoutKey: LocalDay] = [:]
        if options.by == .workout {
            for entry in WorkoutIndex(self, placement: .none).all { workoutDays[entry.key] = entry.day }
        }
        var buckets: [String: Bucket] = [:]
        for set in liveSets {
            let exercise = exerciseOrStandIn(set.exercise)
            let day = set.performed.localDay
            if let since = options.since, day < since { continue }
            if let until = options.until, day > until { continue }
            let bodyweight = exercise.kind == .bodyweight ? timeline?.weight(at: set.performed.instant) : nil
            guard let volume = SetVolume.kilogramTenThousandths(of: set, kind: exercise.kind, bodyweight: bodyweight) else {
                continue
            }
            let (period, start, workout) = bucket(of: set, day: day, by: options.by, workoutDays: workoutDays)
            let shares: [(MuscleGroup?, Int)] = options.byMuscle
                ? [(exercise.group, 2)] + exercise.secondary.map { ($0, 1) }
                : [(nil, 2)]
            for (group, share) in shares {
                let name = period + "\u{0}" + (group?.rawValue ?? "")
                var b = buckets[name] ?? Bucket(start: start, workout: workout)
                b.doubledVolume += volume * Int64(share)
                b.halfSets += share
                buckets[name] = b
            }
        }
        return buckets.map { name, b in
            let parts = name.split(separator: "\u{0}", omittingEmptySubsequences: false)
            return VolumeRow(
                period: String(parts[0]), start: b.start, workout: b.workout,
                group: parts.count > 1 ? MuscleGroup(rawValue: String(parts[1])) : nil,
                halfSets: b.halfSets, volume: context.mass(kilogramTenThousandths: halved(b.doubledVolume)))
        }.sorted { a, b in
            if a.start != b.start { return a.start < b.start }
            if a.period != b.period { return a.period < b.period }
            return (a.group?.rawValue ?? "") < (b.group?.rawValue ?? "")
        }
    }

    private func bucket(of set: LoggedSet, day: LocalDay, by: VolumePeriod, workoutDays: [WorkoutKey: LocalDay])
        -> (String, LocalDay, WorkoutKey?) {
        switch by {
        case .day: return (day.iso, day, nil)
        case .week: return (day.isoWeekText, day.startOfISOWeek, nil)
        case .month:
            let (y, m, _) = day.components
            return (day.monthText, LocalDay(year: y, month: m, day: 1) ?? day, nil)
        case .workout:
            let key = WorkoutKey(of: set)
            let start = workoutDays[key] ?? day
            return (key.id.map { start.iso + " " + $0.short } ?? start.iso, start, key)
        }
    }
}
