import Synchronization
import Testing
@testable import WlogPostgres
import WlogStore

/// `withDeadline`'s limits, kept by one `DeadlineTimer` for the process: a deadline passed calls
/// its expiry once, one removed first never does, and the work's own answer wins when it comes first.
struct DeadlineTimerTests {
    @Test func aRemovedDeadlineNeverExpiresAndAPassedOneDoes() async {
        let timer = DeadlineTimer()
        let expired = Mutex<[String]>([])
        let removed = timer.add(.milliseconds(1)) { expired.withLock { $0.append("removed") } }
        timer.remove(removed)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            // Later than the removed one: the sweep that expires it would have expired that one too.
            _ = timer.add(.milliseconds(20)) {
                expired.withLock { $0.append("kept") }
                done.resume()
            }
        }
        #expect(expired.withLock { $0 } == ["kept"])
    }

    @Test func workThatNeverAnswersIsUnavailableAndWorkThatDoesIsItsAnswer() async throws {
        let answer = try await withDeadline(.seconds(30), "answering") { 42 }
        #expect(answer == 42)
        await #expect(throws: StoreError.self) {
            try await withDeadline(.milliseconds(10), "never answering") {
                try await Task.sleep(for: .seconds(5))
                return 0
            }
        }
    }
}
