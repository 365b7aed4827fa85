import Foundation
import Testing

/// End-to-end behaviour of the read commands against the shared fixture journal.
@Suite struct ReadCommandsTests {
    func run(_ arguments: [String]) async throws -> WlogProcess.Result { try await ReadFixture.shared.process.run(arguments) }

    func csv(_ arguments: [String]) async throws -> [[String: String]] {
        let result = try await run(arguments + ["--format", "csv"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return CSVReader.records(result.stdout)
    }

    func json(_ arguments: [String]) async throws -> [[String: Any]] {
        let result = try await run(arguments + ["--format", "json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
        return try #require(parsed as? [[String: Any]])
    }

    // MARK: as of

    @Test func asOfShowsTheRecordsAndHistoryOfThatMoment() async throws {
        let before = try await csv(["prs", "bench", "--as-of", "2026-11-15T00:00:00Z"])
        let now = try await csv(["prs", "bench"])
        let heaviestBefore = try #require(before.first { $0["record"] == "heaviest" })
        let heaviestNow = try #require(now.first { $0["record"] == "heaviest" })
        #expect(heaviestBefore["value"] == "100")
        #expect(heaviestBefore["set_id"] == ReadFixture.set(14))
        #expect(heaviestNow["value"] == "105")
        #expect(heaviestNow["set_id"] == ReadFixture.set(18))
        // History as of then: no workout after Nov 15, and the back-dated deadlift (appended Nov 18) not yet there.
        let history = try await csv(["history", "--as-of", "2026-11-15T00:00:00Z"])
        #expect(history.allSatisfy { ($0["date"] ?? "") < "2026-11-15" })
        #expect(!history.isEmpty)
        let deadliftThen = try await csv(["export", "sets", "--exercise", "deadlift", "--as-of", "2026-11-15T00:00:00Z"])
        #expect(deadliftThen.isEmpty)
        let deadliftNow = try await csv(["export", "sets", "--exercise", "deadlift"])
        #expect(deadliftNow.map { $0["date"] } == ["2026-11-11"])
        // seq:N stops there too: the deleted set is still live before its delete.
        let events = try await run(["events"]).stdout.split(separator: "\n")
        let deleteSeq = try #require(events.firstIndex { $0.contains("\"type\":\"set.deleted\"") }) + 1
        let asOfSeq = try await csv(["export", "sets", "--as-of", "seq:\(deleteSeq - 1)"])
        let edited = try #require(asOfSeq.first { $0["set_id"] == ReadFixture.set(15) })
        #expect(edited["reps"] == "4")
        #expect(edited["notes"] == "miscounted")
        await #expect(try csv(["export", "sets"]).first { $0["set_id"] == ReadFixture.set(15) } == nil)
        // An instant keeps what was recorded by then: the edit (06:02Z) but not the delete (06:07Z).
        let moment = "2026-11-10T06:03:00Z"
        let audit = try await csv(["audit", "5e700015", "--as-of", moment])
        #expect(audit.map { $0["type"] } == ["set.logged", "set.edited"])
        let rawEvents = try await run(["events", "--as-of", moment]).stdout.split(separator: "\n")
        #expect(rawEvents.count == deleteSeq - 1)
        #expect(rawEvents.last?.contains("\"type\":\"set.edited\"") == true)
        let window = try await run(["events", "--as-of", "seq:5", "--since-seq", "3", "--format", "json"]).stdout
        #expect(window.hasPrefix("[\n{\"seq\":4,") && window.hasSuffix("}\n]\n"))
    }

    // MARK: audit

    @Test func auditShowsEveryVersionOfAnEditedThenDeletedSet() async throws {
        let rows = try await csv(["audit", String(ReadFixture.set(15).prefix(8))])
        #expect(rows.map { $0["type"] } == ["set.logged", "set.edited", "set.deleted"])
        #expect(rows.map { $0["actor"] } == ["user", "user", "user"])
        #expect(rows.map { $0["recorded_at"] } == [
            "2026-11-09T18:07:00+01:00", "2026-11-10T07:02:00+01:00", "2026-11-10T07:07:00+01:00",
        ])
        #expect(rows[0]["change"] == "Bench Press 100 kg × 6")
        #expect(rows[1]["change"] == "reps 6 → 4, notes – → miscounted")
        #expect(rows[2]["change"] == "deleted: logged twice")
        #expect(rows.allSatisfy { $0["subject"] == ReadFixture.set(15) })
        let table = try await run(["audit", "5e700015"])
        #expect(table.status == 0)
        #expect(table.stdout.hasPrefix("set 5e700015  Bench Press  ·  3 versions  ·  deleted  ·  by user\n"))
        let show = try await csv(["show", "5e700015"])
        #expect(show.first?["status"] == "deleted")
        #expect(show.first?["versions"] == "3")
    }

    // MARK: exports agree across formats

    @Test(arguments: [
        ["export", "sets"], ["export", "workouts"], ["export", "prs"], ["export", "e1rm"], ["export", "volume"],
        ["export", "bodyweight"], ["export", "exercises"], ["volume", "--group-by", "muscle", "--by", "day"],
        ["e1rm", "squat", "--formula", "wathen"], ["export", "sets", "--unit", "lb"],
    ])
    func csvAndJSONCarryTheSameValues(_ arguments: [String]) async throws {
        let fromCSV = try await csv(arguments)
        let fromJSON = try await json(arguments)
        #expect(fromCSV.count == fromJSON.count)
        #expect(!fromCSV.isEmpty)
        let header = try await run(arguments + ["--format", "csv"]).stdout.split(separator: "\n").first.map(String.init) ?? ""
        let columns = CSVReader.parse(header + "\n").first ?? []
        for (row, object) in zip(fromCSV, fromJSON) {
            #expect(Set(object.keys) == Set(columns))
            for column in columns {
                let text = row[column] ?? "<missing>"
                let value = object[column]
                switch value {
                case is NSNull, nil:
                    #expect(text == "", "\(column): CSV '\(text)' but JSON null")
                case let flag as Bool where text == "true" || text == "false":
                    #expect(text == (flag ? "true" : "false"))
                case let number as NSNumber:
                    #expect(Double(text) == number.doubleValue, "\(column): CSV '\(text)' but JSON \(number)")
                case let string as String:
                    #expect(text == string, "\(column)")
                default:
                    Issue.record("\(column): unexpected JSON value \(String(describing: value))")
                }
            }
        }
    }

    @Test func exportSetsHasTheColumnsOfCliMd() async throws {
        let result = try await run(["export", "sets"])
        #expect(result.stdout.hasPrefix(
            "set_id,workout_id,date,performed_at,exercise_id,exercise,group,set_number,type,weight,weight_unit,reps,rpe,"
                + "distance,distance_unit,duration_s,volume,e1rm,notes,pr,effort,done\n"))
        let rows = CSVReader.records(result.stdout)
        let lbSet = try #require(rows.first { $0["set_id"] == ReadFixture.set(9) })
        #expect(lbSet["weight"] == "92.99")  // 205 lb in kg, 2 decimals
        #expect(lbSet["weight_unit"] == "kg")
        let quoted = try #require(rows.first { $0["set_id"] == ReadFixture.set(3) })
        #expect(quoted["notes"] == "felt \"heavy\", slow")
        let cardio = try #require(rows.first { $0["exercise_id"] == "running" })
        #expect(cardio["distance"] == "5" && cardio["distance_unit"] == "km" && cardio["duration_s"] == "1500")
        #expect(cardio["weight"] == "" && cardio["volume"] == "" && cardio["e1rm"] == "")
        #expect(rows.first { $0["set_id"] == ReadFixture.set(14) }?["pr"]?.contains("heaviest") == true)
        let headers = try await run(["export", "workouts"]).stdout.split(separator: "\n").first
        #expect(headers == "workout_id,date,name,label,started_at,finished_at,duration_s,exercises,sets,reps,volume,volume_unit,prs")
        for (projection, header) in [
            ("prs", "exercise_id,exercise,record,value,unit,reps,date,set_id"),
            ("e1rm", "date,exercise_id,e1rm,unit,formula,set_id"), ("volume", "period,group,sets,volume,unit"),
            ("bodyweight", "entry_id,date,at,weight,unit,avg7,notes"),
        ] {
            #expect(try await self.run(["export", projection]).stdout.split(separator: "\n").first.map(String.init) == header)
        }
    }

    @Test func exportWritesAFile() async throws {
        let fixture = try await ReadFixture.shared
        let path = fixture.process.directory.appendingPathComponent("sets-\(UUID().uuidString).json").path
        let result = try await run(["export", "sets", "--format", "json", "--output", path])
        #expect(result.status == 0)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("wlog: wrote "))
        let written = try String(contentsOfFile: path, encoding: .utf8)
        await #expect(written == (try run(["export", "sets", "--format", "json"])).stdout)
    }

    @Test func eventsAreTheJournalsOwnLines() async throws {
        let fixture = try await ReadFixture.shared
        let result = try await run(["events"])
        #expect(result.status == 0)
        let lz4 = Process()
        lz4.executableURL = URL(fileURLWithPath: "/usr/bin/lz4")
        guard FileManager.default.isExecutableFile(atPath: lz4.executableURL!.path) else { return }
        lz4.arguments = ["-dc", fixture.process.journal]
        let pipe = Pipe()
        lz4.standardOutput = pipe
        try lz4.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        lz4.waitUntilExit()
        #expect(Data(result.stdout.utf8) == data)
        let exported = try await run(["export", "events"])
        #expect(exported.stdout == result.stdout)
    }

    // MARK: refusals

    @Test func refusalsExitWithTheirStatusAndChangeNothing() async throws {
        let fixture = try await ReadFixture.shared
        let before = try #require(fixture.process.journalBytes())
        let cases: [([String], Int32, String)] = [
            (["exercise", "sqaut"], 65, "wlog: error: exercise 'sqaut' is unknown"),
            (["e1rm", "bench prss"], 65, "wlog: error: exercise 'bench prss' is unknown"),
            (["e1rm", "run"], 65, "wlog: error: Running is a cardio exercise"),
            (["show", "5e70"], 64, "wlog: error: set or workout id '5e70' is ambiguous"),
            (["audit", "5e70"], 64, "wlog: error: set, workout or body-weight entry id '5e70' is ambiguous"),
            (["show", "ffff1234"], 65, "wlog: error: set or workout ffff1234 is unknown"),
            (["show", "xyz"], 64, "wlog: error: set or workout id 'xyz' is not an id"),
            (["show", "2026-11-01"], 65, "wlog: error: there is no workout on 2026-11-01"),
            (["volume", "--by", "year"], 64, "wlog: error: --by 'year' is unknown; use day, week, month or workout\n"),
            (["e1rm", "bench", "--formula", "guess"], 64, "wlog: error: --formula 'guess' is unknown"),
            (["events", "--format", "csv"], 64, "wlog: error: events are JSON lines"),
            (["events", "--type", "set.made"], 64, "wlog: error: --type 'set.made' is not an event type"),
            (["export", "everything"], 64, "wlog: error: wlog export 'everything' is unknown; use one of sets, workouts, prs, e1rm, volume, "),
            (["settings", "change", "unit", "lb"], 64, "wlog: error: wlog settings 'change' is unknown; use one of show, set"),
            (["export", "bodyweight", "--exercise", "bench"], 64, "wlog: error: Unknown option '--exercise'\nUsage: wlog export bodyweight [--output <output>] [--since <since>] [--until <until>]"),
            (["export", "strong", "--format", "json"], 64, "wlog: error: export strong writes Strong's CSV"),
            (["exercises", "--group", "wings"], 64, "wlog: error: --group 'wings' is neither a muscle group nor a muscle; use a group (Chest, "),
            (["history", "--group", "hamstringz"], 64, "wlog: error: --group 'hamstringz' is neither a muscle group nor a muscle"),
            (["export", "sets", "--group", "wings"], 64, "wlog: error: --group 'wings' is neither a muscle group nor a muscle"),
        ]
        for (arguments, status, prefix) in cases {
            let result = try await run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.hasPrefix(prefix), "\(arguments): \(result.stderr)")
            #expect(result.stdout == "", "\(arguments)")
        }
        let unknown = try await run(["exercise", "sqaut"])
        #expect(unknown.stderr.contains("did you mean: "))
        #expect(unknown.stderr.contains("Back Squat"))
        #expect(fixture.process.journalBytes() == before)
    }

    @Test(arguments: [
        ["show", "5e700003"], ["exercises"], ["exercise", "bench"], ["e1rm", "bench"], ["volume"], ["bodyweight"],
        ["today"], ["audit"], ["events"], ["export", "sets"], ["history"], ["prs"],
    ])
    func aMissingJournalExits66WithTheInitHint(_ arguments: [String]) async throws {
        let fixture = try await ReadFixture.shared
        let missing = fixture.process.directory.appendingPathComponent("missing-\(UUID().uuidString)/journal.wlog").path
        let result = try await run(arguments + ["--journal", missing])
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix("wlog: error: no journal at \(missing)"))
        #expect(result.stderr.contains("wlog init"))
        #expect(result.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func emptyJournalReadsQuietly() async throws {
        let process = try WlogProcess()
        defer { process.cleanup() }
        #expect(try await process.run(["init"]).status == 0)
        for arguments in [["exercises"], ["volume"], ["bodyweight"], ["today"], ["export", "sets"], ["e1rm", "bench"]] {
            let result = try await process.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let exported = try await process.run(["export", "sets"]).stdout
        let explicit = try await process.run(["export", "sets", "--format", "csv"]).stdout
        #expect(exported == explicit)
        let volume = try await process.run(["volume", "--format", "json"]).stdout
        #expect(volume == "[]\n")
    }
}

/// A small RFC 4180 reader: quoted fields, doubled quotes, commas and newlines inside quotes.
enum CSVReader {
    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var chars = Array(text.unicodeScalars)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\"" {
                    if chars.first == "\"" { field.unicodeScalars.append("\""); chars.removeFirst() } else { quoted = false }
                } else {
                    field.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                record.append(field)
                field = ""
            } else if c == "\n" || c == "\r" {
                if c == "\r", chars.first == "\n" { chars.removeFirst() }
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.unicodeScalars.append(c)
            }
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }

    /// Records keyed by the header.
    static func records(_ text: String) -> [[String: String]] {
        let all = parse(text)
        guard let header = all.first else { return [] }
        return all.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }
}
