/// The only parts of an event line the journal reads: the envelope's leading `seq` and `id`.
///
/// A committed line starts exactly with `{"seq":N,"id":"` (N decimal, no leading zeros, ≥ 1),
/// then the id (1…64 bytes, no `"`, `\` or control bytes), then `"`. A pending line (given to
/// `append`) starts with `{"id":"`, ends with `}` (optionally followed by one `\n`) and has no
/// other `\n`; the writer splices `"seq":N,` after its `{`.
enum LineFormat {
    /// Why a pending line was refused.
    struct Refusal: Error { var reason: String }

    static let committedPrefix: [UInt8] = Array(#"{"seq":"#.utf8)
    static let idKey: [UInt8] = Array(#","id":""#.utf8)
    static let pendingPrefix: [UInt8] = Array(#"{"id":""#.utf8)

    /// The sequence number and id byte range of a committed line (without its `\n`), or nil.
    ///
    /// Read word by word (every line of every frame passes here before a replay decodes it).
    @inline(__always)
    static func parseCommitted(_ line: UnsafeRawBufferPointer) -> (seq: UInt64, id: Range<Int>)? {
        let n = line.count
        guard n > 16, let p = line.baseAddress else { return nil }
        // `{"seq":` as two overlapping 4-byte words.
        guard p.loadUnaligned(as: UInt32.self) == UInt32(littleEndian: 0x6573_227B),          // {"se
              p.loadUnaligned(fromByteOffset: 3, as: UInt32.self) == UInt32(littleEndian: 0x3A22_7165)   // eq":
        else { return nil }
        var i = 7
        guard line[i] >= UInt8(ascii: "1"), line[i] <= UInt8(ascii: "9") else { return nil }
        var seq: UInt64 = 0
        while i < n {
            let d = line[i] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            let (m, o1) = seq.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(UInt64(d))
            guard !o1, !o2 else { return nil }
            seq = s
            i += 1
        }
        // `,"id":"` as two overlapping 4-byte words.
        guard i + 7 <= n,
              p.loadUnaligned(fromByteOffset: i, as: UInt32.self) == UInt32(littleEndian: 0x6469_222C),        // ,"id
              p.loadUnaligned(fromByteOffset: i + 3, as: UInt32.self) == UInt32(littleEndian: 0x223A_2264)     // d":"
        else { return nil }
        guard let id = idRange(line, from: i + 7) else { return nil }
        return (seq, id)
    }

    /// The id starting at `start` up to its closing quote, if it is a valid id.
    @inline(__always)
    static func idRange(_ line: UnsafeRawBufferPointer, from start: Int) -> Range<Int>? {
        let limit = min(line.count, start + JournalFormat.maxIDLength + 1)
        var i = start
        if let p = line.baseAddress {
            // Eight bytes at a time while none is `"`, `\` or a control byte (the lowest byte
            // these tests flag is exact); the word that has one is read byte by byte below.
            let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= limit {
                let w = UInt64(littleEndian: p.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let quote = w ^ (ones &* 0x22), backslash = w ^ (ones &* 0x5C)
                let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((w &- ones &* 0x20) & ~w)
                if special & high != 0 { break }
                i += 8
            }
        }
        while i < limit {
            let c = line[i]
            if c == UInt8(ascii: "\"") { return i > start ? start..<i : nil }
            if c == UInt8(ascii: "\\") || c < 0x20 { return nil }
            i += 1
        }
        return nil
    }

    /// Checks a pending line; returns its body without a trailing `\n` and its id range, or why not.
    static func validatePending(_ bytes: [UInt8]) -> Result<(body: ArraySlice<UInt8>, id: Range<Int>), Refusal> {
        var body = bytes[...]
        if body.last == UInt8(ascii: "\n") { body = body.dropLast() }
        guard body.starts(with: pendingPrefix) else {
            return .failure(Refusal(reason: #"it must start with {"id":" (the envelope's id first, no seq)"#))
        }
        guard body.last == UInt8(ascii: "}") else { return .failure(Refusal(reason: "it must end with }")) }
        guard !body.contains(UInt8(ascii: "\n")) else { return .failure(Refusal(reason: "it holds a line break inside")) }
        guard body.count <= JournalFormat.maxLineBytes else {  // {"seq": + 20 digits + , + \n to come
            return .failure(Refusal(reason: "it is longer than \(JournalFormat.maxLineBytes) bytes"))
        }
        let id: Range<Int>? = body.withUnsafeBytes { idRange($0, from: pendingPrefix.count) }
        guard let id else {
            return .failure(Refusal(reason: "its id must be 1…\(JournalFormat.maxIDLength) bytes without quotes, backslashes or control characters"))
        }
        return .success((body, id))
    }
}

/// The ids of a journal, compact for the usual 32-character ids (kept as their raw 32 bytes).
struct IDSet {
    private struct Raw32: Hashable { var a, b, c, d: UInt64 }
    private var raw: Set<Raw32> = []
    private var other: Set<String> = []

    var count: Int { raw.count + other.count }

    /// Inserts the id; returns false if it was already there.
    @discardableResult
    mutating func insert(_ id: UnsafeRawBufferPointer) -> Bool {
        if id.count == 32 { return raw.insert(Self.key(id)).inserted }
        return other.insert(String(decoding: id, as: UTF8.self)).inserted
    }

    func contains(_ id: UnsafeRawBufferPointer) -> Bool {
        if id.count == 32 { return raw.contains(Self.key(id)) }
        return other.contains(String(decoding: id, as: UTF8.self))
    }

    @inline(__always)
    private static func key(_ id: UnsafeRawBufferPointer) -> Raw32 {
        Raw32(a: id.loadUnaligned(fromByteOffset: 0, as: UInt64.self), b: id.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
              c: id.loadUnaligned(fromByteOffset: 16, as: UInt64.self), d: id.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
    }
}
