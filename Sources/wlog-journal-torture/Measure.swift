#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import WlogJournal

/// `measure`: size per event (sealed journal, plain JSON lines, `lz4 -9`) and replay speed
/// (wlog's reader vs `lz4 -dc > /dev/null`) on one journal of realistic events.
enum Measure {
    static func run(directory: String, events: Int) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let journal = directory + "/journal.wlog", plain = directory + "/events.jsonl"
        for name in ["journal.wlog", "journal.wlog.lock", "events.jsonl", "events.jsonl.lz4"] {
            try? FileManager.default.removeItem(atPath: directory + "/" + name)
        }
        let writer = try JournalWriter.create(at: journal, journalID: String(repeating: "0f", count: 16),
                                              createdAt: Date(timeIntervalSince1970: 1_795_000_000),
                                              options: JournalOptions(durability: .relaxed))
        var index: UInt64 = 0
        while index < UInt64(events) {
            let count = min(50, UInt64(events) - index)
            _ = try writer.append((index..<(index + count)).map { EventLines.line(writer: 1, index: $0) })
            index += count
        }
        try writer.seal()
        try writer.close()

        var out = Data()
        let reader = try JournalReader(at: journal)
        try reader.forEachLine { _, line in
            out.append(contentsOf: line)
            out.append(0x0A)
        }
        try out.write(to: URL(fileURLWithPath: plain))
        try shell(["-9", "-q", "-f", plain, plain + ".lz4"])

        let sealed = size(journal), plainSize = size(plain), lz4Size = size(plain + ".lz4")
        let n = Double(events)
        print("events:                         \(events)")
        print("bytes/event sealed journal:     \(fmt(Double(sealed) / n))  (\(sealed) B)")
        print("bytes/event plain JSON lines:   \(fmt(Double(plainSize) / n))  (\(plainSize) B)")
        print("bytes/event lz4 -9 of plain:    \(fmt(Double(lz4Size) / n))  (\(lz4Size) B)")

        var bestReader = Double.infinity, lines = 0, bytes = 0
        for _ in 0..<7 {
            lines = 0
            bytes = 0
            let t = try time {
                let r = try JournalReader(at: journal)
                try r.forEachLine { _, line in
                    lines += 1
                    bytes += line.count + 1
                }
            }
            bestReader = min(bestReader, t)
        }
        var bestLZ4 = Double.infinity
        for _ in 0..<7 { bestLZ4 = min(bestLZ4, try time { try shell(["-dc", journal]) }) }
        let mb = Double(bytes) / 1_048_576
        print("replay wlog reader:             \(fmt(mb / bestReader)) MiB/s, \(fmt(Double(lines) / bestReader / 1e6)) M lines/s "
              + "(\(fmt(bestReader * 1000)) ms, checksums + SHA-256 + chain + seq checks)")
        print("replay lz4 -dc > /dev/null:     \(fmt(mb / bestLZ4)) MiB/s (\(fmt(bestLZ4 * 1000)) ms, incl. process start)")
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? -1
    }

    static func fmt(_ v: Double) -> String { String(format: "%.1f", v) }

    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func shell(_ args: [String]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/lz4")
        p.arguments = args
        p.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw JournalError.io(operation: "lz4 \(args)", path: "", errno: EIO) }
    }
}
