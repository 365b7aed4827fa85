/// Personal records computed from the set ledger's rows in one pass over the history order.
extension WlogState {
    /// The records of the known exercises among `slots` (exercise slots of the set ledger), in
    /// the order given, with `repTargets` and the settings' e1RM formula and maximum reps: the
    /// same as `personalRecords(of:sets:repTargets:)` over each exercise's live sets.
    ///
    /// One pass over the rows in history order feeds every exercise's scan at once; a set is
    /// read from its row (`SetLedger.recordCandidate`), and only the rep-PR sets the records
    /// keep are made into `LoggedSet`s, at the end. An exercise the state does not know is left
    /// out, or with `standIns` computed as its stand-in (`exerciseOrStandIn`). `rows` are the
    /// rows to read in history order, when the caller has them (`LiveSets.rows`).
    func recordsFromLedger(
        slots: some Sequence<Int32>, repTargets: [Int], standIns: Bool = false, rows: [Int32]? = nil
    ) -> [PersonalRecords] {
        let ledger = sets
        let formula = settings.chosenE1RMFormula
        var wanted: [(slot: Int, exercise: Exercise)] = []
        var scans = [RecordScan<Int32>?](repeating: nil, count: ledger.exerciseIDs.count)
        var requested = [Bool](repeating: false, count: scans.count)
        for slot in slots.map({ Int($0) }) where slot >= 0 && slot < scans.count && !requested[slot] {
            requested[slot] = true
            let id = ledger.exerciseIDs[slot]
            guard let exercise = standIns ? exerciseOrStandIn(id) : exercise(id) else { continue }
            wanted.append((slot, exercise))
            // An assisted exercise has no records: no scan, no set counts.
            guard exercise.kind.hasRecords else { continue }
            let kinds = PersonalRecords.kinds(for: exercise, repTargets: repTargets)
            scans[slot] = RecordScan(
                kinds: kinds, measure: RecordMeasure(kind: exercise.kind, formula: formula, maxReps: settings.e1rmMaxReps))
        }
        guard !wanted.isEmpty else { return [] }
        func scan(_ order: some Sequence<Int32>) {
            for index in order {
                let row = ledger.rows[Int(index)]
                let slot = Int(row.exercise)
                guard scans[slot] != nil, ledger.countsForRecords(row) else { continue }
                scans[slot]?.add(ledger.recordCandidate(row), index)
            }
        }
        if let rows { scan(rows) } else { scan(ledger.historyOrder()) }
        return wanted.map { slot, exercise in
            guard let scan = scans[slot] else { return personalRecords(of: exercise, sets: [], repTargets: repTargets) }
            let repPRSets = scan.repPRSetsInOrder.map { ledger.loggedSet(ledger.rows[Int($0)], resolvingDiscard: false) }
            return PersonalRecords(exercise: exercise, scan: scan, repPRSetsInOrder: repPRSets)
        }
    }
}
