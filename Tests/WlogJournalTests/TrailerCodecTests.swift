import Testing
@testable import WlogJournal

/// The sealed-chunk trailer's payload: the canonical form round-trips, any other is refused.
@Suite struct TrailerCodecTests {
    static let digest = String(repeating: "0123456789abcdef", count: 4)
    static let chain = String(repeating: "fedcba9876543210", count: 4)

    func decode(_ text: String) -> SealedChunkTrailer? {
        Array(text.utf8).withUnsafeBytes { SealedChunkTrailer.decode($0) }
    }

    @Test func canonicalRoundTrips() throws {
        let text = #"{"first":1,"last":870,"count":870,"sha256":"\#(Self.digest)","chain":"\#(Self.chain)"}"#
        let trailer = try #require(decode(text))
        #expect(trailer.first == 1 && trailer.last == 870 && trailer.count == 870)
        #expect(trailer.sha256 == Self.digest && trailer.chain == Self.chain)
        #expect(trailer.payload == Array(text.utf8))
    }

    @Test func otherFormsAreRefused() {
        let good = #"{"first":1,"last":870,"count":870,"sha256":"\#(Self.digest)","chain":"\#(Self.chain)"}"#
        let variants = [
            good.replacingOccurrences(of: #""first":1"#, with: #""first":01"#),
            good.replacingOccurrences(of: #""last":870"#, with: #""last":0870"#),
            good.replacingOccurrences(of: #""count":870"#, with: #""count":00"#),
            good.replacingOccurrences(of: #""count":870"#, with: #""count":-870"#),
            good.replacingOccurrences(of: "fedcba", with: "fedcbg"),
            good.replacingOccurrences(of: #""last":870"#, with: #""last": 870"#),
            good.replacingOccurrences(of: "abcdef", with: "ABCDEF"),
            String(good.dropLast()),
            good + " ",
            good.replacingOccurrences(of: #""count":870"#, with: #""count":99999999999999999999"#),
            good.replacingOccurrences(of: Self.chain, with: String(Self.chain.dropLast())),
            "",
            "{}",
        ]
        for text in variants { #expect(decode(text) == nil, "\(text)") }
    }

    /// Accepting is exactly re-encoding to the same bytes: every field value at the edges.
    @Test(arguments: [0, 1, 9, 10, 870, 1_000_000, 9_999_999_999_999_999_999] as [UInt64])
    func acceptedPayloadsReencodeToTheirBytes(_ number: UInt64) throws {
        let text = #"{"first":\#(number),"last":\#(number),"count":0,"sha256":"\#(Self.digest)","chain":"\#(Self.chain)"}"#
        let trailer = try #require(decode(text))
        #expect(trailer.first == number && trailer.count == 0)
        #expect(trailer.payload == Array(text.utf8))
    }
}
