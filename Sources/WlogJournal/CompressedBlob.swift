/// Bytes kept whole and compressed as one LZ4 frame of the journal's commit form (fast level,
/// 64 KiB blocks, the content's size and checksum), so that `lz4 -d` reads them: the PostgreSQL
/// store's snapshot rows, a quarter of the snapshot's size to store, read and send.
package enum CompressedBlob {
    /// The content of `content`, compressed.
    package static func compress(_ content: [UInt8]) throws -> [UInt8] {
        let encoder = try FrameEncoder()
        defer { encoder.release() }
        return try content.withUnsafeBytes { try encoder.encode($0, sealed: false) }
    }

    /// Whether `bytes` begin as an LZ4 frame (its magic number); other bytes are kept as they are.
    package static func isCompressed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 4 && UInt32(littleEndianAt: 0, of: bytes) == JournalFormat.lz4Magic
    }

    /// Why a frame is not used.
    package struct Damage: Error, CustomStringConvertible {
        package let description: String
    }

    /// `body` of the content of `frame`, one whole frame declaring its content size, at most
    /// `limit` bytes, with every checksum holding; else why not (`body` is not called). The
    /// content is valid only inside `body`.
    package static func decompress<R>(_ frame: UnsafeRawBufferPointer, limit: Int,
                                      _ body: (UnsafeRawBufferPointer) -> R) -> Result<R, Damage> {
        // Magic (4), FLG, BD, then the content size (8) when FLG's bit 3 says so.
        guard isCompressed(frame), frame.count >= 15, frame[4] & 0x08 != 0 else {
            return .failure(Damage(description: "not an LZ4 frame declaring its content size"))
        }
        let size = UInt64(UInt32(littleEndianAt: 6, of: frame)) | UInt64(UInt32(littleEndianAt: 10, of: frame)) << 32
        guard size <= UInt64(limit) else {
            return .failure(Damage(description: "its content of \(size) bytes is over the \(limit) allowed"))
        }
        let decoder: FrameDecoder
        do { decoder = try FrameDecoder() } catch { return .failure(Damage(description: "\(error)")) }
        switch decoder.decode(frame, contentSize: Int(size)) {
        case .success(let content): return .success(body(content))
        case .failure(let problem): return .failure(Damage(description: "\(problem)"))
        }
    }
}
