/// What a set measured: the six optional values a logged set, an edit of it and its current
/// version (`SetLogged`, `SetEdited`, `LoggedSet`) carry as `SetMeasures`, and the commands that
/// make them (`LogSets`, `EditSet`) as `TypedSetMeasures`, declared here once.
///
/// Which of them an exercise needs is its kind's rule (`ExerciseKind+Rules.swift`); in an edit a
/// `nil` leaves the value as it was (`SetEdited.cleared` says which ones the edit clears).
public struct Measures<RPEValue: Sendable & Hashable, EffortValue: Sendable & Hashable>: Sendable, Hashable {
    /// Reps (strength, body-weight, assisted).
    public var reps: Int?
    /// Load: weight, added load (body-weight kind) or assistance (assisted kind).
    public var weight: Mass?
    /// Distance (cardio).
    public var distance: Distance?
    /// Duration in milliseconds (cardio, timed).
    public var durationMilliseconds: Int64?
    /// RPE, 1–10 in half steps (as typed in a command; `rir N` is given as `10 − N`).
    public var rpe: RPEValue?
    /// Effort 1–5 (seed 001; as typed in a command).
    public var effort: EffortValue?
}

/// The measures of a set as the journal holds them: RPE and effort checked.
public typealias SetMeasures = Measures<RPE, Rating>

/// The measures of a set as a command gives them: RPE and effort as the lifter typed them, which
/// `decide` checks (`set.rpe`, `set.effort`).
public typealias TypedSetMeasures = Measures<Double, Int>

extension SetMeasures {
    /// Applies an edit's measures: `cleared` ones become nil, then every value `edit` has replaces
    /// this one (a value given as well as cleared wins, as the reader already resolves).
    mutating func apply(_ edit: SetMeasures, clearing cleared: SetEdited.Cleared) {
        if !cleared.isEmpty {
            if cleared.contains(.reps) { reps = nil }
            if cleared.contains(.weight) { weight = nil }
            if cleared.contains(.distance) { distance = nil }
            if cleared.contains(.duration) { durationMilliseconds = nil }
            if cleared.contains(.rpe) { rpe = nil }
            if cleared.contains(.effort) { effort = nil }
        }
        if let v = edit.reps { reps = v }
        if let v = edit.weight { weight = v }
        if let v = edit.distance { distance = v }
        if let v = edit.durationMilliseconds { durationMilliseconds = v }
        if let v = edit.rpe { rpe = v }
        if let v = edit.effort { effort = v }
    }
}

/// A value that carries a set's measures: `set.reps`, `edit.weight` … read and write its
/// `measures` as if they were its own members.
@dynamicMemberLookup
public protocol SetMeasured {
    associatedtype RPEValue: Sendable & Hashable
    associatedtype EffortValue: Sendable & Hashable
    var measures: Measures<RPEValue, EffortValue> { get set }
}

extension SetMeasured {
    /// The member of `measures` named (`reps`, `weight`, `distance`, `durationMilliseconds`, `rpe`,
    /// `effort`).
    @inlinable
    public subscript<Value>(dynamicMember member: WritableKeyPath<Measures<RPEValue, EffortValue>, Value>) -> Value {
        get { measures[keyPath: member] }
        set { measures[keyPath: member] = newValue }
    }
}
