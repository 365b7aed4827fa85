/// Why a client's frame, join or token was refused: the `reason` of a `phx_reply` with status
/// `error`, or of the `system` error that closes a channel. Each names the field, the value and
/// the fix; none says anything of another lifter's data.
struct RealtimeError: Error, Sendable, Equatable {
    let reason: String

    /// A frame that is not a Phoenix frame of the connection's `vsn`.
    static func frame(_ reason: String) -> RealtimeError { RealtimeError(reason: reason) }
    /// A `phx_join`'s configuration or one of its `postgres_changes` bindings.
    static func binding(_ reason: String) -> RealtimeError { RealtimeError(reason: reason) }
    /// A token that is missing, malformed, expired or revoked.
    static func token(_ reason: String) -> RealtimeError { RealtimeError(reason: "Invalid token: " + reason) }
}
