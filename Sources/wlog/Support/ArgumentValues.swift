import ArgumentParser
import WlogCore
import WlogInterop

// The domain's fixed sets as option values (issue 19: typed options). ArgumentParser lists each
// type's `allValueStrings` (its raw values) in the help and the shell completions, and refuses any
// other value before `run()` with `InvalidValue`'s message and exit 64. Every value is read in any
// case; the types with a `parsing` initialiser also take its aliases (`warm-up`, `lbs`, `abs` …).
// The conformances live here, not in WlogCore: the command line is this module's concern.

extension SetType: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension MassUnit: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension E1RMFormula: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension MuscleGroup: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

/// A fixed set whose values are its raw values, read in any case.
protocol LowercasedArgument: ExpressibleByArgument, RawRepresentable<String> {}

extension LowercasedArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

extension VolumePeriod: LowercasedArgument {}
extension ExerciseKind: LowercasedArgument {}
extension Equipment: LowercasedArgument {}
extension MovementPattern: LowercasedArgument {}
extension EquipmentType: LowercasedArgument {}
extension EquipmentLocation: LowercasedArgument {}
extension TrainingGoal: LowercasedArgument {}
extension PowerliftingScore.Equipment: LowercasedArgument {}
extension Experience: LowercasedArgument {}
extension Sex: LowercasedArgument {}
extension ImportFormat: LowercasedArgument {}
