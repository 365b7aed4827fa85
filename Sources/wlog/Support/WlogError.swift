import ArgumentParser
import Foundation
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
}

/// Prints a message to standard error.
func printError(_ text: String, newline: Bool = true) {
    FileHandle.standardError.write(Data((text + (newline ? "\n" : "")).utf8))
}
