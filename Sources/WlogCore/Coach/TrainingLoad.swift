/// Session load (Foster: session RPE × minutes), the acute : chronic ratio both rolling (mean daily
/// load over 7 days ÷ over 28 days; coupled, and uncoupled — the chronic window without the acute
/// week, days 8–28, as Lolli et al. 2019 and Windt & Gabbett 2019 prefer) and exponentially
/// weighted (Williams et al. 2017), and weekly monotony and strain (Foster 1998) — a trend to
/// read, not an injury predictor.
///
/// Days before the lifter's first session are no training history: they are left out of every
/// mean rather than counted as zero load (a new lifter used to read 4.0 after one week). So a
/// rolling mean over a window that starts before the first session divides by the days since
/// it, and both exponentially weighted averages start at the first session day's load.
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

    /// The figures at the end of one day.
    public struct Point: Sendable, Hashable {
        public var day: LocalDay
        /// Mean daily load over the 7 days ending that day (since the first session).
        public var acute: Double
        /// Mean daily load over the 28 days ending that day (since the first session).
        public var chronic: Double
        /// `acute / chronic`; nil without chronic load.
        public var ratio: Double?
        /// Mean daily load over the 21 days before the acute week (days 8–28 back, since the first
        /// session); 0 when the first session is within the acute week.
        public var uncoupledChronic: Double
        /// `acute / uncoupledChronic` (the uncoupled ratio); nil without that chronic load.
        public var uncoupledRatio: Double?
        /// Exponentially weighted daily load, λ = 2 / (7 + 1) = 0.25.
        public var ewmaAcute: Double
        /// Exponentially weighted daily load, λ = 2 / (28 + 1).
        public var ewmaChronic: Double
        /// `ewmaAcute / ewmaChronic`; nil without chronic load.
        public var ewmaRatio: Double?
        /// Load of the 7 days ending that day.
        public var weekLoad: Double
        /// Foster's monotony over those 7 days (since the first session): mean daily load ÷ its
        /// standard deviation; nil with fewer than 2 days or no variation.
        public var monotony: Double?
        /// Foster's strain: `weekLoad × monotony`.
        public var strain: Double?
    }

    /// Sessions of the last 28 days, oldest first.
    public var sessions: [Session]
    /// Today and the same weekday of the 5 weeks before, oldest first (only days since the first
    /// session).
    public var trend: [Point]

    /// The latest point (today).
    public var current: Point? { trend.last }

    /// The acute window, in days.
    static let acuteDays = 7
    /// The chronic window, in days (the uncoupled one is its days before the acute week).
    static let chronicDays = 28

    /// The EWMA decay of a window of `days` (Williams et al. 2017): 2 / (days + 1).
    static func lambda(_ days: Int) -> Double { 2 / Double(days + 1) }
}

extension WlogState {
    /// Session loads and the load trend at `context.now`.
    public func trainingLoad(context: QueryContext) -> TrainingLoad {
        let today = context.today
        var all: [TrainingLoad.Session] = []
        for workout in workouts.values where !workout.isDiscarded {
            guard let session = workout.sessionLoad, let finished = workout.finished, finished.instant <= context.now else { continue }
            all.append(TrainingLoad.Session(workout: workout.id, day: workout.started.localDay, rpe: session.rpe,
                                            minutes: session.minutes, load: session.load))
        }
        all.sort { ($0.day, $0.workout.hex) < ($1.day, $1.workout.hex) }
        let recent = all.filter { $0.day > today.advanced(by: -28) && $0.day <= today }
        guard let first = all.first?.day, first <= today else { return TrainingLoad(sessions: recent, trend: []) }
        var daily: [LocalDay: Double] = [:]
        for session in all { daily[session.day, default: 0] += session.load }
        // The loads of the days of the window of `days` ending `end`, from the first session on.
        func window(_ end: LocalDay, _ days: Int) -> [Double] {
            (0..<days).map { end.advanced(by: -$0) }.filter { $0 >= first }.map { daily[$0] ?? 0 }
        }
        func mean(_ loads: [Double]) -> Double { loads.isEmpty ? 0 : loads.reduce(0, +) / Double(loads.count) }
        // Both EWMAs, day by day from the first session to today.
        var ewma: [LocalDay: (acute: Double, chronic: Double)] = [:]
        var acute = daily[first] ?? 0, chronic = acute
        var day = first
        while day <= today {
            let load = daily[day] ?? 0
            if day > first {
                acute = TrainingLoad.lambda(7) * load + (1 - TrainingLoad.lambda(7)) * acute
                chronic = TrainingLoad.lambda(28) * load + (1 - TrainingLoad.lambda(28)) * chronic
            }
            ewma[day] = (acute, chronic)
            day = day.advanced(by: 1)
        }
        let trend = (0...5).reversed().map { today.advanced(by: -7 * $0) }.filter { $0 >= first }.map { day -> TrainingLoad.Point in
            let week = window(day, 7)
            let acute = mean(week), chronic = mean(window(day, 28))
            let uncoupled = mean(window(day.advanced(by: -TrainingLoad.acuteDays), TrainingLoad.chronicDays - TrainingLoad.acuteDays))
            let smoothed = ewma[day] ?? (0, 0)
            let weekLoad = week.reduce(0, +)
            var monotony: Double?
            if week.count >= 2 {
                let variance = week.reduce(0) { $0 + ($1 - acute) * ($1 - acute) } / Double(week.count)
                if variance > 0 { monotony = acute / variance.squareRoot() }
            }
            return TrainingLoad.Point(
                day: day, acute: acute, chronic: chronic, ratio: chronic > 0 ? acute / chronic : nil,
                uncoupledChronic: uncoupled, uncoupledRatio: uncoupled > 0 ? acute / uncoupled : nil,
                ewmaAcute: smoothed.acute, ewmaChronic: smoothed.chronic,
                ewmaRatio: smoothed.chronic > 0 ? smoothed.acute / smoothed.chronic : nil,
                weekLoad: weekLoad, monotony: monotony, strain: monotony.map { weekLoad * $0 })
        }
        return TrainingLoad(sessions: recent, trend: trend)
    }
}
