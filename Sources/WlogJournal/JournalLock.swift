#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The exclusive writer lock: `flock` on the sidecar `journal.wlog.lock`.
///
/// Waits a bounded time by polling `LOCK_NB` (every 0.5 ms, backing off to 4 ms), then throws `inUse`.
/// The kernel releases the lock when the process dies, so a crashed writer never blocks the next.
final class JournalLock {
    private var fd: Int32
    let path: String

    /// Whether this holds the lock (false between `unlock()` and `relock(timeout:)`).
    private(set) var isHeld = false

    /// Takes the lock for the journal at `journalPath`, waiting at most `timeout`.
    init(journalPath: String, timeout: Duration) throws {
        path = journalPath + JournalFormat.lockSuffix
        fd = try FileIO.open(path, O_RDWR | O_CREAT, mode: 0o600)
        FileOwnership.of(journalPath)?.apply(to: fd)
        do {
            try take(timeout: timeout, journalPath: journalPath)
        } catch {
            // Every stored property is set by now, so a throw runs `deinit`: the descriptor is
            // closed here and marked closed, or `release()` would close it a second time (by then
            // perhaps another thread's file under the same number).
            close(fd)
            fd = -1
            throw error
        }
    }

    /// Lets other writers take the lock, keeping the lock file open for `relock(timeout:)`.
    func unlock() {
        guard fd >= 0, isHeld else { return }
        flock(fd, LOCK_UN)
        isHeld = false
    }

    /// Takes the lock again after `unlock()`, waiting at most `timeout` (then `inUse`).
    func relock(timeout: Duration) throws {
        guard fd >= 0 else { throw JournalError.closed(path: path) }
        guard !isHeld else { return }
        try take(timeout: timeout, journalPath: String(path.dropLast(JournalFormat.lockSuffix.count)))
    }

    /// Waits for the lock by polling `LOCK_NB`.
    private func take(timeout: Duration, journalPath: String) throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause: Int = 500_000  // ns
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK else { throw JournalError.io(operation: "flock", path: path, errno: code) }
            guard clock.now < deadline else {
                let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
                throw JournalError.inUse(path: journalPath, waitedSeconds: seconds)
            }
            var ts = timespec(tv_sec: 0, tv_nsec: pause)
            nanosleep(&ts, nil)
            pause = min(pause * 2, 4_000_000)
        }
        isHeld = true
    }

    /// Releases the lock (also done on deinit).
    func release() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
        isHeld = false
    }

    deinit { release() }
}
