/// The payload of a canonical `set.logged` line as the canonical reader reads it: the fields of a
/// ledger row, with the line's text (an exercise id the caller's table does not know, notes,
/// source) set apart.
///
/// The one-step replay folds it into the ledger without making a `SetLogged`: that value's three
/// strings made it costly to make, copy and destroy once per set, while here the common line —
/// exercise found as a slot, no notes — leaves `text` nil (one tag to test when it goes).
struct SetLine {
    init() {}

    var workout: EventID?
    var reps: Int?
    var weight: Mass?
    var distance: Distance?
    var durationMilliseconds: Int64?
    var rpe: RPE?
    var effort: Rating?
    var setType: SetType = .working
    var done = true
    /// The payload's strings, when it has any beyond an exercise found as a slot.
    var text: Text?

    /// The strings of a set line.
    struct Text {
        /// The exercise id when the reader's table did not know it ("" when it did).
        var exercise = ""
        var notes: String?
        var source: String?
    }

    /// The set's notes (kept in `text`).
    var notes: String? {
        get { text?.notes }
        set { if text == nil { text = Text() }; text?.notes = newValue }
    }

    /// The source row of an import (kept in `text`).
    var source: String? {
        get { text?.source }
        set { if text == nil { text = Text() }; text?.source = newValue }
    }

    /// The parts of a `set.logged` payload (its exercise id in `text`).
    init(_ p: SetLogged) {
        workout = p.workout
        reps = p.reps
        weight = p.weight
        distance = p.distance
        durationMilliseconds = p.durationMilliseconds
        rpe = p.rpe
        effort = p.effort
        setType = p.setType
        done = p.done
        text = Text(exercise: p.exercise, notes: p.notes, source: p.source)
    }

    /// The event payload of a line read without a slot table (its exercise id is in `text`).
    func setLogged() -> SetLogged {
        SetLogged(exercise: text?.exercise ?? "", workout: workout, reps: reps, weight: weight,
                  distance: distance, durationMilliseconds: durationMilliseconds, rpe: rpe, effort: effort,
                  setType: setType, done: done, notes: text?.notes, source: text?.source)
    }
}
