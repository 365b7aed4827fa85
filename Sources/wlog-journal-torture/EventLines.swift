/// Deterministic, realistic pending event lines (the same generator is in the tests).
enum EventLines {
    static let exercises = ["bench-press", "back-squat", "deadlift", "overhead-press", "barbell-row",
                            "pull-up", "romanian-deadlift", "incline-dumbbell-press", "leg-press", "lat-pulldown"]

    /// 32 lower-case hex digits of `(writer << 64) | index`.
    static func id(writer: UInt64, index: UInt64) -> String {
        hex16(writer) + hex16(index)
    }

    static func hex16(_ v: UInt64) -> String {
        let s = String(v, radix: 16)
        return String(repeating: "0", count: 16 - s.count) + s
    }

    /// A `set.logged` event as the domain writes it (envelope first), without `seq`.
    static func line(writer: UInt64, index: UInt64) -> String {
        let i = Int(index % 1_000_000)
        let minute = i % 60, second = (i * 7) % 60, day = 1 + (i / 1440) % 28
        let at = "2026-11-\(pad(day))T10:\(pad(minute)):\(pad(second)).000Z"
        let exercise = exercises[(i / 15) % exercises.count]
        let weight = 60 + Double((i * 37) % 80) * 2.5
        let reps = 3 + (i * 13) % 8
        let workout = hex16(writer ^ 0x5EED) + hex16(UInt64(i / 20))
        return #"{"id":"\#(id(writer: writer, index: index))","type":"set.logged","v":1,"at":"\#(at)","#
            + #""tz":"Europe/Berlin","recorded":"\#(at)","actor":"cli","workout":"\#(workout)","#
            + #""exercise":"\#(exercise)","n":\#(i % 5 + 1),"kind":"working","weight":{"kg":\#(weight)},"#
            + #""reps":\#(reps),"rpe":\#(6 + (i % 4))}"#
    }

    static func pad(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
