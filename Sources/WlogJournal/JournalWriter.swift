#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The single writer of a journal: holds the lock, appends commits, seals the hot tail.
///
/// Opening takes the exclusive lock (`journal.wlog.lock`), finishes a seal a crash interrupted
/// (`SealIntent`), checks every frame (sealed chunks in full or by trailer, `JournalOptions.sealedCheck`), and
/// recovers a torn tail by moving its bytes to quarantine (`recovered`).
/// Damage followed by good frames makes `open` throw `JournalError.damaged`. A failed sync leaves
/// the writer failed: every later call throws until the journal is opened again.
/// Not thread-safe: use one writer from one task at a time.
public final class JournalWriter {
    /// The journal's path.
    public let path: String
    /// The options it was opened with.
    public let options: JournalOptions
    /// The journal's header.
    public let header: JournalHeader
    /// The torn tail recovered while opening, if any.
    public private(set) var recovered: RecoveryReport?
    /// The last committed sequence number (0 when empty).
    public internal(set) var lastSequence: UInt64
    /// This file's writer key (`WriterKey`): random, the same from writer to writer while nothing
    /// else changes the file, different in every copy of it. Mixed into the ids wlog mints.
    public let writerKey: UInt64

    var fd: Int32
    var lock: JournalLock?
    var fileEnd: Int
    var tailStart: Int
    var tailBytes: Int
    var commitCount: Int
    var chain: [UInt8]
    var chunkCount: Int
    var sealedThrough: UInt64
    /// The ids of events `indexedFrom…lastSequence` (all of them after a `.full` open; the hot
    /// tail's after a `.trailers` open, until an append needs more: `JournalWriter+Index`).
    var ids: IDSet
    var indexedFrom: UInt64
    let encoder: FrameEncoder
    var failure: String?
    var dirty = false
    var lastSync = ContinuousClock.now
    /// When the writer key was last kept (`keyRecordInterval`), and whether a commit came since.
    var keyRecorded: ContinuousClock.Instant?
    var keyUnrecorded = false
    /// The file's stamp when `suspend` let the lock go (`resume` compares it: a seal by another
    /// writer rewrites the tail in place, which may leave the length as it was).
    var changedAtSuspend: FileStamp?
    /// The stamp `stamp` last read, and `changes` then: `suspend` takes it instead of an `fstat`
    /// of its own while this writer has not written to the file since.
    var stampRead: (stamp: FileStamp, changes: UInt64)?
    /// How many times this writer has written to the file (a commit, a seal).
    var changes: UInt64 = 0
    /// The stamp of the file at the journal's path that the last `resume` found to be this
    /// writer's (unknown before one did): what a caller that keeps a state folded from the file
    /// compares with its own, with no `stat` of its own.
    public internal(set) var stampAtResume = FileStamp()
    /// The open `.acked` record (`Acknowledgement`), opened at the first sync; -1 until then.
    var acknowledgementFD: Int32 = -1

    /// Creates a new journal at `path` (refusing if anything exists there) and opens it.
    public static func create(
        at path: String, journalID: String, createdAt: Date,
        writer: String = "wlog \(JournalFormat.libraryVersion)", options: JournalOptions = JournalOptions()
    ) throws -> JournalWriter {
        guard journalID.utf8.count == 32, journalID.utf8.allSatisfy({ hexValue($0) != nil }) else {
            throw JournalError.invalidJournalID(journalID)
        }
        let lock = try JournalLock(journalPath: path, timeout: options.lockTimeout)
        guard !FileIO.exists(path) else { throw JournalError.alreadyExists(path: path) }
        let temp = path + JournalFormat.createTempSuffix
        try FileIO.removeIfPresent(temp)
        let fd = try FileIO.open(temp, O_RDWR | O_CREAT | O_EXCL, mode: 0o644)
        defer { FileIO.closeDescriptor(fd) }
        do {
            let prefix = JournalHeader(journalID: journalID, createdAt: createdAt, writer: writer).encodedPrefix
            try prefix.withUnsafeBytes { try FileIO.pwriteAll(fd, $0, at: 0, path: temp) }
            guard options.sync(fd) == 0 else { throw JournalError.posix("fdatasync", temp) }
            guard link(temp, path) == 0 else {
                throw errno == EEXIST ? JournalError.alreadyExists(path: path) : JournalError.posix("link", path)
            }
        } catch {
            unlink(temp)
            throw error
        }
        try FileIO.removeIfPresent(temp)
        try FileIO.syncDirectory(of: path, sync: options.sync)
        return try JournalWriter(path: path, options: options, lock: lock)
    }

    /// Opens an existing journal for writing, recovering a torn tail.
    public static func open(at path: String, options: JournalOptions = JournalOptions()) throws -> JournalWriter {
        guard FileIO.exists(path) else { throw JournalError.notFound(path: path) }
        // Before the lock file is made beside it: a FIFO, a device or a file without a journal's
        // header is refused and leaves nothing behind (reading the header is one small read).
        _ = try JournalReader(at: path)
        let lock = try JournalLock(journalPath: path, timeout: options.lockTimeout)
        return try JournalWriter(path: path, options: options, lock: lock)
    }

    private init(path: String, options: JournalOptions, lock: JournalLock) throws {
        self.path = path
        self.options = options
        try FileIO.removeIfPresent(path + JournalFormat.sealTempSuffix)
        let acknowledged = Acknowledgement.read(journal: path)
        let fd = try FileIO.openRegular(path, O_RDWR)
        do {
            try SealIntent.finish(journal: path, fd: fd, options: options)
            let scanner = try JournalScanner(fd: fd, path: path, size: FileIO.size(fd, path: path))
            var ids = IDSet()
            let skipSealed: UInt64 = options.sealedCheck == .trailers ? .max : 0
            scanner.checkSkippedBlocks = true
            if try scanner.readHeader() {
                while let unit = try scanner.next(skipThrough: skipSealed) {
                    guard let content = unit.content, let base = content.baseAddress else { continue }
                    for line in scanner.lines {
                        ids.insert(UnsafeRawBufferPointer(start: base + Int(line.idStart), count: Int(line.idEnd - line.idStart)))
                    }
                }
            }
            scanner.acknowledged = Acknowledgement.through(acknowledged, journalID: scanner.header?.journal)
            let fault = try scanner.classify()
            guard let header = scanner.header, fault == nil || fault?.kind == .tornTail else {
                throw JournalError.damaged(scanner.status(path: path, fault: fault))
            }
            if let fault {
                // A complete last commit that failed its checksum: its lines, when they still parse,
                // go to a salvage file beside the quarantined bytes (suspect: `--salvage` checks them).
                let unchecked = try scanner.uncheckedFrame(at: fault.offset)
                recovered = try Recovery.quarantine(fd: fd, path: path, journalID: header.journal, fault: fault, options: options,
                                                    salvage: unchecked?.lines ?? [], salvagedEvents: unchecked?.count ?? 0,
                                                    lastSequence: scanner.nextSeq - 1)
            }
            self.header = header
            self.fd = fd
            self.lock = lock
            self.ids = ids
            indexedFrom = options.sealedCheck == .trailers ? scanner.sealedThrough + 1 : 1
            encoder = try FrameEncoder()
            fileEnd = scanner.offset
            tailStart = scanner.sealedEnd
            tailBytes = scanner.tailBytes
            commitCount = scanner.commitCount
            chain = scanner.chain
            chunkCount = scanner.chunkCount
            sealedThrough = scanner.sealedThrough
            lastSequence = scanner.nextSeq - 1
            writerKey = WriterKey.load(journal: path, fd: fd)
        } catch {
            FileIO.closeDescriptor(fd)
            throw error
        }
    }

    deinit {
        if fd >= 0 {
            if dirty && failure == nil && options.sync(fd) == 0 { acknowledge() }
            FileIO.closeDescriptor(fd)
        }
        if acknowledgementFD >= 0 { FileIO.closeDescriptor(acknowledgementFD) }
        lock?.release()
    }

    /// Syncs pending data (relaxed durability), closes the file and releases the lock.
    public func close() throws {
        guard fd >= 0 else { return }
        defer {
            FileIO.closeDescriptor(fd)
            fd = -1
            if acknowledgementFD >= 0 { FileIO.closeDescriptor(acknowledgementFD) }
            acknowledgementFD = -1
            lock?.release()
            lock = nil
        }
        if dirty && failure == nil {
            try syncJournal()
            acknowledge()
        }
        if keyUnrecorded, lock?.isHeld == true, failure == nil { recordKey() }
    }

    /// Throws unless the writer is open, holds the lock (not `suspend`ed) and has not failed.
    func checkUsable() throws {
        guard fd >= 0, lock?.isHeld == true else { throw JournalError.closed(path: path) }
        if let failure { throw JournalError.writerFailed(path: path, cause: failure) }
    }

    /// Syncs the journal file; a failure fails the writer for good.
    func syncJournal() throws {
        try sync(fd, what: path)
        dirty = false
        lastSync = ContinuousClock.now
    }

    /// Records that every event through `lastSequence` is on disk (`Acknowledgement`): called
    /// after a sync that covers them, with the lock held. Durability `byCaller` leaves this to the
    /// caller's flush (`Acknowledgement.record`).
    func acknowledge() { record(through: lastSequence) }

    /// Records that every event through `through` is on disk once the caller's flush that covers
    /// them is done (durability `byCaller`), through the record file this writer keeps open, as
    /// `Acknowledgement.record` does with a file it opens and closes each time. Nothing when the
    /// writer is closed or `through` is past what it wrote.
    public func recordFlushed(through: UInt64) {
        guard fd >= 0, through <= lastSequence else { return }
        record(through: through)
    }

    private func record(through: UInt64) {
        if acknowledgementFD < 0 {
            acknowledgementFD = Acknowledgement.openFile(journal: path, ownership: FileOwnership.of(descriptor: fd))
        }
        Acknowledgement(journalID: header.journal, through: through).write(to: acknowledgementFD)
    }

    /// Syncs `descriptor` through the seam; a failure fails the writer for good (never retried).
    func sync(_ descriptor: Int32, what: String) throws {
        guard options.sync(descriptor) == 0 else {
            let code = errno
            failure = "fdatasync of \(what): \(String(cString: strerror(code)))"
            throw JournalError.writerFailed(path: path, cause: failure ?? "fdatasync failed")
        }
    }

    /// Keeps the writer key with the file's identity now, right after this writer's own commit
    /// while it holds the lock (`WriterKey.record`).
    func recordKey() {
        WriterKey.record(writerKey, journal: path, fd: fd, ownership: FileOwnership.of(descriptor: fd))
        keyRecorded = ContinuousClock.now
        keyUnrecorded = false
    }

    /// Calls the fault hook, if any.
    @inline(__always)
    func fault(_ point: FaultPoint) { options.faultHook?(point) }
}
