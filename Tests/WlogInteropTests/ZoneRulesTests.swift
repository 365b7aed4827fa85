import Foundation
import WlogCore
import Testing
@testable import WlogInterop

/// `ZoneRules` (the TZif reader that replaced ICU's `TimeZone` in `wlog`) against the system's `zdump`.
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

    /// Zones whose offset does not change from 1970 to 2100, with that offset.
    static let fixedOffsets: [String: Int] = ["UTC": 0, "Etc/GMT-14": 50_400, "Asia/Tokyo": 32_400, "Asia/Kolkata": 19_800,
                                                  "America/Phoenix": -25_200]

    /// Every change of offset from 1970 to 2100 as the system itself reads its tz database
    /// (`zdump -v`, glibc's libc-bin): the second before each change, the second of it, and the
    /// middle of every stretch between. The oracle is the same zone files `wlog` reads, so a new
    /// tzdata release (2026f moved Havana's and Casablanca's future changes) moves both sides;
    /// Foundation's ICU carries its own, older copy and was the wrong oracle for future dates.
    @Test(arguments: zones)
    func offsetsMatchTheSystemsZdump(zone: String) throws {
        let ours = try #require(ZoneRules(identifier: zone))
        let changes = try Self.zdump(zone)
        guard let first = changes.first, let last = changes.last else {
            let offset = try #require(Self.fixedOffsets[zone], "zdump lists no change for \(zone)")
            for seconds in stride(from: Int64(0), to: 4_102_444_800, by: 86_400 * 365) {
                #expect(ours.offset(atSecondsSince1970: seconds) == offset, "\(zone) at \(seconds)")
            }
            return
        }
        var mismatches: [Int64] = []
        func check(_ seconds: Int64, _ expected: Int) {
            if ours.offset(atSecondsSince1970: seconds) != expected { mismatches.append(seconds) }
        }
        check(0, first.offset)
        for (index, change) in changes.enumerated() {
            check(change.seconds, change.offset)
            if index + 1 < changes.count { check((change.seconds + changes[index + 1].seconds) / 2, change.offset) }
        }
        check(4_102_444_799, last.offset)
        #expect(changes.count >= 2 && mismatches.isEmpty, "\(zone): \(changes.count) lines, first mismatch at \(mismatches.first.map(String.init) ?? "-")")
    }

    /// `zdump -v -c 1970,2100 ZONE`: each line's UT instant and its `gmtoff`.
    static func zdump(_ zone: String) throws -> [(seconds: Int64, offset: Int)] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zdump")
        process.arguments = ["-v", "-c", "1970,2100", zone]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        var changes: [(seconds: Int64, offset: Int)] = []
        for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
            // ZONE  Sun Mar  9 04:59:59 2025 UT = Sat Mar  8 23:59:59 2025 CST isdst=0 gmtoff=-18000
            let words = line.split(separator: " ")
            guard words.count > 6, words[6] == "UT", let month = months.firstIndex(of: String(words[2])),
                  let day = Int(words[3]), let year = Int(words[5]), let date = LocalDay(year: year, month: month + 1, day: day),
                  let offset = words.last.flatMap({ $0.hasPrefix("gmtoff=") ? Int($0.dropFirst(7)) : nil })
            else { continue }
            let clock = words[4].split(separator: ":").compactMap { Int64($0) }
            guard clock.count == 3 else { continue }
            let days = Int64(date.daysSince1970)
            changes.append((days * 86_400 + clock[0] * 3_600 + clock[1] * 60 + clock[2], offset))
        }
        return changes
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
