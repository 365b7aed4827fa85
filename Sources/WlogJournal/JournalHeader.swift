#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// H1: the skippable frame (magic 0x184D2A50) after the empty H0 frame.
///
/// Payload: UTF-8 JSON, no white space, keys in this order:
/// `{"format":1,"journal":"<32 hex id>","created":"<ISO 8601 UTC with ms>Z","writer":"wlog <version>"}`.
public struct JournalHeader: Sendable, Equatable, Codable {
    /// The format version (1).
    public var format: Int
    /// The journal id, 32 lower-case hex digits.
    public var journal: String
    /// When the journal was created, e.g. `2026-11-20T10:00:00.000Z`.
    public var created: String
    /// What created it, e.g. `wlog 0.1.0`.
    public var writer: String

    /// A header for a new journal.
    init(journalID: String, createdAt: Date, writer: String) {
        format = JournalFormat.version
        journal = journalID
        created = Self.timestamp(createdAt)
        self.writer = writer
    }

    /// The JSON payload in the fixed key order.
    var payload: [UInt8] {
        Array(#"{"format":\#(format),"journal":"\#(journal)","created":"\#(created)","writer":"\#(Self.escape(writer))"}"#.utf8)
    }

    /// H0 followed by H1: the first bytes of every journal.
    var encodedPrefix: [UInt8] {
        let body = payload
        return JournalFormat.emptyFrame + JournalFormat.headerMagic.littleEndianBytes
            + UInt32(body.count).littleEndianBytes + body
    }

    /// Decodes a payload; nil if it is not a header of a format this library reads.
    static func decode(_ payload: UnsafeRawBufferPointer) -> JournalHeader? {
        guard let header = try? JSONDecoder().decode(JournalHeader.self, from: Data(payload)),
              header.format == JournalFormat.version
        else { return nil }
        return header
    }

    /// `yyyy-MM-ddTHH:mm:ss.SSSZ` in UTC.
    static func timestamp(_ date: Date) -> String {
        let millis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(millis.floorDiv(1000))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ v: Int32, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(millis.floorMod(1000)), 3))Z"
    }

    /// Minimal JSON string escaping (quote, backslash, control characters).
    static func escape(_ s: String) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension Int64 {
    func floorDiv(_ d: Int64) -> Int64 { (self >= 0 ? self : self - d + 1) / d }
    func floorMod(_ d: Int64) -> Int64 { self - floorDiv(d) * d }
}
