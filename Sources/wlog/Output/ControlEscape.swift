import WlogCore

/// Control and hidden characters made visible on standard output and standard error.
///
/// An exercise name, a note or an imported CSV cell may hold `ESC ] 0 ; … BEL`, another C0/C1
/// control, or a bidirectional control such as RLO (U+202E), which a terminal would obey (retitle
/// the window, move the cursor, rewrite or reverse what was printed). Each character of
/// `HiddenCharacters` (the one rule the web pages follow too) is written as the six characters
/// `\u001b` / `\u202e` instead. That is the JSON escape of the same character, so JSON output
/// (and `wlog events`' raw journal lines, where such characters can only be inside strings) stays
/// valid and means the same; tables and CSV show the escape. Files written with `--output` keep
/// the data as it is.
enum ControlEscape {
    /// `bytes` (UTF-8) with every control but tab and line feed escaped; the same array when it
    /// has none (the common case: one pass, no copy).
    static func escaped(_ bytes: [UInt8]) -> [UInt8] {
        guard let first = firstControl(bytes) else { return bytes }
        var out = Array(bytes[..<first])
        out.reserveCapacity(bytes.count + 16)
        var index = first
        while index < bytes.count {
            let hidden = control(bytes, at: index)
            if hidden.length > 0 {
                out += HiddenCharacters.escape(hidden.scalar)
                index += hidden.length
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return out
    }

    /// Where the first control character starts, or nil. Eight bytes a step: one word tells
    /// whether any byte is below 0x20, DEL or a lead byte of a hidden character (`C2` C1 controls,
    /// `D8` U+061C, `E2` the bidi and zero-width ones, `EF` U+FEFF) with a few integer operations
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
                if below20 || hasZeroByte(word ^ (ones &* 0x7F)) || hasZeroByte(word ^ (ones &* 0xC2))
                    || hasZeroByte(word ^ (ones &* 0xE2)) || hasZeroByte(word ^ (ones &* 0xD8)) || hasZeroByte(word ^ (ones &* 0xEF)) {
                    for at in index..<(index + 8) where control(bytes, at: at).length > 0 { return at }
                }
                index += 8
            }
            while index < raw.count {
                if control(bytes, at: index).length > 0 { return index }
                index += 1
            }
            return nil
        }
    }

    /// The hidden character (`HiddenCharacters`) that starts at `index`: its length in bytes
    /// (0: none) and its scalar. Only the lead bytes a hidden character can start with are decoded.
    @inline(__always)
    private static func control(_ bytes: [UInt8], at index: Int) -> (length: Int, scalar: UInt32) {
        let byte = bytes[index]
        if byte < 0x80 { return HiddenCharacters.isHidden(UInt32(byte)) ? (1, UInt32(byte)) : (0, 0) }
        guard byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF, index + 1 < bytes.count,
              bytes[index + 1] & 0xC0 == 0x80 else { return (0, 0) }
        var scalar = UInt32(byte & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        var length = 2
        if byte >= 0xE0 {
            guard index + 2 < bytes.count, bytes[index + 2] & 0xC0 == 0x80 else { return (0, 0) }
            scalar = UInt32(byte & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
            length = 3
        }
        return HiddenCharacters.isHidden(scalar) ? (length, scalar) : (0, 0)
    }
}
