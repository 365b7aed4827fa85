import WlogCore
import WlogJournal
import WlogSnapshotFile

/// Projection snapshots beside the journal (`journal.wlog.snap`, `journal.md` "Reading fast"),
/// read, proven and written by `JournalSnapshot` (the server's embedded store uses the same).
///
/// A read replays from the snapshot when it describes this journal's exact prefix (same journal
/// id; the same chain after the chunk ending at the snapshot's sealed-through seq; the same FNV-1a
/// of the lines after it through the snapshot's last seq: `replayTail`) and this code version,
/// else from the start — never wrong output, at worst a full replay. Chunks the read skips still
/// have their block checksums checked, so damage in them gives the warning a full read gives.
/// After a replay that applied more than `$WLOG_SNAPSHOT_EVENTS` events (default 4,000) since the
/// snapshot — on a read or under an append's lock — the snapshot is rewritten by atomic replace
/// (temp file, rename). It is a cache: failing to write it is silent, a torn one is
/// rejected by its checksum, and `WLOG_SNAPSHOT=off` disables reading and writing it. It carries
/// every exercise's personal records (`RecordsCache`), so `prs`, history's PR flags and an
/// append's PR announcement do not recompute them from every set.
extension JournalSession {
    /// Events replayed past the snapshot before it is rewritten (`SnapshotPolicy.defaultThreshold`).
    static let defaultSnapshotThreshold = Int(SnapshotPolicy.defaultThreshold)

    /// The snapshot file of this run's journal.
    var snapshot: JournalSnapshot { JournalSnapshot(journal: context.journalPath) }

    /// Whether snapshots are used, and after how many replayed events one is written.
    var snapshotPolicy: SnapshotPolicy { SnapshotPolicy(environment: Run.environment) }

    /// Replays the whole journal into `state` (which must be `.initial`), starting from the
    /// snapshot when it is valid, and rewrites the snapshot when the replay was long.
    ///
    /// Under an append's lock, `prefix` (what the writer's open checked) lets the tail's read start
    /// at the hot tail instead of walking the sealed chunks' trailers again.
    func replayUsingSnapshot(_ reader: JournalReader, into state: inout WlogState,
                             skipping prefix: SealedPrefix? = nil) throws -> JournalStatus? {
        let policy = snapshotPolicy
        guard policy.enabled else { return try replay(reader, into: &state, asOf: nil) }
        if var snapshot = snapshot.read() {
            // Replay the tail into the snapshot's state in place: a second reference to it would
            // make the first `apply` copy every set (copy on write).
            swap(&state, &snapshot.state)
            if let status = try replayTail(reader, from: snapshot.stamp, into: &state, skipping: prefix) {
                if policy.wantsSnapshot(ahead: status.lastSequence - snapshot.stamp.lastSeq) {
                    writeSnapshot(&state, status: status, reader: reader)
                }
                return status
            }
        }
        state = .initial
        let status = try replay(reader, into: &state, asOf: nil)
        if let status, policy.wantsSnapshot(ahead: status.lastSequence) {
            writeSnapshot(&state, status: status, reader: reader)
        }
        return status
    }

    /// Replays the events after the snapshot's (`JournalSnapshot.replayTail`, which checks that it
    /// describes this journal's exact prefix); nil when it does not.
    func replayTail(_ reader: JournalReader, from stamp: SnapshotStamp, into state: inout WlogState,
                    skipping prefix: SealedPrefix? = nil) throws -> JournalStatus? {
        do {
            return try JournalSnapshot.replayTail(reader, from: stamp, into: &state, skipping: prefix) { seq, line, state in
                try apply(line, seq: seq, to: &state)
            }
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
    }

    /// Writes `state` (replayed through `status.lastSequence`) and every exercise's records (kept in
    /// `state` from then on) as the snapshot; silent on failure.
    func writeSnapshot(_ state: inout WlogState, status: JournalStatus, reader: JournalReader) {
        // The snapshot carries every exercise's records, so that reads from it need not recompute
        // them; this run's queries use them too.
        state.cacheRecords()
        guard snapshotPolicy.enabled, state.lastSeq > 0, state.lastSeq == status.lastSequence,
              let stamp = JournalSnapshot.stamp(reader, lastSeq: state.lastSeq, sealedThrough: status.sealedThrough,
                                                chainHead: status.chainHead)
        else { return }
        snapshot.write(JournalSnapshot.encode(&state, stamp: stamp), journal: context.journalPath)
    }
}
