import Foundation
import Synchronization
import WlogJournal

/// A journal left as a kill during a seal leaves it: the seal record (`journal.wlog.seal`) beside
/// it and the hot tail partly rewritten. The writer's fault hook copies the journal and the record
/// at `sealMidApply`, the seal completes, then the copies are put back: the bytes a SIGKILL at that
/// step leaves, without a child process.
public enum InterruptedSeal {
    /// Where the kill comes in the seal's rewrite of the tail.
    public enum Kill: String, CaseIterable, Sendable {
        /// The journal cut to the chunks' length, none of them written yet: the tail's last
        /// commits are gone, so the acknowledged events read as missing.
        case afterTheCut
        /// Half the chunks' bytes written over the tail (the writer's `sealMidApply` step).
        case halfway
    }

    /// What went wrong making the crash state.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Seals the journal at `path` and leaves it as `kill` would have; returns the seal's report
    /// (the tail's bytes before and the chunks' end). Its hot tail must shrink when sealed
    /// (a few commits of small sets do), else there is no cut to make.
    @discardableResult
    public static func leave(_ path: String, _ kill: Kill) throws -> SealReport {
        let record = JournalWriter.sealRecordPath(of: path)
        guard let before = FileManager.default.contents(atPath: path) else { throw Failure(description: "no journal at \(path)") }
        let copies = Mutex<(journal: Data?, record: Data?)>((nil, nil))
        var options = JournalOptions()
        options.faultHook = { point in
            guard point == .sealMidApply else { return }
            copies.withLock { $0 = (FileManager.default.contents(atPath: path), FileManager.default.contents(atPath: record)) }
        }
        let writer = try JournalWriter.open(at: path, options: options)
        let report = try writer.seal()
        try writer.close()
        let (halfway, intent) = copies.withLock { $0 }
        guard report.chunksWritten > 0, report.bytesAfter < report.bytesBefore, let halfway, let intent else {
            throw Failure(description: "the seal did not shrink the tail (\(report)): no cut to leave")
        }
        let journal = switch kill {
        case .afterTheCut: before.prefix(report.bytesAfter)
        case .halfway: halfway
        }
        try journal.write(to: URL(fileURLWithPath: path))
        try intent.write(to: URL(fileURLWithPath: record))
        return report
    }
}
