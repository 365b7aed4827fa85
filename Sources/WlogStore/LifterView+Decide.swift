import WlogCore
import WlogInterop

extension LifterView {
    /// A view of a healthy state in `zone`.
    package init(lifter: LifterID, state: WlogState, zone: ImportTimeZone) {
        self.init(lifter: lifter, state: state, zone: zone, damage: nil)
    }

    /// A view of `state` moved into it, not copied: a copy retains each of the state's buffers
    /// and releases them after (the copies were 2.1 % of an embedded POST's profile, their
    /// releases besides). `state` is nil until `giveBack(to:)` puts it back; nil when it is nil.
    package static func lent(_ state: inout WlogState?, lifter: LifterID, zone: ImportTimeZone, damage: String? = nil) -> LifterView? {
        guard let taken = state.take() else { return nil }
        return LifterView(lifter: lifter, state: consume taken, zone: zone, damage: damage)
    }

    /// Puts a lent view's state back where `lent` took it from, moved, not copied: the view keeps
    /// `WlogState.vacant` in its place. (Assigning `self.state` from a consumed view copied the
    /// struct, a retain of each buffer its stored properties hold and a release with the view:
    /// 0.6–1.2 % of a POST's profile.)
    package mutating func giveBack(to state: inout WlogState?) {
        var moved = WlogState.vacant
        swap(&moved, &self.state)
        state = consume moved
    }

    /// The zone named `name`; UTC when none or unknown.
    package static func zone(named name: String?) -> ImportTimeZone {
        name.flatMap(ImportTimeZone.init) ?? ImportTimeZone(offsetMinutes: 0)
    }

    /// Asks `decide` for one commit's events on this view, new ids minted as `wlog` mints them
    /// (`DecideContext.JournalIDs` of `journalID` and `device`, skipping ids the state holds).
    /// A `Refusal` becomes `StoreError.refused`.
    package func decideCommit(journalID: String, device: String, now: Instant, actor: String, fixedIDs: [EventID],
                              _ decide: (LifterView, DecideContext) throws -> [Event]) throws -> [Event] {
        let ids = DecideContext.JournalIDs(journalID: journalID, device: device, after: state.lastSeq,
                                           isTaken: state.containsEventID)
        let context = DecideContext(now: now, offsetMinutes: zone.offsetMinutes(at: now), actor: actor,
                                    fixedIDs: fixedIDs, ids: ids)
        do {
            return try decide(self, context)
        } catch let refusal as Refusal {
            throw StoreError.refused(refusal)
        }
    }
}

extension WlogState {
    /// The name of the zone the settings (else the profile) give, nil for none. Asked of a state
    /// held in place (a local, an `inout` or borrowed struct's optional) through `?.`, it copies
    /// nothing; through a class's stored property the getter's call copies the whole state
    /// (`PostgresLifter.keep` reads it from the state before storing it).
    package var zoneName: String? { settings.timeZone ?? profile.timeZone }
}
