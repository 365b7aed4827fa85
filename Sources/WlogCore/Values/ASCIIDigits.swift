/// Decimal digits written straight into bytes: the text of days, times and fixed-point numbers
/// without building a `String` per part (`String(value)` and `+` are costly calls, and a day's
/// `YYYY-MM-DD` made that way takes several of them).
public enum ASCIIDigits {
    /// The number of decimal digits of `value` (1 for 0).
    @inlinable
    public static func count(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// Writes `value` as exactly `width` digits, zero-padded, at `buffer[start...]`
    /// (the caller makes sure that `value` has at most `width` digits and that they fit).
    @inlinable
    public static func write(_ value: UInt64, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        var index = start + width - 1
        while index >= start {
            buffer[index] = UInt8(truncatingIfNeeded: rest % 10) &+ 0x30
            rest /= 10
            index -= 1
        }
    }

    /// Writes a signed whole number (`-12`, `0`, `340`; at most 20 bytes) at `buffer[start...]`;
    /// returns the index after it.
    @inlinable
    public static func write(_ value: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var index = start
        if value < 0 {
            buffer[index] = UInt8(ascii: "-")
            index += 1
        }
        let digits = count(value.magnitude)
        write(value.magnitude, width: digits, into: buffer, at: index)
        return index + digits
    }

    /// A string of at most `capacity` ASCII bytes that `body` writes, returning how many it wrote.
    /// Up to 15 bytes the string is stored inline (no allocation).
    @inlinable
    public static func string(capacity: Int, _ body: (UnsafeMutableBufferPointer<UInt8>) -> Int) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            let count = body(buffer)
            precondition(count <= capacity, "wrote \(count) bytes into \(capacity)")
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }
}
