import Testing
import WlogCore
@testable import WlogInterop

/// `NewLineBudget`, the lower bound that lets a big import stop reading once its new rows pass
/// the journal's limit for one commit: it must never exceed a real line (or a file that fits
/// would be refused), and rows the journal holds must not count.
struct NewLineBudgetTests {
    static let files: [(name: String, format: ImportFormat, unit: MassUnit?)] = [
        ("strong_ios12.csv", .strong, .kg), ("strong_ios10.csv", .strong, .lb), ("strong_2016_kg.csv", .strong, nil),
        ("strong_android.csv", .strong, nil), ("strong_german.csv", .strong, .kg), ("strong6_2025.csv", .strong, nil),
        ("hevy_metric.csv", .hevy, nil), ("hevy_imperial.csv", .hevy, nil),
        ("fitnotes_comment.csv", .fitnotes, nil), ("fitnotes_old_lbs.csv", .fitnotes, nil),
    ]

    /// Every `set.logged` line an import writes is at least the bound counted for its row.
    @Test(arguments: files.indices)
    func theBoundIsBelowEveryRealLine(_ index: Int) throws {
        let (name, format, unit) = Self.files[index]
        let options = Fixture.options(unit: unit)
        let plan = try Importer.plan(data: Fixture.bytes(name), format: format, options: options)
        let shortest = NewLineBudget(format: format, options: options).shortestLine
        let sets = plan.setEvents
        #expect(!sets.isEmpty)
        for event in sets {
            guard case let .setLogged(set) = event.payload else { continue }
            let bound = shortest + (set.source?.utf8.count ?? 0) + (set.notes?.utf8.count ?? 0)
            #expect(EventCodec.encodePending(event).count >= bound, "\(name): \(set.source ?? "")")
        }
    }

    /// Over a small limit the reader stops at the row that passes it; when the journal holds
    /// every row, nothing counts and the whole file is planned.
    @Test func newRowsCountAndKnownRowsDoNot() throws {
        var options = Fixture.options(unit: .kg)
        options.commitLimit = .init(bytes: 2_000, isKnown: { _ in false })
        let error = #expect(throws: ImportError.self) {
            try Importer.plan(data: Fixture.bytes("strong_ios12.csv"), format: .strong, options: options)
        }
        #expect(error == .overCommitLimit(newSets: 6, bytesAtLeast: 2_023, line: 8))
        options.commitLimit = .init(bytes: 2_000, isKnown: { _ in true })
        let plan = try Importer.plan(data: Fixture.bytes("strong_ios12.csv"), format: .strong, options: options)
        #expect(plan.report.sets > 0)
    }
}
