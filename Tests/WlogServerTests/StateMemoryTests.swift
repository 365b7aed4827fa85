import Foundation
import Testing
import WlogCore
import WlogGenerator
import WlogInterop
@testable import WlogServer
@testable import WlogStore

/// `--cache-mb`'s estimates (`StateMemory`) against what malloc measures held for generated
/// one-year lifters (`wlog-generate --profile lifer --years 1`, as scripts/memory-bound-test.py
/// serves them): the folded states, their workout catalogs with every page of history listed
/// (`CatalogCache`: the summaries and the API's list items kept beside it), and the kept answers
/// of those pages (`KeptResponse`). Each estimate must cover the bytes measured (else the server
/// holds more than `--cache-mb` says) and stay within 1.6× of them (else the bound drops lifters it
/// could keep). Bytes held are malloc's in use (`malloc_info`: the arenas' memory less their free
/// chunks, plus mmapped blocks), taken before and after each part is made and kept.
///
/// malloc's figures are the whole process's, so the suites running beside it in `make test`
/// would be measured too: it runs alone, when `WLOG_MEASURE_MEMORY` is set
/// (`WLOG_MEASURE_MEMORY=1 swift test --skip-build --filter StateMemoryTests`).
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["WLOG_MEASURE_MEMORY"] != nil,
                             "measures the whole process's malloc: run alone with WLOG_MEASURE_MEMORY=1"))
struct StateMemoryTests {
    static let now = Instant(millisecondsSince1970: 1_795_716_000_000)  // 2026-11-20 18:00 UTC
    static let context = QueryContext(now: now, offsetMinutes: 0, unit: .kg)

    /// Bytes malloc holds in use, nil where `malloc_info` is not there (not glibc).
    static func heldByMalloc() -> Int? {
        #if canImport(Glibc)
        typealias Info = @convention(c) (Int32, UnsafeMutablePointer<FILE>?) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else { return nil }
        var text: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&text, &size) else { return nil }
        _ = unsafeBitCast(symbol, to: Info.self)(0, stream)
        fclose(stream)
        guard let text else { return nil }
        defer { free(text) }
        // The totals over every arena come last: the last of each line is the process's.
        var last: [String: Int] = [:]
        for line in String(cString: text).split(separator: "\n") {
            for key in ["<total type=\"fast\"", "<total type=\"rest\"", "<total type=\"mmap\"", "<system type=\"current\""]
            where line.hasPrefix(key) {
                guard let sizeText = line.split(separator: "size=\"").last?.split(separator: "\"").first,
                      let value = Int(sizeText) else { return nil }
                last[key] = value
            }
        }
        guard let current = last["<system type=\"current\""], let fast = last["<total type=\"fast\""],
              let rest = last["<total type=\"rest\""], let mmap = last["<total type=\"mmap\""] else { return nil }
        return current - fast - rest + mmap
        #else
        return nil
        #endif
    }

    /// Bytes `make` leaves held, and what it made.
    static func measured<T>(_ make: () throws -> T) rethrows -> (value: T, bytes: Int) {
        let before = heldByMalloc() ?? 0
        let value = try make()
        return (value, (heldByMalloc() ?? 0) - before)
    }

    static func expectCovered(_ part: String, estimate: Int, measured: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let figures = "\(part): estimate \(estimate) bytes, measured \(measured) bytes (\(String(format: "%.2f", Double(estimate) / Double(max(1, measured))))×)"
        print(figures)
        #expect(estimate >= measured, "\(figures): the estimate is below what is held", sourceLocation: sourceLocation)
        #expect(Double(estimate) <= 1.6 * Double(measured), "\(figures): the estimate is far above what is held", sourceLocation: sourceLocation)
    }

    @Test func estimatesCoverWhatOneYearLiftersHold() throws {
        try #require(Self.heldByMalloc() != nil, "malloc_info is glibc's")
        let histories = try (0..<4).map { seed -> [Event] in
            let collector = GeneratedEvents()
            var lifer = Lifer(seed: 100 + UInt64(seed), years: 1, end: LocalDay(daysSince1970: 20_412), ids: .wlog, sink: collector)
            try lifer.run()
            return collector.events
        }
        let (states, stateBytes) = Self.measured {
            histories.map { events -> WlogState in
                var state = WlogState.replay(events, from: .initial)
                state.compact()
                return state
            }
        }
        Self.expectCovered("states (\(states.map(\.eventCount)) events)",
                           estimate: states.reduce(0) { $0 + StateMemory.bytes(events: $1.eventCount) }, measured: stateBytes)

        // Every page of 20 read twice (the catalog is made at a sequence's second read), as the test's lifters are.
        var pages: [[ListedWorkout]] = []
        let (caches, catalogBytes) = Self.measured {
            states.enumerated().map { index, state -> CatalogCache in
                let cache = CatalogCache()
                var view = LifterView(lifter: StoreTests.lifter(index + 1), state: state, zone: ImportTimeZone(offsetMinutes: 0), damage: nil)
                view.catalogs = cache
                var offset = 0
                while true {
                    let (items, total) = view.historyItems(HistoryFilter(limit: 20, offset: offset), context: Self.context) {
                        ListedWorkout.of($0, view: view)
                    }
                    pages.append(items)
                    offset += 20
                    if offset >= total { break }
                }
                return cache
            }
        }
        // The pages' items are the catalog's own (kept beside it), so holding them here adds nothing.
        Self.expectCovered("catalogs (\(caches.count), every page listed)", estimate: caches.reduce(0) { $0 + $1.bytes },
                           measured: catalogBytes)

        let (answers, answerBytes) = try Self.measured {
            try pages.map { KeptResponse(try JSONBody.envelope($0)) }
        }
        Self.expectCovered("kept answers (\(answers.count) pages)",
                           estimate: answers.reduce(0) { $0 + StateMemory.bytes(answer: $1, key: "") }, measured: answerBytes)
        withExtendedLifetime((states, caches, answers)) {}
    }
}
