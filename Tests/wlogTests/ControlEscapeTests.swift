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
