import WlogCore
import WlogJournal
import WlogSnapshotFile

/// The snapshot beside a lifter's journal, as the embedded store uses it (docs/SERVER-STORAGE.md,
/// "Snapshots"): the CLI's file, read, proven and written by the same code (`JournalSnapshot`).
///
/// A lifter loaded cold starts from the snapshot when it proves it describes this journal's
/// exact prefix and this code wrote it, and folds only the events after it; else from the first
/// event. The snapshot is rewritten when a state is unloaded more than
/// `SnapshotWrites.evictionMinimum` events past it (on the snapshot queue: the state is handed
/// over, nothing is copied), and while a state is held, when a fold or a write leaves it more than
/// the policy's threshold past it (encoded under the lifter's lock, written on the queue); as the
/// server stops, when it is more than `SnapshotWrites.stopMinimum` events past it.
extension LifterJournal {
    /// Where the lifter's state was last saved, and a sealed-through seq and chain head of its
    /// journal that a stamp may name (sealing later keeps a chunk ending there, with that chain).
    struct SnapshotMark {
        /// The last seq of the snapshot the state was loaded from or last saved as (0: none).
        var savedThrough: UInt64 = 0
        /// The last seq a save while held was tried at (0: none): a stamp that could not be made
        /// is tried again only a threshold's worth later, not at every commit.
        var triedThrough: UInt64 = 0
        var sealedThrough: UInt64 = 0
        var chainHead = ""

        /// Notes a fold's findings.
        mutating func note(_ status: JournalStatus) {
            sealedThrough = status.sealedThrough
            chainHead = status.chainHead
        }
    }

    /// The snapshot's state with the events after it folded, and the read's findings; nil when
    /// snapshots are off, there is none, or it does not prove it describes this journal.
    func resumeFromSnapshot(_ reader: JournalReader, prefix: SealedPrefix?) throws -> (state: WlogState, status: JournalStatus, from: UInt64)? {
        guard snapshots?.policy.enabled == true, var snapshot = JournalSnapshot(journal: path).read() else { return nil }
        // A write's answer asks for the set's place in its workout: index before the tail comes.
        snapshot.state.indexWorkoutRows()
        let status: JournalStatus?
        do {
            status = try JournalSnapshot.replayTail(reader, from: snapshot.stamp, into: &snapshot.state, skipping: prefix,
                                                    apply: Self.apply)
        } catch let error as JournalError {
            throw Self.storeError(error)
        }
        guard let status else { return nil }
        snapshots?.noteResumed()
        return (snapshot.state, status, snapshot.stamp.lastSeq)
    }

    /// While the state is held: saves it when it is more than the policy's threshold past its
    /// snapshot (encoded here, under the lifter's lock; written on the snapshot queue).
    func refreshSnapshot(_ slot: inout Slot) {
        guard let snapshots, snapshots.hasRoom, slot.damage == nil, let last = slot.state?.lastSeq,
              last >= slot.mark.savedThrough,
              snapshots.policy.wantsSnapshot(ahead: last &- max(slot.mark.savedThrough, slot.mark.triedThrough))
        else { return }
        slot.mark.triedThrough = last
        guard let bytes = encodeSnapshot(&slot) else { return }
        let snapshot = JournalSnapshot(journal: path), journal = path
        snapshots.submit { snapshot.write(bytes, journal: journal) }
    }

    /// As the server stops, under the lifter's lock (`saveForStop()`): the state's snapshot when
    /// it is more than `SnapshotWrites.stopMinimum` events past the last one, marked saved.
    func snapshotForStop(_ slot: inout Slot) -> [UInt8]? {
        guard snapshots?.policy.enabled == true, slot.damage == nil, let last = slot.state?.lastSeq,
              last > slot.mark.savedThrough + SnapshotWrites.stopMinimum else { return nil }
        return encodeSnapshot(&slot)
    }

    /// Under the lifter's lock: the held state's snapshot, stamped for its last event and marked
    /// saved there; nil when none is held or the journal no longer holds what the stamp names.
    private func encodeSnapshot(_ slot: inout Slot) -> [UInt8]? {
        guard let last = slot.state?.lastSeq, let reader = try? JournalReader(at: path), reader.header.journal == slot.journalID,
              let stamp = JournalSnapshot.stamp(reader, lastSeq: last, sealedThrough: slot.mark.sealedThrough,
                                                chainHead: slot.mark.chainHead),
              var state = slot.state
        else { return nil }
        // Out of the slot while encoded: `cacheRecords` then changes the one copy, not a shared one.
        slot.state = nil
        let bytes = JournalSnapshot.encode(&state, stamp: stamp)
        slot.state = state
        slot.mark.savedThrough = last
        return bytes
    }

    /// At unload: hands the state to the snapshot queue when it is more than
    /// `SnapshotWrites.evictionMinimum` events past its snapshot, to be saved there.
    func saveOnUnload(_ slot: borrowing Slot) {
        guard let snapshots, slot.damage == nil, let state = slot.state,
              state.lastSeq > slot.mark.savedThrough + SnapshotWrites.evictionMinimum else { return }
        let mark = slot.mark, journalID = slot.journalID, journal = path
        snapshots.submit {
            var state = state
            guard let reader = try? JournalReader(at: journal), reader.header.journal == journalID,
                  let stamp = JournalSnapshot.stamp(reader, lastSeq: state.lastSeq, sealedThrough: mark.sealedThrough,
                                                    chainHead: mark.chainHead)
            else { return }
            JournalSnapshot(journal: journal).write(JournalSnapshot.encode(&state, stamp: stamp), journal: journal)
        }
    }
}
