import WlogCore

/// What an import adds (or, in a dry run, would add), and what it left out and why.
public struct ImportReport: Sendable, Hashable {
    /// A data row that was not imported.
    public struct SkippedRow: Sendable, Hashable {
        /// The 1-based line the row starts on.
        public var line: Int
        /// Why it was skipped.
        public var reason: String
    }

    /// The app the file came from.
    public var format: ImportFormat
    /// The layout recognised from the header, e.g. `Strong iOS classic`.
    public var layout: String
    /// Data rows read (after the header, blank lines left out).
    public var rows = 0
    /// Workouts (sessions) imported.
    public var workouts = 0
    /// Sets imported, all kinds (warm-ups, cardio and timed ones included).
    public var sets = 0
    /// Of `sets`: warm-ups.
    public var warmups = 0
    /// Of `sets`: cardio entries (distance and/or duration of a cardio exercise).
    public var cardio = 0
    /// Of `sets`: timed sets (duration without reps, e.g. a plank).
    public var timed = 0
    /// Of `sets`: missed attempts (0 reps at a weight), kept but counted in no volume.
    public var missed = 0
    /// Custom exercises created for names neither known nor in the library.
    public var exercisesCreated = 0
    /// Those exercises as created: their kind, group and pattern are guesses from the name's words
    /// and the rows (`ExerciseGuess`), listed so the lifter can check them.
    public var created: [Exercise] = []
    /// Body-weight entries imported.
    public var bodyweights = 0
    /// Strong rest-timer rows (`Rest Timer`, `Ruhezeit`): seen, not imported as sets.
    public var restRows = 0
    /// Strong exercise-note rows (`Note`): seen, their text kept in the workout's notes.
    public var noteRows = 0
    /// Rows skipped, with line and reason, in file order.
    public var skipped: [SkippedRow] = []
    /// Volume (reps × weight of non-warm-up sets of strength and body-weight exercises), in
    /// ten-thousandths of each unit as entered: exact, no conversion.
    public var volume: [MassUnit: Int64] = [:]
}
