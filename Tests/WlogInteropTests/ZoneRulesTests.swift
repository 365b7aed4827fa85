import Foundation
import WlogCore
import Testing
@testable import WlogInterop

/// `ZoneRules` (the TZif reader that replaced ICU's `TimeZone` in `wlog`) against Foundation.
@Suite struct ZoneRulesTests {
    /// Zones with DST north and south, half-hour and 45-minute offsets, negative DST (Dublin),
    /// rule times below zero (Nuuk) or past midnight, and zones without DST.
    static let zones = [
        "Europe/Berlin", "Europe/London", "Europe/Dublin", "Europe/Moscow", "America/New_York",
        "America/Los_Angeles", "America/Phoenix", "America/Sao_Paulo", "America/Santiago",
        "America/Havana", "America/Nuuk", "America/St_Johns", "Australia/Sydney", "Australia/Lord_Howe",
        "Australia/Adelaide", "Pacific/Auckland", "Pacific/Chatham", "Asia/Kolkata", "Asia/Kathmandu",
        "Asia/Tehran", "Asia/Tokyo", "Africa/Cairo", "Africa/Casablanca", "Asia/Beirut", "UTC", "Etc/GMT-14",
    ]

    /// Every ≈ 3 days and 1 hour from 1970 to 2100: the listed transitions and the POSIX rule.
    @Test(arguments: zones)
    func offsetsMatchFoundation(zone: String) throws {
        let ours = try #require(ZoneRules(identifier: zone))
        let foundation = try #require(TimeZone(identifier: zone))
        var mismatches: [Int64] = []
        var seconds: Int64 = 0
        while seconds < 4_102_444_800 {
            let expected = foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
            if ours.offset(atSecondsSince1970: seconds) != expected { mismatches.append(seconds) }
            seconds += 3 * 86_400 + 3_607
        }
        #expect(mismatches.isEmpty, "first at \(mismatches.first.map(String.init) ?? "")")
    }

    /// The second before and at each change of Europe/Berlin's offset, listed (2026) and by rule (2071).
    @Test func berlinChangesOnTheSecond() throws {
        let berlin = try #require(ZoneRules(identifier: "Europe/Berlin"))
        // 2026-03-29T01:00:00Z and 2026-10-25T01:00:00Z.
        #expect(berlin.offset(atSecondsSince1970: 1_774_745_999) == 3_600)
        #expect(berlin.offset(atSecondsSince1970: 1_774_746_000) == 7_200)
        #expect(berlin.offset(atSecondsSince1970: 1_792_889_999) == 7_200)
        #expect(berlin.offset(atSecondsSince1970: 1_792_890_000) == 3_600)
        // 2071-03-29T01:00:00Z (last Sunday of March) and 2071-10-25T01:00:00Z.
        #expect(berlin.offset(atSecondsSince1970: 3_194_816_399) == 3_600)
        #expect(berlin.offset(atSecondsSince1970: 3_194_816_400) == 7_200)
        #expect(berlin.offset(atSecondsSince1970: 3_212_960_399) == 7_200)
        #expect(berlin.offset(atSecondsSince1970: 3_212_960_400) == 3_600)
    }

    @Test func posixRulesParse() throws {
        let eu = try #require(POSIXZoneRule("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(eu.standardOffset == 3_600)
        #expect(eu.daylight?.offset == 7_200)
        #expect(eu.daylight?.end.time == 10_800)
        let nuuk = try #require(POSIXZoneRule("<-02>2<-01>,M3.5.0/-1,M10.5.0/0"))
        #expect(nuuk.standardOffset == -7_200 && nuuk.daylight?.start.time == -3_600)
        let india = try #require(POSIXZoneRule("IST-5:30"))
        #expect(india.standardOffset == 19_800 && india.daylight == nil)
        // Daylight time all year (start Jan 1 00:00, end after Dec 31 24:00).
        let always = try #require(POSIXZoneRule("EST5EDT,0/0,J365/25"))
        #expect(always.offset(atSecondsSince1970: 1_780_000_000) == -14_400)
        #expect(POSIXZoneRule("CET-1CEST,M3.5.0") == nil)
        #expect(POSIXZoneRule("C1") == nil)
        #expect(POSIXZoneRule("CET-1CEST,M13.5.0,M10.5.0/3") == nil)
    }

    @Test func namesAreZonesNotPaths() {
        #expect(ZoneRules(identifier: "Europe/Berlin") != nil)
        #expect(ZoneRules(identifier: "europe/berlin") == nil)
        #expect(ZoneRules(identifier: "../../../etc/passwd") == nil)
        #expect(ZoneRules(identifier: "Europe/../Europe/Berlin") == nil)
        #expect(ZoneRules(identifier: "/usr/share/zoneinfo/UTC") == nil)
        #expect(ZoneRules(identifier: "posix/Europe/Berlin") == nil)
        #expect(ZoneRules(identifier: "Mars/Olympus") == nil)
        #expect(ZoneRules(identifier: "") == nil)
    }

    @Test func gmtOffsetsAreFixedZones() {
        #expect(ImportTimeZone("GMT+1")?.offsetMinutes(at: Instant(millisecondsSince1970: 0)) == 60)
        #expect(ImportTimeZone("UTC-05:30")?.offsetMinutes(at: Instant(millisecondsSince1970: 0)) == -330)
        #expect(ImportTimeZone("GMT")?.offsetMinutes(at: Instant(millisecondsSince1970: 0)) == 0)
    }

    @Test func truncatedFilesAreRefused() throws {
        let path = "/usr/share/zoneinfo/Europe/Berlin"
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(ZoneRules(tzif: Array(bytes)) != nil)
        #expect(ZoneRules(tzif: Array(bytes.prefix(100))) == nil)
        #expect(ZoneRules(tzif: Array("TZif".utf8)) == nil)
    }
}
