/// The last canonical date a line reader turned into a day number. Consecutive journal lines
/// mostly share their date, so the one-step replay hands it from one line to the next
/// (`WlogState.lineDay`) and a repeated date skips the calendar arithmetic.
///
/// A cache, no part of the state's content: any two compare equal.
struct DayMemo: Sendable, Equatable {
    /// The date's text `YYYY-MM-` as a little-endian word.
    var head: UInt64 = 0
    /// The text `DD`.
    var tail: UInt16 = 0
    /// Its days since 1970.
    var days: Int64 = 0
    /// Whether a date was parsed (its digits checked): before that, no bytes match the memo —
    /// ten NUL bytes would otherwise equal the zeros above and read as 1970-01-01.
    var isSet = false

    static func == (_: DayMemo, _: DayMemo) -> Bool { true }
}
