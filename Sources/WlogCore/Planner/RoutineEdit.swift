/// Routine edits that become a `routine.updated`: copy a day, reorder a day's exercises, toggle a
/// deload week (seed 003 planner); replace a day's exercises, retitle or remove a day (the API's
/// `PATCH`/`DELETE /routines/:id`).
public enum RoutineEdit {
    /// A copy of day `from` appended as a new day (the next free index), titled `title` or `<title> (copy)`.
    public static func copyDay(_ routine: Routine, from: Int, title: String? = nil) throws(Refusal) -> Routine {
        guard let source = routine.days.first(where: { $0.index == from }) else { throw unknownDay(routine, from) }
        var out = routine
        let index = (routine.days.map(\.index).max() ?? 0) + 1
        out.days.append(RoutineDay(index: index, title: title ?? source.title + " (copy)", exercises: source.exercises))
        return out
    }

    /// Day `day` with the named exercises (ids) first in that order; the others keep their order after.
    public static func reorder(_ routine: Routine, day: Int, exercises ids: [String]) throws(Refusal) -> Routine {
        guard let position = routine.days.firstIndex(where: { $0.index == day }) else { throw unknownDay(routine, day) }
        var rest = routine.days[position].exercises
        var ordered: [PlannedExercise] = []
        for id in ids {
            guard let i = rest.firstIndex(where: { $0.exercise == id }) else {
                let known = routine.days[position].exercises.map(\.exercise).joined(separator: ", ")
                throw Refusal(field: "routine.exercise", value: id, problem: "is not in day \(day)",
                              allowed: "day \(day) has " + known)
            }
            ordered.append(rest.remove(at: i))
        }
        var out = routine
        out.days[position].exercises = ordered + rest
        return out
    }

    /// The routine with week `week` marked as a deload week (`on`) or not.
    public static func deload(_ routine: Routine, week: Int, on: Bool = true) throws(Refusal) -> Routine {
        guard week >= 1, routine.weeks.map({ week <= $0 }) ?? true else {
            throw Refusal(field: "routine.deload-week", value: String(week),
                          allowed: "a week from 1" + (routine.weeks.map { " to \($0)" } ?? ""))
        }
        var out = routine
        var weeks = Set(routine.deloadWeeks)
        if on { weeks.insert(week) } else { weeks.remove(week) }
        out.deloadWeeks = weeks.sorted()
        return out
    }

    /// Day `day` with `exercises` as its planned exercises, in that order (the API's `PATCH
    /// /routines/:id`); the decider resolves their names and checks their targets.
    public static func replaceExercises(_ routine: Routine, day: Int, with exercises: [PlannedExercise]) throws(Refusal) -> Routine {
        guard let position = routine.days.firstIndex(where: { $0.index == day }) else { throw unknownDay(routine, day) }
        var out = routine
        out.days[position].exercises = exercises
        return out
    }

    /// Day `day` titled `title`.
    public static func retitle(_ routine: Routine, day: Int, title: String) throws(Refusal) -> Routine {
        guard let position = routine.days.firstIndex(where: { $0.index == day }) else { throw unknownDay(routine, day) }
        var out = routine
        out.days[position].title = title
        return out
    }

    /// The routine without day `day`; the other days keep their indexes (the API's ids name them).
    /// A routine's only day is not removed: retire the routine instead (`routine.retired`).
    public static func removeDay(_ routine: Routine, day: Int) throws(Refusal) -> Routine {
        guard let position = routine.days.firstIndex(where: { $0.index == day }) else { throw unknownDay(routine, day) }
        guard routine.days.count > 1 else {
            throw Refusal(field: "routine.day", value: String(day), problem: "is the routine's only day", allowed: "retire the routine instead")
        }
        var out = routine
        out.days.remove(at: position)
        return out
    }

    private static func unknownDay(_ routine: Routine, _ day: Int) -> Refusal {
        Refusal(field: "routine.day", value: String(day),
                allowed: routine.name + " has days " + routine.days.map { String($0.index) }.joined(separator: ", "))
    }
}
