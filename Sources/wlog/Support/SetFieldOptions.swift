import ArgumentParser
import WlogCore

/// The set fields that `append set` and `append edit` share.
struct SetFieldOptions: ParsableArguments {
    @Option(help: "Weight (added load for body-weight exercises), e.g. 100, 102.5kg, 225lb.")
    var weight: String?

    @Option(help: "Reps.")
    var reps: Int?

    @Option(help: "RPE, 1 to 10 in steps of 0.5.")
    var rpe: Double?

    @Option(help: "Reps in reserve (RPE = 10 − RIR).")
    var rir: Double?

    @Option(help: "Effort, 1 to 5.")
    var effort: Int?

    @Option(help: "Set type (default working).")
    var type: SetType?

    @Option(help: "When it was performed (ISO 8601, a date, or HH:MM today); default now.")
    var at: String?

    @Option(help: "Notes.")
    var notes: String?

    func mass(defaultUnit: MassUnit) throws -> Mass? {
        try weight.map { try MassText.parse($0, defaultUnit: defaultUnit, option: "--weight") }
    }

    /// `--rpe` and `--rir` say the same thing twice: one of them.
    func validate() throws {
        if let rpe, rir != nil { throw ValidationError("give --rpe \(rpe) or --rir, not both") }
    }

    /// The RPE given, directly or as `10 − RIR`.
    var rpeValue: Double? { rpe ?? rir.map { 10 - $0 } }

    /// The `LogSets` command for an exercise, a parsed SPEC and these options (options win).
    func logSets(exercise: String, spec: SetSpec, loaded: JournalSession.Loaded) throws -> LogSets {
        var command = LogSets(exercise: exercise)
        command.weight = try mass(defaultUnit: loaded.unit) ?? spec.weight
        command.reps = reps ?? spec.reps
        command.count = spec.sets
        command.distance = spec.distance
        command.durationMilliseconds = spec.durationMilliseconds
        command.rpe = rpeValue ?? spec.rpe?.value
        command.effort = effort
        command.setType = type ?? .working
        command.notes = notes
        command.at = try loaded.at(at)
        // A body-weight exercise logged with reps alone is body weight plus nothing.
        if command.weight == nil, command.reps != nil,
           let kind = loaded.state.exercises(named: exercise).first?.kind, kind == .bodyweight {
            command.weight = .zero(loaded.unit)
        }
        return command
    }
}
