import WlogCore
import WlogJournal

/// A lifter's journal read as lines, without the lifter's state or lock: the change feed's pages
/// and the events looked up by id (`LifterStore.heldEvents`).
extension LifterJournal {
    /// The committed lines after `after` (at most `limit`), read from the file without a lock
    /// (once more after finishing a seal a crash interrupted, which reads as damage).
    func lines(after: UInt64, limit: Int) throws -> EventFeedPage {
        try againAfterAnInterruptedSeal { try linesOnce(after: after, limit: limit) }
    }

    private func linesOnce(after: UInt64, limit: Int) throws -> EventFeedPage {
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
    /// does not decode is damage: `StoreError.damaged`; once more after finishing a seal a crash
    /// interrupted).
    func events(withIDs ids: Set<EventID>) throws -> [EventID: Event] {
        try againAfterAnInterruptedSeal { try eventsOnce(withIDs: ids) }
    }

    /// Runs `read`, and once more when it found damage that was a seal a crash interrupted, now
    /// finished (`finishInterruptedSeal`).
    private func againAfterAnInterruptedSeal<T>(_ read: () throws -> T) throws -> T {
        do {
            return try read()
        } catch StoreError.damaged(let reason) {
            guard try finishInterruptedSeal() else { throw StoreError.damaged(reason) }
            return try read()
        }
    }

    private func eventsOnce(withIDs ids: Set<EventID>) throws -> [EventID: Event] {
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
