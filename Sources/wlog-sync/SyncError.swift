/// A failure of `wlog sync` / `wlog remote`, with its exit status (docs/CLI.md) and a message that
/// names the value and the fix.
struct SyncError: Error {
    enum Status: Int32 {
        case usage = 64
        case refused = 65
        case noJournal = 66
        /// The server cannot be reached, or answers 5xx: nothing is lost, sync again later.
        case unavailable = 69
        case damaged = 74
        /// The server refused the token (401/403).
        case unauthorized = 77
    }

    var status: Status
    var message: String

    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }
}
