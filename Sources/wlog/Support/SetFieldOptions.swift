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

    @Option(help: "Set type: working, warmup, drop, failure, amrap.")
    var type: String?

    @Option(help: "When it was performed (ISO 8601, a date, or HH:MM today); default now.")
    var at: String?

    @Option(help: "Notes.")
    var notes: String?

    func mass(defaultUnit: MassUnit) throws -> Mass? {
        try weight.map { try MassText.parse($0, defaultUnit: defaultUnit, option: "--weight") }
    }

    func setType() throws -> SetType? {
        guard let type else { return nil }
        guard let parsed = SetType(parsing: type) else {
            throw WlogError.usage("--type '\(type)' is not a set type; use working, warmup, drop, failure or amrap")
        }
        return parsed
    }

    func rpeValue() throws -> Double? {
        if let rpe, rir != nil { throw WlogError.usage("give --rpe \(rpe) or --rir, not both") }
        return rpe ?? rir.map { 10 - $0 }
    }

    /// The `LogSets` command for an exercise, a parsed SPEC and these options (options win).
    func logSets(exercise: String, spec: SetSpec, loaded: JournalSession.Loaded, now: Instant) throws -> LogSets {
        var command = LogSets(exercise: exercise)
        command.weight = try mass(defaultUnit: loaded.unit) ?? spec.weight
        command.reps = reps ?? spec.reps
        command.count = spec.sets
        command.distance = spec.distance
        command.durationMilliseconds = spec.durationMilliseconds
        command.rpe = try rpeValue() ?? spec.rpe?.value
        command.effort = effort
        command.setType = try setType() ?? .working
        command.notes = notes
        if let at { command.at = try AtText.parse(at, zone: loaded.zone, now: now) }
        // A body-weight exercise logged with reps alone is body weight plus nothing.
        if command.weight == nil, command.reps != nil,
           let kind = loaded.state.exercises(named: exercise).first?.kind, kind == .bodyweight {
            command.weight = .zero(loaded.unit)
        }
        return command
    }
}
