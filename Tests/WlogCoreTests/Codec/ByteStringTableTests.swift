import Testing
@testable import WlogCore

/// The decoder's perfect-hash tables: a known placement gives the same table as the search.
@Suite("Codec: byte-string tables")
struct ByteStringTableTests {
    @Test("the built-in tables' known placements are where their searches end")
    func knownPlacementsAreCurrent() {
        let exercises = KnownStrings(ExerciseLibrary.all.map(\.id))
        #expect(exercises.placement == KnownStrings.exerciseIDsPlacement,
                "update KnownStrings.exerciseIDsPlacement to \(exercises.placement)")
        let keys = ByteStringTable(CodecKey.all.map(\.rawValue))
        #expect(keys.placement == CodecTables.keyPlacement, "update CodecTables.keyPlacement to \(keys.placement)")
        // The type table has no known placement: its search ends within a few dozen attempts,
        // so a new event type needs no number updated here.
        #expect(ByteStringTable(CodecKey.types.map(\.rawValue)).placement.attempt < 200)
    }

    @Test("a stale placement falls back to the search; every string finds its index")
    func stalePlacement() {
        let strings = ["squat", "bench-press", "deadlift", "overhead-press", "barbell-row", "pull-up"]
        let searched = ByteStringTable(strings)
        let stale = ByteStringTable(strings, known: .init(bits: searched.placement.bits, attempt: searched.placement.attempt + 1))
        let hinted = ByteStringTable(strings, known: searched.placement)
        #expect(hinted.placement == searched.placement)
        for table in [searched, stale, hinted] {
            for (index, string) in strings.enumerated() {
                var text = string
                let found = text.withUTF8 { table.lookup($0.baseAddress!, count: $0.count, readable: $0.count) }
                #expect(found == index)
            }
            var other = "front-squat"
            #expect(other.withUTF8 { table.lookup($0.baseAddress!, count: $0.count, readable: $0.count) } == -1)
        }
    }
}
