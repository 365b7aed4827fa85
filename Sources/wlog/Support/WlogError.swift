import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import WlogCore

/// A failure the CLI reports as `wlog: error: …` with the exit status of `cli.md`.
struct WlogError: Error, CustomStringConvertible {
    /// The exit statuses of `cli.md`.
    enum Status: Int32 {
        case unexpected = 1, usage = 64, refused = 65, noJournal = 66, inUse = 69, damaged = 74, conflict = 75
    }

    var status: Status
    var message: String

    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }

    var description: String { message }

    static func usage(_ message: String) -> WlogError { WlogError(.usage, message) }
    static func refused(_ message: String) -> WlogError { WlogError(.refused, message) }

    /// Why a file operation failed, for a message: the system's text for its errno
    /// (`No such file or directory`), else the error itself.
    static func reason(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError, let posix = cocoa.underlying as? POSIXError {
            return String(cString: strerror(posix.code.rawValue))
        }
        return "\(error)"
    }
}

/// Prints a message to standard error.
func printError(_ text: String, newline: Bool = true) {
    StandardStream.error(text + (newline ? "\n" : ""))
}
