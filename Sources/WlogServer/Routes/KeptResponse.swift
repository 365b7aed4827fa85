import Hummingbird
import WlogStore

/// A response the store keeps as a read's answer (`LifterStore.read(_:cacheKey:_:)`), with what it
/// holds in memory, so that `--cache-mb` counts kept answers (`KeptAnswer`): its body's storage
/// (`StateMemory.bytesPerUnsizedAnswer` for a streamed body of unknown length) and its headers.
struct KeptResponse: KeptAnswer {
    let response: Response
    let keptBytes: Int

    init(_ response: Response) {
        self.response = response
        keptBytes = (response.body.contentLength.map(Self.storage) ?? StateMemory.bytesPerUnsizedAnswer)
            + response.headers.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 32 }
    }

    /// The storage a body of `length` bytes holds: its buffer grew by doubling (`JSONWriter`), so
    /// the next power of two.
    static func storage(_ length: Int) -> Int { length <= 1 ? length : 1 << (Int.bitWidth - (length - 1).leadingZeroBitCount) }
}
