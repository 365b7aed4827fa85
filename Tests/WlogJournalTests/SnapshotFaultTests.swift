import Testing
@testable import WlogJournal

/// The journal's side of a read that resumes from a projection snapshot (the CLI's
/// `JournalSession.replayTail`): the faults a torture run found behind a snapshot.
///
/// - A **diverged copy**: two copies of one journal that differ at a sequence a snapshot covers.
///   The chain after the chunk ending at the snapshot's sealed-through seq (`chainAt:`) and the
///   lines after it are what prove the prefix; both differ between the copies.
/// - **Sealed damage**: a byte changed inside a sealed chunk the read skips (it ends before the
///   snapshot's last seq) is still found, by its LZ4 block checksum, as a full read finds it.
@Suite struct SnapshotFaultTests {
    /// Two copies that share seq 1–6 and differ from seq 7 on (the other writer's events).
    private func divergedCopies(_ a: String, _ b: String, sealAt7: Bool) throws {
        for (path, writer) in [(a, UInt64(1)), (b, UInt64(2))] {
            let w = try J.create(path, options: JournalOptions(sync: { _ in 0 }))
            _ = try w.append((0..<6).map { Events.pending(1, $0) })
            try w.seal()
            _ = try w.append([Events.pending(writer, 6)])
            if sealAt7 { try w.seal() }
            _ = try w.append([Events.pending(1, 7)])
            try w.close()
        }
    }

    private func read(_ path: String, after: UInt64, chainAt boundary: UInt64) throws -> (lines: [String], status: JournalStatus, chain: String?) {
        var lines: [String] = []
        let reader = try JournalReader(at: path)
        let (status, chain) = try reader.forEachLine(after: after, skipping: nil, chainAt: boundary) { _, line in
            lines.append(String(decoding: line, as: UTF8.self))
        }
        return (lines, status, chain)
    }

    @Test("diverged copies: same chain where they agree, another chain or other lines where they differ")
    func divergedCopy() throws {
        let tmp = try TempDir(), other = try TempDir()
        try divergedCopies(tmp.journal, other.journal, sealAt7: false)
        let a = try read(tmp.journal, after: 6, chainAt: 6), b = try read(other.journal, after: 6, chainAt: 6)
        // The sealed prefix agrees (same chain at 6): the hot tail's lines must tell the copies apart.
        #expect(a.chain != nil && a.chain == b.chain)
        #expect(a.lines.count == 2 && b.lines.count == 2 && a.lines[0] != b.lines[0] && a.lines[1] == b.lines[1])
        // The zero chain at 0; no chunk ends at 3 or 7.
        #expect(try read(tmp.journal, after: 7, chainAt: 0).chain == String(repeating: "0", count: 64))
        #expect(try read(tmp.journal, after: 7, chainAt: 3).chain == nil)
        #expect(try read(tmp.journal, after: 7, chainAt: 7).chain == nil)

        // Sealed through the differing event: the chain at 7 differs, the chain at 6 does not.
        let sealedA = try TempDir(), sealedB = try TempDir()
        try divergedCopies(sealedA.journal, sealedB.journal, sealAt7: true)
        let sa = try read(sealedA.journal, after: 7, chainAt: 7), sb = try read(sealedB.journal, after: 7, chainAt: 7)
        #expect(sa.chain != nil && sb.chain != nil && sa.chain != sb.chain)
        #expect(try read(sealedA.journal, after: 8, chainAt: 6).chain == read(sealedB.journal, after: 8, chainAt: 6).chain)
        #expect(sa.lines == sb.lines && sa.status.sealedThrough == 7)
    }

    @Test("a byte changed in a sealed chunk the read skips is found, as a full read finds it",
          arguments: [0, 13, 24, 30] as [UInt64])
    func sealedDamage(after: UInt64) throws {
        let tmp = try TempDir()
        try J.makeChunked(tmp.journal, chunks: 3, tailCommits: 4).close()
        let units = try J.units(tmp.journal)
        var bytes = try J.bytes(tmp.journal)
        // The first chunk's block data (not the last byte of its frame).
        bytes[units[0].range.lowerBound + 19 + 7] ^= 0x04
        try J.write(bytes, to: tmp.journal)
        let full = try J.read(tmp.journal).status
        let (lines, status) = try J.read(tmp.journal, after: after)
        #expect(!full.isClean && full.lastSequence == 0)
        // The same fault (kind and bytes; the reason names the check that found it).
        #expect(lines.isEmpty && status.lastSequence == 0)
        #expect(status.faults.map { [$0.offset, $0.end] } == full.faults.map { [$0.offset, $0.end] })
        #expect(status.faults.map(\.kind) == full.faults.map(\.kind))
        #expect(try read(tmp.journal, after: after, chainAt: 12).chain == nil)
    }
}
