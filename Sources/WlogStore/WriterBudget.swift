#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// How many lifters' journal writers the store keeps open between writes: each holds two files
/// (the journal and its lock), so the budget stays well inside the process's limit of open
/// files, leaving room for connections.
final class WriterBudget: Sendable {
    /// Writers kept, at most.
    let limit: Int
    private let open = Atomic<Int>(0)

    init(limit: Int) { self.limit = max(0, limit) }

    /// A budget from the process's limit of open files, its soft limit first raised to the hard
    /// one (at most 65,536; as Go's runtime does at start): 1,024 files left for connections and
    /// reads, two per writer, at most 4,096 writers.
    static func fromFileLimit() -> WriterBudget {
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        var limits = rlimit()
        guard getrlimit(resource, &limits) == 0 else { return WriterBudget(limit: 0) }
        let wanted = min(limits.rlim_max, 65_536)
        if limits.rlim_cur < wanted {
            var raised = limits
            raised.rlim_cur = wanted
            if setrlimit(resource, &raised) == 0 { limits = raised }
        }
        return WriterBudget(limit: min(4_096, (Int(clamping: limits.rlim_cur) - 1_024) / 2))
    }

    /// Takes one place; false when the budget is spent.
    func take() -> Bool {
        guard open.add(1, ordering: .relaxed).newValue > limit else { return true }
        open.subtract(1, ordering: .relaxed)
        return false
    }

    /// Gives one place back.
    func give() { open.subtract(1, ordering: .relaxed) }
}
