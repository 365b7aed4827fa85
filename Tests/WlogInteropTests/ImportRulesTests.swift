import Testing
import WlogCore
@testable import WlogInterop

@Suite struct ImportRulesTests {
    @Test(arguments: ImportFormat.allCases)
    func unknownFilesAreRefusedNamingTheExpectedHeaders(format: ImportFormat) throws {
        #expect(throws: ImportError.unknownLayout(format: format, found: "Name,Score")) {
            try Fixture.plan("not_an_export.csv", format)
        }
        let message = ImportError.unknownLayout(format: format, found: "Name,Score").description
        #expect(message.contains(format.expectedHeaders[0]))
        #expect(throws: ImportError.empty) { try Importer.plan(data: [], format: format, options: Fixture.options()) }
    }

    @Test func unitRequiredMessageNamesTheOption() {
        #expect(ImportError.unitRequired(layout: "Strong iOS (12 columns)").description
            == "the file (Strong iOS (12 columns)) does not say its weight unit: give it with --unit kg|lb")
    }

    @Test func formatDetection() throws {
        #expect(Importer.detectFormat(data: try Fixture.bytes("strong_android.csv")) == .strong)
        #expect(Importer.detectFormat(data: try Fixture.bytes("strong_german.csv")) == .strong)
        #expect(Importer.detectFormat(data: try Fixture.bytes("strong6_bodyweight.csv")) == .strong)
        #expect(Importer.detectFormat(data: try Fixture.bytes("hevy_imperial.csv")) == .hevy)
        #expect(Importer.detectFormat(data: try Fixture.bytes("fitnotes_old_lbs.csv")) == .fitnotes)
        #expect(Importer.detectFormat(data: try Fixture.bytes("fitnotes_body.csv")) == .fitnotes)
        #expect(Importer.detectFormat(data: try Fixture.bytes("not_an_export.csv")) == nil)
    }

    @Test func samePlanTwiceHasIdenticalIDs() throws {
        for (name, format, unit) in [("strong_ios12.csv", ImportFormat.strong, MassUnit.kg), ("hevy_metric.csv", .hevy, .kg),
                                     ("fitnotes_comment.csv", .fitnotes, .lb), ("strong6_bodyweight.csv", .strong, .kg)] {
            let a = try Fixture.plan(name, format, unit: unit)
            let b = try Fixture.plan(name, format, unit: unit)
            #expect(a.events == b.events)
            #expect(Set(a.events.map(\.id)).count == a.events.count)
        }
    }

    @Test func aLongerStrongExportAddsExactlyTheNewWorkout() throws {
        let short = try Fixture.bytes("strong_ios12.csv")
        let extra = """
        2024-03-08 18:00:00,"Push Day",50m,"Bench Press (Barbell)",1,82.5,8.0,0,0.0,"","",
        2024-03-08 18:00:00,"Push Day",50m,"Bench Press (Barbell)",2,82.5,8.0,0,0.0,"","",

        """
        let a = try Importer.plan(data: short, format: .strong, options: Fixture.options(unit: .kg))
        let b = try Importer.plan(data: short + Array(extra.utf8), format: .strong, options: Fixture.options(unit: .kg))
        let added = Set(b.events.map(\.id)).subtracting(a.events.map(\.id))
        let newWorkout = b.events.suffix(4)
        #expect(newWorkout.map(\.type) == [.workoutStarted, .setLogged, .setLogged, .workoutFinished])
        #expect(added == Set(newWorkout.map(\.id)))
        #expect(Set(a.events.map(\.id)).isSubset(of: b.events.map(\.id)))
    }

    @Test func aNewerHevyExportOnTopAddsExactlyTheNewWorkout() throws {
        let old = try Fixture.bytes("hevy_metric.csv")
        let text = String(decoding: old, as: UTF8.self)
        let headerEnd = text.firstIndex(of: "\n")!
        let newer = String(text[...headerEnd])
            + "\"Legs\",\"11 Apr 2026, 08:00\",\"11 Apr 2026, 09:00\",\"\",\"Barbell Row\",,\"\",0,\"normal\",60,12,,,\n"
            + String(text[text.index(after: headerEnd)...])
        let a = try Importer.plan(data: old, format: .hevy, options: Fixture.options())
        let b = try Importer.plan(data: Array(newer.utf8), format: .hevy, options: Fixture.options())
        let added = Set(b.events.map(\.id)).subtracting(a.events.map(\.id))
        #expect(added == Set(b.events.suffix(3).map(\.id)))
        #expect(b.events.suffix(3).map(\.type) == [.workoutStarted, .setLogged, .workoutFinished])
    }

    @Test func aQuoteLeftOpenAtTheEndSkipsThatRow() throws {
        let text = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
        2024-01-01 10:00:00,"A",10m,"Squat",1,100,5,0,0,
        2024-01-01 10:00:00,"A",10m,"Squat",2,100,5,0,0,
        2024-01-01 10:00:00,"A",10m,"Squat,3,100,5,0,0,

        """
        let plan = try Importer.plan(data: Array(text.utf8), format: .strong, options: Fixture.options(unit: .kg))
        #expect(plan.report.sets == 2)
        #expect(plan.skippedText == ["4: a quoted field is not closed"])
    }

    @Test func idsDependOnFormatKeyAndPosition() {
        let a = EventIDHasher("strong", "2024-03-04T18:00:00\u{1F}Push", "row", "1").id
        #expect(a == EventIDHasher("strong", "2024-03-04T18:00:00\u{1F}Push", "row", "1").id)
        #expect(a != EventIDHasher("hevy", "2024-03-04T18:00:00\u{1F}Push", "row", "1").id)
        #expect(a != EventIDHasher("strong", "2024-03-04T18:00:00\u{1F}Push", "row", "2").id)
        #expect(EventIDHasher("ab", "c").id != EventIDHasher("a", "bc").id)
    }

    @Test func numbersAreReadLeniently() throws {
        #expect(NumberText.scaled("61.23492") == 612_349)
        #expect(NumberText.scaled("62,5") == 625_000)
        #expect(NumberText.scaled("-0.00005") == -1)
        #expect(NumberText.scaled("1e3") == nil)
        #expect(try NumberText.reps("10.0").get() == 10)
        #expect(try NumberText.reps("").get() == nil)
        #expect(throws: RowError.self) { try NumberText.reps("7.5").get() }
        #expect(try NumberText.seconds("0:01:54").get() == 114_000)
        #expect(try NumberText.seconds("44.5").get() == 44_500)
        #expect(StrongReader.workoutDuration("1h 5m") == 3_900_000)
        #expect(StrongReader.workoutDuration("44s") == 44_000)
        #expect(StrongReader.workoutDuration("31min") == 1_860_000)
        #expect(StrongReader.workoutDuration("347h 14m") == nil)
        #expect(StrongReader.workoutDuration("") == nil)
    }
}

@Suite struct ImportTimeZoneTests {
    @Test func berlinAcrossDaylightSaving() throws {
        let zone = try #require(ImportTimeZone("Europe/Berlin"))
        func local(_ text: String) -> Int64 { LocalTimeText.iso(text)! }
        #expect(zone.zoned(localMilliseconds: local("2024-01-15 12:00:00")) == ZonedInstant(Fixture.at("2024-01-15T11:00:00Z"), offsetMinutes: 60))
        #expect(zone.zoned(localMilliseconds: local("2024-07-15 12:00:00")) == ZonedInstant(Fixture.at("2024-07-15T10:00:00Z"), offsetMinutes: 120))
        // Spring gap: 02:30 does not exist; read with the offset before, it lands at 03:30 CEST.
        #expect(zone.zoned(localMilliseconds: local("2024-03-31 02:30:00")) == ZonedInstant(Fixture.at("2024-03-31T01:30:00Z"), offsetMinutes: 120))
        // Autumn overlap: 02:30 happens twice; the first (CEST) is taken.
        #expect(zone.zoned(localMilliseconds: local("2024-10-27 02:30:00")) == ZonedInstant(Fixture.at("2024-10-27T00:30:00Z"), offsetMinutes: 120))
        #expect(zone.zoned(localMilliseconds: local("2024-10-27 03:30:00")) == ZonedInstant(Fixture.at("2024-10-27T02:30:00Z"), offsetMinutes: 60))
    }

    @Test func aWorkoutAcrossTheAutumnChangeEndsInWinterTime() throws {
        let text = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
        2024-10-27 02:30:00,"Night",1h 5m,"Squat",1,100,5,0,0,

        """
        let plan = try Importer.plan(data: Array(text.utf8), format: .strong, options: Fixture.options(unit: .kg))
        #expect(plan.starts[0].envelope.occurred == ZonedInstant(Fixture.at("2024-10-27T00:30:00Z"), offsetMinutes: 120))
        #expect(plan.setEvents[0].envelope.occurred.offsetMinutes == 120)
        #expect(plan.finishes[0].envelope.occurred == ZonedInstant(Fixture.at("2024-10-27T01:35:00Z"), offsetMinutes: 60))
    }

    @Test func fixedOffsets() throws {
        let india = try #require(ImportTimeZone("+05:30"))
        #expect(india.zoned(localMilliseconds: 0) == ZonedInstant(Instant(millisecondsSince1970: -330 * 60_000), offsetMinutes: 330))
        #expect(ImportTimeZone("-0800")?.offsetMinutes(at: Instant(millisecondsSince1970: 0)) == -480)
        #expect(ImportTimeZone("Z")?.identifier == "Z")
        #expect(ImportTimeZone(offsetMinutes: -90).identifier == "-01:30")
        #expect(ImportTimeZone("Mars/Olympus") == nil)
        #expect(ImportTimeZone("+25:00") == nil)
    }
}
