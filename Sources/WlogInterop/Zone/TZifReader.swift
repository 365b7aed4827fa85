/// A cursor over the bytes of a TZif file (RFC 8536): headers, data blocks, the footer.
struct TZifReader {
    /// One header: the version and the counts of the data block that follows it.
    struct Header {
        var version: Int
        var isUTCCount: Int, isStandardCount: Int, leapCount: Int
        var timeCount: Int, typeCount: Int, charCount: Int

        /// Bytes of the data block with `timeSize`-byte times.
        func dataLength(timeSize: Int) -> Int {
            timeCount * timeSize + timeCount + typeCount * 6 + charCount + leapCount * (timeSize + 4)
                + isStandardCount + isUTCCount
        }
    }

    /// What a data block says: transition times, their local time types, each type's offset.
    struct Data {
        var transitions: [Int64]
        var typeIndices: [UInt8]
        var typeOffsets: [Int32]
    }

    let bytes: [UInt8]
    var index = 0

    /// Reads a 44-byte header (`TZif`, version, 15 reserved bytes, six counts).
    mutating func header() -> Header? {
        guard index + 44 <= bytes.count, bytes[index..<index + 4].elementsEqual("TZif".utf8) else { return nil }
        let versionByte = bytes[index + 4]
        let version = versionByte == 0 ? 1 : Int(versionByte) - Int(UInt8(ascii: "0"))
        guard version >= 1 else { return nil }
        index += 20
        var counts: [Int] = []
        for _ in 0..<6 { counts.append(Int(integer(size: 4))) }
        let header = Header(version: version, isUTCCount: counts[0], isStandardCount: counts[1], leapCount: counts[2],
                            timeCount: counts[3], typeCount: counts[4], charCount: counts[5])
        guard header.typeCount >= 1, counts.allSatisfy({ $0 >= 0 && $0 < 1 << 20 }) else { return nil }
        return header
    }

    /// Reads the data block of `header`; `nil` if it is cut short or inconsistent.
    mutating func data(_ header: Header, timeSize: Int) -> Data? {
        guard index + header.dataLength(timeSize: timeSize) <= bytes.count else { return nil }
        var transitions: [Int64] = []
        transitions.reserveCapacity(header.timeCount)
        for _ in 0..<header.timeCount { transitions.append(integer(size: timeSize)) }
        let typeIndices = Array(bytes[index..<index + header.timeCount])
        index += header.timeCount
        var typeOffsets: [Int32] = []
        for _ in 0..<header.typeCount {
            typeOffsets.append(Int32(truncatingIfNeeded: integer(size: 4)))
            index += 2  // is-DST flag, abbreviation index
        }
        guard typeIndices.allSatisfy({ Int($0) < header.typeCount }) else { return nil }
        index += header.charCount + header.leapCount * (timeSize + 4) + header.isStandardCount + header.isUTCCount
        return Data(transitions: transitions, typeIndices: typeIndices, typeOffsets: typeOffsets)
    }

    /// Skips `count` bytes if there are that many.
    mutating func skip(_ count: Int) -> Bool {
        guard index + count <= bytes.count else { return false }
        index += count
        return true
    }

    /// Skips `byte` if it is next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// The bytes up to (not including) the next `byte`, or to the end.
    mutating func bytes(until byte: UInt8) -> ArraySlice<UInt8> {
        let start = index
        while index < bytes.count, bytes[index] != byte { index += 1 }
        return bytes[start..<index]
    }

    /// A big-endian two's-complement integer of `size` bytes (4 or 8).
    private mutating func integer(size: Int) -> Int64 {
        var value: UInt64 = 0
        for i in 0..<size { value = value << 8 | UInt64(bytes[index + i]) }
        index += size
        if size == 4 { return Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: value))) }
        return Int64(bitPattern: value)
    }
}
