import Testing
@testable import WlogPostgres

/// The rows heard in commit notices: one run of consecutive positions from just after the state,
/// taken by a fold only when it holds every position the fold needs.
struct NoticedRowsTests {
    static func lines(_ positions: ClosedRange<Int>) -> [Substring] { positions.map { Substring("line \($0)") } }

    @Test func aFoldTakesTheRowsAfterItsStateThroughTheAnnouncedPosition() {
        let rows = NoticedRows()
        rows.add(first: 4, lines: Self.lines(4...5), after: 3)
        rows.add(first: 6, lines: Self.lines(6...6), after: 3)
        #expect(rows.last == 6)
        #expect(rows.take(after: 3, through: 5).map(Array.init) == Self.lines(4...5))
        #expect(rows.last == 6)
        #expect(rows.take(after: 5, through: 6).map(Array.init) == Self.lines(6...6))
        #expect(rows.last == 0)
    }

    /// Rows the state holds (the server's own commits heard back) are passed over; a notice that
    /// repeats rows held adds only what follows them.
    @Test func rowsHeldAlreadyAreSkipped() {
        let rows = NoticedRows()
        #expect(!rows.wants(first: 1, last: 2, after: 2))
        rows.add(first: 1, lines: Self.lines(1...2), after: 2)
        #expect(rows.last == 0)
        #expect(rows.wants(first: 1, last: 3, after: 1))
        rows.add(first: 1, lines: Self.lines(1...3), after: 1)
        rows.add(first: 2, lines: Self.lines(2...4), after: 1)
        #expect(rows.take(after: 2, through: 4).map(Array.init) == Self.lines(3...4))
        rows.add(first: 5, lines: Self.lines(5...5), after: 4)
        rows.drop(through: 5)
        #expect(rows.last == 0)
        rows.add(first: 6, lines: Self.lines(6...6), after: 5)
        rows.clear()
        #expect(rows.last == 0)
    }

    /// A missing row (a commit too large for a notice, or from a server that sends none) means the
    /// table: the run ends, and no notice starts one again until the state moves past the gap.
    @Test func aGapIsNeverFolded() {
        let rows = NoticedRows()
        #expect(!rows.wants(first: 3, last: 3, after: 1))
        rows.add(first: 3, lines: Self.lines(3...3), after: 1)
        #expect(rows.last == 0)
        rows.add(first: 2, lines: Self.lines(2...2), after: 1)
        rows.add(first: 4, lines: Self.lines(4...4), after: 1)
        #expect(rows.last == 0)
        #expect(rows.take(after: 1, through: 4) == nil)
        // The fold read the table through 4: the next notice starts a run again.
        rows.add(first: 5, lines: Self.lines(5...6), after: 4)
        #expect(rows.take(after: 4, through: 7) == nil)
        #expect(rows.take(after: 4, through: 6).map(Array.init) == Self.lines(5...6))
    }

    /// A lifter held here and written elsewhere only: the run stops at the limit, and holds
    /// nothing more until the state moves.
    @Test func aRunPastTheLimitEndsIt() {
        let rows = NoticedRows()
        let long = Substring(String(repeating: "x", count: NoticedRows.limit / 2 + 1))
        rows.add(first: 2, lines: [long], after: 1)
        #expect(rows.last == 2)
        rows.add(first: 3, lines: [long], after: 1)
        #expect(rows.last == 0)
        #expect(!rows.wants(first: 4, last: 4, after: 1))
        #expect(rows.wants(first: 4, last: 4, after: 3))
    }
}
