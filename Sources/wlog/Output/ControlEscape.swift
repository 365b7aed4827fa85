/// Control characters made visible on standard output and standard error.
///
/// An exercise name, a note or an imported CSV cell may hold `ESC ] 0 ; … BEL` or another C0/C1
/// control, which a terminal would obey (retitle the window, move the cursor, rewrite what was
/// printed). Every C0 control but tab and line feed, DEL and every C1 control (U+0080–U+009F) is
/// written as the six characters `\u001b` instead. That is the JSON escape of the same character,
/// so JSON output (and `wlog events`' raw journal lines, where such characters can only be inside
/// strings) stays valid and means the same; tables and CSV show the escape. Files written with
/// `--output` keep the data as it is.
enum ControlEscape {
    /// `bytes` (UTF-8) with every control but tab and line feed escaped; the same array when it
    /// has none (the common case: one pass, no copy).
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = firstControl(bytes) else { return bytes }
        var out = Array(bytes[..<first])
        out.reserveCapacity(bytes.count + 16)
        var index = first
        while index < bytes.count {
            if isControl(bytes, at: index) {
                let scalar = bytes[index] == 0xC2 ? bytes[index + 1] : bytes[index]
                out += Array("\\u00".utf8) + hex(scalar >> 4) + hex(scalar & 0x0F)
                index += bytes[index] == 0xC2 ? 2 : 1
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    /// Where the first control character starts, or nil. Eight bytes a step: one word tells
    /// whether any byte is below 0x20, DEL or `C2` (a C1 lead byte) with a few integer operations
    /// (the "has less / has byte" tricks), and only such words are checked byte by byte (line feeds
    /// make about one word in six): a fraction of a byte loop's cost (`export sets` writes
    /// megabytes; `SIMD16` compares compiled to a slower byte loop).
    private static func firstControl(_ bytes: [UInt8]) -> Int? {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ x: UInt64) -> Bool { (x &- ones) & ~x & highs != 0 }
        return bytes.withUnsafeBytes { raw -> Int? in
            var index = 0
            while index + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let below20 = (word &- ones &* 0x20) & ~word & highs != 0
                if below20 || hasZeroByte(word ^ (ones &* 0x7F)) || hasZeroByte(word ^ (ones &* 0xC2)) {
                    for at in index..<(index + 8) where isControl(bytes, at: at) { return at }
                }
                index += 8
            }
            while index < raw.count {
                if isControl(bytes, at: index) { return index }
                index += 1
            }
            return nil
        }
    }

    /// Whether a control character starts at `index`: C0 but tab and line feed, DEL, or the
    /// two-byte UTF-8 form `C2 80`…`C2 9F` of a C1 control.
    @inline(__always)
    private static func isControl(_ bytes: [UInt8], at index: Int) -> Bool {
        let byte = bytes[index]
        if byte < 0x20 { return byte != 0x0A && byte != 0x09 }
        if byte == 0x7F { return true }
        return byte == 0xC2 && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])
    }

    private static func hex(_ nibble: UInt8) -> [UInt8] { [nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10] }
}
