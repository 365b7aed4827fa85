import Testing
import WlogCore
import WlogStore
@testable import WlogServer

/// The minute a lifter's kept answers belong to (`RouteSupport.cacheMinute`): windows of exactly
/// 60 seconds, so an answer is never more than a minute old, each lifter's starting at its own
/// second, so that a thousand lifters' answers do not all expire in the same instant.
@Suite struct CacheMinuteTests {
    /// The bench's lifters (`scripts/perf/server-bench.sh`): ids that differ in their last digits.
    static let lifters = (1...1000).map { LifterID(String(format: "00000000-0000-4000-8000-%012d", $0))! }

    @Test func everyWindowIsSixtySeconds() {
        let start: Int64 = 1_795_000_000_000
        func minute(_ lifter: LifterID, _ offset: Int64) -> Int64 {
            RouteSupport.cacheMinute(lifter, at: Instant(millisecondsSince1970: start + offset))
        }
        for lifter in Self.lifters.prefix(50) {
            let first = minute(lifter, 0)
            // The first millisecond of the next window, within a minute of the start.
            var low: Int64 = 0, high: Int64 = 60_000
            #expect(minute(lifter, high) == first + 1)
            while high - low > 1 {
                let middle = (low + high) / 2
                if minute(lifter, middle) == first { low = middle } else { high = middle }
            }
            let turn = high
            for step in stride(from: Int64(0), through: 180_000, by: 997) {
                let expected = step < turn ? first : first + 1 + (step - turn) / 60_000
                #expect(minute(lifter, step) == expected, "lifter \(lifter.uuid), \(step) ms after the start")
            }
        }
    }

    /// Over one minute, the 1,000 lifters' windows turn in many different seconds: at most 5 %
    /// of them in any one second (a single window for all turned 100 % in one).
    @Test func aThousandLiftersTurnAtManyMoments() {
        var turnsInSecond = [Int](repeating: 0, count: 60)
        let start: Int64 = 1_795_000_020_000
        for lifter in Self.lifters {
            for second in 0..<60 {
                let before = RouteSupport.cacheMinute(lifter, at: Instant(millisecondsSince1970: start + Int64(second) * 1000))
                let after = RouteSupport.cacheMinute(lifter, at: Instant(millisecondsSince1970: start + Int64(second + 1) * 1000))
                if after != before { turnsInSecond[second] += 1 }
            }
        }
        #expect(turnsInSecond.reduce(0, +) == 1000)
        #expect(turnsInSecond.max() ?? 0 <= 50, "\(turnsInSecond)")
    }
}
