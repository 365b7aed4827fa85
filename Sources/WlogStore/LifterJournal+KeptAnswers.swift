import WlogJournal

/// The answers a lifter's repeated reads are given without their state (docs/SERVER-STORAGE.md, "Memory").
///
/// What a bounded memory's reads repeat is a small answer (a page of a few KiB), not the fold: when
/// the store's trim drops a state (`LifterJournal.unload(keepingAnswers:)`), the answers computed at
/// its last sequence stay, counted in the same bound, and a read asking for one of them is given
/// it while the journal is the file the state was folded from. The lock is not held between
/// requests (the CLI or a repair may write), so that is proven by the file itself: its size,
/// change time and inode (`FileStamp`, one `stat`) as last folded. An append grows the file and a
/// repair cuts or replaces it; either changes the stamp, and the next read loads the state and
/// computes anew (the answers kept for the old file are forgotten as it loads). A write never
/// takes a kept answer: it loads the state under the journal's lock as before.
extension LifterJournal {
    /// The answer kept under `cacheKey` that holds for the journal at `stamp`: the state's at its
    /// last sequence while it is loaded and folded from that file, else the dropped state's at
    /// `keptSeq` while the file is the one it was folded from. Nil when none holds.
    static func keptAnswer<R: Sendable>(_ slot: borrowing Slot, _ cacheKey: String, at stamp: FileStamp) -> R? {
        guard stamp.isKnown, stamp == slot.stamp else { return nil }
        return slot.answers.cached(cacheKey, at: slot.state?.lastSeq ?? slot.keptSeq)
    }
}
