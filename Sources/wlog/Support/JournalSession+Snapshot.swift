#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WlogCore
import WlogJournal

/// Projection snapshots beside the journal (`journal.wlog.snap`, `journal.md` "Reading fast").
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
    /// Events replayed past the snapshot before it is rewritten: fewer than the room the
    /// snapshot leaves after its arrays (`StateSnapshot.room`), so that the tail appends to the
    /// borrowed arrays in place, and a tail replay costs a few milliseconds at most.
    static let defaultSnapshotThreshold = 4_000

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
    ///
    /// Under an append's lock, `prefix` (what the writer's open checked) lets the tail's read start
    /// at the hot tail instead of walking the sealed chunks' trailers again.
    func replayUsingSnapshot(_ reader: JournalReader, into state: inout WlogState,
                             skipping prefix: SealedPrefix? = nil) throws -> JournalStatus? {
        let policy = snapshotPolicy
        guard policy.enabled else { return try replay(reader, into: &state, asOf: nil) }
        if var snapshot = readSnapshot(), snapshot.stamp.journalID == reader.header.journal, snapshot.stamp.lastSeq > 0 {
            // Replay the tail into the snapshot's state in place: a second reference to it would
            // make the first `apply` copy every set (copy on write).
            swap(&state, &snapshot.state)
            if let status = try replayTail(reader, from: snapshot.stamp, into: &state, skipping: prefix) {
                if status.lastSequence - snapshot.stamp.lastSeq > policy.threshold {
                    writeSnapshot(&state, status: status, reader: reader)
                }
                return status
            }
        }
        state = .initial
        let status = try replay(reader, into: &state, asOf: nil)
        if let status, status.lastSequence > policy.threshold {
            writeSnapshot(&state, status: status, reader: reader)
        }
        return status
    }

    /// The snapshot file decoded, or nil when it is absent or not one this code can use.
    ///
    /// The file is mapped, not read, privately and writable: the state keeps its biggest arrays
    /// (set rows, history order, id table) in the mapping instead of copying them, and the tail
    /// replayed after it writes into its own copies of the pages it changes, never the file. The
    /// mapping lives as long as the state that uses it (a read command's, until the process ends).
    func readSnapshot() -> (stamp: SnapshotStamp, state: WlogState)? {
        // Non-blocking, and only a regular file: a FIFO at the path must not hang the read.
        let fd = open(snapshotPath, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
              let size = Int(exactly: info.st_size) else { return nil }
        guard let base = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
        Self.populate(base, size)
        let memory = SnapshotMemory(bytes: UnsafeMutableRawBufferPointer(start: base, count: size)) { bytes in
            _ = munmap(bytes.baseAddress, bytes.count)
        }
        return try? StateSnapshot.decode(memory)
    }

    /// Maps every page of the file for reading in one call (Linux 5.14+; elsewhere, or refused, the
    /// reads fault the pages in): the decode reads the whole file. Not `MAP_POPULATE`, which on a
    /// private writable mapping would copy every page as if written.
    private static func populate(_ base: UnsafeMutableRawPointer, _ size: Int) {
        #if os(Linux)
        _ = madvise(base, size, 22 /* MADV_POPULATE_READ */)
        #endif
    }

    /// Replays the events after the snapshot's, after checking that it describes this journal's
    /// exact prefix; nil when it does not.
    ///
    /// The proof: the journal's chain after its chunk ending at the snapshot's sealed-through seq is
    /// the snapshot's (that covers every sealed line by SHA-256), and the lines after that through
    /// the snapshot's last seq hash to its `tailDigest`. Only those lines are read twice — the hot
    /// tail the snapshot saw (≤ 256 KiB of lines), which the read decompresses anyway; chunks sealed
    /// before it are checked by trailer, chain and block checksums (`JournalReader.forEachLine`).
    /// Under an append's lock, `prefix` (what the writer's open checked) lets the read start at the
    /// hot tail when nothing was sealed since.
    func replayTail(_ reader: JournalReader, from stamp: SnapshotStamp, into state: inout WlogState,
                    skipping prefix: SealedPrefix? = nil) throws -> JournalStatus? {
        struct Mismatch: Error {}
        var verified = stamp.lastSeq == stamp.sealedThrough
        var digest = FNV1a.offsetBasis
        let read: (status: JournalStatus, chainHead: String?)
        do {
            read = try reader.forEachLine(after: stamp.sealedThrough, skipping: prefix, chainAt: stamp.sealedThrough) { seq, line in
                guard verified else {
                    digest = FNV1a.hash(line: line, continuing: digest)
                    guard seq == stamp.lastSeq else { return }
                    guard digest == stamp.tailDigest else { throw Mismatch() }
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
        guard verified, digest == stamp.tailDigest,
              stamp.mismatch(journalID: reader.header.journal, chainAtSealedThrough: read.chainHead) == nil
        else { return nil }
        return read.status
    }

    /// Writes `state` (replayed through `status.lastSequence`) and every exercise's records (kept in
    /// `state` from then on) as the snapshot; silent on failure.
    func writeSnapshot(_ state: inout WlogState, status: JournalStatus, reader: JournalReader) {
        // The snapshot carries every exercise's records, so that reads from it need not recompute
        // them; this run's queries use them too.
        state.cacheRecords()
        guard snapshotPolicy.enabled, state.lastSeq > 0, state.lastSeq == status.lastSequence else { return }
        // The hot tail's lines it covers (the chain covers the sealed ones): `replayTail`'s proof.
        var digest = FNV1a.offsetBasis, covered = status.sealedThrough
        let last = state.lastSeq
        _ = try? reader.forEachLine(after: status.sealedThrough) { seq, line in
            guard seq <= last else { return }
            digest = FNV1a.hash(line: line, continuing: digest)
            covered = seq
        }
        guard covered == last else { return }
        let stamp = SnapshotStamp(journalID: reader.header.journal, lastSeq: last, tailDigest: digest,
                                  chainHead: status.chainHead, sealedThrough: status.sealedThrough)
        atomicWrite(StateSnapshot.encode(state, stamp: stamp), to: snapshotPath)
    }

    /// Writes `bytes` to `path` (`AtomicFile`: temp file and rename, the journal's mode and
    /// owner); false on failure, leaving nothing behind.
    ///
    /// No `fsync`: the snapshot is a cache, and one a crash left torn or empty fails its checksum
    /// and is rebuilt — syncing megabytes would cost a read command tens of milliseconds for
    /// nothing.
    @discardableResult
    func atomicWrite(_ bytes: [UInt8], to path: String) -> Bool {
        (try? AtomicFile.write(bytes, to: path, ownership: FileOwnership.of(context.journalPath))) != nil
    }
}
