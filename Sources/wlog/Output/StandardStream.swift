#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Unbuffered writes of whole texts to standard output or standard error (what
/// `FileHandle.standardOutput.write` did, without Foundation), control characters escaped
/// (`ControlEscape`: nothing a terminal would obey gets through).
enum StandardStream {
    /// Writes `text` to standard output.
    static func out(_ text: String) { writeAll(ControlEscape.escaped(Array(text.utf8)), to: STDOUT_FILENO) }

    /// Writes bytes to standard output.
    static func out(_ bytes: [UInt8]) { writeAll(ControlEscape.escaped(bytes), to: STDOUT_FILENO) }

    /// Writes `text` to standard error.
    static func error(_ text: String) { writeAll(ControlEscape.escaped(Array(text.utf8)), to: STDERR_FILENO) }

    /// Everything on standard input up to its end (`FileHandle.standardInput.readDataToEndOfFile()`).
    static func readInput() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return bytes }
            bytes.append(contentsOf: chunk[..<n])
        }
    }

    /// Writes every byte to `fd`, retrying after interruptions and partial writes; stops silently
    /// on other errors, as `FileHandle.write` reported none either.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, base + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }
}

/// A line to standard output through `StandardStream` (control characters escaped, in order with
/// the rest of the output): shadows `Swift.print` in this module.
func print(_ text: String) {
    StandardStream.out(text + "\n")
}
