#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WlogCore
import WlogJournal

/// The projection snapshot beside a journal (`journal.wlog.snap`, `journal.md` "Reading fast"),
/// read and written the one way the CLI and the server's embedded store both use.
///
/// A snapshot is used only when it proves it describes this journal's exact prefix (same journal
/// id; the same chain after the chunk ending at the snapshot's sealed-through seq; the same FNV-1a
/// of the lines after it through the snapshot's last seq) and was written by this code version
/// (`StateSnapshot.decode`): else the reader folds from the start — never wrong state, at worst a
/// full fold. It is a cache: a write that fails is silent, a torn file fails its checksum.
package struct JournalSnapshot: Sendable {
    /// The snapshot file.
    package let path: String

    /// The snapshot of the journal at `journalPath`.
    package init(journal journalPath: String) {
        path = journalPath + StateSnapshot.fileSuffix
    }

    /// Why the lines after the snapshot do not continue it (thrown out of the read, caught here).
    private struct Mismatch: Error {}

    /// The snapshot file decoded, or nil when it is absent or not one this code can use.
    ///
    /// The file is mapped, not read, privately and writable: the state keeps its biggest arrays
    /// (set rows, history order, id table) in the mapping instead of copying them, and the events
    /// folded after it write into their own copies of the pages they change, never the file. The
    /// mapping lives as long as the state that uses it.
    package func read() -> (stamp: SnapshotStamp, state: WlogState)? {
        // Non-blocking, and only a regular file: a FIFO at the path must not hang the read.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
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

    /// Folds the events after the snapshot's into `state` (the snapshot's) with `apply`, after
    /// checking that the snapshot describes this journal's exact prefix; nil when it does not
    /// (`state` is then part-folded: fold again from the start). Errors of the read and of `apply`
    /// are rethrown.
    ///
    /// The proof: the journal's chain after its chunk ending at the snapshot's sealed-through seq is
    /// the snapshot's (that covers every sealed line by SHA-256), and the lines after that through
    /// the snapshot's last seq hash to its `tailDigest`. Only those lines are read twice — the hot
    /// tail the snapshot saw (≤ 256 KiB of lines), which the read decompresses anyway; chunks sealed
    /// before it are checked by trailer, chain and block checksums (`JournalReader.forEachLine`).
    /// Under an append's lock, `prefix` (what the writer's open checked) lets the read start at the
    /// hot tail when nothing was sealed since.
    package static func replayTail(_ reader: JournalReader, from stamp: SnapshotStamp, into state: inout WlogState,
                                   skipping prefix: SealedPrefix? = nil,
                                   apply: (_ seq: UInt64, _ line: UnsafeRawBufferPointer, _ state: inout WlogState) throws -> Void)
        throws -> JournalStatus? {
        guard stamp.journalID == reader.header.journal, stamp.lastSeq > 0 else { return nil }
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
                try apply(seq, line, &state)
            }
        } catch is Mismatch {
            return nil
        }
        guard verified, digest == stamp.tailDigest,
              stamp.mismatch(journalID: reader.header.journal, chainAtSealedThrough: read.chainHead) == nil
        else { return nil }
        return read.status
    }

    /// The stamp of a state folded through `lastSeq` from the journal `reader` reads, given a
    /// sealed-through seq and the chain head there that the journal had when (or before) it was
    /// folded (`JournalStatus.sealedThrough`, `.chainHead`: sealing later keeps a chunk ending
    /// there, with the same chain). Nil when the journal no longer holds those lines.
    package static func stamp(_ reader: JournalReader, lastSeq last: UInt64, sealedThrough: UInt64,
                              chainHead: String) -> SnapshotStamp? {
        guard last > 0, sealedThrough <= last else { return nil }
        // The hot tail's lines it covers (the chain covers the sealed ones): `replayTail`'s proof.
        struct Done: Error {}
        var digest = FNV1a.offsetBasis, covered = sealedThrough
        do {
            try reader.forEachLine(after: sealedThrough) { seq, line in
                guard seq <= last else { throw Done() }
                digest = FNV1a.hash(line: line, continuing: digest)
                covered = seq
            }
        } catch is Done {
        } catch {
            return nil
        }
        guard covered == last else { return nil }
        return SnapshotStamp(journalID: reader.header.journal, lastSeq: last, tailDigest: digest,
                             chainHead: chainHead, sealedThrough: sealedThrough)
    }

    /// The snapshot's bytes: `state` with every exercise's records (cached in `state` from then
    /// on, so that reads from the snapshot need not recompute them).
    package static func encode(_ state: inout WlogState, stamp: SnapshotStamp) -> [UInt8] {
        state.cacheRecords()
        return StateSnapshot.encode(state, stamp: stamp)
    }

    /// Replaces the snapshot with `bytes` (`AtomicFile`: temp file and rename, the journal's mode
    /// and owner); false on failure, leaving nothing behind.
    ///
    /// No `fsync`: the snapshot is a cache, and one a crash left torn or empty fails its checksum
    /// and is rebuilt — syncing megabytes would cost tens of milliseconds for nothing.
    @discardableResult
    package func write(_ bytes: [UInt8], journal journalPath: String) -> Bool {
        (try? AtomicFile.write(bytes, to: path, ownership: FileOwnership.of(journalPath))) != nil
    }
}
