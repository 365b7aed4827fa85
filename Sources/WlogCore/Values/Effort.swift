/// Rate of perceived exertion on the RTS scale: 1 to 10 in steps of 0.5.
///
/// Stored as half points (`RPE 8.5` = 17). `RIR n` is accepted as `RPE 10 − n`.
public struct RPE: Sendable, Hashable, Comparable, Codable {
    /// Twice the RPE value, 2…20.
    public let halfPoints: UInt8

    /// The allowed range, for error messages.
    public static let allowedText = "1 to 10 in steps of 0.5 (e.g. 8 or 8.5)"

    /// Makes an RPE from a value in 1…10 that is a multiple of 0.5.
    public init?(_ value: Double) {
        let doubled = value * 2
        guard doubled.rounded() == doubled, (2...20).contains(doubled) else { return nil }
        halfPoints = UInt8(doubled)
    }

    /// Makes an RPE from half points 2…20.
    public init?(halfPoints: Int) {
        guard (2...20).contains(halfPoints) else { return nil }
        self.halfPoints = UInt8(halfPoints)
    }

    /// Makes an RPE from reps in reserve: `RIR 2` is `RPE 8`.
    public init?(repsInReserve rir: Double) { self.init(10 - rir) }

    /// The RPE as a number: 8, 8.5 …
    public var value: Double { Double(halfPoints) / 2 }

    /// Reps in reserve: 10 − RPE.
    public var repsInReserve: Double { 10 - value }

    /// `8` or `8.5`.
    public var text: String { halfPoints % 2 == 0 ? String(halfPoints / 2) : String(halfPoints / 2) + ".5" }

    public static func < (lhs: RPE, rhs: RPE) -> Bool { lhs.halfPoints < rhs.halfPoints }
}

/// A whole-number rating from 1 to 5: per-set effort, mobility, soreness, sleep, energy.
public struct Rating: Sendable, Hashable, Comparable, Codable {
    /// The rating, 1…5.
    public let value: UInt8

    /// The allowed range, for error messages.
    public static let allowedText = "a whole number from 1 to 5"

    /// Makes a rating; `nil` outside 1…5.
    public init?(_ value: Int) {
        guard (1...5).contains(value) else { return nil }
        self.value = UInt8(value)
    }

    /// The lowest rating, 1 (also what a described payload's required rating holds until read).
    public static let lowest = Rating(checked: 1)

    private init(checked value: UInt8) {
        assert((1...5).contains(value))
        self.value = value
    }

    public static func < (lhs: Rating, rhs: Rating) -> Bool { lhs.value < rhs.value }
}

/// What a set was: a working set (default), a warm-up, a drop set, a set to failure, or AMRAP.
public enum SetType: String, Sendable, Hashable, CaseIterable, Codable {
    case working, warmup, drop, failure, amrap

    /// Parses the type names and common aliases (`w`, `warm-up`, `d`, `dropset`, `f`, `normal`).
    public init?(parsing text: some StringProtocol) {
        switch text.lowercased() {
        case "working", "work", "normal", "n": self = .working
        case "warmup", "warm-up", "warm_up", "w": self = .warmup
        case "drop", "dropset", "drop-set", "d": self = .drop
        case "failure", "f": self = .failure
        case "amrap": self = .amrap
        default: return nil
        }
    }
}
