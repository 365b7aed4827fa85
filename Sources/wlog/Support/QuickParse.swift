import ArgumentParser
import WlogCore

/// `prs`, `history` and `append set` with plain arguments, parsed without ArgumentParser.
///
/// ArgumentParser's parse is a large share of what these short commands cost (figures in
/// docs/PERFORMANCE.md, "Why the code is shaped this way"): every run it reflects each command on
/// the path with `Mirror`, instantiates its generic property wrappers (`Option<Int?>`,
/// `Flag<Bool>`, …) by mangled name, and the runtime checks their conformances by scanning every
/// conformance record of the binary per type; before that it parses the arguments twice more as
/// its own completion-script commands. Here the three hottest commands are filled in directly
/// when every argument is plain: positionals, and long options of the command given once each
/// (`--name value`, `--name=value`, flags), values that neither are empty nor start with `-`, and
/// typed values (numbers, `--type`, `--group`) that convert with ArgumentParser's own conversion
/// (`ExpressibleByArgument.init(argument:)`), and a command whose `validate()` passes. Anything
/// else — help, `--version`, short names, `--`, unknown or repeated options, a missing
/// positional, a value or a combination ArgumentParser refuses — returns nil and ArgumentParser
/// parses as before, with its messages and exit codes. `QuickParseTests` checks the two parses agree.
///
/// Each command made here gets every property set (reading an unset ArgumentParser property traps);
/// an option added to one of these commands must be added here as well (until then it falls back).
enum QuickParse {
    /// The command for `arguments` (global options already taken out), or nil to let ArgumentParser parse.
    static func command(_ arguments: [String]) -> (any ParsableCommand)? {
        guard let first = arguments.first else { return nil }
        switch first {
        case "prs": return prs(arguments.dropFirst())
        case "history": return history(arguments.dropFirst()).flatMap { valid($0, $0.filter) }
        case "append" where arguments.count > 1 && arguments[1] == "set":
            return appendSet(arguments.dropFirst(2)).flatMap { valid($0, $0.fields) }
        default: return nil
        }
    }

    /// `command` when its `validate()` and its option group's pass (as ArgumentParser checks them
    /// after its parse), else nil: ArgumentParser then reports the error.
    private static func valid<C: ParsableCommand, G: ParsableArguments>(_ command: C, _ group: G) -> C? {
        var command = command
        var group = group
        do {
            try group.validate()
            try command.validate()
            return command
        } catch {
            return nil
        }
    }

    /// The long options and flags each command made here takes: `QuickParseTests` checks they are
    /// exactly the command's ArgumentParser options, so one added there and not here fails a test
    /// instead of trapping in `run()`.
    static let prsOptions = ["--reps"]
    static let historyOptions = ["--since", "--until", "--exercise", "--group", "--search", "--limit", "--offset"]
    static let appendSetOptions = ["--weight", "--reps", "--rpe", "--rir", "--effort", "--type", "--at", "--notes",
                                   "--sets", "--workout", "--group", "--id"]
    static let appendSetFlags = ["--not-done", "--create", "--force"]

    /// `prs [EXERCISE] [--reps R]`.
    static func prs(_ arguments: ArraySlice<String>) -> PRs? {
        guard let plain = PlainArguments(arguments, options: prsOptions), plain.positionals.count <= 1 else { return nil }
        var command = PRs()
        command.exercise = plain.positionals.first
        command.reps = plain.value("--reps")
        return command
    }

    /// `history` and its filters.
    static func history(_ arguments: ArraySlice<String>) -> History? {
        guard let plain = PlainArguments(arguments, options: historyOptions), plain.positionals.isEmpty,
              let limit = plain.value("--limit", as: Int.self, default: HistoryFilterOptions.defaultLimit),
              let offset = plain.value("--offset", as: Int.self, default: 0) else { return nil }
        var filter = HistoryFilterOptions()
        filter.since = plain.value("--since")
        filter.until = plain.value("--until")
        filter.exercise = plain.value("--exercise")
        filter.group = plain.value("--group")
        filter.search = plain.value("--search")
        filter.limit = limit
        filter.offset = offset
        var command = History()
        command.filter = filter
        return command
    }

    /// `append set EXERCISE [SPEC…]` and its options.
    static func appendSet(_ arguments: ArraySlice<String>) -> AppendSet? {
        guard let plain = PlainArguments(arguments, options: appendSetOptions, flags: appendSetFlags),
              let exercise = plain.positionals.first,
              let reps = plain.value("--reps", as: Int.self), let effort = plain.value("--effort", as: Int.self),
              let sets = plain.value("--sets", as: Int.self),
              let rpe = plain.value("--rpe", as: Double.self), let rir = plain.value("--rir", as: Double.self),
              let type = plain.value("--type", as: SetType.self),
              let group = plain.value("--group", as: MuscleGroup.self) else { return nil }
        var fields = SetFieldOptions()
        fields.weight = plain.value("--weight")
        fields.reps = reps
        fields.rpe = rpe
        fields.rir = rir
        fields.effort = effort
        fields.type = type
        fields.at = plain.value("--at")
        fields.notes = plain.value("--notes")
        var guards = AppendGuards()
        guards.retry = RetryID()
        guards.retry.value = plain.value("--id")
        guards.force = plain.flag("--force")
        var command = AppendSet()
        command.exercise = exercise
        command.spec = Array(plain.positionals.dropFirst())
        command.fields = fields
        command.sets = sets
        command.workout = plain.value("--workout")
        command.notDone = plain.flag("--not-done")
        command.create = plain.flag("--create")
        command.group = group
        command.guards = guards
        return command
    }
}

/// A command's arguments split into positionals and long options, when every one is plain (see `QuickParse`).
struct PlainArguments {
    private(set) var positionals: [String] = []
    private var given: [(name: String, value: String?)] = []

    /// Splits `arguments`, knowing the long options that take a value and the flags; nil when one is not plain.
    init?(_ arguments: ArraySlice<String>, options: [String], flags: [String] = []) {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            if argument.isEmpty || argument == "help" { return nil }
            guard argument.hasPrefix("-") else {
                positionals.append(argument)
                continue
            }
            guard argument.hasPrefix("--") else { return nil }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            if options.contains(name) {
                if value == nil, index < arguments.endIndex {
                    value = arguments[index]
                    index += 1
                }
                guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
            } else if !flags.contains(name) || value != nil {
                return nil
            }
            guard !given.contains(where: { $0.name == name }) else { return nil }
            given.append((name, value))
        }
    }

    /// The value given to option `name`, if any.
    func value(_ name: String) -> String? { given.first { $0.name == name }?.value }

    /// Whether flag `name` was given.
    func flag(_ name: String) -> Bool { given.contains { $0.name == name } }

    /// A typed value, converted as ArgumentParser converts it: the default when absent, nil when it does not convert.
    func value<T: ExpressibleByArgument>(_ name: String, as type: T.Type, default fallback: T) -> T? {
        guard let text = value(name) else { return fallback }
        return T(argument: text)
    }

    /// An optional typed value: `.some(nil)` when absent, nil when it does not convert.
    func value<T: ExpressibleByArgument>(_ name: String, as type: T.Type) -> T?? {
        guard let text = value(name) else { return .some(nil) }
        return T(argument: text).map { $0 }
    }
}
