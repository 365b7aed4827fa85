import WlogSnapshotFile

extension AtomicFile {
    /// `write`, for a command: a refused path exits 64, a failed write 74, naming `what` and the path.
    static func write(_ bytes: [UInt8], to path: String, what: String) throws(WlogError) {
        do {
            try write(bytes, to: path)
        } catch {
            throw WlogError(error.refusedPath ? .usage : .damaged, "cannot write \(what) to \(path): \(error)")
        }
    }
}
