import Foundation
import Testing
import WlogStore

/// `wlog serve`'s commit flush (docs/SERVER-STORAGE.md, "Group flush"): `group` is the default (issue 39)
/// and the store runs it where `syncfs` reports writeback errors; `--flush` with `--store` is
/// refused, naming the flag.
@Suite struct FlushDefaultTests {
    @Test func groupFlushIsTheDefault() async throws {
        let help = try await ServerHarness.wlog(["run", "--help"], program: ServeCommandTests.server)
        #expect(help.stdout.contains("group (the default"), "\(help.stdout)")
        #expect(JournalStore.CommitFlush.serverDefault == .group)
        let folder = NSTemporaryDirectory() + "wlog-serve-flush-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try JournalStore(root: folder, flush: .serverDefault)
        #if os(Linux)
        #expect(store.commitFlush == .group, "Linux 5.8 and later report writeback errors through syncfs")
        #endif
        let refused = try await ServerHarness.wlog(["run", "--store", "postgres://wlog@127.0.0.1:1/wlog", "--flush", "each"],
                                                   program: ServeCommandTests.server)
        #expect(refused.status != 0 && refused.stderr.contains("--flush is for the data folder's journals"), "\(refused.stderr)")
    }
}
