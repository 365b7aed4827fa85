import WlogStore

/// `wlog serve migrate`: copies every lifter's stream from one store to another, lines byte for
/// byte, then proves the copy by per-lifter event counts and digest chains (`StreamDigest`).
///
/// Resumable: a lifter's lines the target holds already (its first `k` positions) are not copied
/// again, but must be the source's first `k` lines (same digest), else the lifter is refused and
/// the target left as it is. The copy goes in commits of `batch` lines.
package struct StoreMigration: Sendable {
    /// One lifter's outcome.
    package struct Report: Sendable, Equatable {
        package var lifter: LifterID
        /// Lines the target held before (skipped) and lines copied now.
        package var skipped: UInt64
        package var copied: UInt64
        /// The source's and the target's count and final digest after the copy.
        package var source: StreamDigest
        package var target: StreamDigest

        package var verified: Bool { source == target }
    }

    let from: any MigrationEnd
    let to: any MigrationEnd
    var batch = 1_000

    package init(from: any MigrationEnd, to: any MigrationEnd, batch: Int = 1_000) {
        self.from = from
        self.to = to
        self.batch = batch
    }

    /// Copies and verifies every lifter of the source; `progress` hears each lifter's report.
    package func run(progress: (Report) -> Void = { _ in }) async throws -> [Report] {
        var reports: [Report] = []
        for lifter in try await from.lifterIDs() {
            let report = try await copy(lifter)
            progress(report)
            reports.append(report)
        }
        return reports
    }

    /// Copies one lifter's stream past what the target holds, then digests both whole.
    package func copy(_ lifter: LifterID) async throws -> Report {
        let held = try await to.lastPosition(lifter)
        let prefix = try await digest(from, lifter, through: held)
        let targetPrefix = try await digest(to, lifter, through: held)
        guard prefix == targetPrefix else {
            throw StoreError.conflict("""
                lifter \(lifter): the target's \(held) events are not the source's first \(held) \
                (digest \(targetPrefix.hex.prefix(16)) ≠ \(prefix.hex.prefix(16))); nothing copied for this lifter
                """)
        }
        var cursor = held
        var copied: UInt64 = 0
        while true {
            let lines = try await from.page(lifter, after: cursor, limit: batch)
            guard let last = lines.last else { break }
            try await to.append(lifter, lines)
            copied += UInt64(lines.count)
            cursor = last.seq
        }
        return Report(lifter: lifter, skipped: held, copied: copied,
                      source: try await digest(from, lifter, through: .max), target: try await digest(to, lifter, through: .max))
    }

    /// The digest of the lifter's lines `1…through` on `end`.
    private func digest(_ end: any MigrationEnd, _ lifter: LifterID, through: UInt64) async throws -> StreamDigest {
        var digest = StreamDigest()
        var cursor: UInt64 = 0
        while cursor < through {
            let lines = try await end.page(lifter, after: cursor, limit: batch)
            guard !lines.isEmpty else { break }
            for line in lines where line.seq <= through { digest.feed(line.line) }
            cursor = lines.last?.seq ?? through
        }
        return digest
    }
}
