import PostgresNIO

extension PostgresClient {
    /// Starts `run()` in a task of its own and returns that task once it has entered `run()`, so
    /// that the first query never leases a connection from a pool not yet running (PostgresNIO
    /// then logs "`PostgresClient.run()` hasn't been called yet", which `wlog serve migrate`
    /// printed). Cancel the task to stop the client.
    ///
    /// The task signals just before calling `run()`, which marks the client running before its
    /// first suspension: a few instructions on the task's thread, against the thread hop that
    /// wakes the caller after the signal.
    func startRunning() async -> Task<Void, Never> {
        let (entered, signal) = AsyncStream.makeStream(of: Void.self)
        let running = Task {
            signal.finish()
            await self.run()
        }
        for await _ in entered {}
        return running
    }
}
