import WlogCore

/// Answers of repeated reads of one lifter (`LifterStore.read(cacheKey:)`), each valid while the
/// lifter's state stays at the sequence it was computed at: a page of a 20-year history costs
/// milliseconds to compute, a cached one microseconds. Kept with the lifter's state, under its lock;
/// on the embedded store, those at its last sequence outlive the state when the trim drops it
/// (`LifterJournal+KeptAnswers`).
/// Their bytes (`KeptAnswer`) count in the store's memory bound (`--cache-mb`, `StateMemory`).
package struct AnswerCache {
    private struct Answer {
        var seq: UInt64
        var value: any Sendable
        var bytes: Int
    }

    private var answers: [String: Answer] = [:]
    /// The estimated bytes of the answers kept (`KeptAnswer.keptBytes` and their keys).
    package private(set) var bytes = 0

    /// Answers kept; past it, those of older sequences go, then all.
    static let limit = 64

    package init() {}

    /// The answer for `key` computed at `seq`, else `compute()`'s, remembered under `key`.
    package mutating func answer<R: Sendable>(_ key: String, at seq: UInt64, _ compute: () throws -> R) rethrows -> R {
        if let value: R = cached(key, at: seq) { return value }
        let value = try compute()
        if answers.count >= Self.limit {
            answers = answers.filter { $0.value.seq == seq }
            if answers.count >= Self.limit { answers = [:] }
            bytes = answers.values.reduce(0) { $0 + $1.bytes }
        }
        let size = StateMemory.bytes(answer: value, key: key)
        if let old = answers.updateValue(Answer(seq: seq, value: value, bytes: size), forKey: key) { bytes -= old.bytes }
        bytes += size
        return value
    }

    /// The answer for `key` computed at `seq`, if kept.
    package func cached<R: Sendable>(_ key: String, at seq: UInt64) -> R? {
        guard let answer = answers[key], answer.seq == seq else { return nil }
        return answer.value as? R
    }

    /// Forgets the answers computed at another sequence than `seq`: those kept when the state is
    /// dropped (`LifterJournal.unload`), the only ones a read may still be given.
    package mutating func keep(at seq: UInt64) {
        answers = answers.filter { $0.value.seq == seq }
        bytes = answers.values.reduce(0) { $0 + $1.bytes }
    }

    /// Forgets every answer.
    package mutating func removeAll() {
        answers = [:]
        bytes = 0
    }

    /// A store's read of a folded lifter, the same in both stores: `body` on `view` with the
    /// lifter's kept `catalogs`, and with a `cacheKey` the answer computed at the view's sequence
    /// given again (else computed and kept). Under the lifter's lock.
    package mutating func read<R: Sendable>(_ view: LifterView, catalogs: CatalogCache, cacheKey: String?,
                                            _ body: (LifterView) throws -> R) rethrows -> R {
        var view = view
        view.catalogs = catalogs
        guard let cacheKey else { return try body(view) }
        return try answer(cacheKey, at: view.state.lastSeq) { [view] in try body(view) }
    }
}
