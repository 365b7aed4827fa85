import ArgumentParser
import WlogCore

/// `wlog today`: today's planned day (when a planner provides it), the last workout, the week
/// streak, and this week's workouts and volume.
struct TodayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "today", abstract: "Today: planned day, last workout, week streak, this week's volume.",
        discussion: """
            The streak counts consecutive ISO weeks with at least one workout, ending this week (or last \
            week while this one has none yet). "Today" and "this week" follow --now and --tz. \
            --format csv|json|jsonl: one record with the columns date, week, planned, streak_weeks, \
            workouts_this_week, volume_this_week, unit, last_workout_id, last_workout_date, \
            last_workout_label, last_workout_sets, last_workout_volume, bodyweight, warm_up (the warm-up for the \
            planned day's muscle groups, its lines joined with "; ", docs/COACH.md).
            """)

    static let columns = [
        "date", "week", "planned", "streak_weeks", "workouts_this_week", "volume_this_week", "unit", "last_workout_id",
        "last_workout_date", "last_workout_label", "last_workout_sets", "last_workout_volume", "bodyweight", "warm_up",
    ]

    func run() throws {
        let (context, loaded) = try JournalSession.read()
        let state = loaded.state
        let unit = loaded.unit
        let query = loaded.query
        let consistency = state.consistency(context: query)
        let planned = TodayPlan.plannedDay(state: state, context: query)
        let current = state.bodyweightEntries.last
        let last = consistency.lastWorkout
        var rows = Rows(columns: Self.columns)
        rows.append([
            .text(query.today.iso), .text(query.today.isoWeekText), .optional(planned?.title),
            .int(Int64(consistency.currentStreak)), .int(Int64(consistency.workoutsThisWeek)),
            .mass(consistency.volumeThisWeek, in: unit), .text(unit.rawValue), .optional(last.map(WorkoutRows.id)),
            .optional(last?.day.iso), .optional(last?.label), .optional(last?.setCount), .mass(last?.volume, in: unit),
            .mass(current?.weight, in: unit), .optional(planned?.warmUp.map { $0.lines(unit: unit).joined(separator: "; ") }),
        ])
        guard context.format == .table else {
            Printer.write(ReadOutput.single(rows, format: context.format))
            return
        }
        let weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][query.today.isoWeekday - 1]
        var text = "Today  " + weekday + " " + query.today.iso + "  ·  week " + query.today.isoWeekText + "\n"
        if let planned {
            text += "\nPlanned\n" + planned.lines.map { "  " + $0 + "\n" }.joined()
            if let warmUp = planned.warmUp {
                text += "\nWarm-up (" + warmUp.groups.map(\.rawValue).joined(separator: ", ") + ")\n"
                    + warmUp.lines(unit: unit).map { "  " + $0 + "\n" }.joined()
            }
        }
        if let last {
            text += "\nLast workout\n" + WorkoutRows.text(last, state: state, unit: unit) + "\n"
        } else {
            text += "\nNo workout yet — log a set with wlog append set\n"
        }
        var pairs: [(String, String)] = []
        pairs.append(("streak", "\(consistency.currentStreak) week" + (consistency.currentStreak == 1 ? "" : "s")))
        var week = "\(consistency.workoutsThisWeek) workout" + (consistency.workoutsThisWeek == 1 ? "" : "s")
        if consistency.volumeThisWeek.tenThousandths > 0 { week += " · " + VolumeText.text(consistency.volumeThisWeek) }
        pairs.append(("this week", week))
        if let current {
            pairs.append(("body weight", current.weight.formatted(in: unit) + "  " + current.at.localDay.iso
                + (state.goal.map { "  (goal " + $0.formatted(in: unit) + ")" } ?? "")))
        }
        text += "\n" + FieldsText.render(pairs)
        Printer.write(text)
    }
}
