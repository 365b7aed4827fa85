import ArgumentParser
import WlogCore

/// `--id` and `--force`, the options of an append that logs a measured value (a set, its edit, a
/// body weight, the goal): a retried append lands once, and an implausible value is refused
/// unless forced.
struct AppendGuards: ParsableArguments {
    @OptionGroup var retry: RetryID

    @Flag(help: "Log an implausible value as it is (a set over 1000 kg or 1000 reps, a body weight outside 20–400 kg).")
    var force = false
}

extension JournalSession {
    /// `append(fixedIDs:force:_:)` with the guards' `--id` and `--force`.
    func append(_ guards: AppendGuards, _ makeCommand: (_ loaded: Loaded) throws -> Command) throws -> AppendOutcome {
        try append(fixedIDs: try guards.retry.fixedIDs(), force: guards.force, makeCommand)
    }
}
