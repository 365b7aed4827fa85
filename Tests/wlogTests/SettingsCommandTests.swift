import Foundation
import Testing

/// `wlog settings` and `wlog settings set KEY VALUE`; commands that would write an empty or
/// ignored event are refused with 65 and change nothing (issue 18 item 2).
@Suite("Settings command", .serialized)
struct SettingsCommandTests {
    @Test func showsTheSettingsInForce() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        let shown = try await wlog.run("settings --format csv")
        #expect(shown.stdout == """
            key,value
            unit,kg
            zone,Europe/Berlin
            rest-timer,
            e1rm-formula,epley
            pr-reps,"1,3,5,8,10"
            e1rm-max-reps,12

            """)
    }

    @Test func setWritesOneSettingsEventThatCommandsFollow() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        for (key, value) in [("unit", "lb"), ("zone", "America/New_York"), ("e1rm-formula", "Brzycki"), ("pr-reps", "5,3,3"),
                             ("e1rm-max-reps", "10"), ("rest-timer", "180")] {
            let set = try await wlog.run(["settings", "set", key, value])
            #expect(set.status == 0 && set.stdout == "settings: \(key) \(value)\n", "\(key): \(set.stderr)")
        }
        let events = try await wlog.run("events --type settings.changed").stdout.split(separator: "\n").dropFirst().map {
            String($0[$0.range(of: "\"actor\":\"user\",")!.upperBound...])
        }
        #expect(events == ["\"unit\":\"lb\"}", "\"time_zone\":\"America/New_York\"}", "\"e1rm_formula\":\"brzycki\"}",
                           "\"pr_reps\":[3,5]}", "\"e1rm_max_reps\":10}", "\"rest_timer_s\":180}"])
        let logged = try await wlog.run("append set bench 225x10 --at 2026-11-20T12:00")
        #expect(logged.stdout.hasSuffix("Bench Press 225 lb × 10  e1RM 300 lb  PR: heaviest, e1rm, 1rm, 3rm, 5rm, set_volume\n"),
                "lb, Brzycki (225 × 36 / 27), PR reps 3 and 5 (and bench's own 1), no 8rm or 10rm: \(logged.stdout)")
        let sets = try await wlog.run("export sets").stdout
        #expect(sets.contains(",2026-11-20T12:00:00-05:00,"), "a new set takes the new zone's offset: \(sets)")
    }

    @Test func aSettingThatChangesNothingIsRefused() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        let bytes = wlog.journalBytes()
        let same = try await wlog.run("settings set unit kg")
        #expect(same.status == 65 && same.stderr == "wlog: error: settings.unit: kg is already the setting — nothing to change\n")
        let unknown = try await wlog.run("settings set colour red")
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("wlog: error: setting 'colour' is unknown; use one of unit, zone"))
        #expect(try await wlog.run("settings set e1rm-max-reps 60").status == 65)
        #expect(wlog.journalBytes() == bytes)
    }

    @Test func emptyOrIgnoredEventsAreRefused() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        let bytes = wlog.journalBytes()
        let unit = try await wlog.run("append profile --unit lb")
        #expect(unit.status == 65)
        #expect(unit.stderr == "wlog: error: profile: none is not allowed — give at least one field to change "
                + "(the unit and zone are settings: wlog settings set unit lb)\n")
        let zone = try await wlog.run("append profile --zone UTC")
        #expect(zone.status == 65 && zone.stderr.contains("the zone is a setting: wlog settings set zone UTC"))
        let readiness = try await wlog.run("append readiness")
        #expect(readiness.status == 65 && readiness.stderr.contains("readiness: none is not allowed"))
        let exercise = try await wlog.run("append exercise-update bench")
        #expect(exercise.status == 65 && exercise.stderr.contains("exercise-update: none is not allowed — give at least one field"))
        #expect(wlog.journalBytes() == bytes)
        #expect(try await wlog.run("append equipment Rack --type rack").status == 0)
        let rackBytes = wlog.journalBytes()
        let same = try await wlog.run("append equipment Rack --update")
        #expect(same.status == 65 && same.stderr.contains("equipment: rack is unchanged"), "\(same.stderr)")
        #expect(wlog.journalBytes() == rackBytes)
        #expect(try await wlog.run("append equipment Rack --update --location gym").status == 0)
        #expect(try await wlog.run("append profile --name Bo").status == 0)
    }
}
