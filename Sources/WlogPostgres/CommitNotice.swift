import Crypto
import Logging
import NIOCore
import PostgresNIO
import WlogCore
import WlogJournal
import WlogStore

/// A commit's rows in its notification, signed, so that another server folds them without reading
/// the table (docs/SERVER-POSTGRES.md, "Other servers' commits").
///
/// `wlog_append_noticed` (`EventsSchema.appendProcedure`, called while `NoticeWindow` is open)
/// sends, for each lifter whose commit landed and whose rows fit a notification, on the events'
/// channel (`EventsSchema.channel`) just before the short `"<lifter> <last position>"`, so that a
/// listener has the rows when it hears of the commit:
///
///     <HMAC-SHA256 of the rest, 64 hex digits> <lifter> <first position> <last position>\n<line>\n<line>…
///
/// The lines are the rows' `line`s, byte for byte. Servers of an earlier version, listening on the
/// same channel, pass over it (it is not two words) and fold from the table as before. The MAC's
/// key lives in `wlog_notice_key`, which `PUBLIC` may not read: any role that can connect may
/// `NOTIFY` on any channel, so a notice is believed only when its MAC is right, and a forged or
/// altered one is ignored (the state then folds from the table as before). A replayed notice names rows the table holds at those positions —
/// positions are never reused while the stream exists. The database computes the MAC with its
/// built-in `sha256` from the key's two pads, which this server computes from the key when it
/// creates it (`HMAC` is `H((K ⊕ opad) ‖ H((K ⊕ ipad) ‖ m))`, RFC 2104); the server checks it with
/// swift-crypto's `HMAC<SHA256>`.
enum CommitNotice {
    /// The longest notice body the database sends (PostgreSQL refuses payloads of 8,000 bytes and
    /// more; the MAC and its space take 65).
    static let longestBody = 7_900

    /// The key's table: one row, readable only by the role that created it (and superusers).
    static let statements: [String] = [
        """
        CREATE TABLE IF NOT EXISTS wlog_notice_key (
            id int PRIMARY KEY CHECK (id = 1),
            key bytea NOT NULL,
            inner_pad bytea NOT NULL,
            outer_pad bytea NOT NULL
        )
        """,
        "REVOKE ALL ON wlog_notice_key FROM PUBLIC",
    ]

    /// The key, made here once per database (a random 32 bytes) and read by every server after.
    /// Under `EventsSchema.prepare`'s lock, in its transaction.
    static func key(on connection: PostgresConnection, logger: Logger) async throws -> SymmetricKey {
        var generator = SystemRandomNumberGenerator()
        let made = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let block = made + [UInt8](repeating: 0, count: 64 - made.count)
        let key = ByteBuffer(bytes: made), inner = ByteBuffer(bytes: block.map { $0 ^ 0x36 }), outer = ByteBuffer(bytes: block.map { $0 ^ 0x5c })
        _ = try await connection.query("""
            INSERT INTO wlog_notice_key (id, key, inner_pad, outer_pad) VALUES (1, \(key), \(inner), \(outer))
            ON CONFLICT (id) DO NOTHING
            """, logger: logger)
        for try await key in try await connection.query("SELECT key FROM wlog_notice_key WHERE id = 1", logger: logger).decode(ByteBuffer.self) {
            return SymmetricKey(data: Array(key.readableBytesView))
        }
        throw StoreError.unavailable("wlog_notice_key holds no key")
    }

    /// The variables the notices use, declared in the procedure.
    static let declareSQL = """

            f int := 1;
            body text;
            ipad bytea;
            opad bytea;
    """

    /// The PL/pgSQL that puts the key's pads in the procedure's `ipad` and `opad`: from the
    /// session's settings, where the first call of a connection keeps them (`set_config`, which no
    /// other session sees), so that a call reads the table once a connection, not once a call.
    static let padsSQL = """

            ipad := nullif(current_setting('wlog.notice_ipad', true), '')::bytea;
            opad := nullif(current_setting('wlog.notice_opad', true), '')::bytea;
            IF ipad IS NULL OR opad IS NULL THEN
                SELECT w.inner_pad, w.outer_pad INTO ipad, opad FROM wlog_notice_key w WHERE w.id = 1;
                PERFORM set_config('wlog.notice_ipad', ipad::text, false), set_config('wlog.notice_opad', opad::text, false);
            END IF;
    """

    /// The PL/pgSQL, first in the loop over the rows `k`, that keeps in `f` the first row of the
    /// stream's commit.
    static let firstRowSQL = """

                IF k > 1 AND streams[k] <> streams[k - 1] THEN
                    f := k;
                END IF;
    """

    /// The PL/pgSQL that sends stream `streams[k]`'s notice of its rows `f…k`, signed with the pads.
    static let sendSQL = """

                    IF ipad IS NOT NULL THEN
                        body := streams[k]::text || ' ' || positions[f] || ' ' || positions[k] || E'\\n' || array_to_string(lines[f:k], E'\\n');
                        IF octet_length(body) <= \(longestBody) THEN
                            PERFORM pg_notify('\(EventsSchema.channel)', encode(sha256(opad || sha256(ipad || convert_to(body, 'UTF8'))), 'hex') || ' ' || body);
                        END IF;
                    END IF;
    """

    /// A notice's header, read without checking anything: enough to pass over a notice the server
    /// would not hold before its MAC is computed.
    struct Header: Sendable, Equatable {
        let lifter: LifterID
        let first: UInt64
        let last: UInt64
    }

    /// The header of `payload` on the events' channel; nil for the short announcement (no line
    /// break) or a payload that is not a notice.
    static func header(_ payload: String) -> Header? {
        let utf8 = payload.utf8
        guard let newline = utf8.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        let fields = utf8[..<newline].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0].count == 64, let lifter = LifterID(String(decoding: fields[1], as: UTF8.self)),
              let first = UInt64(String(decoding: fields[2], as: UTF8.self)),
              let last = UInt64(String(decoding: fields[3], as: UTF8.self)), first >= 1, last >= first else { return nil }
        return Header(lifter: lifter, first: first, last: last)
    }

    /// The lines of notice `payload`, whose header is `header`, when its MAC under `key` is right
    /// and they are as many as the header's positions; nil otherwise.
    static func lines(of payload: String, _ header: Header, key: SymmetricKey) -> [Substring]? {
        guard let space = payload.utf8.firstIndex(of: UInt8(ascii: " ")), let mac = hexDecoded(payload[..<space]) else { return nil }
        let body = payload[payload.index(after: space)...]
        guard HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Array(body.utf8), using: key) else { return nil }
        let lines = body.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        guard UInt64(lines.count) == header.last - header.first + 1 else { return nil }
        return Array(lines)
    }

    /// A notice of `lines` at `first…` signed with `key`, as the database sends it (for tests).
    static func payload(lifter: LifterID, first: UInt64, lines: [String], key: SymmetricKey) -> String {
        let body = "\(lifter.uuid) \(first) \(first + UInt64(lines.count) - 1)\n" + lines.joined(separator: "\n")
        let mac = HMAC<SHA256>.authenticationCode(for: Array(body.utf8), using: key)
        return hexString(mac) + " " + body
    }
}
