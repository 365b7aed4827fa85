import Foundation
import Testing

/// Every number from the command line is range-checked: exit 64 (a usage error) or 65 (a refused
/// value) naming the option, the token or the field — never a crash, and nothing appended
/// (issue 20, item 3: 22 crashes with exit 132 before).
@Suite("Number ranges", .serialized)
struct NumberRangeTests {
    static let huge = "99999999999999999"

    static let cases: [AppendRefusalTests.Case] = [
        .init(arguments: ["append", "set", "Bench Press", huge + "s"], status: 64, message: "set SPEC '\(huge)s'"),
        .init(arguments: ["append", "set", "bench", huge + ":00"], status: 64, message: "set SPEC '\(huge):00'"),
        .init(arguments: ["append", "set", "bench", huge + "h"], status: 64, message: "set SPEC '\(huge)h'"),
        .init(arguments: ["append", "set", "running", "5km", huge + "min"], status: 64, message: "set SPEC '\(huge)min'"),
        .init(arguments: ["append", "set", "plank", "9223372036854775807ms"], status: 64, message: "set SPEC '9223372036854775807ms'"),
        .init(arguments: ["append", "set", "plank", "200h"], status: 65,
              message: "set.duration: 200:00:00 is not allowed — a duration is at most 168:00:00 (7 days)"),
        .init(arguments: ["append", "set", "bench", "4294967296x5"], status: 65,
              message: "set.weight: 4294967296 kg is not allowed — a weight is at most 10000 kg"),
        .init(arguments: ["append", "set", "bench", "100x5", "--weight", "30000lb"], status: 65,
              message: "set.weight: 30000 lb is not allowed"),
        .init(arguments: ["append", "set", "bench", "100x5", "--reps", "4294967296"], status: 65,
              message: "set.reps: 4294967296 is not allowed — reps are 0 to 1000"),
        .init(arguments: ["append", "set", "running", "4294967296km", "25:00"], status: 65,
              message: "set.distance: 4294967296 km is not allowed — a distance is at most 1000 km"),
        .init(arguments: ["append", "bodyweight", "4294967296"], status: 65,
              message: "bodyweight.weight: 4294967296 kg is not allowed — a body weight is at most 1000 kg"),
        .init(arguments: ["volume", "--weeks", "4294967296"], status: 64, message: "--weeks 4294967296 is out of range"),
        .init(arguments: ["volume", "--weeks", huge, "--by", "day"], status: 64, message: "--weeks \(huge) is out of range"),
        .init(arguments: ["volume", "--weeks", huge, "--by", "month"], status: 64, message: "--weeks \(huge) is out of range"),
        .init(arguments: ["volume", "--weeks", huge, "--by", "workout"], status: 64, message: "--weeks \(huge) is out of range"),
        .init(arguments: ["volume", "--weeks", huge, "--group-by", "muscle"], status: 64, message: "--weeks \(huge) is out of range"),
        .init(arguments: ["export", "volume", "--weeks", "4294967296"], status: 64, message: "--weeks 4294967296 is out of range"),
    ]

    @Test(arguments: cases)
    func outOfRangeIsRefused(_ refusal: AppendRefusalTests.Case) async throws {
        let wlog = try await AppendRefusalTests.journal()
        defer { wlog.cleanup() }
        let before = try #require(wlog.journalBytes())
        let result = try await wlog.run(refusal.arguments)
        #expect(result.status == refusal.status)
        #expect(result.stderr.hasPrefix("wlog: error: ") && result.stderr.contains(refusal.message), "stderr: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(wlog.journalBytes() == before)
    }

    /// The largest values inside the ranges are taken, and every read of them works.
    @Test func theBoundsThemselvesAreAccepted() async throws {
        let wlog = try await AppendRefusalTests.journal()
        defer { wlog.cleanup() }
        for arguments in [["append", "set", "bench", "10000x1000", "--force"], ["append", "set", "running", "1000km", "168:00:00"],
                          ["append", "set", "plank", "168h"], ["append", "bodyweight", "1000", "--force"]] {
            #expect(try await wlog.run(arguments).status == 0, "\(arguments)")
        }
        for read in [["prs"], ["history"], ["volume", "--weeks", "5200"], ["e1rm", "bench"], ["export", "sets"], ["bodyweight"]] {
            let result = try await wlog.run(read)
            #expect(result.status == 0, "\(read): \(result.stderr)")
        }
    }
}
