/// One `wlog sync` with one remote: push what the server lacks, then pull what the journal lacks.
///
/// Each step is resumable after any interruption: the server appends a batch at most once (by
/// event id), the journal a pull at most once (by id), and the state file moves on only after
/// what it records is durable on the side it describes — so a sync killed anywhere and run again
/// moves the rest, nothing twice (docs/SYNC.md).
struct Synchronizer {
    let journal: LocalJournal
    let client: RemoteClient
    let name: String
    var state: SyncState

    /// Most events and bytes of lines one `POST /events` carries (the server takes 1000 events and 1 MiB).
    static let batchEvents = 1000
    static let batchBytes = 768 << 10

    struct Report {
        var pushed = 0, alreadyThere = 0, pulled = 0, alreadyHere = 0
    }

    mutating func run(dryRun: Bool) async throws -> Report {
        var report = Report()
        let pushedIDs = try await push(&report, dryRun: dryRun)
        try await pull(&report, skipping: pushedIDs, dryRun: dryRun)
        return report
    }

    private var remote: SyncState.Remote {
        get { state.remotes[name] ?? SyncState.Remote(url: "") }
        set { state.remotes[name] = newValue }
    }

    /// Pushes the journal's events after `pushed` that did not come from this remote, in batches;
    /// the state moves on after each batch the server answered. The ids pushed.
    private mutating func push(_ report: inout Report, dryRun: Bool) async throws -> Set<String> {
        let after = try journal.lines(after: remote.pushed)
        let outgoing = after.filter { !remote.cameFromRemote($0.seq) }
        if dryRun {
            report.pushed = outgoing.count
            return Set(outgoing.map(\.id))
        }
        var ids = Set<String>()
        var start = outgoing.startIndex
        while start < outgoing.endIndex {
            var end = start, bytes = 0
            while end < outgoing.endIndex, end - start < Self.batchEvents,
                  end == start || bytes + outgoing[end].unnumbered.utf8.count <= Self.batchBytes {
                bytes += outgoing[end].unnumbered.utf8.count
                end += 1
            }
            let batch = outgoing[start..<end]
            let result = try await client.push(batch.map(\.unnumbered))
            report.pushed += result.appended
            report.alreadyThere += result.duplicates
            ids.formUnion(batch.map(\.id))
            if let last = batch.last { remote.pushed = last.seq }
            try state.save(journal: journal.path)
            start = end
        }
        if let last = after.last, last.seq > remote.pushed {
            remote.pushed = last.seq  // the rest came from this remote
        }
        let pushedThrough = remote.pushed
        remote.fromRemote.removeAll { $0.count != 2 || $0[1] <= pushedThrough }
        try state.save(journal: journal.path)
        return ids
    }

    /// Pulls the server's events after `pulled` into the journal as one commit, then moves the cursor.
    private mutating func pull(_ report: inout Report, skipping pushed: Set<String>, dryRun: Bool) async throws {
        var cursor = remote.pulled
        var incoming: [LocalJournal.Line] = []
        while true {
            let page = try await client.page(after: cursor)
            for text in page.events {
                let line = try LocalJournal.parse(text)
                if pushed.contains(line.id) { continue }  // what this sync just pushed comes back
                incoming.append(line)
            }
            guard let next = UInt64(page.next), next >= cursor else {
                throw SyncError(.damaged, "the server's cursor went from \(cursor) to \(page.next); report this to its operator")
            }
            cursor = next
            if !page.hasMore || page.events.isEmpty { break }
        }
        if dryRun {
            let known = Set(try journal.lines(after: 0).map(\.id))
            report.pulled = incoming.filter { !known.contains($0.id) }.count
            report.alreadyHere = incoming.count - report.pulled
            return
        }
        if !incoming.isEmpty {
            let (appended, last) = try journal.append(incoming.map(\.unnumbered))
            if appended > 0, last >= UInt64(appended) { remote.pulled(last - UInt64(appended) + 1...last) }
            report.pulled = appended
            report.alreadyHere = incoming.count - appended
        }
        remote.pulled = cursor
        try state.save(journal: journal.path)
    }
}
