import Foundation
import WlogCore
import WlogJournal

/// Projection snapshots beside the journal (`journal.wlog.snap`, `journal.md` "Reading fast").
///
/// A read replays from the snapshot when it belongs to this journal (same journal id; the line at
/// its last sequence has the same FNV-1a; the chain head is the same while nothing was sealed
/// since) and this code version, else from the start — never wrong output, at worst a full
/// replay. After a replay that applied more than `$WLOG_SNAPSHOT_EVENTS` events (default 20,000)
/// since the snapshot — on a read or under an append's lock — the snapshot is rewritten by atomic
/// replace (temp file, fsync, rename). It is a cache: failing to write it is silent, and
/// `WLOG_SNAPSHOT=off` disables reading and writing it.
extension JournalSession {
    /// Events replayed past the snapshot before it is rewritten.
    static let defaultSnapshotThreshold = 20_000

    /// The snapshot file of this run's journal.
    var snapshotPath: String { context.journalPath + StateSnapshot.fileSuffix }

    /// Whether snapshots are used, and after how many replayed events one is written.
    var snapshotPolicy: (enabled: Bool, threshold: UInt64) {
        let env = Run.environment
        if let mode = env["WLOG_SNAPSHOT"]?.lowercased(), ["off", "0", "no", "false"].contains(mode) { return (false, 0) }
        let threshold = env["WLOG_SNAPSHOT_EVENTS"].flatMap { UInt64($0) } ?? UInt64(Self.defaultSnapshotThreshold)
        return (true, threshold)
    }

    /// Replays the whole journal into `state` (which must be `.initial`), starting from the
    /// snapshot when it is valid, and rewrites the snapshot when the replay was long.
    func replayUsingSnapshot(_ reader: JournalReader, into state: inout WlogState) throws -> JournalStatus? {
        let policy = snapshotPolicy
        guard policy.enabled else { return try replay(reader, into: &state, asOf: nil) }
        if var snapshot = readSnapshot(), snapshot.stamp.journalID == reader.header.journal, snapshot.stamp.lastSeq > 0 {
            // Replay the tail into the snapshot's state in place: a second reference to it would
            // make the first `apply` copy every set (copy on write).
            swap(&state, &snapshot.state)
            if let status = try replayTail(reader, from: snapshot.stamp, into: &state) {
                if status.lastSequence - snapshot.stamp.lastSeq > policy.threshold {
                    writeSnapshot(state, status: status, reader: reader)
                }
                return status
            }
        }
        state = .initial
        let status = try replay(reader, into: &state, asOf: nil)
        if let status, status.lastSequence > policy.threshold {
            writeSnapshot(state, status: status, reader: reader)
        }
        return status
    }

    /// The snapshot file decoded, or nil when it is absent or not one this code can use.
    func readSnapshot() -> (stamp: SnapshotStamp, state: WlogState)? {
        guard let data = FileManager.default.contents(atPath: snapshotPath) else { return nil }
        return data.withUnsafeBytes { raw in try? StateSnapshot.decode(raw) }
    }

    /// Replays the events after the snapshot's, after checking that the journal's line at the
    /// snapshot's last sequence is the one it saw; nil when the snapshot does not fit the journal.
    func replayTail(_ reader: JournalReader, from stamp: SnapshotStamp, into state: inout WlogState) throws -> JournalStatus? {
        struct Mismatch: Error {}
        var verified = false
        let status: JournalStatus
        do {
            status = try reader.forEachLine(after: stamp.lastSeq - 1) { seq, line in
                guard verified else {
                    guard seq == stamp.lastSeq, FNV1a.hash(line) == stamp.lastLineHash else { throw Mismatch() }
                    verified = true
                    return
                }
                try apply(line, seq: seq, to: &state)
            }
        } catch is Mismatch {
            return nil
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
        guard verified, stamp.mismatch(journalID: reader.header.journal, chainHead: status.chainHead,
                                       sealedThrough: status.sealedThrough) == nil
        else { return nil }
        return status
    }

    /// Writes `state` (replayed through `status.lastSequence`) as the snapshot; silent on failure.
    func writeSnapshot(_ state: WlogState, status: JournalStatus, reader: JournalReader) {
        guard snapshotPolicy.enabled, state.lastSeq > 0, state.lastSeq == status.lastSequence else { return }
        var lineHash: UInt64?
        _ = try? reader.forEachLine(after: state.lastSeq - 1) { seq, line in
            if seq == state.lastSeq { lineHash = FNV1a.hash(line) }
        }
        guard let lineHash else { return }
        let stamp = SnapshotStamp(journalID: reader.header.journal, lastSeq: state.lastSeq, lastLineHash: lineHash,
                                  chainHead: status.chainHead, sealedThrough: status.sealedThrough)
        Self.atomicWrite(StateSnapshot.encode(state, stamp: stamp), to: snapshotPath)
    }

    /// Writes `bytes` to `path` by temp file, fsync and rename; leaves nothing behind on failure.
    @discardableResult
    static func atomicWrite(_ bytes: [UInt8], to path: String) -> Bool {
        let temp = path + ".tmp-\(getpid())"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return false }
        var ok = bytes.withUnsafeBytes { raw -> Bool in
            var done = 0
            while done < raw.count {
                let n = write(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                done += n
            }
            return true
        }
        ok = ok && fsync(fd) == 0
        ok = close(fd) == 0 && ok
        ok = ok && rename(temp, path) == 0
        if !ok { unlink(temp) }
        return ok
    }
}
