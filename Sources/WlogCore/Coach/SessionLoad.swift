/// Foster's session load of one workout (Foster et al. 2001): the session RPE (0–10, the lifter's
/// rating of the whole session) × its minutes, finished − started, in arbitrary units.
///
/// The one rule every screen reads: `wlog show`, `wlog history`, the API's workout and the coach's
/// training load (`TrainingLoad`). A workout has one only when it is finished and rated.
public struct SessionLoad: Sendable, Hashable {
    public var rpe: RPE
    /// Duration in minutes (finished − started).
    public var minutes: Double
    /// `rpe × minutes` (arbitrary units).
    public var load: Double
}

extension WorkoutRecord {
    /// The session load, or nil until the workout is finished with a session RPE.
    public var sessionLoad: SessionLoad? {
        guard let rpe = sessionRPE, let finished else { return nil }
        let minutes = Double(finished.instant.millisecondsSince1970 - started.instant.millisecondsSince1970) / 60_000
        return SessionLoad(rpe: rpe, minutes: minutes, load: rpe.value * minutes)
    }
}
