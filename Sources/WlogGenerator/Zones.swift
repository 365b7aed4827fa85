import WlogCore

/// UTC offsets of the two places the lifer trains (the rules since 2007; enough for test data).
enum Place {
    case berlin, newYork

    var name: String { self == .berlin ? "Europe/Berlin" : "America/New_York" }

    /// The UTC offset in minutes at `instant`.
    func offset(at instant: Instant) -> Int {
        let year = instant.localDay(offsetMinutes: 0).components.year
        switch self {
        case .berlin:
            let start = Place.sunday(last: true, year: year, month: 3).midnight(offsetMinutes: 0).adding(milliseconds: 3_600_000)
            let end = Place.sunday(last: true, year: year, month: 10).midnight(offsetMinutes: 0).adding(milliseconds: 3_600_000)
            return instant >= start && instant < end ? 120 : 60
        case .newYork:
            let start = Place.sunday(last: false, year: year, month: 3, nth: 2).midnight(offsetMinutes: 0).adding(milliseconds: 7 * 3_600_000)
            let end = Place.sunday(last: false, year: year, month: 11, nth: 1).midnight(offsetMinutes: 0).adding(milliseconds: 6 * 3_600_000)
            return instant >= start && instant < end ? -240 : -300
        }
    }

    /// The last, or the `nth`, Sunday of a month.
    static func sunday(last: Bool, year: Int, month: Int, nth: Int = 1) -> LocalDay {
        if last {
            var day = LocalDay(year: year, month: month, day: LocalDay.daysIn(month: month, year: year))!
            while day.isoWeekday != 7 { day = day.advanced(by: -1) }
            return day
        }
        var day = LocalDay(year: year, month: month, day: 1)!
        while day.isoWeekday != 7 { day = day.advanced(by: 1) }
        return day.advanced(by: 7 * (nth - 1))
    }

    /// The instant of a local wall time on `day`.
    func instant(_ day: LocalDay, minutes: Int) -> ZonedInstant {
        let guess = day.midnight(offsetMinutes: 0).adding(milliseconds: Int64(minutes) * 60_000)
        let offset = self.offset(at: guess.adding(milliseconds: -Int64(self == .berlin ? 60 : -300) * 60_000))
        return ZonedInstant(guess.adding(milliseconds: -Int64(offset) * 60_000), offsetMinutes: offset)
    }
}
