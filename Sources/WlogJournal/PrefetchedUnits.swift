#if os(Linux)
import Glibc
import Synchronization

/// A journal's units scanned on a second thread and handed to the caller's thread through a ring
/// of `depth` slots, for `JournalReader.forEachLinePrefetched`.
///
/// Two POSIX semaphores count the free slots and the filled ones. The reading thread claims a
/// free slot, copies a checked unit's lines into it and posts it; the caller takes filled slots
/// in order and releases each when its lines are folded. The last slot posted carries the end of
/// the scan (the status, or the error). `finish()` stops the reading thread wherever it is and
/// joins it. Each slot is touched by one thread at a time (between a `sem_wait` and the matching
/// `sem_post`), which is what makes the `@unchecked Sendable` hold.
final class PrefetchedUnits: @unchecked Sendable {
    /// Units read ahead of the fold at most (each ≤ 1 MiB of lines for a sealed chunk).
    static let depth = 3

    /// One unit's lines, copied out of the scanner's buffers, or the end of the scan.
    final class Slot {
        /// How the scan ended.
        enum End {
            case status(JournalStatus)
            case failure(any Error)
        }

        private var storage = UnsafeMutableRawBufferPointer(start: nil, count: 0)
        private var count = 0
        /// Where each line sits in `bytes`.
        private(set) var lines: [LineRef] = []
        /// The sequence number of the first line.
        private(set) var firstSeq: UInt64 = 0
        /// Set on the last slot posted.
        var end: End?

        /// The unit's content.
        var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: storage.baseAddress, count: count) }

        /// Copies `unit`'s content and `lines`, keeping this slot's buffers for the next unit.
        func fill(_ unit: ScannedUnit, lines source: [LineRef]) {
            let content = unit.content ?? UnsafeRawBufferPointer(start: nil, count: 0)
            if storage.count < content.count {
                storage.deallocate()
                storage = .allocate(byteCount: max(content.count, 64 << 10), alignment: 16)
            }
            if let from = content.baseAddress, let to = storage.baseAddress {
                to.copyMemory(from: from, byteCount: content.count)
            }
            count = content.count
            lines.removeAll(keepingCapacity: true)
            lines.append(contentsOf: source)
            firstSeq = unit.firstSeq
        }

        deinit { storage.deallocate() }
    }

    private let slots: [Slot]
    private let free: UnsafeMutablePointer<sem_t>
    private let filled: UnsafeMutablePointer<sem_t>
    private let stopped = Atomic<Bool>(false)
    private var thread = pthread_t()
    private var taken = 0
    private var running = false

    /// Starts reading `reader`'s units with lines after `after` on a second thread; nil when no
    /// thread could be started (the caller then reads on its own thread).
    init?(reader: JournalReader, after: UInt64) {
        slots = (0..<Self.depth).map { _ in Slot() }
        free = .allocate(capacity: 1)
        filled = .allocate(capacity: 1)
        sem_init(free, 0, UInt32(Self.depth))
        sem_init(filled, 0, 0)
        let job = Unmanaged.passRetained(Job(units: self, reader: reader, after: after))
        let started = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<Job>.fromOpaque(raw).takeRetainedValue().run()
            return nil
        }, job.toOpaque())
        guard started == 0 else {
            job.release()
            return nil
        }
        running = true
    }

    deinit {
        finish()
        sem_destroy(free)
        sem_destroy(filled)
        free.deallocate()
        filled.deallocate()
    }

    /// The next filled slot, in scan order (waits for the reading thread).
    func next() -> Slot {
        Self.wait(filled)
        return slots[taken % Self.depth]
    }

    /// Gives the slot `next()` returned back to the reading thread.
    func release() {
        taken += 1
        sem_post(free)
    }

    /// Stops the reading thread (at its next slot) and waits for it to end.
    func finish() {
        guard running else { return }
        running = false
        stopped.store(true, ordering: .releasing)
        sem_post(free)
        pthread_join(thread, nil)
    }

    /// The reading thread: scans, copying each unit into the next free slot, then posts the end.
    fileprivate func produce(reader: JournalReader, after: UInt64) {
        struct Stopped: Error {}
        var index = 0
        func claim() -> Slot? {
            Self.wait(free)
            guard !stopped.load(ordering: .acquiring) else { return nil }
            defer { index += 1 }
            return slots[index % Self.depth]
        }
        let end: Slot.End
        do {
            end = .status(try reader.scan(after: after) { unit, lines in
                guard let slot = claim() else { throw Stopped() }
                slot.fill(unit, lines: lines)
                sem_post(filled)
            })
        } catch is Stopped {
            return
        } catch {
            end = .failure(error)
        }
        guard let slot = claim() else { return }
        slot.end = end
        sem_post(filled)
    }

    private static func wait(_ semaphore: UnsafeMutablePointer<sem_t>) {
        while sem_wait(semaphore) != 0 && errno == EINTR {}
    }

    /// What the reading thread is handed: the ring, and the reader it scans (used by that thread
    /// alone until `finish` joins it; its own state is immutable).
    private final class Job: @unchecked Sendable {
        let units: PrefetchedUnits
        let reader: JournalReader
        let after: UInt64

        init(units: PrefetchedUnits, reader: JournalReader, after: UInt64) {
            self.units = units
            self.reader = reader
            self.after = after
        }

        func run() { units.produce(reader: reader, after: after) }
    }
}
#endif
