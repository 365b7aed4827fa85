import WlogCore
import WlogJournal

/// A lifter's journal read as lines, without the lifter's state or lock: the change feed's pages
/// and the events looked up by id (`LifterStore.heldEvents`).
extension LifterJournal {
    /// The committed lines after `after` (at most `limit`), read from the file without a lock.
    func lines(after: UInt64, limit: Int) throws -> EventFeedPage {
        struct Full: Error {}
        let reader: JournalReader
        do {
            reader = try JournalReader(at: path)
        } catch let error as JournalError {
            throw Self.storeError(error)
        }
        var lines: [EventFeedPage.Line] = []
        var hasMore = false
        do {
            let status = try reader.forEachLine(after: after) { seq, line in
                guard lines.count < limit else {
                    hasMore = true
                    throw Full()
                }
                lines.append(EventFeedPage.Line(seq: seq, line: String(decoding: line, as: UTF8.self)))
            }
            if Self.isDamaged(status) { throw StoreError.damaged(status.summary) }
        } catch is Full {
        } catch let error as JournalError {
            throw Self.storeError(error)
        }
        return EventFeedPage(lines: lines, next: lines.last?.seq ?? after, hasMore: hasMore)
    }

    /// The journal's events with these ids, in one pass of the file (a line that names one but
    /// does not decode is damage: `StoreError.damaged`).
    func events(withIDs ids: Set<EventID>) throws -> [EventID: Event] {
        var found: [EventID: Event] = [:]
        do {
            let status = try JournalReader(at: path).forEachLine(after: 0) { seq, line in
                guard let id = EventCodec.id(ofLine: line), ids.contains(id) else { return }
                do {
                    found[id] = try EventCodec.decode(line)
                } catch {
                    throw StoreError.damaged("event \(seq) cannot be read: \(error)")
                }
            }
            if Self.isDamaged(status) { throw StoreError.damaged(status.summary) }
        } catch let error as JournalError {
            throw Self.storeError(error)
        }
        return found
    }
}
