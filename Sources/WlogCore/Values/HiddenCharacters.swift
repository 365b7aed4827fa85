/// The one rule for characters a lifter's text may hold but no output shows raw (issue 37): the
/// CLI (`ControlEscape`) and the web pages (`HTML.escape`) both write each as the six characters
/// `\uXXXX`, its JSON escape.
///
/// - C0 controls but tab and line feed, DEL and C1 controls (U+0080–U+009F): a terminal obeys them
///   (ESC sequences retitle the window, move the cursor, rewrite what was printed).
/// - Bidirectional controls: U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069. RLO (U+202E)
///   makes a terminal or a browser show the text after it reversed ("Trojan Source").
/// - Invisible characters that change nothing but what matches: U+200B (zero-width space),
///   U+2060–U+2064 (word joiner, invisible operators), U+FEFF (zero-width no-break space).
///
/// Left as they are: tab, line feed, and U+200C/U+200D (zero-width non-joiner and joiner), which
/// Persian, Indic scripts and emoji sequences need to be spelled right.
public enum HiddenCharacters {
    /// Whether `scalar` is shown as its escape.
    @inline(__always)
    public static func isHidden(_ scalar: UInt32) -> Bool {
        if scalar < 0x20 { return scalar != 0x0A && scalar != 0x09 }
        if scalar < 0x7F { return false }
        if scalar <= 0x9F { return true }
        switch scalar {
        case 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: return true
        default: return false
        }
    }

    /// `\uXXXX` for `scalar` (lower-case hex, four digits: every hidden character is in the BMP).
    public static func escape(_ scalar: UInt32) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        return Array("\\u".utf8) + [12, 8, 4, 0].map { digits[Int((scalar >> UInt32($0)) & 0x0F)] }
    }
}
