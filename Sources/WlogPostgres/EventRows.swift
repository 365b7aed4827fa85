import PostgresNIO
import WlogCore
import WlogJournal
import WlogStore

/// The columns of events about to be inserted, one array each (bound as `unnest`'s arrays).
package struct EventRows: Sendable {
    var positions: [Int64] = []
    var ids: [String] = []
    var types: [String] = []
    var lines: [String] = []
    var recorded: [Int64] = []

    package init() {}

    package var count: Int { positions.count }

    /// An event numbered already (`seq`), as its canonical line; a line longer than a journal
    /// takes is refused (`StoreError.unrecordable`), as the embedded store refuses it.
    mutating func append(_ event: Event) throws {
        var line = EventCodec.encode(event)
        if line.last == UInt8(ascii: "\n") { line.removeLast() }
        guard line.count <= JournalFormat.maxLineBytes else {
            throw StoreError.unrecordable("it is longer than \(JournalFormat.maxLineBytes) bytes")
        }
        append(event, line: String(decoding: line, as: UTF8.self))
    }

    /// A committed line as another store holds it, kept byte for byte; its id, type and recorded
    /// time are read from it. Throws `StoreError.damaged` for a line that is not an event.
    package mutating func append(line: String, seq: UInt64) throws {
        let event: Event
        do {
            event = try EventCodec.decode(line)
        } catch {
            throw StoreError.damaged("event \(seq) cannot be read: \(error)")
        }
        guard event.seq == seq else { throw StoreError.damaged("event \(seq)'s line says seq \(event.seq)") }
        append(event, line: line)
    }

    /// `other`'s rows after these (the rows of commits sent together).
    mutating func append(contentsOf other: EventRows) {
        positions.append(contentsOf: other.positions)
        ids.append(contentsOf: other.ids)
        types.append(contentsOf: other.types)
        lines.append(contentsOf: other.lines)
        recorded.append(contentsOf: other.recorded)
    }

    /// Binds the columns in the routines' order: positions, ids, types, lines, recorded.
    func bindColumns(into bindings: inout PostgresBindings) {
        bindings.append(positions)
        bindings.append(ids)
        bindings.append(types)
        bindings.append(lines)
        bindings.append(recorded)
    }

    private mutating func append(_ event: Event, line: String) {
        positions.append(Int64(event.seq))
        ids.append(event.id.hex)
        types.append(event.type.rawValue)
        lines.append(line)
        recorded.append(event.envelope.recorded.millisecondsSince1970)
    }
}
