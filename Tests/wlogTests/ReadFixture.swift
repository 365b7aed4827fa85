import Foundation
import Testing

/// The journal the read-command tests share: four weeks of training built by a fixed script of
/// `wlog init` and `wlog append …` calls, every event with a fixed id and fixed times, so every
/// output is deterministic (except the two events `init` writes, whose ids are random).
///
/// The script: kg journal in Europe/Berlin; bench, squat, deadlift (one back-dated: appended on
/// Nov 18 for Nov 11), a lb bench set, warm-ups, two sessions (Pull A, Legs) and implicit days,
/// a body-weight exercise (pull-up, with and without added load), a cardio set (run) and a timed
/// set (plank), body weight with a goal, and one set edited then deleted (`s15`).
/// `now` is Fri 2026-11-20 18:00 UTC.
struct ReadFixture: Sendable {
    let process: WlogProcess

    /// A set id: `5e70000N…`, so `5e70` is an ambiguous prefix.
    static func set(_ n: Int) -> String { "5e7000" + String(format: "%02d", n) + String(repeating: "0", count: 24) }
    /// The id of an event appended as a JSON line: workouts `a…`, body weight `b…`, others `c…`.
    static func workout(_ n: Int) -> String { "a00000" + String(format: "%02d", n) + String(repeating: "0", count: 24) }
    static func entry(_ n: Int) -> String { "b00000" + String(format: "%02d", n) + String(repeating: "0", count: 24) }
    static func other(_ n: Int) -> String { "c00000" + String(format: "%02d", n) + String(repeating: "0", count: 24) }

    /// Built once, on first use, and shared by every test (read commands take no lock).
    private static let building = Task { try await ReadFixture() }

    /// The shared fixture, once built.
    static var shared: ReadFixture {
        get async throws { try await building.value }
    }

    init() async throws {
        process = try WlogProcess()
        try await script()
    }

    /// Runs one append, failing loudly if it does not succeed.
    func append(_ arguments: [String], now: String, stdin: String? = nil) async throws {
        let result = try await process.run(arguments + ["--now", now], stdin: stdin)
        guard result.status == 0 else {
            throw FixtureError(message: "wlog \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
    }

    /// `append set` with a fixed id at a local Berlin time (+01:00), recorded two minutes later.
    func set(_ n: Int, _ exercise: String, _ spec: [String], at local: String, extra: [String] = [], recorded: String? = nil) async throws {
        let at = local + ":00+01:00"
        try await append(["append", "set", exercise] + spec + ["--at", at, "--id", Self.set(n)] + extra,
                   now: recorded ?? Self.utc(local, plusMinutes: 2))
    }

    /// One raw event line (no seq) appended with `append events`, recorded two minutes after `at`.
    func event(_ id: String, _ type: String, at local: String, _ payload: String) async throws {
        let at = Self.utc(local, plusMinutes: 0)
        let recorded = Self.utc(local, plusMinutes: 2)
        let line = "{\"id\":\"\(id)\",\"type\":\"\(type)\",\"v\":1,\"at\":\"\(at)\",\"tz\":60,\"recorded\":\"\(recorded)\",\"actor\":\"user\"" + payload + "}\n"
        try await append(["append", "events", "-"], now: recorded, stdin: line)
    }

    /// `2026-10-27T18:00` local Berlin (+01:00) plus some minutes, as UTC ISO 8601 with milliseconds.
    static func utc(_ local: String, plusMinutes: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 3600)
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let date = formatter.date(from: local)!.addingTimeInterval(Double(plusMinutes) * 60)
        let out = DateFormatter()
        out.locale = Locale(identifier: "en_US_POSIX")
        out.timeZone = TimeZone(secondsFromGMT: 0)
        out.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"
        return out.string(from: date)
    }

    func script() async throws {
        try await append(["init", "--unit", "kg", "--tz", "Europe/Berlin", "--name", "Alex"], now: "2026-10-26T08:00:00Z")
        // Week 44: an implicit day, then a Pull session.
        try await set(1, "bench press", ["80x5"], at: "2026-10-27T18:00")
        try await set(2, "bench press", ["80x5"], at: "2026-10-27T18:05")
        try await set(3, "bench press", ["85x3", "@8"], at: "2026-10-27T18:10", extra: ["--notes", "felt \"heavy\", slow"])
        try await set(4, "squat", ["100x5"], at: "2026-10-27T18:20")
        try await set(5, "squat", ["100x5"], at: "2026-10-27T18:25")
        try await event(Self.workout(1), "workout.started", at: "2026-10-29T17:55", ",\"name\":\"Pull A\"")
        try await set(6, "pull-up", ["BWx8"], at: "2026-10-29T18:00")
        try await set(7, "pull-up", ["BW+10x5"], at: "2026-10-29T18:05")
        try await set(8, "barbell row", ["60x8"], at: "2026-10-29T18:15")
        try await event(Self.other(1), "workout.finished", at: "2026-10-29T18:45", ",\"workout\":\"\(Self.workout(1))\",\"soreness\":2,\"session_rpe\":7.5")
        try await event(Self.entry(1), "bodyweight.recorded", at: "2026-10-31T08:00", ",\"weight\":\"84\",\"unit\":\"kg\",\"notes\":\"morning\"")
        // Week 45: a lb set, a warm-up, cardio, timed, the goal.
        try await event(Self.entry(2), "bodyweight.recorded", at: "2026-11-02T08:00", ",\"weight\":\"83.6\",\"unit\":\"kg\"")
        try await set(9, "bench press", ["205lbx5"], at: "2026-11-03T18:00")
        try await set(10, "bench press", ["60x10"], at: "2026-11-03T17:50", extra: ["--type", "warmup"])
        try await set(11, "squat", ["110x5", "@8.5"], at: "2026-11-03T18:20")
        try await set(12, "run", ["5km", "25:00"], at: "2026-11-05T07:30")
        try await set(13, "plank", ["60s"], at: "2026-11-05T07:50")
        try await event(Self.other(2), "goal.set", at: "2026-11-05T08:00", ",\"weight\":\"80\",\"unit\":\"kg\"")
        // Week 46: a bench PR, a set edited then deleted, body weight.
        try await set(14, "bench press", ["100x5"], at: "2026-11-09T18:00")
        try await set(15, "bench press", ["100x6"], at: "2026-11-09T18:05")
        try await set(16, "squat", ["120x5"], at: "2026-11-09T18:20")
        try await event(Self.other(3), "set.edited", at: "2026-11-10T07:00", ",\"set\":\"\(Self.set(15))\",\"reps\":4,\"notes\":\"miscounted\"")
        try await event(Self.other(4), "set.deleted", at: "2026-11-10T07:05", ",\"set\":\"\(Self.set(15))\",\"reason\":\"logged twice\"")
        try await event(Self.entry(3), "bodyweight.recorded", at: "2026-11-12T08:00", ",\"weight\":\"83\",\"unit\":\"kg\"")
        // Week 47: a heavier bench (beats Nov 9's), max reps, the back-dated deadlift, a Legs session, today.
        try await set(18, "bench press", ["105x3", "@9"], at: "2026-11-16T18:00")
        try await set(19, "pull-up", ["BWx12"], at: "2026-11-18T18:00")
        try await event(Self.entry(4), "bodyweight.recorded", at: "2026-11-18T08:00", ",\"weight\":\"82.4\",\"unit\":\"kg\"")
        try await set(17, "deadlift", ["140x5"], at: "2026-11-11T18:00", recorded: "2026-11-18T19:00:00Z")
        try await event(Self.workout(2), "workout.started", at: "2026-11-19T17:30", ",\"name\":\"Legs\"")
        try await set(21, "squat", ["60x5"], at: "2026-11-19T17:35", extra: ["--type", "warmup"])
        try await set(20, "squat", ["125x3"], at: "2026-11-19T17:45")
        try await event(Self.other(5), "workout.finished", at: "2026-11-19T18:30", ",\"workout\":\"\(Self.workout(2))\"")
        try await set(22, "bench press", ["100x5", "@8"], at: "2026-11-20T18:30", recorded: "2026-11-20T17:40:00Z")
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
