/// The shape of one LZ4 frame in the file, found by walking its block headers without decoding.
///
/// Used to find where a frame ends (to read it whole, or to skip a sealed chunk) and to check the
/// flags wlog requires. Checksums are verified later by `FrameDecoder` (liblz4).
struct Frame {
    /// Total bytes of the frame, from its magic to the end of its content checksum.
    var length: Int
    /// The FLG byte.
    var flags: UInt8
    /// The BD byte's block maximum size id (4: 64 KiB … 7: 4 MiB).
    var blockSizeID: Int
    /// The declared content size, if the frame carries one.
    var contentSize: UInt64?

    var hasBlockChecksum: Bool { flags & 0x10 != 0 }
    var hasContentChecksum: Bool { flags & 0x04 != 0 }

    /// Why a frame could not be parsed.
    enum Problem: Error, Equatable {
        /// The file ends inside the frame.
        case incomplete(String)
        /// The bytes are not a frame wlog writes.
        case malformed(String)

        var reason: String {
            switch self {
            case let .incomplete(r), let .malformed(r): r
            }
        }
    }

    /// Parses the frame starting at `offset` (which must hold the LZ4 magic).
    static func parse(_ file: FileReader, at offset: Int) throws -> Result<Frame, Problem> {
        guard let head = try file.bytes(at: offset, count: 7) else {
            return .failure(.incomplete("file ends inside an LZ4 frame header at \(offset)"))
        }
        guard UInt32(littleEndianAt: 0, of: head) == JournalFormat.lz4Magic else {
            return .failure(.malformed("no LZ4 frame magic at \(offset)"))
        }
        let flags = head[4], bd = head[5]
        guard flags >> 6 == 1, flags & 0x02 == 0, flags & 0x01 == 0 else {
            return .failure(.malformed("bad LZ4 frame flags 0x\(hexString([flags])) at \(offset + 4)"))
        }
        let sizeID = Int(bd >> 4) & 0x07
        guard bd & 0x8F == 0, (4...7).contains(sizeID) else {
            return .failure(.malformed("bad LZ4 block descriptor 0x\(hexString([bd])) at \(offset + 5)"))
        }
        var frame = Frame(length: 0, flags: flags, blockSizeID: sizeID, contentSize: nil)
        var position = offset + 6
        if flags & 0x08 != 0 {
            guard let raw = try file.bytes(at: position, count: 8) else {
                return .failure(.incomplete("file ends inside an LZ4 frame header at \(offset)"))
            }
            frame.contentSize = UInt64(UInt32(littleEndianAt: 0, of: raw))
                | UInt64(UInt32(littleEndianAt: 4, of: raw)) << 32
            position += 8
        }
        position += 1  // header checksum, verified by liblz4
        let blockMax = 1 << (8 + 2 * sizeID)
        while true {
            guard let raw = try file.bytes(at: position, count: 4) else {
                return .failure(.incomplete("file ends inside the LZ4 frame at \(offset) (block header at \(position))"))
            }
            let word = UInt32(littleEndianAt: 0, of: raw)
            position += 4
            if word == 0 { break }
            let size = Int(word & 0x7FFF_FFFF)
            guard size <= blockMax else {
                return .failure(.malformed("block of \(size) bytes over the \(blockMax)-byte maximum at \(position - 4)"))
            }
            position += size + (frame.hasBlockChecksum ? 4 : 0)
            guard position <= file.size else {
                return .failure(.incomplete("file ends inside a block of the LZ4 frame at \(offset)"))
            }
        }
        position += frame.hasContentChecksum ? 4 : 0
        guard position <= file.size else {
            return .failure(.incomplete("file ends inside the content checksum of the LZ4 frame at \(offset)"))
        }
        frame.length = position - offset
        return .success(frame)
    }
}
