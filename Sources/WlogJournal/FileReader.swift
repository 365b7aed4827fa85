#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered random-access reads of a file up to a fixed size, with read-ahead.
///
/// Memory is bounded by the largest range asked for (one frame) plus the read-ahead.
final class FileReader {
    let fd: Int32
    let path: String
    /// The size the reader was opened with; bytes past it count as absent.
    let size: Int
    private var buffer: UnsafeMutableRawBufferPointer
    private var windowStart = 0
    private var windowCount = 0
    private static let readAhead = 256 << 10

    init(fd: Int32, path: String, size: Int) {
        self.fd = fd
        self.path = path
        self.size = size
        buffer = .allocate(byteCount: Self.readAhead, alignment: 16)
    }

    deinit { buffer.deallocate() }

    /// `count` bytes at `offset`, or nil when the file (at `size`) ends first.
    ///
    /// The pointer is valid until the next call.
    func bytes(at offset: Int, count: Int) throws -> UnsafeRawBufferPointer? {
        precondition(offset >= 0 && count >= 0)
        guard offset + count <= size else { return nil }
        if offset < windowStart || offset + count > windowStart + windowCount {
            try fill(from: offset, atLeast: count)
            // The file shrank under us (a writer truncated a torn tail): the rest is absent.
            guard offset + count <= windowStart + windowCount else { return nil }
        }
        let start = offset - windowStart
        guard count > 0, let base = buffer.baseAddress else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: base + start, count: count)
    }

    private func fill(from offset: Int, atLeast count: Int) throws {
        let want = min(max(count, Self.readAhead), size - offset)
        if buffer.count < want {
            buffer.deallocate()
            buffer = .allocate(byteCount: want, alignment: 16)
        }
        windowStart = offset
        windowCount = 0
        guard let base = buffer.baseAddress else { return }
        let got = try FileIO.preadFully(fd, into: base, count: want, at: offset, path: path)
        windowCount = got
    }

    /// Byte offset of the first occurrence of `needle` at or after `from`, searching up to `size`.
    func find(_ needle: [UInt8], from: Int) throws -> Int? {
        precondition(!needle.isEmpty)
        var position = from
        let step = Self.readAhead
        while position + needle.count <= size {
            let count = min(step, size - position)
            guard let window = try bytes(at: position, count: count), let base = window.baseAddress else { return nil }
            var searchStart = 0
            while searchStart + needle.count <= count {
                guard let hit = memchr(base + searchStart, Int32(needle[0]), count - searchStart) else { break }
                let index = base.distance(to: UnsafeRawPointer(hit))
                if index + needle.count > count { break }
                if memcmp(base + index, needle, needle.count) == 0 { return position + index }
                searchStart = index + 1
            }
            if position + count >= size { return nil }
            position += count - (needle.count - 1)
        }
        return nil
    }
}
