import Foundation

/// What `wlog sync` remembers per remote, in `JOURNAL.remotes` (JSON, mode 0600) beside the journal.
///
/// - `pulled`: the server's cursor after the last event pulled (its stream's sequence).
/// - `pushed`: the local sequence up to which every event was pushed (or came from the remote).
/// - `fromRemote`: the local sequences of events pulled from this remote (`[first, last]`
///   ranges: a pull lands as one commit, so its events have consecutive sequences), which a push
///   leaves out — the server has them.
struct SyncState: Codable, Equatable {
    struct Remote: Codable, Equatable {
        var url: String
        var tokenFile: String?
        var pulled: UInt64 = 0
        var pushed: UInt64 = 0
        var fromRemote: [[UInt64]] = []

        /// Whether local sequence `seq` came from this remote.
        func cameFromRemote(_ seq: UInt64) -> Bool {
            fromRemote.contains { $0.count == 2 && $0[0] <= seq && seq <= $0[1] }
        }

        /// Records that local sequences `range` were pulled, merging with the last range when adjacent.
        mutating func pulled(_ range: ClosedRange<UInt64>) {
            if let last = fromRemote.last, last.count == 2, last[1] + 1 == range.lowerBound {
                fromRemote[fromRemote.count - 1] = [last[0], range.upperBound]
            } else {
                fromRemote.append([range.lowerBound, range.upperBound])
            }
        }
    }

    var remotes: [String: Remote] = [:]

    /// The state file of `journal`.
    static func path(journal: String) -> String { journal + ".remotes" }

    /// The state, or an empty one when the file does not exist yet.
    static func load(journal: String) throws -> SyncState {
        let path = path(journal: journal)
        guard let data = FileManager.default.contents(atPath: path) else { return SyncState() }
        do {
            return try JSONDecoder().decode(SyncState.self, from: data)
        } catch {
            throw SyncError(.damaged, "\(path) cannot be read (\(error)); fix it, or remove it and add the remote again (everything is pushed and pulled again, nothing twice)")
        }
    }

    /// Writes the state atomically (a temporary file renamed over it), mode 0600.
    func save(journal: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let path = Self.path(journal: journal)
        let temporary = path + ".tmp"
        let data = try encoder.encode(self) + Data("\n".utf8)
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw SyncError(.damaged, "cannot write \(temporary); check the folder's permissions")
        }
        guard rename(temporary, path) == 0 else {
            throw SyncError(.damaged, "cannot replace \(path): \(String(cString: strerror(errno)))")
        }
    }
}
