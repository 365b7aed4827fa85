#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
    /// between validation and append. A refusal appends nothing and exits 65. `force` confirms
    /// implausible values (`DecideContext.confirmsImplausible`).
    func append(actor: String = "user", fixedIDs: [EventID] = [], force: Bool = false,
                _ makeCommand: (_ loaded: Loaded) throws -> Command) throws -> AppendOutcome {
        try append({ loaded, decideContext in
            let command = try makeCommand(loaded)
            var decideContext = decideContext
            decideContext.confirmsImplausible = force
            do {
                return try decide(command, state: loaded.state, context: decideContext)
            } catch {
                throw WlogError(refusal: error)
            }
        }, actor: actor, fixedIDs: fixedIDs)
    }

    /// Locks the journal, replays it, asks `makeEvents` for the events of one commit, appends them.
    ///
    /// The writer opens in O(hot tail) (`.trailers`: sealed chunks checked by trailer and chain,
    /// not decompressed); the state replayed under the lock (snapshot + tail) answers its
    /// duplicate checks (`KnownEvents`) and mints the new events' ids (`DecideContext.JournalIDs`).
    ///
    /// Events the journal already holds are left out of the commit (they are duplicates; the
    /// outcome lists them). A commit past the journal's 64 MiB is refused before it is built
    /// (`commitLines`), with `splitHint` as the fix.
    func append(_ makeEvents: (_ loaded: Loaded, _ decideContext: DecideContext) throws -> [Event],
                actor: String = "user", fixedIDs: [EventID] = [],
                splitHint: String = "split it into smaller commits") throws -> AppendOutcome {
        guard context.asOf == nil else {
            throw WlogError.usage("--as-of reads the journal as it was; an append always adds after its last event — drop --as-of")
        }
        let writer: JournalWriter
        do {
            var options = context.writerOptions
            options.sealedCheck = .trailers
            writer = try JournalWriter.open(at: context.journalPath, options: options)
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
        defer { try? writer.close() }
        if let recovered = writer.recovered { printError("wlog: " + recovered.description) }
        var state = WlogState.initial
        // The writer checked sealed chunks without decompressing them; a chunk the replay finds
        // bad (its content checksum) makes the journal read-only, as a full open would.
        if let status = try replayUsingSnapshot(try openReader(), into: &state, skipping: writer.sealedPrefix), !status.isClean {
            throw WlogError(journal: .damaged(status))
        }
        let zone = zone(for: state), unit = unit(for: state)
        let (events, result) = try decideAndAppend(writer: writer, state: state, zone: zone, unit: unit,
                                                   actor: actor, fixedIDs: fixedIDs, splitHint: splitHint, makeEvents)
        guard let receipt = result else { return AppendOutcome(appended: [], duplicates: [], state: state, zone: zone, unit: unit) }
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
        KeptUntilExit.keep(state)
        return AppendOutcome(appended: appended, duplicates: duplicates, state: state, zone: zone, unit: unit)
    }

    /// Asks `makeEvents` for the events of one commit against `state` and appends them; the
    /// receipt is nil when there were none.
    ///
    /// Kept apart so that every reference it takes to `state` (the loaded state, the id oracles)
    /// is gone when the caller applies the new events: otherwise the first `apply` would copy
    /// every set of the history (copy on write).
    private func decideAndAppend(
        writer: JournalWriter, state: WlogState, zone: Zone, unit: MassUnit, actor: String, fixedIDs: [EventID],
        splitHint: String, _ makeEvents: (_ loaded: Loaded, _ decideContext: DecideContext) throws -> [Event]
    ) throws -> (events: [Event], receipt: AppendReceipt?) {
        let ids = DecideContext.JournalIDs(journalID: writer.header.journal, device: Self.device(writer),
                                           after: state.lastSeq, isTaken: state.containsEventID)
        let decideContext = DecideContext(
            now: context.now, offsetMinutes: zone.offsetMinutes(at: context.now), actor: actor, fixedIDs: fixedIDs, ids: ids)
        let events = try makeEvents(Loaded(state: state, status: nil, zone: zone, unit: unit, now: context.now), decideContext)
        guard !events.isEmpty else { return (events, nil) }
        let known = KnownEvents(through: state.lastSeq) { raw in
            EventID(hex: String(decoding: raw, as: UTF8.self)).map { state.contains(eventID: $0) } ?? false
        }
        let lines = try Self.commitLines(events, state: state, splitHint: splitHint)
        do {
            return (events, try writer.append(lines: lines, expectedLastSequence: state.lastSeq, known: known))
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
    }
}

extension JournalSession {
    /// What keys the ids `writer` mints (`DecideContext.JournalIDs`): this machine's host name and
    /// the file's writer key (`JournalWriter.writerKey`), so that copies of one journal, written
    /// on two machines or on one, never mint the same id (docs/SYNC.md).
    ///
    /// `$WLOG_WRITER_KEY` replaces the writer key, for tests that compare two copies of one
    /// journal byte for byte: copies written with one key mint the same ids again.
    static func device(_ writer: JournalWriter) -> String {
        let fixed = Run.environment["WLOG_WRITER_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        return deviceName + ":" + (fixed ?? String(writer.writerKey, radix: 16))
    }

    /// The pending lines of the events `state` does not hold yet, or a refusal (65) when they pass
    /// the journal's limit for one commit (`CommitBudget`): the message names the size, the
    /// number of events, the limit and `splitHint`. Past the limit the lines are only counted,
    /// not kept, so refusing a huge import holds no more than the limit's worth of lines.
    static func commitLines(_ events: [Event], state: WlogState, splitHint: String) throws -> [[UInt8]] {
        var budget = CommitBudget(after: state.lastSeq)
        var lines: [[UInt8]] = []
        for event in events where !state.contains(eventID: event.id) {
            let line = EventCodec.encodePending(event)
            budget.add(lineOf: line.count)
            if budget.fits { lines.append(line) }
        }
        guard budget.fits else { throw overCommitLimit("\(budget.lines) new events in \(megabytes(budget.bytes))", splitHint: splitHint) }
        return lines
    }

    /// The refusal of a commit over the journal's limit: `what` it would hold, and the fix.
    static func overCommitLimit(_ what: String, splitHint: String) -> WlogError {
        WlogError.refused("the commit would hold \(what), over the journal's limit of \(megabytes(CommitBudget.limit)) "
            + "for one commit: \(splitHint); nothing was appended")
    }

    /// Bytes as MB with one decimal (1 MB = 1,048,576 bytes, as the limit is 64 MiB).
    static func megabytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10) MiB"
    }

    /// This machine's host name.
    static var deviceName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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
