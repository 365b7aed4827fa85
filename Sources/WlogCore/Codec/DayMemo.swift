/// The last canonical date a line reader turned into a day number. Consecutive journal lines
/// mostly share their date, so the one-step replay hands it from one line to the next
/// (`WlogState.lineDay`) and a repeated date skips the calendar arithmetic.
///
/// A cache, no part of the state's content: any two compare equal.
struct DayMemo: Sendable, Equatable {
    /// The date's text `YYYY-MM-` as a little-endian word; 0 before the first date (never a
    /// date's bytes: `DD`, checked as digits on every use, cannot be 0 either).
    var head: UInt64 = 0
    /// The text `DD`.
    var tail: UInt16 = 0
    /// Its days since 1970.
    var days: Int64 = 0

    static func == (_: DayMemo, _: DayMemo) -> Bool { true }
}
