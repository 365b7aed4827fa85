extension EventCodec {
    /// The id of a committed canonical line (`{"seq":N,"id":"<32 hex>",…`), read without decoding
    /// the rest; nil for a line of another shape (decode it to find out).
    public static func id(ofLine line: UnsafeRawBufferPointer) -> EventID? {
        let marker = idMarker
        guard let start = (0..<min(line.count, 32)).first(where: { at in
            at + marker.count + 32 <= line.count && marker.indices.allSatisfy { line[at + $0] == marker[$0] }
        }) else { return nil }
        let from = start + marker.count
        return EventID(hex: String(decoding: UnsafeRawBufferPointer(rebasing: line[from..<(from + 32)]), as: UTF8.self))
    }

    /// What precedes the id in a committed line (made once: `id(ofLine:)` runs for every line of a scan).
    private static let idMarker = Array(",\"id\":\"".utf8)
}
