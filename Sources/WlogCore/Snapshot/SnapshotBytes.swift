/// The byte-level writer and reader of projection snapshots: LEB128 varints, zig-zag signed
/// integers, fixed 128-bit ids, and strings through a table (each distinct string once, then by
/// index), so that a snapshot of a long history stays small and decodes without re-allocating the
/// same exercise id or actor for every set.

/// Appends values to a snapshot payload.
struct SnapshotWriter {
    var bytes: [UInt8] = []
    private var strings: [String: UInt64] = [:]
    private(set) var table: [String] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    @inline(__always)
    mutating func u64(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    @inline(__always) mutating func int(_ v: Int) { i64(Int64(v)) }
    @inline(__always) mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: (v << 1) ^ (v >> 63))) }
    @inline(__always) mutating func u8(_ v: UInt8) { bytes.append(v) }
    @inline(__always) mutating func bool(_ v: Bool) { bytes.append(v ? 1 : 0) }

    @inline(__always)
    mutating func fixed64(_ v: UInt64) {
        withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Zero bytes up to the next multiple of `boundary`, less `before` (what comes next is that
    /// many bytes long and must end on the boundary).
    mutating func align(_ boundary: Int, before: Int = 0) {
        while (bytes.count + before) % boundary != 0 { bytes.append(0) }
    }

    @inline(__always)
    mutating func id(_ v: EventID) {
        fixed64(v.high)
        fixed64(v.low)
    }

    /// A string by its index in the table (added on first use).
    @inline(__always)
    mutating func string(_ s: String) {
        if let index = strings[s] {
            u64(index)
        } else {
            let index = UInt64(table.count)
            strings[s] = index
            table.append(s)
            u64(index)
        }
    }

    /// Raw UTF-8 with its length (for the header and the table itself).
    mutating func rawString(_ s: String) {
        let utf8 = Array(s.utf8)
        u64(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    @inline(__always)
    mutating func optional<T>(_ v: T?, _ write: (inout SnapshotWriter, T) -> Void) {
        if let v {
            bytes.append(1)
            write(&self, v)
        } else {
            bytes.append(0)
        }
    }

    mutating func array<T>(_ items: [T], _ write: (inout SnapshotWriter, T) -> Void) {
        u64(UInt64(items.count))
        for item in items { write(&self, item) }
    }

    /// A list written once and by reference after that: 0 and the list the first time, k + 1 for
    /// the k-th list `written` holds (many workouts share their routine day's planned exercises;
    /// the reader then shares one array among them instead of allocating one each).
    mutating func sharedArray<T: Hashable>(_ items: [T], written: inout [[T]: UInt64], _ write: (inout SnapshotWriter, T) -> Void) {
        if let index = written[items] {
            u64(index + 1)
        } else {
            written[items] = UInt64(written.count)
            u64(0)
            array(items, write)
        }
    }
}

/// Why a snapshot was not used: the caller falls back to a full replay.
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    init(_ text: String) { description = text }
}

/// Reads values back from a snapshot payload; every read is bounds-checked.
struct SnapshotReader {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private(set) var offset = 0
    var table: [String] = []
    /// The writable memory the bytes are in, which decoded arrays may borrow (nil: they copy).
    let memory: SnapshotMemory?

    init(_ buffer: UnsafeRawBufferPointer, memory: SnapshotMemory? = nil) {
        base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
        count = buffer.count
        self.memory = memory
    }

    var isAtEnd: Bool { offset == count }

    /// The bytes not read yet.
    var remaining: Int { count - offset }

    /// The next `n` bytes, consumed.
    mutating func take(_ n: Int) throws(SnapshotError) -> UnsafeRawBufferPointer {
        guard n >= 0, count - offset >= n else { throw SnapshotError("snapshot truncated at byte \(offset)") }
        defer { offset += n }
        return UnsafeRawBufferPointer(start: base + offset, count: n)
    }

    /// Skips the padding up to the next multiple of `boundary`, less `before` (`SnapshotWriter.align`).
    mutating func align(_ boundary: Int, before: Int = 0) throws(SnapshotError) {
        _ = try take((boundary - (offset + before) % boundary) % boundary)
    }

    @inline(__always)
    mutating func u8() throws(SnapshotError) -> UInt8 {
        guard offset < count else { throw SnapshotError("snapshot truncated at byte \(offset)") }
        defer { offset += 1 }
        return base[offset]
    }

    @inline(__always)
    mutating func u64() throws(SnapshotError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < count else { throw SnapshotError("snapshot truncated at byte \(offset)") }
            let b = base[offset]
            offset += 1
            guard shift < 64 else { throw SnapshotError("varint too long at byte \(offset)") }
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }

    @inline(__always)
    mutating func count(max limit: Int = 1 << 28) throws(SnapshotError) -> Int {
        let v = try u64()
        guard v <= UInt64(limit) else { throw SnapshotError("implausible count \(v) at byte \(offset)") }
        return Int(v)
    }

    @inline(__always)
    mutating func i64() throws(SnapshotError) -> Int64 {
        let v = try u64()
        return Int64(bitPattern: (v >> 1) ^ (0 &- (v & 1)))
    }

    @inline(__always) mutating func int() throws(SnapshotError) -> Int { Int(try i64()) }

    @inline(__always)
    mutating func bool() throws(SnapshotError) -> Bool {
        switch try u8() {
        case 0: return false
        case 1: return true
        case let b: throw SnapshotError("bad flag \(b) at byte \(offset - 1)")
        }
    }

    @inline(__always)
    mutating func fixed64() throws(SnapshotError) -> UInt64 {
        guard count - offset >= 8 else { throw SnapshotError("snapshot truncated at byte \(offset)") }
        var v: UInt64 = 0
        withUnsafeMutableBytes(of: &v) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base + offset, count: 8)) }
        offset += 8
        return UInt64(littleEndian: v)
    }

    @inline(__always)
    mutating func id() throws(SnapshotError) -> EventID {
        let high = try fixed64()
        return EventID(high: high, low: try fixed64())
    }

    @inline(__always)
    mutating func string() throws(SnapshotError) -> String {
        let index = try u64()
        guard index < UInt64(table.count) else { throw SnapshotError("string index \(index) out of range") }
        return table[Int(index)]
    }

    mutating func rawString() throws(SnapshotError) -> String {
        let n = try count(max: count - offset)
        defer { offset += n }
        return String(decoding: UnsafeBufferPointer(start: base + offset, count: n), as: UTF8.self)
    }

    @inline(__always)
    mutating func optional<T>(_ read: (inout SnapshotReader) throws(SnapshotError) -> T) throws(SnapshotError) -> T? {
        switch try u8() {
        case 0: return nil
        case 1: return try read(&self)
        case let b: throw SnapshotError("bad optional tag \(b) at byte \(offset - 1)")
        }
    }

    mutating func array<T>(_ read: (inout SnapshotReader) throws(SnapshotError) -> T) throws(SnapshotError) -> [T] {
        let n = try count(max: count - offset)
        var out: [T] = []
        out.reserveCapacity(n)
        for _ in 0..<n { out.append(try read(&self)) }
        return out
    }

    /// A list written by `sharedArray`: read the first time (and kept in `read`), else the one
    /// read before.
    mutating func sharedArray<T>(read lists: inout [[T]], _ read: (inout SnapshotReader) throws(SnapshotError) -> T) throws(SnapshotError) -> [T] {
        let tag = try u64()
        if tag == 0 {
            let list = try array(read)
            lists.append(list)
            return list
        }
        guard tag - 1 < UInt64(lists.count) else { throw SnapshotError("shared list \(tag) out of range at byte \(offset)") }
        return lists[Int(tag - 1)]
    }

    /// A raw-value enum stored as its raw string (through the table).
    mutating func raw<E: RawRepresentable>(_: E.Type) throws(SnapshotError) -> E where E.RawValue == String {
        let text = try string()
        guard let value = E(rawValue: text) else { throw SnapshotError("unknown \(E.self) '\(text)'") }
        return value
    }
}

/// FNV-1a, 64 bits: the fingerprint of the journal's hot-tail lines a snapshot covers
/// (`SnapshotStamp.tailDigest`). Not a defence against an attacker (the snapshot is a cache beside the journal, and
/// the journal itself is checked by SHA-256); a guard against torn or stale files.
public enum FNV1a {
    /// The hash of no bytes, where a running hash starts.
    public static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    /// FNV-1a 64 of `bytes`, continuing from `h` (a running hash over several buffers).
    public static func hash(_ bytes: UnsafeRawBufferPointer, continuing h: UInt64 = offsetBasis) -> UInt64 {
        var h = h
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        return h
    }

    public static func hash(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBytes { hash($0) } }

    /// The running hash `h` continued with one journal line and its `\n`.
    public static func hash(line: UnsafeRawBufferPointer, continuing h: UInt64) -> UInt64 {
        (hash(line, continuing: h) ^ 0x0A) &* 0x0000_0100_0000_01B3
    }
}

/// A fast 64-bit checksum of a snapshot payload: a Fletcher-style sum in eight 64-bit lanes, 64
/// bytes a step (each lane adds its word, and a second sum adds the first after every step, so a
/// word's position counts too), then the lanes mixed by multiplies. Vector adds only: a handful of
/// instructions per 64 bytes, a small part of a snapshot's read. It catches torn, cut and damaged
/// files (a flipped bit always changes the first sum); it is not a defence against a crafted one
/// (the decoder bounds-checks everything it reads).
enum WordChecksum {
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var sum = SIMD8<UInt64>(repeating: 0), sumOfSums = SIMD8<UInt64>(repeating: 0)
        let blocks = bytes.count / 64
        if let base = bytes.baseAddress {
            for i in 0..<blocks {
                sum &+= base.loadUnaligned(fromByteOffset: i * 64, as: SIMD8<UInt64>.self)
                sumOfSums &+= sum
            }
        }
        let m: UInt64 = 0xFF51_AFD7_ED55_8CCD
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        for lane in 0..<8 {
            h = (h ^ sum[lane]) &* m
            h ^= h >> 32
            h = (h ^ sumOfSums[lane]) &* m
            h ^= h >> 32
        }
        for i in (blocks * 64)..<bytes.count {
            h = (h ^ UInt64(bytes[i])) &* 0xC4CE_B9FE_1A85_EC53
            h ^= h >> 29
        }
        return h
    }
}
