/// A fixed set of strings (the built-in exercise ids) recognised straight from bytes, each with one
/// shared `String`: the decoder hands out the shared string instead of making a new one per line,
/// and the state interns it by table index instead of hashing the text.
struct KnownStrings: Sendable {
    private let table: ByteStringTable
    /// The strings, by index.
    let strings: [String]

    /// A table of the distinct strings of at most 32 bytes among `candidates` (longer ones are
    /// simply never recognised); `known` skips the table's search (`ByteStringTable.init`).
    init(_ candidates: [String], known: ByteStringTable.Placement? = nil) {
        var seen: Set<String> = []
        let kept = candidates.filter { $0.utf8.count <= 32 && seen.insert($0).inserted }
        table = ByteStringTable(kept, known: known)
        strings = kept
    }

    /// Where the table of the built-in exercise ids ends its search (kept current by
    /// `ByteStringTableTests`: a changed library only costs the search again).
    static let exerciseIDsPlacement = ByteStringTable.Placement(bits: 10, attempt: 773)

    /// The built-in library's exercise ids.
    static let exerciseIDs = KnownStrings(ExerciseLibrary.all.map(\.id), known: exerciseIDsPlacement)

    /// Where this table's search ended.
    var placement: ByteStringTable.Placement { table.placement }

    /// The index of the `count` bytes at `start` (`readable` bytes may be read there), or −1.
    @inline(__always)
    func index(_ start: UnsafePointer<UInt8>, count: Int, readable: Int) -> Int {
        table.lookup(start, count: count, readable: readable)
    }

    /// The index of `text`, or −1.
    @inline(__always)
    func index(of text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return -1 }
            return index(base, count: bytes.count, readable: bytes.count)
        }
    }
}
