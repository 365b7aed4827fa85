import Testing
@testable import WlogCore

/// `WlogState.apply(line:)` is `apply(try EventCodec.decode(line))`: same state, same errors.
@Suite("Apply line")
struct ApplyLineTests {
    static func apply(_ line: [UInt8], to state: inout WlogState) -> EventDecodingError? {
        line.withUnsafeBytes { raw in
            do throws(EventDecodingError) { try state.apply(line: raw) } catch { return error }
            return nil
        }
    }

    @Test("a replay line by line equals decode then apply", arguments: [1, 2, 3] as [UInt64])
    func sameState(seed: UInt64) throws {
        let events = SnapshotTests.history(seed: seed, count: 1_500)
        var oneStep = WlogState.initial
        var twoSteps = WlogState.initial
        for event in events {
            let line = EventCodec.encode(event)
            #expect(Self.apply(line, to: &oneStep) == nil)
            twoSteps.apply(try EventCodec.decode(line))
        }
        #expect(oneStep == twoSteps)
        #expect(oneStep.liveSets == twoSteps.liveSets)
        #expect(oneStep.versions(of: events[events.count / 2].id) == twoSteps.versions(of: events[events.count / 2].id))
    }

    @Test("a bad line throws the decoder's error and changes nothing")
    func sameErrors() throws {
        let good = #"{"seq":1,"id":"0000000000000000000000000000000a","type":"set.logged","v":1,"at":"2026-01-05T10:00:00.000Z","tz":60,"recorded":"2026-01-05T10:00:00.000Z","actor":"user","exercise":"my-own-lift","reps":5,"weight":"100","unit":"kg"}"#
        let broken = [
            good.replacingOccurrences(of: #""reps":5"#, with: #""reps":5.5"#),
            good.replacingOccurrences(of: #""unit":"kg""#, with: #""unit":"kgs""#),
            good.replacingOccurrences(of: #""user","#, with: #""user" ,"#),
            good.replacingOccurrences(of: #""my-own-lift""#, with: #""my-own-\u00ff""#),
            good + "x",
            String(good.dropLast()),
        ]
        for text in broken {
            var state = WlogState.initial
            let line = Array(text.utf8)
            let expected: EventDecodingError?
            do throws(EventDecodingError) { _ = try EventCodec.decode(line); expected = nil } catch { expected = error }
            let got = Self.apply(line, to: &state)
            #expect(got == expected, "\(text)")
            if expected != nil { #expect(state == WlogState.initial) }
        }
        var state = WlogState.initial
        #expect(Self.apply(Array(good.utf8), to: &state) == nil)
        #expect(Self.apply(Array(good.utf8), to: &state) == nil)
        #expect(state.eventCount == 1 && state.setCount == 1)
        #expect(state.liveSets.first?.exercise == "my-own-lift")
    }
}
