// The training models' own JSON (`JSONWritable`): each key in byte order, as `JSONEncoder` with
// `.sortedKeys` writes their `Encodable` form.

extension VolumeRowModel: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("muscleGroup", muscleGroup)
        json.field("period", period)
        json.field("sets", sets)
        json.field("start", start)
        json.field("volumeKg", volumeKg)
        json.field("workoutId", workoutId)
        json.endObject()
    }
}

extension TodayModel: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("bodyweightKg", bodyweightKg)
        json.field("date", date)
        json.field("goalKg", goalKg)
        json.field("lastWorkout", lastWorkout)
        json.field("plannedRoutineId", plannedRoutineId)
        json.field("plannedTitle", plannedTitle)
        json.field("streakWeeks", streakWeeks)
        json.field("volumeThisWeekKg", volumeThisWeekKg)
        json.field("week", week)
        json.field("workoutsThisWeek", workoutsThisWeek)
        json.endObject()
    }
}

extension BalanceModel: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("groups", groups)
        json.field("pullSets", pullSets)
        json.field("pushPullRatio", pushPullRatio)
        json.field("pushSets", pushSets)
        json.field("ratioAlert", ratioAlert)
        json.field("targetHigh", targetHigh)
        json.field("targetLow", targetLow)
        json.field("weeksCounted", weeksCounted)
        json.endObject()
    }
}

extension BalanceModel.Group: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("daysSince", daysSince)
        json.field("isStale", isStale)
        json.field("lastSevenDaysSets", lastSevenDaysSets)
        json.field("lastTrained", lastTrained)
        json.field("muscleGroup", muscleGroup)
        json.field("weeklyAverageSets", weeklyAverageSets)
        json.field("zone", zone)
        json.endObject()
    }
}

extension CoachModel: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("load", load)
        json.field("suggestions", suggestions)
        json.endObject()
    }
}

extension CoachModel.Suggestion: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("exerciseId", exerciseId)
        json.field("kind", kind)
        json.field("message", message)
        json.endObject()
    }
}

extension CoachModel.Load: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("acute", acute)
        json.field("chronic", chronic)
        json.field("date", date)
        json.field("ratio", ratio)
        json.field("uncoupledChronic", uncoupledChronic)
        json.field("uncoupledRatio", uncoupledRatio)
        json.endObject()
    }
}

extension ExerciseCardModel: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("exercise", exercise)
        json.field("lastSessionTopSet", lastSessionTopSet)
        json.field("lastSet", lastSet)
        json.field("pr", pr)
        json.field("previousPerformance", previousPerformance)
        json.field("records", records)
        json.endObject()
    }
}

extension E1RMPointModel: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("date", date)
        json.field("e1rmKg", e1rmKg)
        json.field("isBest", isBest)
        json.field("reps", reps)
        json.field("setId", setId)
        json.field("weightKg", weightKg)
        json.endObject()
    }
}

extension PercentagesModel: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("date", date)
        json.field("e1rmKg", e1rmKg)
        json.field("formula", formula)
        json.field("rows", rows)
        json.endObject()
    }
}

extension PercentagesModel.Row: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("loadKg", loadKg)
        json.field("percent", percent)
        json.field("reps", reps)
        json.endObject()
    }
}

extension ScoresModel: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginObject()
        json.field("benchIpfGL", benchIpfGL)
        json.field("benchKg", benchKg)
        json.field("bodyweightKg", bodyweightKg)
        json.field("deadliftKg", deadliftKg)
        json.field("dots", dots)
        json.field("equipment", equipment)
        json.field("estimatedTotalKg", estimatedTotalKg)
        json.field("ipfGL", ipfGL)
        json.field("ipfPoints", ipfPoints)
        json.field("sex", sex)
        json.field("squatKg", squatKg)
        json.field("totalKg", totalKg)
        json.field("wilks", wilks)
        json.field("wilks2020", wilks2020)
        json.endObject()
    }
}
