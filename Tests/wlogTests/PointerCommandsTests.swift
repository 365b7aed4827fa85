import Foundation
import Testing

/// Messages point at commands that exist (issue 18 item 5): `wlog equipment`, `wlog routines`
/// (= `wlog plan list`), a history filter that matches nothing, and a warning said once.
@Suite("Commands messages point at", .serialized)
struct PointerCommandsTests {
    @Test func equipmentListsTheArsenal() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        let empty = try await wlog.run("equipment")
        #expect(empty.status == 0 && empty.stdout.isEmpty)
        #expect(empty.stderr == "wlog: no equipment yet — add an item with wlog append equipment NAME --type T\n")
        let unknown = try await wlog.run("append equipment nope --remove")
        #expect(unknown.status == 65 && unknown.stderr.contains("see `wlog equipment`"))
        try #require(try await wlog.run(["append", "equipment", "Dumbbell rack", "--type", "dumbbells", "--weights", "2.5-10:2.5",
                                   "--location", "home"]).status == 0)
        let listed = try await wlog.run("equipment --format csv")
        #expect(listed.stdout == "equipment_id,name,kind,location,available,weights,unit\n"
                + "dumbbell-rack,Dumbbell rack,dumbbells,home,true,2.5;5;7.5;10,kg\n")
    }

    @Test func routinesAndPlanListShowTheRoutines() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        #expect(try await wlog.run("routines").stderr.hasPrefix("wlog: no routine yet"))
        try #require(try await wlog.run("plan --goal strength --experience beginner --days 3 --equipment gym --append").status == 0)
        let expected = "routine_id,name,days,weeks,active,retired\n"
            + "starter-strength-full-body-3-days,Starter Strength Full Body 3 Days,3,,true,false\n"
        #expect(try await wlog.run("routines --format csv").stdout == expected)
        #expect(try await wlog.run("plan list --format csv").stdout == expected)
    }

    @Test func aHistoryFilterThatMatchesNothingSaysSo() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        #expect(try await wlog.run("history").stderr == "wlog: no workouts yet — log a set with wlog append set\n")
        try #require(try await wlog.run("append set bench 100x5").status == 0)
        let none = try await wlog.run("history --search deload --group Legs")
        #expect(none.stderr == "wlog: no workouts match --group 'Legs' --search 'deload' (wlog history without them lists every workout)\n")
    }

    @Test func aTornTailWarningGivesItsAdviceOnce() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        try #require(try await wlog.run("append set bench 100x5").status == 0)
        let bytes = try #require(wlog.journalBytes())
        try bytes.dropLast(7).write(to: URL(fileURLWithPath: wlog.journal))
        // A torn write was never acknowledged: without the record (an acknowledged end cut short is damage).
        try FileManager.default.removeItem(atPath: wlog.journal + ".acked")
        let read = try await wlog.run("history")
        #expect(read.stderr.hasPrefix("wlog: warning: "))
        #expect(read.stderr.components(separatedBy: "the next wlog write").count == 2, "advice once: \(read.stderr)")
    }
}
