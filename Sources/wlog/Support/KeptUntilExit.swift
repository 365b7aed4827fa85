import Synchronization

/// Values kept alive until the process exits, so that freeing them does not delay the exit.
///
/// A long history's state is tens of thousands of arrays, dictionaries and strings; releasing them
/// one by one at the end of a command costs a few milliseconds of a short run (figures in
/// docs/PERFORMANCE.md, "Why the code is shaped this way"), while the kernel takes the whole
/// address space back at once. Only values no one will mutate afterwards are kept (a kept reference
/// would make a later mutation copy them).
enum KeptUntilExit {
    private static let kept = Mutex<[any Sendable]>([])

    /// Keeps `value` referenced until the process ends.
    static func keep(_ value: some Sendable) {
        kept.withLock { $0.append(value) }
    }
}
