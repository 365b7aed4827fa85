#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `printf`-style formatting through the C library: the output of Foundation's
/// `String(format:)` for numeric conversions, without loading Foundation.
func cFormat(_ format: String, _ arguments: CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 256)
        let count = Int(vsnprintf(&buffer, buffer.count, format, list))
        return String(decoding: buffer.prefix(max(0, min(count, buffer.count - 1))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
