#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few SQLite C functions the baselines need, loaded at run time with `dlopen`, so that
/// building the benchmarks needs no SQLite headers (nothing beyond what `make deps` installs):
/// a machine without the SQLite library skips the SQLite baselines with a message.
final class SQLite {
    typealias DB = OpaquePointer
    typealias Stmt = OpaquePointer
    nonisolated(unsafe) private static let handle: UnsafeMutableRawPointer? = {
        for name in ["libsqlite3.so.0", "libsqlite3.so", "/usr/lib/libsqlite3.dylib"] {
            if let h = dlopen(name, RTLD_NOW) { return h }
        }
        return nil
    }()

    static var isAvailable: Bool { handle != nil }

    private static func fn<T>(_ name: String, _: T.Type) -> T {
        guard let handle, let symbol = dlsym(handle, name) else { fatalError("SQLite function \(name) not found") }
        return unsafeBitCast(symbol, to: T.self)
    }

    private static let open_v2 = fn("sqlite3_open_v2", (@convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<DB?>?, Int32, UnsafePointer<CChar>?) -> Int32).self)
    private static let close_v2 = fn("sqlite3_close_v2", (@convention(c) (DB?) -> Int32).self)
    private static let exec_ = fn("sqlite3_exec", (@convention(c) (DB?, UnsafePointer<CChar>?, OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32).self)
    private static let prepare = fn("sqlite3_prepare_v2", (@convention(c) (DB?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Stmt?>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> Int32).self)
    private static let step_ = fn("sqlite3_step", (@convention(c) (Stmt?) -> Int32).self)
    private static let reset_ = fn("sqlite3_reset", (@convention(c) (Stmt?) -> Int32).self)
    private static let finalize_ = fn("sqlite3_finalize", (@convention(c) (Stmt?) -> Int32).self)
    private static let bindInt64 = fn("sqlite3_bind_int64", (@convention(c) (Stmt?, Int32, Int64) -> Int32).self)
    private static let bindDouble = fn("sqlite3_bind_double", (@convention(c) (Stmt?, Int32, Double) -> Int32).self)
    private static let bindNull = fn("sqlite3_bind_null", (@convention(c) (Stmt?, Int32) -> Int32).self)
    private static let bindText = fn("sqlite3_bind_text", (@convention(c) (Stmt?, Int32, UnsafePointer<CChar>?, Int32, Int) -> Int32).self)
    private static let columnInt64 = fn("sqlite3_column_int64", (@convention(c) (Stmt?, Int32) -> Int64).self)
    private static let columnDouble = fn("sqlite3_column_double", (@convention(c) (Stmt?, Int32) -> Double).self)
    private static let columnText = fn("sqlite3_column_text", (@convention(c) (Stmt?, Int32) -> UnsafePointer<UInt8>?).self)
    private static let errmsg = fn("sqlite3_errmsg", (@convention(c) (DB?) -> UnsafePointer<CChar>?).self)

    static let ROW: Int32 = 100, DONE: Int32 = 101
    /// SQLITE_TRANSIENT: SQLite copies the bound text.
    private static let transient = -1

    let db: DB

    init(path: String, readOnly: Bool = false) throws {
        var db: DB?
        let flags: Int32 = readOnly ? 0x1 : 0x2 | 0x4  // READONLY, or READWRITE | CREATE
        let rc = Self.open_v2(path, &db, flags, nil)
        guard rc == 0, let db else { throw SQLiteError(message: "open \(path): rc \(rc)") }
        self.db = db
    }

    deinit { _ = Self.close_v2(db) }

    var lastError: String { Self.errmsg(db).map { String(cString: $0) } ?? "?" }

    func exec(_ sql: String) throws {
        guard Self.exec_(db, sql, nil, nil, nil) == 0 else { throw SQLiteError(message: "\(lastError) in \(sql.prefix(80))") }
    }

    final class Statement {
        let stmt: Stmt
        let owner: SQLite
        init(_ stmt: Stmt, owner: SQLite) { self.stmt = stmt; self.owner = owner }
        deinit { _ = SQLite.finalize_(stmt) }

        func bind(_ index: Int32, _ value: Int64?) {
            if let value { _ = SQLite.bindInt64(stmt, index, value) } else { _ = SQLite.bindNull(stmt, index) }
        }
        func bind(_ index: Int32, _ value: Double?) {
            if let value { _ = SQLite.bindDouble(stmt, index, value) } else { _ = SQLite.bindNull(stmt, index) }
        }
        func bind(_ index: Int32, _ value: String?) {
            if let value { _ = SQLite.bindText(stmt, index, value, -1, SQLite.transient) } else { _ = SQLite.bindNull(stmt, index) }
        }
        /// Steps once; true while there is a row.
        func step() throws -> Bool {
            switch SQLite.step_(stmt) {
            case SQLite.ROW: return true
            case SQLite.DONE: return false
            case let rc: throw SQLiteError(message: "step rc \(rc): \(owner.lastError)")
            }
        }
        func reset() { _ = SQLite.reset_(stmt) }
        func int64(_ column: Int32) -> Int64 { SQLite.columnInt64(stmt, column) }
        func double(_ column: Int32) -> Double { SQLite.columnDouble(stmt, column) }
        func text(_ column: Int32) -> String? { SQLite.columnText(stmt, column).map { String(cString: $0) } }
    }

    func prepare(_ sql: String) throws -> Statement {
        var stmt: Stmt?
        guard Self.prepare(db, sql, -1, &stmt, nil) == 0, let stmt else { throw SQLiteError(message: "\(lastError) in \(sql.prefix(120))") }
        return Statement(stmt, owner: self)
    }
}

struct SQLiteError: Error, CustomStringConvertible {
    var message: String
    var description: String { "SQLite: " + message }
}
