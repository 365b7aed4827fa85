/// The memory a snapshot file was read into, which the decoded state keeps using: its set rows,
/// history order and id table stay where they are (`PlainArray` borrows them) instead of being
/// copied into fresh memory.
///
/// The memory must be this process's own and writable — a private mapping of the file
/// (`MAP_PRIVATE`, `PROT_READ | PROT_WRITE`: a write copies the page, the file never changes) or
/// a heap copy — because the state appends to and edits the arrays it borrows in place. It lives
/// as long as the last array that borrows it, then `release` frees it.
public final class SnapshotMemory: @unchecked Sendable {
    /// The snapshot's bytes.
    public let bytes: UnsafeMutableRawBufferPointer
    private let release: @Sendable (UnsafeMutableRawBufferPointer) -> Void

    /// Memory that `release` frees (an `munmap`, say) once nothing uses it.
    public init(bytes: UnsafeMutableRawBufferPointer, release: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Void) {
        self.bytes = bytes
        self.release = release
    }

    /// A copy of `source` on the heap, aligned as a mapping's start is for what a snapshot holds.
    public convenience init(copying source: UnsafeRawBufferPointer) {
        let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(source.count, 1), alignment: StateSnapshot.alignment)
        if let start = source.baseAddress, let base = bytes.baseAddress { base.copyMemory(from: start, byteCount: source.count) }
        self.init(bytes: UnsafeMutableRawBufferPointer(start: bytes.baseAddress, count: source.count)) { $0.deallocate() }
    }

    deinit { release(bytes) }
}
