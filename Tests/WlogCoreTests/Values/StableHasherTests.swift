import Testing
@testable import WlogCore

/// `StableHasher` is FNV-1a 128: the published vectors, and the same id whether the bytes come
/// in one buffer or one at a time.
struct StableHasherTests {
    @Test func publishedVectors() {
        #expect(StableHasher().id.hex == "6c62272e07bb014262b821756295c58d")
        var a = StableHasher()
        a.feed("a".utf8)
        #expect(a.id.hex == "d228cb696f1a8caf78912b704e4a8964")
    }

    /// A contiguous buffer (a native string's UTF-8, an array) and a sequence with no buffer
    /// (a lazy map) feed the same bytes, so the same id: an idempotency key's id never depends
    /// on how its text was built.
    @Test func contiguousAndByteByByteAgree() {
        let text = "wlog-idempotency:x:POST sets:k"
        var contiguous = StableHasher(), array = StableHasher(), lazy = StableHasher()
        contiguous.feed(text.utf8)
        array.feed(Array(text.utf8))
        lazy.feed(text.utf8.lazy.map { $0 })
        #expect(contiguous.id.hex == "491b8b59268030ea40eb31716e63dec4")
        #expect(array.id == contiguous.id)
        #expect(lazy.id == contiguous.id)
    }
}
