/// How many lines a journal holds, told without decompressing it.
extension JournalScanner {
    /// The lines after the header: each sealed chunk's trailer count, plus an estimate for each
    /// hot-tail commit frame (its declared content size at `tailBytesPerLine`). Walks the frame
    /// and block headers only; stops quietly at the first thing that is not a good frame (the
    /// read that follows reports it). For presizing a replay; never a check.
    func countLines() throws -> Int {
        guard try readHeader() else { return 0 }
        // Counts and sizes come from the file unchecked: a damaged or hostile one may claim any
        // number (2^63 − 1 in a trailer), which must neither overflow the sum nor make a replay
        // reserve more than the file could hold.
        let limit = file.size / Self.leastBytesPerLine
        func adding(_ total: Int, _ lines: UInt64) -> Int { min(limit, total + min(limit, Int(clamping: lines))) }
        var position = offset
        var total = 0
        while position < file.size {
            guard let magic = try file.bytes(at: position, count: 4),
                  UInt32(littleEndianAt: 0, of: magic) == JournalFormat.lz4Magic,
                  case let .success(frame) = try Frame.parse(file, at: position) else { break }
            let frameEnd = position + frame.length
            if let m = try file.bytes(at: frameEnd, count: 4), UInt32(littleEndianAt: 0, of: m) == JournalFormat.trailerMagic {
                guard case let .success((trailer, end)) = try readTrailer(at: frameEnd) else { break }
                total = adding(total, trailer.count)
                position = end
            } else {
                total = adding(total, (frame.contentSize ?? 0) / Self.tailBytesPerLine)
                position = frameEnd
            }
        }
        return total
    }

    /// Bytes per line assumed for hot-tail frames (less than a set line; shorter guesses only
    /// reserve a little more).
    static let tailBytesPerLine: UInt64 = 200

    /// The fewest bytes of the file a line can take (well below what a sealed history takes; LZ4
    /// cannot shrink a 60-byte line below ≈ 1/4 of it): the estimate is capped at the file size
    /// over this.
    static let leastBytesPerLine = 8
}
