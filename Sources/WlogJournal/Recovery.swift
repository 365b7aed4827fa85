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

/// Moving bad bytes out of a journal into `journal.wlog.quarantine/`, never discarding them.
enum Recovery {
    /// Copies bytes `fault.offset..<size` into a new quarantine file (plus `salvage`, pending lines
    /// readable after damage, into a `.salvage.jsonl` file beside it), syncs them, then truncates
    /// the journal to `fault.offset` and syncs it. The acknowledgement record is lowered to
    /// `lastSequence` (what stays) before the cut, so that no reader takes the cut for damage.
    static func quarantine(fd: Int32, path: String, journalID: String, fault: JournalFault, options: JournalOptions,
                           salvage: [UInt8], salvagedEvents: Int = 0, lastSequence: UInt64) throws -> RecoveryReport {
        let size = try FileIO.size(fd, path: path)
        let directory = path + JournalFormat.quarantineSuffix
        let ownership = FileOwnership.of(descriptor: fd)
        if mkdir(directory, FileOwnership.folderMode) == 0 {
            ownership.map { FileOwnership(mode: FileOwnership.folderMode, owner: $0.owner, group: $0.group) }?.applyToFolder(directory)
        } else if errno != EEXIST {
            throw JournalError.posix("mkdir", directory)
        }
        let stamp = JournalHeader.timestamp(Date()).filter { $0.isNumber || $0 == "T" }
        let base = "\(directory)/\(stamp)-at-\(fault.offset)"
        let (binPath, binFD) = try createUnique(base, ext: "bin")
        defer { FileIO.closeDescriptor(binFD) }
        ownership?.apply(to: binFD)
        try copy(from: fd, path: path, range: fault.offset..<size, to: binFD, toPath: binPath)
        guard options.sync(binFD) == 0 else { throw JournalError.posix("fdatasync", binPath) }
        var salvagePath: String?
        if !salvage.isEmpty {
            let (sPath, sFD) = try createUnique(base, ext: "salvage.jsonl")
            defer { FileIO.closeDescriptor(sFD) }
            ownership?.apply(to: sFD)
            try salvage.withUnsafeBytes { try FileIO.pwriteAll(sFD, $0, at: 0, path: sPath) }
            guard options.sync(sFD) == 0 else { throw JournalError.posix("fdatasync", sPath) }
            salvagePath = sPath
        }
        try FileIO.syncDirectory(of: binPath, sync: options.sync)
        try FileIO.syncDirectory(of: directory, sync: options.sync)
        options.faultHook?(.recoveryAfterQuarantine)
        Acknowledgement.record(lastSequence, journalID: journalID, journal: path)
        guard ftruncate(fd, off_t(fault.offset)) == 0 else { throw JournalError.posix("ftruncate", path) }
        guard options.sync(fd) == 0 else { throw JournalError.posix("fdatasync after truncation", path) }
        return RecoveryReport(fault: fault, previousSize: size, quarantinePath: binPath, salvagePath: salvagePath,
                              salvagedEvents: salvagedEvents, lastSequence: lastSequence)
    }

    /// Creates `base.ext`, or `base-2.ext`, `base-3.ext` … if taken.
    private static func createUnique(_ base: String, ext: String) throws -> (String, Int32) {
        var n = 1
        while true {
            let candidate = n == 1 ? "\(base).\(ext)" : "\(base)-\(n).\(ext)"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd >= 0 { return (candidate, fd) }
            guard errno == EEXIST else { throw JournalError.posix("create quarantine file", candidate) }
            n += 1
        }
    }

    private static func copy(from fd: Int32, path: String, range: Range<Int>, to out: Int32, toPath: String) throws {
        let piece = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: piece, alignment: 16)
        defer { buffer.deallocate() }
        guard let base = buffer.baseAddress else { return }
        var at = range.lowerBound
        while at < range.upperBound {
            let got = try FileIO.preadFully(fd, into: base, count: min(piece, range.upperBound - at), at: at, path: path)
            guard got > 0 else { break }
            try FileIO.pwriteAll(out, UnsafeRawBufferPointer(start: base, count: got), at: at - range.lowerBound, path: toPath)
            at += got
        }
    }
}

extension JournalWriter {
    /// Moves damage (or a torn tail) to quarantine so the journal opens cleanly; nil if it was clean.
    ///
    /// Decision: everything from the first bad byte to the end moves, as one `.bin` file. Frames
    /// after the damage cannot stay, because sequence numbers must stay dense and committed lines
    /// are never rewritten; so the events readable in them are also saved, without their `seq`, as
    /// pending lines in a `.salvage.jsonl` file to re-append with `wlog append events` (their ids
    /// make that idempotent). A damaged header cannot be repaired and throws `damaged`.
    public static func repair(at path: String, options: JournalOptions = JournalOptions()) throws -> RecoveryReport? {
        guard FileIO.exists(path) else { throw JournalError.notFound(path: path) }
        let lock = try JournalLock(journalPath: path, timeout: options.lockTimeout)
        defer { lock.release() }
        try FileIO.removeIfPresent(path + JournalFormat.sealTempSuffix)
        let acknowledged = Acknowledgement.read(journal: path)
        let fd = try FileIO.openRegular(path, O_RDWR)
        defer { FileIO.closeDescriptor(fd) }
        try SealIntent.finish(journal: path, fd: fd, options: options)
        let scanner = try JournalScanner(fd: fd, path: path, size: FileIO.size(fd, path: path))
        if try scanner.readHeader() {
            while try scanner.next() != nil {}
        }
        scanner.acknowledged = Acknowledgement.through(acknowledged, journalID: scanner.header?.journal)
        guard let fault = try scanner.classify() else { return nil }
        guard fault.kind != .header, let journalID = scanner.header?.journal else {
            throw JournalError.damaged(scanner.status(path: path, fault: fault))
        }
        var salvage: [UInt8] = []
        var salvaged = 0
        // A damaged last commit: its lines, when they still parse, are saved too (suspect:
        // `--salvage` checks them), as a torn one's are.
        if fault.kind == .damagedTail, let unchecked = try scanner.uncheckedFrame(at: fault.offset) {
            salvage = unchecked.lines
            salvaged = unchecked.count
        }
        try scanner.forEachGoodFrame(after: fault.offset) { _, content in
            salvage += scanner.pending(content)
            salvaged += scanner.lines.count
            return true
        }
        return try Recovery.quarantine(fd: fd, path: path, journalID: journalID, fault: fault, options: options, salvage: salvage,
                                       salvagedEvents: salvaged, lastSequence: scanner.nextSeq - 1)
    }
}
