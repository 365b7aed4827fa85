import CLZ4
import Synchronization

/// LZ4 compression contexts given back by idle writers (`FrameEncoder.release`), at most
/// `limit`, taken by the next commit of any writer: a server keeping a thousand journals open
/// holds a few contexts, not one each, and makes none per commit. A context is a commit's alone
/// while taken (`LZ4F_compressBegin` starts every frame afresh).
enum IdleContexts {
    /// The contexts kept at most: about the commits a server makes at once.
    static let limit = 16
    private static let idle = Mutex<[Context]>([])

    /// A context, owned (and so sendable) by whoever holds this value.
    private struct Context: @unchecked Sendable { let pointer: OpaquePointer }

    /// Keeps `context`; false when `limit` are kept already (then the caller frees it).
    static func keep(_ context: OpaquePointer) -> Bool {
        idle.withLock { kept in
            guard kept.count < limit else { return false }
            kept.append(Context(pointer: context))
            return true
        }
    }

    /// A kept context, or nil when none is.
    static func take() -> OpaquePointer? { idle.withLock { $0.popLast()?.pointer } }
}
