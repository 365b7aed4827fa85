import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WlogCore
import WlogJournal

/// `wlog verify`: checks every frame, chunk digest, the chain and the sequence.
struct Verify: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check every frame, checksum, chunk digest, the chain and the sequence; print the count and the chain head.")

    func run() throws {
        let context = try Context.resolve()
        let started = ContinuousClock.now
        let status: JournalStatus
        do {
            status = try JournalReader.verify(at: context.journalPath)
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
        let seconds = (ContinuousClock.now - started).seconds
        print("events      \(status.eventCount)")
        print("chunks      \(status.chunkCount) sealed, \(status.commitCount) tail commits")
        if status.sealedThrough > 0 {
            print("chain head  \(status.chainHead) (through seq \(status.sealedThrough))")
        } else {
            print("chain head  none yet (nothing sealed; wlog compact seals the tail)")
        }
        print("bytes       \(status.fileSize)")
        guard status.isClean else {
            guard JournalWriter.hasSealRecord(at: context.journalPath) else { throw WlogError(.damaged, status.summary) }
            throw WlogError(.damaged, status.summary + "\n  a seal record lies beside it (\(JournalWriter.sealRecordPath(of: context.journalPath))): "
                + "a seal a crash interrupted, which any read or write command, or `wlog repair`, finishes without moving a byte to quarantine")
        }
        print("ok")
        fflush(nil)  // the report before the rate line, also when both go to one terminal
        if seconds > 0 {
            let rate = Double(status.fileSize) / seconds / 1_000_000
            printError(cFormat("wlog: verified %ld bytes in %.3f s (%.1f MB/s)", status.fileSize, seconds, rate))
        }
    }
}

/// `wlog repair`: moves a damaged range to quarantine so the journal opens for writing again.
struct Repair: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract: "Move damaged bytes to journal.wlog.quarantine/ (after asking) so the journal can be written again.")

    @Flag(name: .shortAndLong, help: "Do not ask.") var yes = false

    func run() throws {
        let context = try Context.resolve()
        let status: JournalStatus
        do {
            // Not damage: finished without asking, as a write's open would.
            if try JournalWriter.finishInterruptedSeal(at: context.journalPath) {
                print("finished a seal a crash interrupted (\(JournalWriter.sealRecordPath(of: context.journalPath)))")
            }
            status = try JournalReader.verify(at: context.journalPath)
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
        guard !status.isClean else {
            print("journal is clean: \(status.eventCount) events; nothing to repair")
            return
        }
        printError(status.summary)
        if !yes {
            guard isatty(STDIN_FILENO) != 0 else {
                throw WlogError.usage("repair moves bytes out of the journal; run it on a terminal to confirm, or pass --yes")
            }
            printError("Move the damaged bytes to quarantine? [y/N] ", newline: false)
            guard let answer = readLine(), answer.lowercased().hasPrefix("y") else {
                printError("wlog: nothing changed")
                return
            }
        }
        do {
            if let report = try JournalWriter.repair(at: context.journalPath) { print(report.description) }
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
    }
}

/// `wlog compact`: seals the hot tail into compressed chunks now.
struct Compact: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "compact", abstract: "Seal the hot tail into compressed, checksummed chunks (atomic replace).")

    func run() throws {
        let context = try Context.resolve()
        do {
            let writer = try JournalWriter.open(at: context.journalPath, options: context.writerOptions)
            defer { try? writer.close() }
            if let recovered = writer.recovered { printError("wlog: " + recovered.description) }
            let report = try writer.seal()
            print("sealed \(report.chunksWritten) chunk(s) through seq \(report.sealedThrough): \(report.bytesBefore) → \(report.bytesAfter) bytes")
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
    }
}

/// `wlog replay`: rebuilds every projection; `--stats` prints events, seconds, events/s.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "replay", abstract: "Rebuild every projection from the journal (without the snapshot); --stats prints the rate.")

    @Option(help: "Stop at seq:N or an instant.") var until: String?
    @Flag(help: "Print events, seconds and events/s.") var stats = false

    func run() throws {
        var options = Run.options
        if let until { options.asOf = until }
        let context = try Context.resolve(options)
        let started = ContinuousClock.now
        // A full rebuild: the projection snapshot is neither read nor written (what --stats measures).
        let loaded = try JournalSession(context: context).load(useSnapshot: false)
        let query = loaded.query
        // Every projection is computed; history's summaries are made one at a time, not kept.
        loaded.state.forEachWorkoutSummary(context: query) { _ in }
        _ = loaded.state.volume(VolumeOptions(), context: query)
        _ = loaded.state.bodyweightStats(context: query)
        let seconds = (ContinuousClock.now - started).seconds
        let events = loaded.state.eventCount
        print("replayed \(events) events through seq \(loaded.state.lastSeq)")
        if stats {
            print(cFormat("events %ld  seconds %.3f  events/s %.0f", events, seconds, seconds > 0 ? Double(events) / seconds : 0))
        }
    }
}

extension Duration {
    /// The duration in seconds as a `Double`.
    var seconds: Double {
        let (s, attoseconds) = components
        return Double(s) + Double(attoseconds) / 1e18
    }
}
