import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `wlog serve …`: runs the `wlog-server` executable beside `wlog` (as `git` runs its
/// subcommands), so the server's stack (Hummingbird, jwt-kit) never loads with the CLI.
///
/// `Wlog.main` hands every argument after `serve` straight to it before parsing anything;
/// this type exists for `wlog --help`.
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the HTTP server (seed 004's REST API for many lifters): see `wlog serve --help`.",
        discussion: "wlog serve [--listen 127.0.0.1:8080] [--data DIR] [--cache-mb N]; wlog serve token --user ID|EMAIL [--days N]")

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws { Self.exec(arguments) }

    /// Replaces this process with `wlog-server arguments…`; exits 69 when it cannot be run.
    static func exec(_ arguments: [String]) -> Never { execSibling("wlog-server", arguments) }

    /// Replaces this process with the executable `name` beside `wlog` (else on `$PATH`) and
    /// `arguments`; exits 69, naming the fix, when it cannot be run.
    static func execSibling(_ name: String, _ arguments: [String]) -> Never {
        let program = siblingPath(name)
        var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(program, &argv)
        execvp(name, &argv)
        printError("wlog: error: cannot run \(program): \(String(cString: strerror(errno))); build it with `make server`")
        Glibc.exit(69)
    }

    /// `name` in the folder of this executable (`/proc/self/exe`), else `name` itself.
    static func siblingPath(_ name: String) -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return name }
        let path = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return name }
        return String(path[...slash]) + name
    }
}
