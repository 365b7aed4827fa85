import Foundation
import WlogCore

extension FoundationLine {
    /// The baseline's decode + evolve of one journal line: `JSONDecoder` into a `FoundationLine`,
    /// its `Event`, `state.apply`. False when the line does not decode or is of a type the
    /// baseline does not carry (the state is then unchanged).
    public static func apply(line: UnsafeRawBufferPointer, to state: inout WlogState, decoder: JSONDecoder) -> Bool {
        var count = line.count
        if count > 0, line[count - 1] == UInt8(ascii: "\n") { count -= 1 }
        let data = Data(UnsafeRawBufferPointer(rebasing: line[0..<count]))
        guard let decoded = try? decoder.decode(FoundationLine.self, from: data), let event = decoded.event() else {
            return false
        }
        state.apply(event)
        return true
    }
}
