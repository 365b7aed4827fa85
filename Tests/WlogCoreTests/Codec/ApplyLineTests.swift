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

    /// A canonical set line whose exercise value is `json` (the bytes between the quotes).
    static func setLine(seq: Int, exercise json: String) -> [UInt8] {
        let id = String(repeating: "0", count: 32 - String(seq, radix: 16).count) + String(seq, radix: 16)
        return Array(#"{"seq":\#(seq),"id":"\#(id)","type":"set.logged","v":1,"at":"2026-01-05T10:00:00.000Z","tz":60,"recorded":"2026-01-05T10:00:00.000Z","actor":"user","exercise":"\#(json)","reps":5,"weight":"100","unit":"kg"}"#.utf8)
    }

    @Test("exercise values of every length with a quote, backslash, control, DEL or non-ASCII byte anywhere")
    func exerciseBytes() throws {
        // The fast path scans the value eight bytes at a time; every special byte must stop it.
        let specials = [#"\""#, #"\\"#, #"\u00e9"#, "\u{01}", "\u{7f}", "é", "\t"]
        var oneStep = WlogState.initial
        var twoSteps = WlogState.initial
        var seq = 0
        for length in 1...26 {
            for position in 0..<length {
                for special in specials {
                    seq += 1
                    let plain = String(repeating: "l", count: length)
                    let json = String(plain.prefix(position)) + special + String(plain.dropFirst(position + 1))
                    let line = Self.setLine(seq: seq, exercise: json)
                    let expected: EventDecodingError?
                    do throws(EventDecodingError) { twoSteps.apply(try EventCodec.decode(line)); expected = nil } catch {
                        expected = error
                    }
                    #expect(Self.apply(line, to: &oneStep) == expected, "\(json)")
                }
            }
        }
        #expect(oneStep == twoSteps)
        #expect(oneStep.allSets.map(\.exercise) == twoSteps.allSets.map(\.exercise))
    }

    @Test("custom exercise ids that differ only in one byte, at any position, stay apart")
    func exerciseTable() {
        // The ledger matches a line's id against its stored copy a word at a time.
        var state = WlogState.initial
        var expected: [String] = []
        var seq = 0
        for length in [1, 7, 8, 9, 15, 16, 17, 23, 24, 25, 33] {
            let base = String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })
            var ids = [base]
            for position in 0..<length {
                var bytes = Array(base.utf8)
                bytes[position] = UInt8(ascii: "z") == bytes[position] ? UInt8(ascii: "y") : UInt8(ascii: "z")
                ids.append(String(decoding: bytes, as: UTF8.self))
            }
            for id in ids + ids.reversed() {
                seq += 1
                #expect(Self.apply(Self.setLine(seq: seq, exercise: id), to: &state) == nil)
                expected.append(id)
            }
        }
        #expect(state.allSets.map(\.exercise) == expected)
        #expect(Set(state.sets.exerciseIDs).count == state.sets.exerciseIDs.count)
    }

    @Test("actors: the lifer's own read as a literal, any other spelling as the general reader reads it")
    func actors() throws {
        var oneStep = WlogState.initial
        var twoSteps = WlogState.initial
        for (seq, actor) in [#"user"#, #"users"#, #"use"#, #"us\u0065r"#, #"coach"#, #"user"#, #""#].enumerated() {
            let text = String(decoding: Self.setLine(seq: seq + 1, exercise: "bench-press"), as: UTF8.self)
                .replacingOccurrences(of: #""actor":"user""#, with: #""actor":""# + actor + #"""#)
            let line = Array(text.utf8)
            twoSteps.apply(try EventCodec.decode(line))
            #expect(Self.apply(line, to: &oneStep) == nil)
        }
        #expect(oneStep == twoSteps)
        #expect(oneStep.versions(of: EventID(high: 0, low: 4)).map(\.actor) == ["user"])
        #expect(oneStep.versions(of: EventID(high: 0, low: 5)).map(\.actor) == ["coach"])
    }
}

