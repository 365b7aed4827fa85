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

    /// Where the first control character starts, or nil. Sixteen bytes a step (a vector compare
    /// for C0 but tab and line feed, DEL and a C1 lead byte `C2`), each hit checked byte by byte:
    /// ≈ 1 instruction a byte instead of ≈ 12 (`export sets` writes megabytes).
    private static func firstControl(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { raw -> Int? in
            var index = 0
            while index + 16 <= raw.count {
                let v = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let c0 = (v .< 0x20) .& (v .!= 0x0A) .& (v .!= 0x09)
                if any(c0 .| (v .== 0x7F) .| (v .== 0xC2)) {
                    for at in index..<(index + 16) where isControl(bytes, at: at) { return at }
                }
                index += 16
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
