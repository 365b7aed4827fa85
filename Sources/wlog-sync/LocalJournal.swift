import Foundation
import WlogSibling

/// The lifter's journal, read and written through the `wlog` beside this executable, so a sync
/// takes the journal's lock, recovery and rules exactly as `wlog events` and `wlog append events` do.
struct LocalJournal {
    let path: String
    let wlog: SiblingWlog

    /// One event line of the journal: its local sequence, its id and the line without `seq`
    /// (what another replica appends: the receiving side numbers it).
    struct Line {
        var seq: UInt64
        var id: String
        var unnumbered: String
    }

    /// The journal's events after local sequence `seq`, oldest first.
    func lines(after seq: UInt64) throws -> [Line] {
        let output = try run(["events"] + (seq > 0 ? ["--since-seq", String(seq)] : []))
        return try output.split(separator: "\n").map { try Self.parse(String($0)) }
    }

    /// Appends `lines` (unnumbered) as one commit: how many landed (the rest were there already)
    /// and the last local sequence they took.
    func append(_ lines: [String]) throws -> (appended: Int, last: UInt64) {
        let file = NSTemporaryDirectory() + "wlog-sync-" + UUID().uuidString + ".jsonl"
        defer { try? FileManager.default.removeItem(atPath: file) }
        guard FileManager.default.createFile(atPath: file, contents: Data((lines.joined(separator: "\n") + "\n").utf8),
                                             attributes: [.posixPermissions: 0o600]) else {
            throw SyncError(.damaged, "cannot write \(file); check the temporary folder")
        }
        let output = try run(["append", "events", file])
        let appended = Self.number(after: "appended ", in: output) ?? 0
        let last = Self.number(after: "last seq ", in: output) ?? 0
        return (Int(appended), last)
    }

    /// `{"seq":N,"id":"X",…}` → (N, X, `{"id":"X",…}`).
    static func parse(_ line: String) throws -> Line {
        let prefix = #"{"seq":"#
        guard line.hasPrefix(prefix), let comma = line.firstIndex(of: ","),
              let seq = UInt64(line[line.index(line.startIndex, offsetBy: prefix.count)..<comma]) else {
            throw SyncError(.damaged, "an event line does not start with its seq: \(line.prefix(80))")
        }
        let rest = line[line.index(after: comma)...]
        let idPrefix = #""id":""#
        guard rest.hasPrefix(idPrefix), let end = rest.dropFirst(idPrefix.count).firstIndex(of: "\"") else {
            throw SyncError(.damaged, "event \(seq) has no id first: \(line.prefix(80))")
        }
        return Line(seq: seq, id: String(rest[rest.index(rest.startIndex, offsetBy: idPrefix.count)..<end]), unnumbered: "{" + rest)
    }

    private static func number(after label: String, in text: String) -> UInt64? {
        guard let range = text.range(of: label) else { return nil }
        return UInt64(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// Runs `wlog --journal PATH ARGS`; its standard output, or its error as a `SyncError` with its exit status.
    private func run(_ arguments: [String]) throws -> String {
        let output: SiblingWlog.Output
        do { output = try wlog.run(["--journal", path] + arguments) } catch {
            throw SyncError(.unavailable, "cannot run \(wlog.path): \(error); build it with `make`")
        }
        guard output.status == 0 else {
            let status = SyncError.Status(rawValue: output.status) ?? .damaged
            throw SyncError(status, "wlog \(arguments.prefix(2).joined(separator: " ")): " + output.message)
        }
        return output.stdout
    }
}
