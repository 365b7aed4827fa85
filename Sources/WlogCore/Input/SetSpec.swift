/// What a lifter typed after the exercise name: `100x5`, `225lbx5x3`, `BW+10kgx8 @8`, `5km 25:00`, `60s`.
///
/// The grammar (tokens separated by spaces, case-insensitive):
/// - `WEIGHT[UNIT]xREPS[xSETS]` — `100x5`, `102.5kgx5`, `225lbx5x3`; a weight without unit is in
///   the default unit given to the parser.
/// - `BW`, `BWxREPS`, `BW+MASSxREPS[xSETS]` — body weight with optional added load.
/// - `xREPS[xSETS]` — reps alone (body-weight exercises).
/// - `@RPE` — `@8`, `@8.5`.
/// - `DISTANCE` with a unit — `5km`, `3.1mi`, `400m` (cardio).
/// - `DURATION` — `25:00`, `1:02:03`, `60s`, `45min` (cardio with a distance, or a timed set).
public struct SetSpec: Sendable, Hashable {
    /// Weight (or added load after `BW+`).
    public var weight: Mass?
    /// Whether the spec said `BW`.
    public var isBodyweight: Bool = false
    public var reps: Int?
    /// How many identical sets (`x3` at the end): 1 by default.
    public var sets: Int = 1
    public var rpe: RPE?
    public var distance: Distance?
    public var durationMilliseconds: Int64?

    /// An empty spec (everything from options).
    public init() {}

    /// Parses the tokens; weights without a unit are in `defaultUnit`.
    public init(tokens: [String], defaultUnit: MassUnit) throws(SetSpecError) {
        for raw in tokens {
            for token in raw.split(separator: " ") where !token.isEmpty {
                try parse(token: String(token), defaultUnit: defaultUnit)
            }
        }
    }

    private mutating func parse(token: String, defaultUnit: MassUnit) throws(SetSpecError) {
        let lower = token.lowercased()
        if lower.hasPrefix("@") {
            guard rpe == nil else { throw SetSpecError(token: token, reason: "RPE given twice") }
            guard let value = Double(lower.dropFirst()), let parsed = RPE(value) else {
                throw SetSpecError(token: token, reason: "RPE must be \(RPE.allowedText), as in @8")
            }
            rpe = parsed
            return
        }
        if lower.hasPrefix("bw") {
            guard weight == nil, !isBodyweight else { throw SetSpecError(token: token, reason: "weight given twice") }
            isBodyweight = true
            var rest = Substring(lower.dropFirst(2))
            if rest.hasPrefix("+") {
                rest = rest.dropFirst()
                let parts = rest.split(separator: "x", omittingEmptySubsequences: false)
                guard let first = parts.first, let added = SetSpec.mass(first, defaultUnit: defaultUnit) else {
                    throw SetSpecError(token: token, reason: "expected BW+MASSxREPS, as in BW+10kgx8")
                }
                weight = added
                try takeRepsAndSets(Array(parts.dropFirst()), token: token)
            } else if rest.isEmpty {
                weight = .zero(defaultUnit)
            } else if rest.hasPrefix("x") {
                weight = .zero(defaultUnit)
                try takeRepsAndSets(Array(rest.dropFirst().split(separator: "x", omittingEmptySubsequences: false)), token: token)
            } else {
                throw SetSpecError(token: token, reason: "expected BW, BWxREPS or BW+MASSxREPS")
            }
            return
        }
        if lower.hasPrefix("x") {
            try takeRepsAndSets(Array(lower.dropFirst().split(separator: "x", omittingEmptySubsequences: false)), token: token)
            return
        }
        if lower.hasPrefix("+") || lower.hasPrefix("-") {
            throw SetSpecError(token: token, reason: "a weight has no sign: write the load (102.5x5), or BW+2.5x5 for a body-weight exercise's added load")
        }
        if lower.contains("x") {
            let parts = lower.split(separator: "x", omittingEmptySubsequences: false)
            guard weight == nil, !isBodyweight else { throw SetSpecError(token: token, reason: "weight given twice") }
            guard let mass = SetSpec.mass(parts[0], defaultUnit: defaultUnit) else {
                throw SetSpecError(token: token, reason: "expected WEIGHT[kg|lb]xREPS[xSETS], as in 100x5 or 225lbx5x3")
            }
            weight = mass
            try takeRepsAndSets(Array(parts.dropFirst()), token: token)
            return
        }
        if let distance = SetSpec.distance(lower) {
            guard self.distance == nil else { throw SetSpecError(token: token, reason: "distance given twice") }
            self.distance = distance
            return
        }
        if let ms = DurationText.parse(lower), lower.contains(":") || lower.last.map({ !$0.isNumber }) == true {
            guard durationMilliseconds == nil else { throw SetSpecError(token: token, reason: "duration given twice") }
            durationMilliseconds = ms
            return
        }
        throw SetSpecError(
            token: token,
            reason: "not a set: use WEIGHTxREPS (100x5), BW+MASSxREPS, @RPE, a distance (5km) or a duration (25:00, 60s)")
    }

    private mutating func takeRepsAndSets(_ parts: [Substring], token: String) throws(SetSpecError) {
        guard (1...2).contains(parts.count) else {
            throw SetSpecError(token: token, reason: "expected REPS or REPSxSETS after the weight, as in 100x5 or 100x5x3")
        }
        guard reps == nil else { throw SetSpecError(token: token, reason: "reps given twice") }
        guard let r = Int(parts[0]), r >= 0 else {
            throw SetSpecError(token: token, reason: "reps must be a whole number, as in 100x5")
        }
        reps = r
        if parts.count == 2 {
            guard let s = Int(parts[1]), LogSets.counts.contains(s) else {
                throw SetSpecError(token: token, reason: "sets must be a whole number from 1 to 100, as in 100x5x3")
            }
            sets = s
        }
    }

    /// `100`, `102.5kg`, `225lb`, `225lbs`.
    static func mass(_ text: Substring, defaultUnit: MassUnit) -> Mass? { Mass(parsing: text, defaultUnit: defaultUnit) }

    /// `5km`, `3.1mi`, `400m`, `500yd`, `100ft`.
    static func distance(_ text: String) -> Distance? {
        for unit in [DistanceUnit.km, .mi, .yd, .ft, .m] where text.hasSuffix(unit.rawValue) {
            let number = text.dropLast(unit.rawValue.count)
            guard let value = FixedPoint.parse(number), value >= 0, !number.isEmpty else { return nil }
            return Distance(tenThousandths: value, unit: unit)
        }
        return nil
    }
}

/// A SPEC token wlog could not read, with the reason and an example of what works.
public struct SetSpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token as typed.
    public var token: String
    /// What is wrong and what would work.
    public var reason: String

    public var description: String { "set SPEC '\(token)': \(reason)" }
}
