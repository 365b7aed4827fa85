/// A lifter whose memory a store holds and its trim bounds (`StateMemory.trim(_:memoryLimit:unload:)`):
/// the embedded store's `LifterJournal` and the PostgreSQL store's lifter alike, so that both
/// stores keep one rule of what goes first.
package protocol HeldLifter: AnyObject, Sendable {
    /// The estimated bytes held (`StateMemory`): the state, its workout catalog and its answers
    /// while the state is held; the answers kept once it is dropped. Never waits for a request
    /// (the PostgreSQL lifter reads atomics; the journal's takes its slot's lock only briefly).
    var heldBytes: Int { get }
    /// The bytes of the answers kept for a dropped state (0 while a state is held).
    var keptAnswerBytes: Int { get }
    /// When the lifter was last used, on the store's clock (the least recently used go first).
    var lastUse: UInt64 { get }
    /// Drops the answers kept for a dropped state; nil (declined) when a request holds the lifter
    /// or its state is held again. The bytes still held.
    func dropKeptAnswers() -> Int?
}
