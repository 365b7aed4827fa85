import NIOCore
import Testing
@testable import WlogServer

/// A connection's deadline (`ConnectionDeadline`) at each step of its life, on a fixed clock; and
/// the per-address counts (`AddressCounts`). scripts/hostile-client-test.py shows the same on a live server.
@Suite struct ConnectionDeadlineTests {
    static let limits = ConnectionLimits(headerTimeout: .seconds(10), bodyTimeout: .seconds(30), idleTimeout: .seconds(5),
                                         perAddress: 2, total: 100)

    static func at(_ seconds: Int64) -> NIODeadline { .uptimeNanoseconds(UInt64(seconds) * 1_000_000_000 + 1_000_000_000) }

    @Test func aNewConnectionHasTheHeaderDeadline() {
        let state = ConnectionDeadline(limits: Self.limits, opened: Self.at(0))
        #expect(state.deadline == Self.at(10))
        #expect(!state.expired(at: Self.at(9)))
        #expect(state.expired(at: Self.at(10)))
    }

    @Test func aBodyHasTheBodyDeadlineFromItsHead() {
        var state = ConnectionDeadline(limits: Self.limits, opened: Self.at(0))
        state.readHead(at: Self.at(3))
        #expect(state.deadline == Self.at(33))
        #expect(!state.expired(at: Self.at(32)))
        #expect(state.expired(at: Self.at(33)))
    }

    @Test func anAnsweredRequestWaitsWithoutDeadlineThenIdles() {
        var state = ConnectionDeadline(limits: Self.limits, opened: Self.at(0))
        state.readHead(at: Self.at(1))
        state.readEnd()
        #expect(state.deadline == nil)
        #expect(!state.expired(at: Self.at(1_000)))
        #expect(state.wroteHead(status: 200) == false)
        #expect(state.wroteEnd(at: Self.at(1_000)) == false)
        #expect(state.deadline == Self.at(1_005))
        // The next request's head within the idle deadline keeps the connection.
        state.readHead(at: Self.at(1_004))
        #expect(state.deadline == Self.at(1_034))
    }

    @Test func aRefusedRequestClosesTheConnection() {
        var state = ConnectionDeadline(limits: Self.limits, opened: Self.at(0))
        state.readHead(at: Self.at(1))
        state.readEnd()
        #expect(state.wroteHead(status: 413) == true)
        #expect(state.wroteEnd(at: Self.at(2)) == true)
    }

    @Test func anErrorAboutARequestReadWholeKeepsTheConnection() {
        var state = ConnectionDeadline(limits: Self.limits, opened: Self.at(0))
        state.readHead(at: Self.at(1))
        state.readEnd()
        #expect(state.wroteHead(status: 404) == false)
        #expect(state.wroteEnd(at: Self.at(2)) == false)
        #expect(state.deadline == Self.at(7))
    }

    @Test func anAnswerBeforeTheBodyEndsClosesTheConnection() {
        var state = ConnectionDeadline(limits: Self.limits, opened: Self.at(0))
        state.readHead(at: Self.at(1))
        // 201 given while the body is still coming (a handler that did not read it).
        #expect(state.wroteHead(status: 201) == true)
        #expect(state.wroteEnd(at: Self.at(2)) == true)
    }

    @Test func pipelinedRequestsAreAnsweredInTurn() {
        var state = ConnectionDeadline(limits: Self.limits, opened: Self.at(0))
        state.readHead(at: Self.at(1))
        state.readEnd()
        state.readHead(at: Self.at(1))
        state.readEnd()
        #expect(state.wroteHead(status: 200) == false)
        #expect(state.wroteEnd(at: Self.at(2)) == false)
        #expect(state.deadline == nil)
        #expect(state.wroteHead(status: 200) == false)
        #expect(state.wroteEnd(at: Self.at(3)) == false)
        #expect(state.deadline == Self.at(8))
    }

    @Test func anAddressHoldsAtMostItsCap() {
        let counts = AddressCounts()
        #expect(counts.open("10.0.0.1", cap: 2))
        #expect(counts.open("10.0.0.1", cap: 2))
        #expect(!counts.open("10.0.0.1", cap: 2))
        #expect(counts.open("10.0.0.2", cap: 2))
        counts.close("10.0.0.1")
        #expect(counts.held("10.0.0.1") == 1)
        #expect(counts.open("10.0.0.1", cap: 2))
        #expect(counts.open("10.0.0.3", cap: 0), "0: no cap")
        counts.close("10.0.0.2")
        #expect(counts.held("10.0.0.2") == 0)
    }
}
