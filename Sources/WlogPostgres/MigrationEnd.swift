#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WlogJournal
import WlogStore

/// One side of `wlog serve migrate`: lifters' streams read by page and appended as lines.
package protocol MigrationEnd: Sendable {
    /// Every lifter holding a stream here.
    func lifterIDs() async throws -> [LifterID]
    /// The committed lines after `after`, at most `limit`.
    func page(_ lifter: LifterID, after: UInt64, limit: Int) async throws -> [EventFeedPage.Line]
    /// The last position of the lifter's stream (0: none).
    func lastPosition(_ lifter: LifterID) async throws -> UInt64
    /// Appends committed lines numbered `lastPosition + 1…`, kept byte for byte, all or none.
    func append(_ lifter: LifterID, _ lines: [EventFeedPage.Line]) async throws
}

extension PostgresStore: MigrationEnd {
    package func page(_ lifter: LifterID, after: UInt64, limit: Int) async throws -> [EventFeedPage.Line] {
        try await events(lifter, after: after, limit: limit).lines
    }

    package func append(_ lifter: LifterID, _ lines: [EventFeedPage.Line]) async throws {
        var rows = EventRows()
        for line in lines { try rows.append(line: line.line, seq: line.seq) }
        try await insert(rows, lifter: lifter)
    }
}

/// The journals of a data folder (`DATA/users/<uuid>/journal.wlog`) as a migration's side.
package struct JournalFolderEnd: MigrationEnd {
    let store: JournalStore

    package init(root: String) throws { store = try JournalStore(root: root, memoryLimit: 1 << 20) }

    package func lifterIDs() async throws -> [LifterID] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: store.root + "/users")) ?? []
        return names.compactMap(LifterID.init)
            .filter { FileManager.default.fileExists(atPath: store.journalPath(of: $0)) }
            .sorted()
    }

    package func page(_ lifter: LifterID, after: UInt64, limit: Int) async throws -> [EventFeedPage.Line] {
        try await store.events(lifter, after: after, limit: limit).lines
    }

    package func lastPosition(_ lifter: LifterID) async throws -> UInt64 {
        _ = try await store.events(lifter, after: 0, limit: 1)  // provisions the lifter's journal
        return try withWriter(lifter) { $0.lastSequence }
    }

    package func append(_ lifter: LifterID, _ lines: [EventFeedPage.Line]) async throws {
        guard let first = lines.first else { return }
        let pending = try lines.map { line -> [UInt8] in
            let prefix = "{\"seq\":\(line.seq),"
            guard line.line.hasPrefix(prefix) else { throw StoreError.damaged("event \(line.seq) does not begin with \(prefix)") }
            return Array("{".utf8) + Array(line.line.utf8.dropFirst(prefix.utf8.count))
        }
        try withWriter(lifter) { writer in
            let receipt = try writer.append(lines: pending, expectedLastSequence: first.seq - 1)
            guard receipt.duplicates.isEmpty else {
                throw StoreError.conflict("lifter \(lifter)'s journal holds events \(receipt.duplicates.prefix(3)) already at other positions")
            }
        }
    }

    private func withWriter<R>(_ lifter: LifterID, _ body: (JournalWriter) throws -> R) throws -> R {
        do {
            var options = JournalOptions()
            options.lockTimeout = .seconds(5)
            let writer = try JournalWriter.open(at: store.journalPath(of: lifter), options: options)
            defer { try? writer.close() }
            return try body(writer)
        } catch let error as JournalError {
            switch error {
            case .conflict: throw StoreError.conflict(error.description)
            default: throw StoreError.unavailable(error.description)
            }
        }
    }
}
