#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a `JournalWriter` behaves: durability, lock wait, sealing, and test seams.
public struct JournalOptions: Sendable {
    /// When commits reach the disk.
    public enum Durability: Sendable, Equatable {
        /// `fdatasync` after every commit before `append` returns (the default).
        case full
        /// Sync at close and at most once a second; a power loss may drop the last second.
        case relaxed
        /// Never sync a commit: the caller makes it durable before it counts on it, with one flush
        /// of the whole filesystem for many journals' commits (`syncfs(2)`, the server's group
        /// flush). Sealing still syncs its new file and the directory. The caller also records
        /// how far the journal was acknowledged once its flush is done (`Acknowledgement.record`).
        case byCaller
    }

    /// When commits reach the disk.
    public var durability: Durability
    /// How long `open` waits for another writer's lock before throwing `inUse`.
    public var lockTimeout: Duration
    /// Seal automatically once the hot tail holds more than this many bytes of lines.
    public var sealThreshold: Int
    /// The sync call, a seam for fault injection: returns 0 on success, like `fdatasync(2)`.
    public var sync: @Sendable (Int32) -> Int32
    /// Test seam called at named steps of appending, sealing and recovery (crash tests).
    public var faultHook: (@Sendable (FaultPoint) -> Void)?
    /// How much of each sealed chunk `JournalWriter.open` reads (default `.full`).
    public var sealedCheck: SealedCheck = .full
    /// How often the writer key is kept beside the journal (`WriterKey.record`): `.zero` (the
    /// default) after every commit; longer, at most once per interval and at `close`, for a
    /// writer kept open across many commits (a server's). A record skipped is never wrong, only
    /// stale: the next writer of a file its record does not match draws a new key.
    public var keyRecordInterval: Duration = .zero

    /// How much of each sealed chunk `JournalWriter.open` reads.
    public enum SealedCheck: Sendable, Equatable {
        /// Decompress every sealed chunk, check its lines and SHA-256, index every id: opening
        /// costs O(journal).
        case full
        /// Check each sealed chunk without decompressing it: its trailer (sequence range) and the
        /// chain, its LZ4 header and block checksums (XXH32 of the compressed bytes, far cheaper
        /// than decompressing): opening costs O(hot tail) decompression. Any changed byte of a
        /// chunk's blocks is still found; what is left to readers and `wlog verify` is a chunk's
        /// content checksum, line checks and SHA-256. Duplicate detection for sealed events then
        /// needs the caller's `KnownEvents` (or indexes the sealed ids on the first append that
        /// lacks them).
        case trailers
    }

    /// Options with the defaults of `journal.md`: full durability, 5 s lock wait, 256 KiB threshold.
    public init(
        durability: Durability = .full,
        lockTimeout: Duration = .seconds(5),
        sealThreshold: Int = 256 << 10,
        sync: @escaping @Sendable (Int32) -> Int32 = JournalOptions.dataSync,
        faultHook: (@Sendable (FaultPoint) -> Void)? = nil
    ) {
        self.durability = durability
        self.lockTimeout = lockTimeout
        self.sealThreshold = sealThreshold
        self.sync = sync
        self.faultHook = faultHook
    }

    /// `fdatasync(2)` (`F_FULLFSYNC` on Darwin).
    public static let dataSync: @Sendable (Int32) -> Int32 = { fd in
        #if canImport(Glibc)
        fdatasync(fd)
        #else
        fcntl(fd, F_FULLFSYNC)
        #endif
    }
}

/// A named step of the writer at which `JournalOptions.faultHook` is called (crash testing).
public enum FaultPoint: String, Sendable, CaseIterable {
    /// Half of a commit frame is written (only split when a hook is installed).
    case appendMidWrite
    /// The commit frame is written, not yet synced.
    case appendAfterWrite
    /// The commit is durable.
    case appendAfterSync
    /// The seal record (`SealIntent`) is created, none of its chunks written yet.
    case sealMidIntent
    /// The seal record is complete, not yet synced.
    case sealAfterWriteIntent
    /// The seal record and its directory are synced; the journal is not yet touched.
    case sealAfterSyncIntent
    /// About half of the new chunks are written over the journal's tail.
    case sealMidApply
    /// The new chunks are in the journal and synced; the seal record is not yet removed.
    case sealAfterApply
    /// Torn bytes are in quarantine, the journal is not yet truncated.
    case recoveryAfterQuarantine
}
