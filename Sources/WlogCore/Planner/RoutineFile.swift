/// The JSON routine file of `wlog append routine --file F` (documented in docs/PLANNER.md).
///
/// ```json
/// { "name": "PPL", "weeks": 4, "deload_weeks": [4],
///   "days": [ { "day": 1, "title": "Push A", "exercises": [
///     { "exercise": "bench press", "sets": 3, "reps": "6-8", "rpe": 8, "rest": "2:00" } ] } ] }
/// ```
/// `reps` is a range `"6-8"` or a number; `rest` is seconds or a duration (`"90s"`, `"2:00"`);
/// `day` defaults to the position (1, 2, 3 …); exercise names are resolved by `decide`.
public struct RoutineFile: Sendable, Hashable, Decodable {
    public var id: String?
    public var name: String
    public var weeks: Int?
    public var deloadWeeks: [Int]?
    public var days: [Day]

    /// A day of the file.
    public struct Day: Sendable, Hashable, Decodable {
        public var day: Int?
        public var title: String?
        public var exercises: [Planned]
    }

    /// A planned exercise of the file.
    public struct Planned: Sendable, Hashable, Decodable {
        public var exercise: String
        public var sets: Int
        public var reps: NumberOrText
        public var rpe: Double?
        public var rest: NumberOrText?
    }

    /// A JSON number or string.
    public enum NumberOrText: Sendable, Hashable, Decodable {
        case number(Double)
        case text(String)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let n = try? container.decode(Double.self) { self = .number(n) } else { self = .text(try container.decode(String.self)) }
        }

        var text: String {
            switch self {
            case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
            case .text(let s): return s
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, weeks, deloadWeeks = "deload_weeks", days
    }

    /// The routine it describes, or a refusal naming the field (`days[1].exercises[0].reps`).
    public func routine() throws(Refusal) -> Routine {
        if let weeks, weeks < 1 { throw Refusal(field: "weeks", value: String(weeks), allowed: "1 or more weeks, or leave it out") }
        for week in deloadWeeks ?? [] where week < 1 || (weeks.map { week > $0 } ?? false) {
            throw Refusal(field: "deload_weeks", value: String(week),
                          allowed: "weeks from 1" + (weeks.map { " to \($0)" } ?? ""))
        }
        guard !days.isEmpty else { throw Refusal(field: "days", value: "[]", allowed: "at least one day") }
        var out: [RoutineDay] = []
        for (d, day) in days.enumerated() {
            let index = day.day ?? d + 1
            var planned: [PlannedExercise] = []
            for (e, item) in day.exercises.enumerated() {
                let field = "days[\(d)].exercises[\(e)]"
                guard let (low, high) = Self.repRange(item.reps.text) else {
                    throw Refusal(field: field + ".reps", value: "\"" + item.reps.text + "\"", allowed: "a number or a range like \"6-8\"")
                }
                var rpe: RPE?
                if let value = item.rpe {
                    guard let parsed = RPE(value) else {
                        throw Refusal(field: field + ".rpe", value: NumberOrText.number(value).text, allowed: RPE.allowedText)
                    }
                    rpe = parsed
                }
                var rest: Int?
                if let text = item.rest?.text {
                    var seconds = DurationText.parse(text).map { $0 / 1000 }
                    if case .number(let n)? = item.rest { seconds = n >= 0 && n == n.rounded() && n <= 3600 ? Int64(n) : nil }
                    guard let seconds, (0...3600).contains(seconds) else {
                        throw Refusal(field: field + ".rest", value: "\"" + text + "\"", allowed: "seconds from 0 to 3600, e.g. 90 or \"2:00\"")
                    }
                    rest = Int(seconds)
                }
                planned.append(PlannedExercise(exercise: item.exercise, sets: item.sets, repsLow: low, repsHigh: high, rpe: rpe,
                                               restSeconds: rest))
            }
            out.append(RoutineDay(index: index, title: day.title ?? "Day \(index)", exercises: planned))
        }
        return Routine(id: id ?? "", name: name, weeks: weeks, deloadWeeks: (deloadWeeks ?? []).sorted(), days: out)
    }

    /// `8` → (8, 8); `6-8` or `6–8` → (6, 8).
    static func repRange(_ text: String) -> (Int, Int)? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "–" }).map { $0.trimmingASCIISpaces() }
        switch parts.count {
        case 1: return Int(parts[0]).map { ($0, $0) }
        case 2: if let a = Int(parts[0]), let b = Int(parts[1]) { return (a, b) } else { return nil }
        default: return nil
        }
    }
}
