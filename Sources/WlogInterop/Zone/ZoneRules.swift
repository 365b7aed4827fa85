#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The UTC offsets of an IANA time zone, read from its TZif file (RFC 8536) in the system's
/// zoneinfo folder (`$TZDIR`, else `/usr/share/zoneinfo`).
///
/// The transitions listed in the file give the offsets of the past and the near future; the
/// POSIX rule at its end gives them after the last transition. This replaces Foundation's ICU
/// `TimeZone`, whose library (ICU) is loaded and initialised at every `wlog` start.
struct ZoneRules: Sendable, Hashable {
    /// Transition instants in seconds since 1970 (UTC), ascending.
    let transitions: [Int64]
    /// The offset (seconds east of UTC) from each transition on.
    let offsets: [Int32]
    /// The offset before the first transition (time type 0).
    let initialOffset: Int
    /// The rule after the last transition, if the file has one.
    let rule: POSIXZoneRule?

    /// The offset in seconds east of UTC at `seconds` since 1970.
    func offset(atSecondsSince1970 seconds: Int64) -> Int {
        guard let first = transitions.first, seconds >= first else { return initialOffset }
        if let rule, let last = transitions.last, seconds >= last { return rule.offset(atSecondsSince1970: seconds) }
        // The last transition at or before `seconds`.
        var low = 0, high = transitions.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if transitions[middle] <= seconds { low = middle } else { high = middle - 1 }
        }
        return Int(offsets[low])
    }
}

extension ZoneRules {
    /// The rules of the IANA zone `identifier` (`Europe/Berlin`), or `nil` when the zoneinfo
    /// folder has no valid TZif file of that name.
    init?(identifier: String) {
        // Zone names start with a capital letter (`Europe/Berlin`, `UTC`); this keeps out paths
        // and the folder's other files (`posix/…`, `right/…`, `localtime`, `zone.tab`).
        guard let first = identifier.utf8.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z"),
              !identifier.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." || $0.isEmpty }),
              identifier.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { return nil }
        let folder = getenv("TZDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        guard let bytes = RegularFile.bytes(at: folder + "/" + identifier, limit: 1 << 20) else { return nil }
        self.init(tzif: bytes)
    }

    /// Parses a TZif file: version 1 (32-bit times) or 2+ (64-bit times and the POSIX rule).
    init?(tzif bytes: [UInt8]) {
        var reader = TZifReader(bytes: bytes)
        guard let v1 = reader.header() else { return nil }
        if v1.version >= 2 {
            guard reader.skip(v1.dataLength(timeSize: 4)), let v2 = reader.header() else { return nil }
            guard let data = reader.data(v2, timeSize: 8) else { return nil }
            var rule: POSIXZoneRule?
            if reader.take(0x0A) {
                let footer = reader.bytes(until: 0x0A)
                if !footer.isEmpty {
                    guard let parsed = POSIXZoneRule(String(decoding: footer, as: UTF8.self)) else { return nil }
                    rule = parsed
                }
            }
            self.init(data, rule: rule)
        } else {
            guard let data = reader.data(v1, timeSize: 4) else { return nil }
            self.init(data, rule: nil)
        }
    }

    private init(_ data: TZifReader.Data, rule: POSIXZoneRule?) {
        transitions = data.transitions
        offsets = data.typeIndices.map { data.typeOffsets[Int($0)] }
        initialOffset = Int(data.typeOffsets[0])
        self.rule = rule
    }
}

extension ZoneRules {
    /// The zone `/etc/localtime` links to (`Europe/Berlin` for `…/zoneinfo/Europe/Berlin`), as
    /// Foundation's `TimeZone.current` read it when `TZ` is not set.
    static var systemIdentifier: String? {
        var buffer = [CChar](repeating: 0, count: 4_096)
        let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let range = target.firstRange(of: "zoneinfo/") else { return nil }
        return String(target[range.upperBound...])
    }
}
