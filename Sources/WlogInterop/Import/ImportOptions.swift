import WlogCore

/// What an import needs besides the file: units, zone, who and when, and the known exercises.
public struct ImportOptions: Sendable {
    /// The weight unit of files that do not say theirs (`--unit`); refused when needed and absent.
    public var unit: MassUnit?
    /// The zone naive local times are interpreted in (`--tz`).
    public var zone: ImportTimeZone
    /// The recorded-at instant of every event (the time of the import).
    public var recorded: Instant
    /// The exercises that already exist: pass the built-in library and the lifter's custom ones,
    /// so a new custom exercise never takes an existing id.
    public var knownExercises: [Exercise]
    /// Maps an app's exercise name to a built-in exercise (`ExerciseLookup.importMatch(name:)`).
    public var libraryMatch: @Sendable (String) -> Exercise?
    /// The journal's limit for one commit, and the ids it holds: with it, a file whose new rows
    /// pass the limit is refused while it is read (`ImportError.overCommitLimit`), so its memory
    /// stays bounded; without it, every row is read.
    public var commitLimit: CommitLimit?

    /// The journal's limit for one commit (bytes of lines), and whether it holds an event id.
    public struct CommitLimit: Sendable {
        public var bytes: Int
        public var isKnown: @Sendable (EventID) -> Bool

        public init(bytes: Int, isKnown: @escaping @Sendable (EventID) -> Bool) {
            self.bytes = bytes
            self.isKnown = isKnown
        }
    }

    /// Makes options; `libraryMatch` defaults to "no built-in matches".
    public init(
        unit: MassUnit? = nil, zone: ImportTimeZone, recorded: Instant, knownExercises: [Exercise] = [],
        libraryMatch: @escaping @Sendable (String) -> Exercise? = { _ in nil }, commitLimit: CommitLimit? = nil
    ) {
        self.commitLimit = commitLimit
        self.unit = unit
        self.zone = zone
        self.recorded = recorded
        self.knownExercises = knownExercises
        self.libraryMatch = libraryMatch
    }
}
