import Foundation
import WlogCore
import WlogJournal

/// What an append did: the events committed (with their sequence numbers) and the duplicates.
struct AppendOutcome {
    /// The events that landed, with `seq` set.
    var appended: [Event]
    /// Events skipped because their id was already in the journal.
    var duplicates: [Event]
    /// The state after the commit.
    var state: WlogState
    /// The zone and unit of the journal.
    var zone: Zone
    var unit: MassUnit
}

extension JournalSession {
    /// Locks the journal, replays it, asks `makeCommand` for the command, decides and appends.
    ///
    /// The commit states the sequence it expects (the replayed last seq), so nothing can slip in
    /// between validation and append. A refusal appends nothing and exits 65.
    func append(actor: String = "user", fixedIDs: [EventID] = [],
                _ makeCommand: (_ loaded: Loaded) throws -> Command) throws -> AppendOutcome {
        try append({ loaded, decideContext in
            let command = try makeCommand(loaded)
            do {
                return try decide(command, state: loaded.state, context: decideContext)
            } catch {
                throw WlogError(refusal: error)
            }
        }, actor: actor, fixedIDs: fixedIDs)
    }

    /// Locks the journal, replays it, asks `makeEvents` for the events of one commit, appends them.
    func append(_ makeEvents: (_ loaded: Loaded, _ decideContext: DecideContext) throws -> [Event],
                actor: String = "user", fixedIDs: [EventID] = []) throws -> AppendOutcome {
        let writer: JournalWriter
        do {
            writer = try JournalWriter.open(at: context.journalPath, options: context.writerOptions)
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
        defer { try? writer.close() }
        if let recovered = writer.recovered { printError("wlog: " + recovered.description) }
        var state = WlogState.initial
        let reader = try openReader()
        _ = try replayUsingSnapshot(reader, into: &state)
        let zone = zone(for: state)
        let loaded = Loaded(state: state, status: nil, zone: zone, unit: unit(for: state))
        let decideContext = DecideContext(
            now: context.now, offsetMinutes: zone.offsetMinutes(at: context.now), actor: actor, fixedIDs: fixedIDs)
        let events = try makeEvents(loaded, decideContext)
        guard !events.isEmpty else { return AppendOutcome(appended: [], duplicates: [], state: state, zone: zone, unit: loaded.unit) }
        let receipt: AppendReceipt
        do {
            receipt = try writer.append(lines: events.map(EventCodec.encodePending), expectedLastSequence: state.lastSeq)
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
        if let sealError = receipt.sealError { printError("wlog: warning: sealing the journal failed: \(sealError)") }
        let seqByID = Dictionary(receipt.appended.map { ($0.id, $0.seq) }, uniquingKeysWith: { a, _ in a })
        var appended: [Event] = []
        var duplicates: [Event] = []
        for var event in events {
            if let seq = seqByID[event.id.hex] {
                event.envelope.seq = seq
                state.apply(event)
                appended.append(event)
            } else {
                duplicates.append(event)
            }
        }
        return AppendOutcome(appended: appended, duplicates: duplicates, state: state, zone: zone, unit: loaded.unit)
    }
}

extension WlogError {
    /// A refusal from `decide`: exit 65 with the field, the value and the fix (suggestions included).
    init(refusal: Refusal) {
        self.init(.refused, refusal.message)
    }

    init(refusal error: any Error) {
        if let refusal = error as? Refusal {
            self.init(refusal: refusal)
        } else if let wlog = error as? WlogError {
            self = wlog
        } else {
            self.init(.unexpected, "\(error)")
        }
    }
}
