import Testing
@testable import WlogCore

/// Issue 15's law (docs/SYNC.md): replicas that hold the same set of events show the same
/// projections, whatever order the events reached them in. Up to 5 replicas take random
/// interleavings of random commands (log, back-dated log, edit, delete, body weight, workout
/// start/finish) and exchange their events as `wlog events | wlog append events` does (the whole
/// journal, in its order; `IncomingEvents`, then `partitionExternal`) at random; after a final
/// round of exchanges every replica holds every event and the projections agree.
@Suite struct ReplicaConvergenceTests {
    /// One replica: its journal's events in order, and their fold.
    struct Replica {
        var events: [Event] = []
        var state = WlogState.initial
        let key: String

        mutating func append(_ new: [Event]) {
            for var event in new {
                event.envelope.seq = state.lastSeq + 1
                state.apply(event)
                events.append(event)
            }
        }
    }

    static let base = Instant(millisecondsSince1970: 1_795_000_000_000)  // 2026-11-18T…
    static let exercises = ["bench-press", "back-squat", "deadlift"]

    /// Runs `decide` on replica `r` at `now`; a refusal (nothing to edit, a session already open) is skipped.
    static func act(_ replica: inout Replica, _ command: Command, now: Instant) {
        let ids = DecideContext.JournalIDs(journalID: "0123456789abcdef0123456789abcdef", device: replica.key,
                                           after: replica.state.lastSeq, isTaken: { [state = replica.state] in state.contains(eventID: $0) })
        let context = DecideContext(now: now, offsetMinutes: 60, ids: ids)
        guard let events = try? decide(command, state: replica.state, context: context) else { return }
        replica.append(events)
    }

    /// A random command for `replica`.
    static func command<G: RandomNumberGenerator>(_ replica: Replica, now: Instant, using g: inout G) -> Command {
        let sets = replica.state.allSets.filter(\.isLive)
        let weight = Mass.kg(Double(Int.random(in: 16...40, using: &g)) * 2.5)
        let back = ZonedInstant(now.adding(milliseconds: -Int64.random(in: 0...3, using: &g) * 3_600_000), offsetMinutes: 60)
        switch Int.random(in: 0..<10, using: &g) {
        case 0...2:
            return .logSets(LogSets(exercise: exercises.randomElement(using: &g) ?? "bench-press", reps: Int.random(in: 1...8, using: &g),
                                    weight: weight, count: Int.random(in: 1...2, using: &g)))
        case 3:
            return .logSets(LogSets(exercise: "bench-press", at: back, reps: 5, weight: weight))
        case 4, 5:
            guard let set = sets.randomElement(using: &g) else { return .recordBodyweight(weight: .kg(80), at: nil, notes: nil) }
            switch Int.random(in: 0..<3, using: &g) {
            case 0: return .editSet(EditSet(set: set.id, reps: Int.random(in: 1...10, using: &g)))
            case 1: return .editSet(EditSet(set: set.id, weight: weight, notes: "fixed"))
            default: return .editSet(EditSet(set: set.id, at: back, rpe: 8))
            }
        case 6:
            guard let set = sets.randomElement(using: &g) else { return .startWorkout(StartWorkout(name: "A")) }
            return .deleteSet(id: set.id, reason: nil)
        case 7:
            return .recordBodyweight(weight: .kg(Double(Int.random(in: 780...820, using: &g)) / 10),
                                     at: Bool.random(using: &g) ? back : nil, notes: nil)
        case 8:
            return .startWorkout(StartWorkout(name: ["Upper", "Lower"].randomElement(using: &g)))
        default:
            return .finishWorkout(FinishWorkout(soreness: Int.random(in: 1...5, using: &g)))
        }
    }

    /// `wlog events` of `source` piped to `wlog append events` of `target`, checked as the CLI
    /// checks it: no collision and no refusal, or the exchange would fail.
    static func exchange(from source: Replica, to target: inout Replica, now: Instant) {
        let held = Dictionary(target.events.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let incoming = IncomingEvents(source.events, held: { held[$0] })
        #expect(incoming.collisions.isEmpty, "\(incoming.collisions.map(\.refusal.message))")
        let fresh = incoming.fresh.map { source.events[$0] }
        let sorted = partitionExternal(fresh, state: target.state, context: DecideContext(now: now))
        #expect(sorted.rejected.isEmpty, "\(sorted.rejected.map(\.refusal.message))")
        target.append(sorted.accepted)
    }

    /// What the read commands show, with this journal's own numbering (`seq`) taken out.
    static func shown(_ state: WlogState, now: Instant) -> [String] {
        let context = QueryContext(now: now, offsetMinutes: 60)
        var parts: [String] = []
        parts.append("\(state.history(HistoryFilter(), context: context))")
        for r in state.everyExerciseRecords().sorted(by: { $0.exercise.id < $1.exercise.id }) {
            parts.append("\(r.exercise.id) \(r.records) \(r.prsBySet.sorted { $0.key < $1.key }) \(r.repPRSetsInOrder.map(\.id))")
        }
        parts.append("\(state.allSets)")
        parts.append("\(state.bodyweightEntries.sorted(by: BodyweightEntry.byDate))")
        parts.append("\(state.bodyweightStats(context: context))")
        parts.append("\(state.allWorkouts)")
        for set in state.allSets { parts.append("\(state.versions(of: set.id))") }
        return parts.map { $0.replacing(/seq: \d+/, with: "seq: _") }
    }

    @Test(arguments: 1...40)
    func replicasThatHoldTheSameEventsShowTheSame(seed: UInt64) {
        var g = EventSamples.SeededRNG(seed: seed)
        let count = Int.random(in: 2...5, using: &g)
        var replicas = (0..<count).map { Replica(key: "replica-\($0)") }
        var clock: Int64 = 0
        for _ in 0..<Int.random(in: 20...60, using: &g) {
            // Steps share a second now and then, so events of two replicas tie on their times.
            clock += Int64.random(in: 0...1, using: &g) * 1000 + (Bool.random(using: &g) ? 0 : 60_000)
            let now = Self.base.adding(milliseconds: clock)
            let r = Int.random(in: 0..<count, using: &g)
            if Int.random(in: 0..<5, using: &g) == 0 {
                let s = Int.random(in: 0..<count, using: &g)
                if s != r { Self.exchange(from: replicas[s], to: &replicas[r], now: now) }
            } else {
                Self.act(&replicas[r], Self.command(replicas[r], now: now, using: &g), now: now)
            }
        }
        let end = Self.base.adding(milliseconds: clock + 1000)
        for _ in 0..<2 {
            for r in 0..<count {
                for s in (0..<count).shuffled(using: &g) where s != r { Self.exchange(from: replicas[s], to: &replicas[r], now: end) }
            }
        }
        let ids = Set(replicas[0].events.map(\.id))
        let created = replicas.reduce(into: Set<EventID>()) { all, replica in all.formUnion(replica.events.map(\.id)) }
        let expected = Self.shown(replicas[0].state, now: end)
        for replica in replicas {
            #expect(Set(replica.events.map(\.id)) == ids)
            #expect(replica.events.count == ids.count)
            for (index, (part, other)) in zip(Self.shown(replica.state, now: end), expected).enumerated() where part != other {
                let at = zip(part, other).prefix { $0 == $1 }.count
                Issue.record("part \(index) differs: …\(part.dropFirst(max(0, at - 300)).prefix(500))… vs …\(other.dropFirst(max(0, at - 300)).prefix(500))…")
                break
            }
        }
        #expect(ids == created, "no event created anywhere is missing")
    }
}

/// Concurrent changes of one set (docs/SYNC.md, "Concurrent edits"): the same versions in every
/// arrival order — each field from the latest change by recorded-at, a delete for good.
@Suite struct ConcurrentEditsTests {
    static func line(_ id: String, _ recorded: String, _ body: String) throws -> Event {
        let text = #"{"id":"\#(id)000000000000000000000000","type":"#
            + #"\#(body.hasPrefix("\"set\"") ? (body.contains("reason") ? "\"set.deleted\"" : "\"set.edited\"") : "\"set.logged\""),"#
            + #""v":1,"at":"2026-11-20T17:00:00.000Z","tz":60,"recorded":"2026-11-20T\#(recorded).000Z","actor":"user",\#(body)}"#
        return try EventCodec.decode(Array(text.utf8))
    }

    static let set = "5e700001"
    static func events() throws -> [Event] {
        [try line(set, "17:00:00", #""exercise":"bench-press","reps":5,"weight":"100","unit":"kg""#),
         try line("ed000001", "17:10:00", #""set":"\#(set)000000000000000000000000","reps":6,"notes":"phone""#),
         try line("ed000002", "17:20:00", #""set":"\#(set)000000000000000000000000","weight":"105","unit":"kg","notes":"laptop""#),
         try line("de000003", "17:30:00", #""set":"\#(set)000000000000000000000000","reason":"twice""#)]
    }

    static func fold(_ events: [Event]) -> WlogState {
        var state = WlogState.initial
        for (index, var event) in events.enumerated() {
            event.envelope.seq = UInt64(index + 1)
            state.apply(event)
        }
        return state
    }

    @Test(arguments: [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 2, 1], [0, 2, 3, 1], [0, 3, 1, 2]])
    func everyArrivalOrderGivesTheSameVersions(order: [Int]) throws {
        let all = try Self.events()
        let expected = Self.fold(all), state = Self.fold(order.map { all[$0] })
        let id = all[0].id
        let versions = state.versions(of: id).map { v -> String in
            var v = v
            v.seq = 0
            v.set.seq = 0
            return "\(v)"
        }
        #expect(versions == expected.versions(of: id).map { v -> String in
            var v = v
            v.seq = 0
            v.set.seq = 0
            return "\(v)"
        })
        let current = try #require(state.set(id))
        #expect(current.reps == 6 && current.weight == .kg(105) && current.notes == "laptop" && current.isDeleted)
        #expect(state.versions(of: id).map(\.type) == [.setLogged, .setEdited, .setEdited, .setDeleted])
        #expect(state.versions(of: id)[1].set.reps == 6 && state.versions(of: id)[1].set.weight == .kg(100))
    }
}
