#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A writer kept open between commits without holding the lock: what a server does for a lifter
/// it serves, so that a commit costs no open, no scan of the tail and no fold of it, while the
/// CLI can still append to the same journal between two of the server's commits.
extension JournalWriter {
    /// Releases the lock and keeps the file open and what the writer knows of it (its end, hot
    /// tail, chain and ids). Until `resume()`, other writers may take the lock and this one
    /// refuses to append (`JournalError.closed`). The compressor's buffers are freed meanwhile.
    /// A writer key not yet kept (`JournalOptions.keyRecordInterval`) stays unkept: another
    /// writer meanwhile finds the record stale and draws a key of its own.
    public func suspend() {
        if fd < 0 {
            changedAtSuspend = nil
        } else if let read = stampRead, read.changes == changes {
            // Read since this writer last wrote, holding the lock: nobody else could change it.
            changedAtSuspend = read.stamp
        } else {
            changedAtSuspend = FileStamp(fd: fd)
        }
        stampRead = nil
        lock?.unlock()
        encoder.release()
    }

    /// Takes the lock back (waiting at most `options.lockTimeout`, then `JournalError.inUse`).
    /// True when the journal is still the file this writer has open, at the length it left it
    /// — no other writer appended, sealed, repaired or replaced it meanwhile (each of those
    /// changes the length, the change time or the file) — so its appends can go on. False when
    /// it changed or this writer failed: close it and open the journal again.
    public func resume() throws -> Bool {
        guard fd >= 0, failure == nil, let lock else { return false }
        try lock.relock(timeout: options.lockTimeout)
        stampRead = nil
        var open = stat(), named = stat()
        let same = fstat(fd, &open) == 0 && stat(path, &named) == 0
            && open.st_ino == named.st_ino && open.st_dev == named.st_dev && Int(open.st_size) == fileEnd
            && (changedAtSuspend == nil || changedAtSuspend == FileStamp(open))
        // A changed file is not this writer's to describe: its key is not kept at `close`.
        if !same { keyUnrecorded = false }
        stampAtResume = same ? FileStamp(named) : FileStamp()
        return same
    }

    /// The open file's stamp now (one `fstat`; unknown once closed): after a commit, what a caller
    /// keeping a state folded from the file notes as the version it folded, and compares with
    /// `stampAtResume` at the next `resume`. A `suspend` before this writer writes again reuses it.
    public var stamp: FileStamp {
        let now = FileStamp(fd: fd)
        stampRead = (now, changes)
        return now
    }
}
