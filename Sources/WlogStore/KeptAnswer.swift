/// An answer kept by a store (`LifterStore.read(_:cacheKey:_:)`) that says about how many bytes it
/// holds, so that `--cache-mb` counts it (`AnswerCache`, `StateMemory`). An answer of another type
/// counts as `StateMemory.bytesPerUnsizedAnswer`.
public protocol KeptAnswer: Sendable {
    /// About how many bytes the answer holds in memory.
    var keptBytes: Int { get }
}
