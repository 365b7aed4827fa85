/// Personal records with the journal's settings.
extension WlogState {
    /// The records of `exercise` over `sets` with the settings' rep targets (unless `repTargets`
    /// is given), e1RM formula and maximum reps: what every screen showing PRs uses.
    public func personalRecords(of exercise: Exercise, sets: some Collection<LoggedSet>, repTargets: [Int]? = nil) -> PersonalRecords {
        PersonalRecords(
            exercise: exercise, sets: sets, repTargets: repTargets ?? settings.prReps,
            formula: E1RMFormula(parsing: settings.e1rmFormula) ?? .epley, maxReps: settings.e1rmMaxReps)
    }

    /// The live sets grouped by exercise, each in history order, all made up front (for reading
    /// every exercise's sets).
    public func liveSetsByExercise() -> LiveSetsByExercise { LiveSetsByExercise(lazyLiveSets, madeUpFront: true) }

    /// The records of the exercise with id `exercise` over all its live sets; `nil` when unknown.
    public func personalRecords(ofExercise id: String) -> PersonalRecords? {
        exercise(id).map { personalRecords(of: $0, sets: lazyLiveSets.madeSets(ofExercise: id)) }
    }
}
