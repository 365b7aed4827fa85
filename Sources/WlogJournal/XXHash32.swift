/// XXH32 (seed 0), the checksum of LZ4 frames: headers, blocks and content.
///
/// Checks every LZ4 frame's header, block and content checksums (`Frame.checksumsHold`,
/// `FrameDecoder`): liblz4 only decodes the blocks.
enum XXHash32 {
    private static let p1: UInt32 = 2_654_435_761, p2: UInt32 = 2_246_822_519, p3: UInt32 = 3_266_489_917
    private static let p4: UInt32 = 668_265_263, p5: UInt32 = 374_761_393

    /// The XXH32 of `bytes` with seed 0.
    ///
    /// The four lanes are independent chains of multiply, add and rotate; the compiler keeps them
    /// in registers with scalar `imul` (faster here than Debian's liblz4, whose SSE2 loop
    /// multiplies by shifts and adds).
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt32 {
        let n = bytes.count
        var i = 0
        var h: UInt32
        @inline(__always) func word(_ at: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        @inline(__always) func round(_ acc: UInt32, _ input: UInt32) -> UInt32 { rotl(acc &+ input &* p2, 13) &* p1 }
        if n >= 16, let base = bytes.baseAddress {
            var v1 = p1 &+ p2, v2 = p2, v3: UInt32 = 0, v4: UInt32 = 0 &- p1
            @inline(__always) func at(_ offset: Int) -> UInt32 {
                UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            }
            while i + 32 <= n {
                v1 = round(v1, at(i)); v2 = round(v2, at(i + 4)); v3 = round(v3, at(i + 8)); v4 = round(v4, at(i + 12))
                v1 = round(v1, at(i + 16)); v2 = round(v2, at(i + 20)); v3 = round(v3, at(i + 24)); v4 = round(v4, at(i + 28))
                i += 32
            }
            if i + 16 <= n {
                v1 = round(v1, at(i)); v2 = round(v2, at(i + 4)); v3 = round(v3, at(i + 8)); v4 = round(v4, at(i + 12))
                i += 16
            }
            h = rotl(v1, 1) &+ rotl(v2, 7) &+ rotl(v3, 12) &+ rotl(v4, 18)
        } else {
            h = p5
        }
        h = h &+ UInt32(truncatingIfNeeded: n)
        while i + 4 <= n {
            h = rotl(h &+ word(i) &* p3, 17) &* p4
            i += 4
        }
        while i < n {
            h = rotl(h &+ UInt32(bytes[i]) &* p5, 11) &* p1
            i += 1
        }
        h ^= h >> 15
        h = h &* p2
        h ^= h >> 13
        h = h &* p3
        h ^= h >> 16
        return h
    }

    @inline(__always)
    private static func rotl(_ x: UInt32, _ r: UInt32) -> UInt32 { x << r | x >> (32 - r) }
}

extension Frame {
    /// Whether the header checksum and every block checksum of the whole frame in `bytes` hold
    /// (the content checksum needs the decompressed content and is not checked here).
    static func checksumsHold(_ bytes: UnsafeRawBufferPointer, blockChecksums: Bool) -> Bool {
        guard bytes.count >= 7 else { return false }
        let descriptorEnd = bytes[4] & 0x08 != 0 ? 14 : 6
        guard bytes.count > descriptorEnd,
              UInt8(truncatingIfNeeded: XXHash32.hash(UnsafeRawBufferPointer(rebasing: bytes[4..<descriptorEnd])) >> 8)
                == bytes[descriptorEnd]
        else { return false }
        var position = descriptorEnd + 1
        while position + 4 <= bytes.count {
            let word = UInt32(littleEndianAt: position, of: bytes)
            position += 4
            if word == 0 { return true }
            let size = Int(word & 0x7FFF_FFFF)
            guard position + size + (blockChecksums ? 4 : 0) <= bytes.count else { return false }
            if blockChecksums {
                let block = UnsafeRawBufferPointer(rebasing: bytes[position..<(position + size)])
                guard XXHash32.hash(block) == UInt32(littleEndianAt: position + size, of: bytes) else { return false }
                position += 4
            }
            position += size
        }
        return false
    }
}
