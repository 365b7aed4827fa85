/// One version of a set as the ledger stores it: 80 bytes of plain values, no strings, no padding.
///
/// The exercise, workout and actor are indices into the ledger's tables; the rare fields (notes,
/// distance, duration, and reps or an offset too large for the compact fields) live in
/// `SetLedger.extras`. A row also carries the audit of the event that made this version
/// (`recorded`, `actor`, and `change` for an edit or delete). `LoggedSet` and `SetVersion`
/// values are made from rows on demand (`SetLedger.loggedSet(_:)`).
struct SetRow: Sendable, Hashable {
    /// The set's id (its `set.logged` event).
    var id: EventID
    /// The sequence number of its `set.logged` event.
    var seq: UInt64
    /// Performed at, milliseconds since 1970.
    var performed: Int64
    /// The load in ten-thousandths of `pounds ? lb : kg` (when `hasWeight`).
    var weight: Int64
    /// When this version's event was appended, milliseconds since 1970.
    var recorded: Int64
    /// Reps (when `hasReps` and not `wideReps`).
    var reps: Int32
    /// Index into `SetLedger.exerciseIDs`.
    var exercise: Int32
    /// Index into `SetLedger.workoutIDs`, −1 for the implicit workout of the day.
    var workout: Int32
    /// Index into `SetLedger.extras`, −1 for none.
    var extra: Int32
    /// Index into `SetLedger.actors`: who appended this version's event.
    var actor: Int32
    /// Index into `SetLedger.changes` for a version made by `set.edited` or `set.deleted`,
    /// −1 for the `set.logged` version.
    var change: Int32
    /// The UTC offset of `performed` in minutes (unless `wideOffset`).
    var offset: Int16
    /// RPE half points, 0 for none.
    var rpe: UInt8
    /// Effort 1–5, 0 for none.
    var effort: UInt8
    /// `SetType` as `SetRow.setTypeCode`.
    var setType: UInt8
    /// `Flags` bits.
    var flags: UInt8
    /// Always 0: makes the 80 bytes padding-free, so a snapshot of rows is deterministic.
    var spare: UInt16 = 0

    /// The bits of `flags`.
    enum Flags {
        static let hasReps: UInt8 = 1
        static let hasWeight: UInt8 = 2
        static let pounds: UInt8 = 4
        static let done: UInt8 = 8
        static let deleted: UInt8 = 16
        /// Reps did not fit 32 bits: they are in the extras.
        static let wideReps: UInt8 = 32
        /// The offset did not fit 16 bits: it is in the extras.
        static let wideOffset: UInt8 = 64
    }

    @inline(__always) func has(_ flag: UInt8) -> Bool { flags & flag != 0 }
    var isDeleted: Bool { has(Flags.deleted) }

    /// The compact code of a set type (its position in `SetType.allCases`).
    @inline(__always)
    static func setTypeCode(_ type: SetType) -> UInt8 {
        switch type {
        case .working: return 0
        case .warmup: return 1
        case .drop: return 2
        case .failure: return 3
        case .amrap: return 4
        }
    }

    /// The set type of a compact code.
    @inline(__always)
    static func setType(code: UInt8) -> SetType {
        switch code {
        case 1: return .warmup
        case 2: return .drop
        case 3: return .failure
        case 4: return .amrap
        default: return .working
        }
    }
}

/// The rare fields of a set version, kept beside the rows.
struct SetExtras: Sendable, Hashable {
    var notes: String?
    var distance: Distance?
    var durationMilliseconds: Int64?
    /// Reps that do not fit the row's 32 bits.
    var reps: Int?
    /// An offset that does not fit the row's 16 bits.
    var offset: Int?
}

/// The event that made a set version other than the logged one: an edit or a delete.
struct SetChange: Sendable, Hashable {
    var seq: UInt64
    var eventID: EventID
    var type: EventType
    /// The fields it set (`Field` bits): what a change that arrives late must not overwrite.
    var fields: UInt16
}
