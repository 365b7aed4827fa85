import Foundation
import Testing

/// Global options work before or after the subcommand (cli.md), `init` and `import` included:
/// there `--unit`/`--tz` before the command mean the command's own option (issue 18 item 1).
@Suite("Global options before init and import", .serialized)
struct GlobalOptionsOrderTests {
    @Test func zoneAndUnitBeforeInitAreTheJournalsDefaults() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        let created = try await wlog.run("--tz UTC --unit lb init")
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stderr.contains("(unit lb, zone UTC)"), "\(created.stderr)")
        let events = try await wlog.run("events")
        #expect(events.stdout.contains("\"unit\":\"lb\",\"time_zone\":\"UTC\""), "\(events.stdout)")
    }

    @Test func zoneBeforeImportIsTheFilesZone() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        try #require(try await wlog.run("init --unit kg").status == 0)
        let file = WlogProcess.repositoryRoot.appendingPathComponent("fixtures/import/strong_ios12.csv").path
        let before = try await wlog.run(["-j", wlog.journal, "--tz", "UTC", "import", "strong", file, "--unit", "kg"])
        #expect(before.status == 0, "\(before.stderr)")
        let start = try await wlog.run("export workouts --format csv").stdout.split(separator: "\n")[1]
        #expect(start.contains("+00:00"), "the file's times read in UTC: \(start)")
    }

    @Test func theSameOptionTwiceWithTwoValuesIsAUsageError() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        let both = try await wlog.run("--tz UTC init --tz Europe/Paris")
        #expect(both.status == 64)
        #expect(both.stderr == "wlog: error: --tz is given twice, 'UTC' and 'Europe/Paris'; give it once\n")
        #expect(wlog.journalBytes() == nil)
        #expect(try await wlog.run("--unit kg init --unit kg").status == 0, "the same value twice is fine")
    }

    /// Every command's help ends with the global options (issue 19), which the parser never sees;
    /// init's and import's leave out `--unit`/`--tz`, whose own options those are.
    @Test(arguments: [["today", "--help"], ["help", "volume"], ["export", "sets", "-h"], ["append", "set", "--help"], ["--help"],
                      ["prs", "--help"], ["export"], ["init", "--help"], ["-j", "x.wlog", "import", "--help"]])
    func everyHelpListsTheGlobalOptions(_ arguments: [String]) async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        let help = try await wlog.run(arguments)
        #expect(help.status == 0 && help.stderr == "", "\(arguments): \(help.stderr)")
        let global = try #require(help.stdout.range(of: "\n\nGLOBAL OPTIONS (before or after the subcommand):\n"), "\(arguments)")
        let section = help.stdout[global.upperBound...]
        for option in ["-j, --journal <path>", "--now <instant>", "--format <format>", "--as-of <instant|seq:N>"] {
            #expect(section.contains(option), "\(arguments): \(option)")
        }
        let ownUnit = arguments.contains("init") || arguments.contains("import")
        #expect(section.contains("--unit <kg|lb>") == !ownUnit && section.contains("--tz <zone>") == !ownUnit, "\(arguments)")
        #expect(help.stdout.hasPrefix("OVERVIEW:") || help.stdout.hasPrefix("USAGE:"))
    }

    @Test func versionIsOnlyTheVersion() async throws {
        let wlog = try WlogProcess()
        defer { wlog.cleanup() }
        let version = try await wlog.run(["--version"])
        #expect(version.status == 0 && version.stdout == "0.1.0\n")
    }
}
