import WlogCore

/// Why a store could not answer; the server maps each case to an HTTP status.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `decide` refused the command (400 with the field).
    case refused(Refusal)
    /// The lifter's journal is damaged: reads are served from its good prefix, writes are not (503).
    case damaged(String)
    /// The store is unavailable: a lock held too long, a disk or database error (503).
    case unavailable(String)
    /// Another writer moved the stream between the read and the append (retried by the store; 409
    /// when it keeps happening).
    case conflict(String)

    public var description: String {
        switch self {
        case .refused(let refusal): refusal.message
        case .damaged(let reason): "the journal is damaged: " + reason
        case .unavailable(let reason): reason
        case .conflict(let reason): reason
        }
    }
}
