import Testing
@testable import wlog

/// `ControlEscape` finds a control at every position of a buffer (the word steps of 8 bytes and
/// the bytes after them), escapes C1 controls split across a step, and leaves other
/// characters (tab, line feed, `°` = C2 B0, `é`) as they are.
@Suite struct ControlEscapeTests {
    @Test func everyPositionAndEveryControl() {
        let plain = Array("abcdefghij°é\t\nklmnopqrstuvwxyz0123456789ABCDEF".utf8)
        #expect(ControlEscape.escaped(plain) == plain)
        for position in 0...plain.count {
            for control: [UInt8] in [[0x1B], [0x07], [0x00], [0x0D], [0x7F], [0xC2, 0x9B], [0xC2, 0x80]] {
                var bytes = plain
                bytes.insert(contentsOf: control, at: position)
                let hex = control.count == 2 ? control[1] : control[0]
                let digits = Array("0123456789abcdef".utf8)
                var expected = plain
                expected.insert(contentsOf: Array("\\u00".utf8) + [digits[Int(hex >> 4)], digits[Int(hex & 0x0F)]], at: position)
                #expect(ControlEscape.escaped(bytes) == expected, "\(control) at \(position)")
            }
        }
    }
}

/// The hidden characters of issue 37 (bidi controls, zero-width and invisible ones) are escaped at
/// every position as the C0 ones are; look-alike neighbours in the same lead bytes are left alone.
@Suite struct HiddenCharacterEscapeTests {
    @Test func bidiAndInvisibleAtEveryPosition() {
        let plain = Array("abc—d…ef€°é\u{200D}\u{200C}ghijklmnopqrstuvwxyz0123456789".utf8)
        #expect(ControlEscape.escaped(plain) == plain)
        for position in [0, 1, 7, 8, 9, 15, 16, 17, 20, 31, plain.count] {
            for (scalar, text) in [(0x202E, "\\u202e"), (0x202A, "\\u202a"), (0x2066, "\\u2066"), (0x2069, "\\u2069"),
                                   (0x200E, "\\u200e"), (0x200F, "\\u200f"), (0x061C, "\\u061c"), (0x200B, "\\u200b"),
                                   (0x2060, "\\u2060"), (0xFEFF, "\\ufeff")] {
                let character = Array(String(Character(Unicode.Scalar(scalar)!)).utf8)
                var bytes = plain, expected = plain
                bytes.insert(contentsOf: character, at: position)
                expected.insert(contentsOf: Array(text.utf8), at: position)
                #expect(ControlEscape.escaped(bytes) == expected, "U+\(String(scalar, radix: 16)) at \(position)")
            }
        }
    }
}
