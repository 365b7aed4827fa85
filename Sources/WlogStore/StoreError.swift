import WlogCore

/// Why a store could not answer; the server maps each case to an HTTP status.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `decide` refused the command (400 with the field).
    case refused(Refusal)
    /// The lifter's journal is damaged (committed bytes, not a torn tail): reads and writes are refused (503).
    case damaged(String)
    /// The store is unavailable: a lock held too long, a disk or database error (503).
    case unavailable(String)
    /// Another writer moved the stream between the read and the append (retried by the store; 409
    /// when it keeps happening).
    case conflict(String)

    /// The request's own event cannot be stored (`reason`: a line past the journal's limit): the
    /// lifter's input, answered 400 — not the store failing. Every store refuses the same lines,
    /// so a stream always moves between stores.
    package static func unrecordable(_ reason: String) -> StoreError {
        .refused(Refusal(field: "body", value: "the request", problem: "cannot be recorded",
                         allowed: "as an event " + reason + " — shorten its names and notes"))
    }

    public var description: String {
        switch self {
        case .refused(let refusal): refusal.message
        case .damaged(let reason): "the journal is damaged: " + reason
        case .unavailable(let reason): reason
        case .conflict(let reason): reason
        }
    }
}
