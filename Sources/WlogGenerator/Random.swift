import WlogCore

/// A small, fast, seedable generator (xoshiro256**, seeded through SplitMix64): the same seed
/// gives the same history on every machine and every Swift version (and the same random
/// commands to the tests that draw them, e.g. `SyncConvergenceTests`).
package struct Xoshiro: RandomNumberGenerator {
    private var s0: UInt64, s1: UInt64, s2: UInt64, s3: UInt64

    package init(seed: UInt64) {
        var x = seed
        func splitMix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s0 = splitMix(); s1 = splitMix(); s2 = splitMix(); s3 = splitMix()
    }

    package mutating func next() -> UInt64 {
        let result = ((s1 &* 5) << 7 | (s1 &* 5) >> 57) &* 9
        let t = s1 << 17
        s2 ^= s0; s3 ^= s1; s1 ^= s2; s0 ^= s3
        s2 ^= t
        s3 = s3 << 45 | s3 >> 19
        return result
    }

    /// A uniform double in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A uniform integer in `range` (deterministic: no `Int.random`, whose algorithm may change).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// An approximately normal value (sum of uniforms).
    mutating func normal(mean: Double = 0, sd: Double = 1) -> Double {
        var sum = 0.0
        for _ in 0..<6 { sum += unit() }
        return mean + (sum - 3) * sd * 1.414
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}

/// How event ids are made.
public enum IDScheme: String, Sendable {
    /// What `wlog` writes (the default): `DecideContext.JournalIDs` of the journal id on the device
    /// `IDMaker.device`, counting with the sequence (every generated event lands at the next one).
    case wlog
    /// 128 random bits per id, what `wlog` wrote before `JournalIDs` (and what `--id` and imports
    /// look like: hashes).
    case random
    /// A random 64-bit prefix per writer (device) and a 64-bit counter in the low half.
    case sequential
}

/// Makes event ids in one of the schemes, deterministically from a seed.
public struct IDMaker {
    /// The device name the `wlog` scheme keys its ids with.
    static let device = "wlog-generate"
    /// The journal id keying `wlog` ids when the events go to no journal (`measure-replay`).
    public static let noJournal = String(repeating: "0", count: 32)

    /// The journal id `wlog-generate --seed seed` gives its journal, which keys the `.wlog` ids.
    public static func journalID(seed: UInt64) -> String {
        var source = Xoshiro(seed: seed ^ 0x4A4F_5552_4E41_4C00)
        return EventID(high: source.next(), low: source.next()).hex
    }

    let scheme: IDScheme
    var rng: Xoshiro
    let prefix: UInt64
    var counter: UInt64 = 0
    var journalIDs: DecideContext.JournalIDs

    init(scheme: IDScheme, seed: UInt64, journalID: String) {
        self.scheme = scheme
        rng = Xoshiro(seed: seed ^ 0x1D5E_ED00_0000_0001)
        prefix = rng.next()
        journalIDs = DecideContext.JournalIDs(journalID: journalID, device: Self.device, after: 0)
    }

    mutating func next() -> EventID {
        switch scheme {
        case .wlog: return journalIDs.next()
        case .random: return EventID(high: rng.next(), low: rng.next())
        case .sequential:
            counter += 1
            return EventID(high: prefix, low: counter)
        }
    }
}
