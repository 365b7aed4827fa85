import Testing
@testable import WlogCore

@Suite("Values")
struct ValuesTests {
    @Test func fixedPointParsesAndFormats() {
        #expect(FixedPoint.parse("102.5") == 1_025_000)
        #expect(FixedPoint.parse("0,45") == 4_500)
        #expect(FixedPoint.parse("-3") == -30_000)
        #expect(FixedPoint.parse("1.23456") == nil)
        #expect(FixedPoint.parse("1.23450") == 12_345)
        #expect(FixedPoint.parse("1e2") == nil)
        #expect(FixedPoint.parse("") == nil)
        #expect(FixedPoint.format(1_025_000) == "102.5")
        #expect(FixedPoint.format(2_250_000) == "225")
        #expect(FixedPoint.format(1_234_567) == "123.46")
        #expect(FixedPoint.format(-5) == "0")
    }

    @Test func poundsConvertExactly() {
        // 225 lb × 0.45359237 = 102.05828325 kg → 102.0583 kg at 1e-4.
        let lb = Mass(tenThousandths: 2_250_000, unit: .lb)
        #expect(lb.kilogramTenThousandths == 1_020_583)
        #expect(lb.formatted(in: .kg) == "102.06 kg")
        #expect(Mass(tenThousandths: 1_000_000, unit: .kg).converted(to: .lb).tenThousandths == 2_204_623)
        #expect(lb > Mass(tenThousandths: 1_020_000, unit: .kg))
    }

    @Test func massDisplayTrimsZeros() {
        #expect(Mass(tenThousandths: 1_025_000, unit: .kg).formatted() == "102.5 kg")
        #expect(Mass(tenThousandths: 2_250_000, unit: .lb).formatted() == "225 lb")
    }

    @Test func rpeHalfSteps() {
        #expect(RPE(8.5)?.halfPoints == 17)
        #expect(RPE(8.3) == nil)
        #expect(RPE(0.5) == nil)
        #expect(RPE(repsInReserve: 2) == RPE(8))
        #expect(RPE(9.5)?.text == "9.5")
    }

    @Test func localDaysAndISOWeeks() throws {
        let day = try #require(LocalDay(year: 2026, month: 11, day: 22))
        #expect(day.iso == "2026-11-22")
        #expect(day.isoWeekday == 7)  // a Sunday
        #expect(day.isoWeekText == "2026-W47")
        // 2021-01-03 belongs to ISO week 53 of 2020.
        #expect(LocalDay(year: 2021, month: 1, day: 3)?.isoWeekText == "2020-W53")
        #expect(LocalDay(iso: "2024-02-29")?.iso == "2024-02-29")
        #expect(LocalDay(iso: "2023-02-29") == nil)
    }

    @Test func instantsRoundTripISO8601() throws {
        let instant = try #require(Instant(iso8601: "2026-11-20T18:05:00.250+01:00"))
        #expect(instant.iso8601 == "2026-11-20T17:05:00.250Z")
        #expect(instant.localDay(offsetMinutes: 420).iso == "2026-11-21")
        #expect(ZonedInstant(instant, offsetMinutes: 60).iso8601WithOffset == "2026-11-20T18:05:00.250+01:00")
        #expect(Instant(iso8601: "2026-11-20T18:05") == nil)  // no zone
        // More than three fraction digits are cut to milliseconds (this used to trap).
        #expect(Instant(iso8601: "2026-11-20T17:05:00.123456Z")?.iso8601 == "2026-11-20T17:05:00.123Z")
        #expect(Instant(iso8601: "2026-11-20T17:05:00.5Z")?.iso8601 == "2026-11-20T17:05:00.500Z")
    }

    @Test func durations() {
        #expect(DurationText.parse("90s") == 90_000)
        #expect(DurationText.parse("25:00") == 1_500_000)
        #expect(DurationText.parse("1:02:03") == 3_723_000)
        #expect(DurationText.parse("1h 5m") == 3_900_000)
        #expect(DurationText.parse("31min") == 1_860_000)
        #expect(DurationText.parse("1:75") == nil)
        #expect(DurationText.clock(3_723_000) == "1:02:03")
        #expect(DurationText.short(3_900_000) == "1h 5m")
    }

    @Test func eventIDsRoundTripHex() throws {
        let id = EventID(high: 0x0123_4567_89ab_cdef, low: 0xfedc_ba98_7654_3210)
        #expect(id.hex == "0123456789abcdeffedcba9876543210")
        #expect(EventID(hex: id.hex) == id)
        #expect(id.short == "01234567")
        #expect(EventID(hex: "xyz") == nil)
    }
}
