import WlogCore

/// The POSIX `TZ` rule at the end of a TZif file (RFC 8536 §3.3), e.g.
/// `CET-1CEST,M3.5.0,M10.5.0/3`: the zone's offsets after its last listed transition.
///
/// Offsets are kept as seconds east of UTC (the POSIX text counts west). Without a daylight
/// part the standard offset holds all year.
struct POSIXZoneRule: Sendable, Hashable {
    /// Seconds east of UTC in standard time.
    var standardOffset: Int
    /// Daylight time: its offset and when it starts and ends; `nil` when the zone has none.
    var daylight: Daylight?

    /// Daylight saving time of a rule.
    struct Daylight: Sendable, Hashable {
        /// Seconds east of UTC while daylight time is in force.
        var offset: Int
        /// When it starts, in standard local time.
        var start: Change
        /// When it ends, in daylight local time.
        var end: Change
    }

    /// A yearly change: a day of the year and the local time of day it happens at.
    struct Change: Sendable, Hashable {
        /// How the day is given.
        enum Day: Sendable, Hashable {
            /// `Jn`: day 1…365, February 29 never counted.
            case julian(Int)
            /// `n`: day 0…365 counting from January 1, February 29 included.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1…5, 5 = the last) of month `m`.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        var day: Day
        /// Seconds after local midnight of that day (may be negative or beyond a day).
        var time: Int

        /// Days since 1970 of the change's day in `year`.
        func daysSince1970(in year: Int) -> Int {
            let january1 = LocalDay.daysFromCivil(year: year, month: 1, day: 1)
            let leap = LocalDay.daysIn(month: 2, year: year) == 29
            switch day {
            case let .julian(n): return january1 + n - 1 + (leap && n >= 60 ? 1 : 0)
            case let .zeroBased(n): return january1 + n
            case let .monthWeekDay(month, week, weekday):
                let first = LocalDay.daysFromCivil(year: year, month: month, day: 1)
                // 1970-01-01 was a Thursday (weekday 4).
                let firstWeekday = ((first + 4) % 7 + 7) % 7
                var dayOfMonth = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                let length = LocalDay.daysIn(month: month, year: year)
                while dayOfMonth > length { dayOfMonth -= 7 }
                return first + dayOfMonth - 1
            }
        }
    }

    /// The offset in seconds east of UTC at `seconds` since 1970 (UTC).
    func offset(atSecondsSince1970 seconds: Int64) -> Int {
        guard let daylight else { return standardOffset }
        let local = seconds + Int64(standardOffset)
        let localDays = local / 86_400 - (local % 86_400 < 0 ? 1 : 0)
        let year = LocalDay.civil(fromDays: Int(localDays)).year
        let start = Int64(daylight.start.daysSince1970(in: year)) * 86_400 + Int64(daylight.start.time - standardOffset)
        let end = Int64(daylight.end.daysSince1970(in: year)) * 86_400 + Int64(daylight.end.time - daylight.offset)
        let inDaylight = start < end ? (start <= seconds && seconds < end) : !(end <= seconds && seconds < start)
        return inDaylight ? daylight.offset : standardOffset
    }
}

