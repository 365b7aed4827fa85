import Testing
@testable import WlogCore

/// Days, instants, fixed-point numbers, masses and ids written straight into bytes give the very
/// text the string-building versions gave (kept here as the reference), edge cases included.
@Suite struct DigitWritingTests {
    /// The `String(value)`-and-`+` versions these replaced.
    enum Reference {
        static func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
        }

        static func iso(_ day: LocalDay) -> String {
            let (y, m, d) = day.components
            return pad(y, 4) + "-" + pad(m, 2) + "-" + pad(d, 2)
        }

        static func iso8601(_ instant: Instant) -> String {
            let ms = instant.millisecondsSince1970
            let day = LocalDay(daysSince1970: Int32(floorDiv(ms, 86_400_000)))
            let inDay = ms - Int64(day.daysSince1970) * 86_400_000
            let h = Int(inDay / 3_600_000), mi = Int(inDay / 60_000 % 60), s = Int(inDay / 1000 % 60)
            return iso(day) + "T" + pad(h, 2) + ":" + pad(mi, 2) + ":" + pad(s, 2) + "." + pad(Int(inDay % 1000), 3) + "Z"
        }

        /// Rounded to `digits` decimals by whole steps, then the point put in and trailing zeros cut.
        static func format(_ value: Int64, _ digits: Int) -> String {
            let step: Int64 = [10_000, 1_000, 100, 10, 1][digits]
            let steps = (abs(value) + step / 2) / step
            var text = String(steps)
            if digits > 0 {
                text = String(repeating: "0", count: max(0, digits + 1 - text.count)) + text
                text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return (value < 0 && steps != 0 ? "-" : "") + text
        }
    }

    @Test(arguments: [Int32.min, -2_000_000, -719_529, -719_528, -1, 0, 1, 20_779, 2_932_896, 2_932_897, 5_000_000, Int32.max])
    func daysAsBefore(days: Int32) {
        let day = LocalDay(daysSince1970: days)
        #expect(day.iso == Reference.iso(day))
        #expect(day.iso.utf8.count <= LocalDay.maxISOLength)
        var bytes = [UInt8](repeating: 0, count: LocalDay.maxISOLength + 2)
        let end = bytes.withUnsafeMutableBufferPointer { day.writeISO(into: $0, at: 2) }
        #expect(Array(bytes[2..<end]) == Array(Reference.iso(day).utf8))
    }

    @Test func everyDayFrom1900To2100AsBefore() {
        for days in Int32(-25_567)...Int32(47_482) {
            let day = LocalDay(daysSince1970: days)
            #expect(day.iso == Reference.iso(day))
        }
        #expect(LocalDay(daysSince1970: 20_779).iso == "2026-11-22")
        #expect(LocalDay(daysSince1970: -719_529).iso == "00-1-12-31")  // year -1, padded as it always was
    }

    @Test(arguments: [-62_167_219_200_001, -1, 0, 999, 1_763_661_900_250, 253_402_300_799_999, 253_402_300_800_000])
    func instantsAsBefore(milliseconds: Int64) {
        let instant = Instant(millisecondsSince1970: milliseconds)
        #expect(instant.iso8601 == Reference.iso8601(instant))
    }

    @Test func offsetsAsBefore() {
        let instant = Instant(millisecondsSince1970: 1_763_661_900_000)  // 2025-11-20T18:05:00Z
        #expect(ZonedInstant(instant, offsetMinutes: 60).iso8601WithOffset == "2025-11-20T19:05:00+01:00")
        #expect(ZonedInstant(instant, offsetMinutes: -570).iso8601WithOffset == "2025-11-20T08:35:00-09:30")
        #expect(ZonedInstant(instant.adding(milliseconds: 250), offsetMinutes: 0).iso8601WithOffset == "2025-11-20T18:05:00.250+00:00")
        #expect(ZonedInstant(instant, offsetMinutes: 6_000).iso8601WithOffset == "2025-11-24T22:05:00+100:00")
    }

    @Test func fixedPointAsBefore() {
        let values: [Int64] = [0, 1, -1, 4, 5, -5, 49, 50, 99, 100, 12_345, -12_345, 1_025_000, 1_234_567, 999_999_999,
                               Int64.max / 2, Int64.min / 2, 922_337_203_685_477_580, -922_337_203_685_477_580]
        for value in values + (0..<2_000).map({ Int64($0) * 7_919 - 5_000_000 }) {
            for digits in 0...4 {
                #expect(FixedPoint.format(value, maxFractionDigits: digits) == Reference.format(value, digits), "\(value) \(digits)")
            }
        }
        #expect(FixedPoint.format(Int64.max, maxFractionDigits: 4) == "922337203685477.5807")
        #expect(FixedPoint.format(Int64.min, maxFractionDigits: 4) == "-922337203685477.5808")
        #expect(FixedPoint.format(Int64.min, maxFractionDigits: 4).utf8.count == FixedPoint.maxTextLength)
    }

    @Test func massesAndIDs() {
        #expect(Mass(tenThousandths: 1_025_000, unit: .kg).formatted() == "102.5 kg")
        #expect(Mass(tenThousandths: -5_000, unit: .lb).formatted() == "-0.5 lb")
        #expect(Mass(tenThousandths: Int64.min, unit: .kg).formatted() == "-922337203685477.58 kg")
        let id = EventID(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
        #expect(id.hex == "0123456789abcdeffedcba9876543210")
        #expect(id.short == "01234567")
        var bytes = [UInt8](repeating: 0, count: 33)
        let end = bytes.withUnsafeMutableBufferPointer { id.writeHex(into: $0, at: 1) }
        #expect(end == 33 && String(decoding: bytes[1...], as: UTF8.self) == "0123456789abcdeffedcba9876543210")
    }
}
