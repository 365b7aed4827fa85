extension EventType {
    /// The type's one-byte code in a snapshot (`EventDescription.snapshotCode`): fixed for ever, so
    /// adding a case anywhere in `EventType` renumbers nothing an older snapshot holds.
    var snapshotCode: UInt8 { described.snapshotCode }

    /// The type of a snapshot code, nil when no type has it.
    init?(snapshotCode code: UInt8) {
        guard let type = Self.bySnapshotCode[code] else { return nil }
        self = type
    }

    private static let bySnapshotCode: [UInt8: EventType] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.snapshotCode, $0) })
}
