import Foundation
import Testing
@testable import WlogCore

/// The golden journal (`fixtures/golden/journal-v1.jsonl`) replays to a golden projection text.
///
/// The text (`fixtures/golden/projection-v1.txt`) is every projection a screen shows — history
/// with labels, durations, volumes and PR flags, the PR table of each exercise, weekly volume by
/// muscle group, body-weight stats and consistency — written plainly so a diff shows what moved.
/// `WLOG_UPDATE_GOLDEN=1` rewrites it; read the diff before committing one.
@Suite("Golden projection of the v1 journal")
struct GoldenProjectionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let journal = root.appendingPathComponent("fixtures/golden/journal-v1.jsonl")
    static let golden = root.appendingPathComponent("fixtures/golden/projection-v1.txt")

    @Test func replaysToTheGoldenProjection() throws {
        let text = try String(contentsOf: Self.journal, encoding: .utf8)
        let events = try text.split(separator: "\n").map { try EventCodec.decode(String($0)) }
        let state = WlogState.replay(events)
        let rendered = Self.render(state)
        if ProcessInfo.processInfo.environment["WLOG_UPDATE_GOLDEN"] == "1" {
            try rendered.write(to: Self.golden, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: Self.golden, encoding: .utf8)
        #expect(rendered == expected)
        // Replaying twice gives the same text: projections are pure functions of the events.
        #expect(Self.render(WlogState.replay(events)) == rendered)
    }

    /// Every projection of `state` at a fixed now (2026-11-16 12:00 UTC, Berlin offset 60, kg).
    static func render(_ state: WlogState) -> String {
        let now = Instant(millisecondsSince1970: 1_794_830_400_000)  // 2026-11-16T12:00:00Z, a Monday
        let context = QueryContext(now: now, offsetMinutes: 60, unit: .kg)
        var out = "# history\n"
        for workout in state.history(HistoryFilter(limit: 1_000), context: context).workouts {
            out += "\(workout.day.iso) \(workout.name ?? "-") [\(workout.label)] sets=\(workout.setCount) reps=\(workout.reps)"
            out += " volume=\(workout.volume.formatted()) duration=\(workout.durationMilliseconds.map { DurationText.short($0) } ?? "-")\n"
            for exercise in workout.exercises {
                out += "  \(exercise.exercise.id):"
                for set in exercise.sets {
                    out += " " + (set.weight.map { $0.valueText + $0.unit.rawValue } ?? "-") + "x" + (set.reps.map(String.init) ?? "-")
                    if set.setType != .working { out += "(\(set.setType.rawValue))" }
                }
                out += "\n"
            }
            for record in workout.prs { out += "  PR \(record.set.short) \(record.records.map(\.name).joined(separator: ","))\n" }
        }
        out += "# records\n"
        var byExercise: [String: [LoggedSet]] = [:]
        for set in state.liveSets { byExercise[set.exercise, default: []].append(set) }
        for id in byExercise.keys.sorted() {
            guard let exercise = state.exercise(id) else { continue }
            let records = PersonalRecords(exercise: exercise, sets: byExercise[id] ?? [], repTargets: state.settings.prReps)
            for record in records.records {
                out += "\(id) \(record.kind.name) \(value(record.value)) \(record.performed.localDay.iso) \(record.set.short)"
                out += record.isNew(now: now) ? " NEW\n" : "\n"
            }
        }
        out += "# weekly volume by muscle\n"
        for row in state.volume(VolumeOptions(by: .week, byMuscle: true), context: context) {
            out += "\(row.period) \(row.group?.rawValue ?? "-") sets=\(row.sets) volume=\(row.volume.formatted())\n"
        }
        let body = state.bodyweightStats(context: context)
        out += "# body weight\n"
        for point in body.entries { out += "\(point.day.iso) \(point.entry.weight.formatted()) avg7=\(point.average7.formatted())\n" }
        out += "start=\(body.starting?.weight.formatted() ?? "-") current=\(body.current?.weight.formatted() ?? "-")"
        out += " change=\(body.change?.formatted() ?? "-") goal=\(body.goal?.formatted() ?? "-") toGoal=\(body.toGoal?.formatted() ?? "-")"
        out += " towardGoal=\(body.trend.isTowardGoal)\n"
        let consistency = state.consistency(context: context)
        out += "# consistency\n"
        for week in consistency.weeks { out += "\(week.week) workouts=\(week.workouts)\n" }
        out += "streak=\(consistency.currentStreak) thisWeek=\(consistency.workoutsThisWeek) volumeThisWeek=\(consistency.volumeThisWeek.formatted())\n"
        return out
    }

    static func value(_ value: RecordValue) -> String {
        switch value {
        case .mass(let mass): return mass.formatted()
        case .reps(let reps): return "\(reps) reps"
        case .distance(let distance): return distance.formatted()
        case .duration(let ms): return DurationText.clock(ms)
        case .pace(let ms): return DurationText.clock(ms) + "/km"
        }
    }
}
