#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sealed chunks a writer's open checked: where the hot tail starts, and the sequence, chain
/// and chunk count they end with.
///
/// Valid while that writer holds the journal's lock and has neither appended nor sealed: a reader
/// opened under the lock may then start at the hot tail (`JournalReader.forEachLine(after:skipping:_:)`)
/// instead of checking every trailer again.
public struct SealedPrefix: Sendable, Equatable {
    /// The file these chunks were checked in (device and inode: a copy of the journal, or the
    /// file a seal renamed over it, is another file).
    let file: FileIdentity?
    /// The byte where the hot tail starts.
    let tailStart: Int
    /// The last sequence number sealed (0 when nothing is).
    public let sealedThrough: UInt64
    /// The chain value after the last sealed chunk.
    let chain: [UInt8]
    /// How many sealed chunks there are.
    let chunkCount: Int

    /// The chain value as lower-case hex (`JournalStatus.chainHead`).
    public var chainHead: String { hexString(chain) }
}

extension JournalWriter {
    /// The sealed chunks this writer's open checked, as they are now.
    public var sealedPrefix: SealedPrefix {
        SealedPrefix(file: FileIdentity.of(fd), tailStart: tailStart, sealedThrough: sealedThrough, chain: chain,
                     chunkCount: chunkCount)
    }
}

/// A file's device and inode number.
struct FileIdentity: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64

    /// The identity of the open file `fd`, or nil when `fstat` fails.
    static func of(_ fd: Int32) -> FileIdentity? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
