import Logging
import ServiceLifecycle
import WlogStore

/// The server's last work on its store as it stops (SIGTERM, SIGINT): the held lifters' snapshots
/// saved (`LifterStore.saveForStop()`), so that a restart loads each from a snapshot near its
/// stream's end instead of folding what it wrote since (docs/SERVER-STORAGE.md, "Snapshots").
struct SnapshotsAtStop: Service {
    let store: any LifterStore
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        let started = ContinuousClock.now
        let saved = await store.saveForStop()
        guard saved > 0 else { return }
        logger.notice("saved held lifters' snapshots for the next start",
                      metadata: ["lifters": "\(saved)", "took": "\(ContinuousClock.now - started)"])
    }
}
