#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WlogCore
import WlogJournal

/// The journal of one run: replays it into the state for reading, and appends commands.
///
/// Reading takes no lock and works on the good prefix of a damaged journal (with a warning);
/// appending takes the writer's lock, replays under it (so validation sees every committed
/// event), decides, and appends the events as one commit stating the sequence it expects.
struct JournalSession {
    let context: Context

    /// The state read from the journal, with what the reader found.
    struct Loaded {
        var state: WlogState
        /// What the reader found; `nil` when `--as-of` stopped the read early.
        var status: JournalStatus?
        /// The zone for local days: `--tz`, else the journal's setting, else `$TZ`, else the system's.
        var zone: Zone
        /// The display unit: `--unit`, else the journal's setting, else kg.
        var unit: MassUnit
        /// The run's now (`Context.now`).
        var now: Instant

        /// The query context at the run's now, in `zone` and `unit`.
        var query: QueryContext { QueryContext(now: now, offsetMinutes: zone.offsetMinutes(at: now), unit: unit) }

        /// An `--at` as this run reads it (`AtText`, in `zone` at the run's now); nil when not given.
        func at(_ text: String?) throws -> ZonedInstant? { try text.map { try AtText.parse($0, zone: zone, now: now) } }
    }

    /// The run's context and its journal read: where a read command starts.
    static func read() throws -> (context: Context, loaded: Loaded) {
        let context = try Context.resolve()
        return (context, try JournalSession(context: context).load())
    }

    /// Replays the journal (up to `--as-of` when `honourAsOf`) into the state.
    ///
    /// With `useSnapshot` (the default) and no `--as-of`, the replay starts from the projection
    /// snapshot when it is valid; `useSnapshot: false` always replays every event from the start
    /// and neither reads nor writes the snapshot (what `wlog replay` measures), whatever
    /// `WLOG_SNAPSHOT` says.
    func load(honourAsOf: Bool = true, useSnapshot: Bool = true) throws -> Loaded {
        let reader = try openReader()
        var state = WlogState.initial
        let asOf = honourAsOf ? context.asOf : nil
        // Without --as-of, start from the projection snapshot when it is valid (JournalSession+Snapshot).
        let status = asOf == nil && useSnapshot
            ? try replayUsingSnapshot(reader, into: &state) : try replay(reader, into: &state, asOf: asOf)
        if let status { warnAbout(status) }
        // Read commands never change the state: it is freed with the process, not before.
        KeptUntilExit.keep(state)
        return Loaded(state: state, status: status, zone: zone(for: state), unit: unit(for: state), now: context.now)
    }

    /// The zone for `state`'s journal, following `cli.md`'s precedence.
    func zone(for state: WlogState) -> Zone {
        if let zone = context.zoneOverride { return zone }
        if let name = state.settings.timeZone ?? state.profile.timeZone, let zone = Zone(name) { return zone }
        return context.environmentZone ?? Zone.system
    }

    /// The display unit for `state`'s journal.
    func unit(for state: WlogState) -> MassUnit {
        context.unitOverride ?? state.settings.unit ?? state.profile.unit ?? .kg
    }

    /// The journal's reader. A seal a crash interrupted (its record beside the journal) is
    /// finished first, as the next write would, so that a read does not report the acknowledged
    /// events it was rewriting as missing; when that cannot be done here (the lock held past its
    /// timeout, a read-only file) the read goes on and reports what it finds.
    func openReader() throws -> JournalReader {
        _ = try? JournalWriter.finishInterruptedSeal(at: context.journalPath)
        do {
            return try JournalReader(at: context.journalPath)
        } catch let error as JournalError {
            throw WlogError(journal: error)
        } catch {
            throw WlogError(.damaged, "cannot read \(context.journalPath): \(error)")
        }
    }

    /// Lines from which a replay reads the journal on a second thread (`forEachLinePrefetched`):
    /// below it, starting the thread costs more than the overlap saves.
    static let prefetchThreshold = 4_096

    /// Decodes and applies every line (`nil` status: stopped at `asOf`) (after `state.lastSeq`), stopping at `asOf`.
    func replay(_ reader: JournalReader, into state: inout WlogState, asOf: AsOfPoint?) throws -> JournalStatus? {
        struct Stop: Error {}
        // A replay from the start: room for every line up front (the trailers' counts), and a
        // long one reads, decompresses and checks the file on a second thread while this one folds.
        var lines = 0
        if state.eventCount == 0 {
            lines = reader.estimatedLineCount()
            state.reserveCapacity(events: lines)
        }
        let read = asOf == nil && lines >= Self.prefetchThreshold ? reader.forEachLinePrefetched : reader.forEachLine
        do {
            return try read(state.lastSeq) { seq, line in
                if case .sequence(let last)? = asOf, seq > last { throw Stop() }
                guard case .instant(let moment)? = asOf else { return try apply(line, seq: seq, to: &state) }
                let event: Event
                do {
                    event = try EventCodec.decode(line)
                } catch {
                    throw unreadable(seq, error)
                }
                if event.envelope.recorded > moment { return }
                state.apply(event)
            }
        } catch is Stop {
            return nil
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
    }

    /// Decodes and applies one journal line in one step (`WlogState.apply(line:)`).
    func apply(_ line: UnsafeRawBufferPointer, seq: UInt64, to state: inout WlogState) throws {
        do {
            try state.apply(line: line)
        } catch {
            throw unreadable(seq, error)
        }
    }

    /// The error for a line whose checksums are good but which this wlog cannot decode.
    func unreadable(_ seq: UInt64, _ error: any Error) -> WlogError {
        WlogError(.damaged, "event \(seq) of \(context.journalPath) cannot be read: \(error); "
            + "the file's checksums are good, so a newer wlog may have written it — upgrade wlog")
    }

    /// Prints the reader's findings (a torn tail or damage) to stderr; reading goes on.
    func warnAbout(_ status: JournalStatus) {
        guard !status.isClean else { return }
        printError("wlog: warning: " + status.summary)  // the summary ends with the advice ("what to do: …")
    }
}

extension WlogError {
    /// Maps a journal error to `cli.md`'s exit status with its message.
    init(journal error: JournalError) {
        let status: Status
        switch error.exitCode {
        case 66: status = .noJournal
        case 69: status = .inUse
        case 75: status = .conflict
        case 65: status = .refused
        default: status = .damaged
        }
        self.init(status, error.description)
    }
}
