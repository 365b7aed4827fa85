/// Session load (Foster: session RPE × minutes) and the acute : chronic ratio (mean daily load
/// over 7 days ÷ over 28 days), shown as a trend — a description, not an injury predictor.
public struct TrainingLoad: Sendable, Hashable {
    /// One finished session with a session RPE.
    public struct Session: Sendable, Hashable {
        public var workout: EventID
        public var day: LocalDay
        public var rpe: RPE
        /// Duration in minutes (finished − started).
        public var minutes: Double
        /// `rpe × minutes` (arbitrary units).
        public var load: Double
    }

    /// The ratio at the end of one day.
    public struct Point: Sendable, Hashable {
        public var day: LocalDay
        /// Mean daily load over the 7 days ending that day.
        public var acute: Double
        /// Mean daily load over the 28 days ending that day.
        public var chronic: Double
        /// `acute / chronic`; nil without chronic load.
        public var ratio: Double?
    }

    /// Sessions of the last 28 days, oldest first.
    public var sessions: [Session]
    /// Today and the same weekday of the 5 weeks before, oldest first.
    public var trend: [Point]

    /// The latest point (today).
    public var current: Point? { trend.last }
}

extension WlogState {
    /// Session loads and the acute : chronic trend at `context.now`.
    public func trainingLoad(context: QueryContext) -> TrainingLoad {
        let today = context.today
        var all: [TrainingLoad.Session] = []
        for workout in workouts.values where !workout.isDiscarded {
            guard let rpe = workout.sessionRPE, let finished = workout.finished, finished.instant <= context.now else { continue }
            let minutes = Double(finished.instant.millisecondsSince1970 - workout.started.instant.millisecondsSince1970) / 60_000
            all.append(TrainingLoad.Session(workout: workout.id, day: workout.started.localDay, rpe: rpe, minutes: minutes,
                                            load: rpe.value * minutes))
        }
        all.sort { ($0.day, $0.workout.hex) < ($1.day, $1.workout.hex) }
        var daily: [LocalDay: Double] = [:]
        for session in all { daily[session.day, default: 0] += session.load }
        func sum(_ end: LocalDay, _ days: Int) -> Double {
            (0..<days).reduce(0) { $0 + (daily[end.advanced(by: -$1)] ?? 0) }
        }
        let trend = (0...5).reversed().map { weeksBack -> TrainingLoad.Point in
            let day = today.advanced(by: -7 * weeksBack)
            let acute = sum(day, 7) / 7, chronic = sum(day, 28) / 28
            return TrainingLoad.Point(day: day, acute: acute, chronic: chronic, ratio: chronic > 0 ? acute / chronic : nil)
        }
        let recent = all.filter { $0.day > today.advanced(by: -28) && $0.day <= today }
        return TrainingLoad(sessions: recent, trend: trend)
    }
}
