import Foundation
import Testing
@testable import WlogJournal

/// `forEachLinePrefetched` (the journal read on a second thread) against `forEachLine`: the same
/// lines, the same status, on clean, torn and damaged journals, from any starting point; an error
/// thrown by the fold stops the reading thread.
@Suite struct PrefetchTests {
    /// Eight sealed chunks of 12 events (more than the ring's slots), then five commits of 2.
    private func makeJournal(_ path: String) throws {
        try J.makeChunked(path, chunks: 8, tailCommits: 5).close()
    }

    private func prefetched(_ path: String, after: UInt64 = 0) throws -> (lines: [String], status: JournalStatus) {
        try J.read(path, after: after, prefetched: true)
    }

    @Test(arguments: [0, 1, 11, 12, 13, 50, 95, 96, 100, 106, 200] as [UInt64])
    func sameLinesAndStatusAsTheReader(after: UInt64) throws {
        let tmp = try TempDir()
        try makeJournal(tmp.journal)
        let plain = try J.read(tmp.journal, after: after)
        let ahead = try prefetched(tmp.journal, after: after)
        #expect(ahead.lines == plain.lines)
        #expect(ahead.status == plain.status)
        #expect(plain.lines.count == max(0, 106 - Int(min(after, 106))))
    }

    /// One byte flipped at offsets across the file (header, chunks, trailers, commits, the last
    /// frame): the good prefix and the fault are the reader's, whatever they are.
    @Test func damageIsReportedAsTheReaderDoes() throws {
        let tmp = try TempDir()
        try makeJournal(tmp.journal)
        let clean = try J.bytes(tmp.journal)
        for at in stride(from: 0, to: clean.count, by: max(1, clean.count / 97)) + [clean.count - 1] {
            var bytes = clean
            bytes[at] ^= 0x10
            try J.write(bytes, to: tmp.journal)
            let plain: (lines: [String], status: JournalStatus)
            do {
                plain = try J.read(tmp.journal)
            } catch {
                #expect(throws: JournalError.self, "byte \(at)") { try prefetched(tmp.journal) }
                continue
            }
            let ahead = try prefetched(tmp.journal)
            #expect(ahead.lines == plain.lines, "byte \(at)")
            #expect(ahead.status == plain.status, "byte \(at)")
        }
    }

    /// A torn last frame (the file cut inside it) reads as the reader reads it.
    @Test func tornTail() throws {
        let tmp = try TempDir()
        try makeJournal(tmp.journal)
        let clean = try J.bytes(tmp.journal)
        for cut in [clean.count - 1, clean.count - 20] {
            try J.tear(Array(clean[..<cut]), to: tmp.journal)
            let plain = try J.read(tmp.journal)
            let ahead = try prefetched(tmp.journal)
            #expect(ahead.lines == plain.lines && ahead.status == plain.status)
            #expect(plain.status.faults.first?.kind == .tornTail)
        }
    }

    /// The fold throws at line k: the error comes back, no line after k was folded, and the
    /// reading thread has stopped (the call returns; repeated to catch a hang or a race).
    @Test func anErrorFromTheFoldStopsTheRead() throws {
        struct Stop: Error, Equatable { var seq: UInt64 }
        let tmp = try TempDir()
        try makeJournal(tmp.journal)
        let reader = try JournalReader(at: tmp.journal)
        for round in 0..<60 {
            let k = UInt64(1 + (round * 7) % 106)
            var seen: [UInt64] = []
            #expect(throws: Stop(seq: k)) {
                try reader.forEachLinePrefetched { seq, _ in
                    seen.append(seq)
                    if seq == k { throw Stop(seq: k) }
                }
            }
            #expect(seen == Array(1...k))
        }
    }
}
