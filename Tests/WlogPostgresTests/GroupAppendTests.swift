import Synchronization
import Testing
import WlogCore
@testable import WlogPostgres
import WlogStore

/// How `GroupAppend` spends its calls, with a `send` that holds each call until the test lets it
/// answer (no database): one call in flight while calls answer in time, the commits behind it
/// together in the next; a call past `stalledAfter` no longer holds them, up to `calls` in flight.
struct GroupAppendTests {
    /// The commits of each call made, in order, each held until `answerAll()`.
    final class HeldCalls: Sendable {
        private let state = Mutex<(groups: [Set<String>], held: [CheckedContinuation<Void, Never>])>(([], []))

        func send(_ commits: [GroupAppend.Commit]) async -> Set<String> {
            await withCheckedContinuation { continuation in
                state.withLock { state in
                    state.groups.append(Set(commits.map(\.lifter.uuid)))
                    state.held.append(continuation)
                }
            }
            return []
        }

        var groups: [Set<String>] { state.withLock { $0.groups } }

        func answerAll() {
            let held = state.withLock { state in
                defer { state.held = [] }
                return state.held
            }
            for continuation in held { continuation.resume() }
        }
    }

    /// While the call in flight answers in time, no second call starts: the commits behind it
    /// wait and go together in the next call.
    @Test func commitsBehindACallInTimeWaitForIt() async throws {
        let calls = HeldCalls()
        let appends = GroupAppend(stalledAfter: .seconds(3600)) { await calls.send($0) }
        let first = Task { try await appends.append(try AppendCallTests.rows(1...1), lifter: AppendCallTests.lifter(1)) }
        try await AppendCallTests.until { calls.groups.count == 1 }
        let behind = (2...4).map { n in
            Task { try await appends.append(try AppendCallTests.rows(1...1), lifter: AppendCallTests.lifter(n)) }
        }
        try await AppendCallTests.until { appends.waitingCount == 3 }
        #expect(calls.groups.count == 1)
        calls.answerAll()
        try await first.value
        try await AppendCallTests.until { calls.groups.count == 2 }
        #expect(calls.groups[1] == Set((2...4).map { AppendCallTests.lifter($0).uuid }))
        calls.answerAll()
        for task in behind { try await task.value }
        #expect(calls.groups.count == 2 && appends.waitingCount == 0)
    }

    /// A call past `stalledAfter` lets the commit behind it go in a call of its own; with `calls`
    /// in flight and all stalled, the next commit waits for one of them to answer.
    @Test func aStalledCallNoLongerHoldsTheOthers() async throws {
        let calls = HeldCalls()
        let appends = GroupAppend(stalledAfter: .milliseconds(1)) { await calls.send($0) }
        var tasks: [Task<Void, any Error>] = []
        for n in 1...GroupAppend.calls {
            tasks.append(Task { try await appends.append(try AppendCallTests.rows(1...1), lifter: AppendCallTests.lifter(n)) })
            try await AppendCallTests.until { calls.groups.count == n }
        }
        try await AppendCallTests.until { appends.stalledCount == GroupAppend.calls }
        let last = AppendCallTests.lifter(GroupAppend.calls + 1)
        tasks.append(Task { try await appends.append(try AppendCallTests.rows(1...1), lifter: last) })
        try await AppendCallTests.until { appends.waitingCount == 1 }
        #expect(calls.groups.count == GroupAppend.calls)
        calls.answerAll()
        try await AppendCallTests.until { calls.groups.count == GroupAppend.calls + 1 }
        #expect(calls.groups.last == [last.uuid])
        calls.answerAll()
        for task in tasks { try await task.value }
        #expect(calls.groups.map(\.count) == Array(repeating: 1, count: GroupAppend.calls + 1))
    }
}
