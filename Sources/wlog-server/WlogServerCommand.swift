import ArgumentParser
import Foundation
import Hummingbird
import Logging
import WlogPostgres
import WlogServer
import WlogStore

/// `wlog-server` (run as `wlog serve`): the HTTP API over the lifters' journals.
@main
struct WlogServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wlog serve",
        abstract: "Serve the Treoir REST API v1 over one wlog journal per lifter.",
        subcommands: [Run.self, Token.self, Keys.self, Users.self, Migrate.self, ImportPlates.self],
        defaultSubcommand: Run.self)

    /// `wlog serve --help` shows `run`'s options after the subcommands: `run` is the default, so
    /// its options (`--listen`, `--data` …) are the ones a newcomer types after `wlog serve`.
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            print(helpMessage())
            print("\n`wlog serve` alone runs `wlog serve run`:\n")
            print(helpMessage(for: Run.self))
            return
        }
        LoggingSystem.bootstrap { ServerLogHandler(label: $0) }
        await main(arguments)
    }
}

/// The HS256 secret in `path` (`--jwt-secret-file`), trimmed; at least 32 bytes.
func readSecretFile(_ path: String) throws -> [UInt8] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw ValidationError("--jwt-secret-file \(path) cannot be read")
    }
    let secret = Array(text.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
    // Shorter than the hash is guessable (and jwt-kit traps on it in a debug build).
    guard secret.count >= 32 else {
        throw ValidationError("--jwt-secret-file \(path) holds \(secret.count) bytes; an HS256 secret needs at least 32")
    }
    return secret
}

/// The data folder's default: `$XDG_DATA_HOME/wlog/server`, else `~/.local/share/wlog/server`.
func defaultDataDirectory() -> String {
    let environment = ProcessInfo.processInfo.environment
    if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty { return xdg + "/wlog/server" }
    return (environment["HOME"] ?? ".") + "/.local/share/wlog/server"
}

struct Run: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Start the server (the default); SIGTERM or SIGINT stop it after in-flight requests.")

    @Option(help: "Address and port to listen on.")
    var listen = "127.0.0.1:8080"
    @Option(help: "The data folder: users/<uuid>/journal.wlog and the token secret (default $XDG_DATA_HOME/wlog/server).")
    var data: String?
    @Option(name: .customLong("cache-mb"), help: "Memory for lifters' states in MiB; least recently used lifters are dropped past it.")
    var cacheMB = 256
    @Option(help: "How a write reaches the disk before it is answered: group (the default: one syncfs of the data folder's filesystem for many lifters' commits; Linux 5.8+, elsewhere each) or each (fdatasync of each commit).")
    var flush: JournalStore.CommitFlush?
    @Option(name: .customLong("rate-limit"), help: "Requests a second per lifter (burst 4×); 0 turns the limit off.")
    var rateLimit = 50.0
    @Option(name: .customLong("address-rate-limit"), help: "Requests a second per client address (burst 2×); 0 turns it off.")
    var addressRateLimit = 200.0
    @Option(name: .customLong("header-timeout"), help: "Seconds from accepting a connection to its request's whole head; then it is closed.")
    var headerTimeout = 10.0
    @Option(name: .customLong("body-timeout"), help: "Seconds from a request's head to the end of its body; then the connection is closed.")
    var bodyTimeout = 30.0
    @Option(name: .customLong("idle-timeout"), help: "Seconds a kept-alive connection may wait for its next request's head.")
    var idleTimeout = 30.0
    @Option(name: .customLong("max-connections-per-address"), help: "Connections one client address may hold; more are closed at once (0: no cap).")
    var maxConnectionsPerAddress = 64
    @Option(name: .customLong("max-connections"), help: "Connections open at once; past it new ones wait in the backlog (0: no cap; default half the open-file limit).")
    var maxConnections = ConnectionLimits.defaultTotal
    @Option(name: .customLong("max-note-bytes"), help: "UTF-8 bytes a note (a set's, a workout's …) may have; longer ones are refused 413.")
    var maxNoteBytes = WriteLimits().noteBytes
    @Option(name: .customLong("max-name-chars"), help: "Characters a name, id or title may have; longer ones are refused 413.")
    var maxNameChars = WriteLimits().nameCharacters
    @Option(name: .customLong("max-body-bytes"), help: "Bytes a request body may have; larger ones are refused 413.")
    var maxBodyBytes = WriteLimits().bodyBytes
    @Option(name: .customLong("max-growth-per-minute"), help: "Bytes of events a lifter's journal may grow a minute (a minute's worth at once); past it 429 with Retry-After (0: no limit).")
    var maxGrowthPerMinute = WriteLimits().growthBytesPerMinute
    @Option(help: "A JWKS file of RS256/ES256 keys to accept (Supabase's signing keys), besides the HS256 secret.")
    var jwks: String?
    @Option(name: .customLong("jwks-url"), help: "A URL serving RS256/ES256 keys as JWKS (Supabase's …/auth/v1/.well-known/jwks.json): fetched at start (no keys, no start), refreshed by max-age (10 min at most), at once for an unknown kid (once per 30 s). Instead of --jwks.")
    var jwksURL: String?
    @Option(name: .customLong("jwt-secret-file"), help: "A file holding the HS256 secret (Supabase's JWT secret); default: DATA/jwt-secret, made on first start.")
    var jwtSecretFile: String?
    @Option(help: "The audience tokens must name.")
    var audience = "authenticated"
    @Option(name: .customLong("log-level"), help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"
    @Option(name: .customLong("cors-origin"), help: "An origin (https://monitor.example) whose pages may call /api/v1; repeat for more. Default: any origin (bearer tokens, no cookies).")
    var corsOrigin: [String] = []
    @Option(help: ServerFolders.storeHelp)
    var store: String?
    @OptionGroup(title: "Accounts (/auth/v1)")
    var accounts: AccountsOptions

    /// The database the events live in, nil for the embedded journals.
    var databaseURL: String? { ServerFolders.databaseURL(store: store) }

    func validate() throws {
        if let databaseURL {
            do { _ = try DatabaseURL(databaseURL) } catch { throw ValidationError("--store: \(error)") }
            guard flush == nil else {
                throw ValidationError("--flush is for the data folder's journals; PostgreSQL (--store) flushes its own WAL: drop --flush")
            }
        }
        guard Self.split(listen) != nil else {
            throw ValidationError("--listen '\(listen)' is not HOST:PORT (e.g. 127.0.0.1:8080; port 0 picks a free one)")
        }
        guard cacheMB >= 1, cacheMB <= 1 << 20 else { throw ValidationError("--cache-mb \(cacheMB) is not 1 to 1048576") }
        guard rateLimit >= 0, addressRateLimit >= 0 else { throw ValidationError("--rate-limit must be 0 or more") }
        for origin in corsOrigin where !APIOrigin.isOrigin(origin) {
            throw ValidationError("--cors-origin '\(origin)' is not an origin: scheme://host[:port], no path (e.g. https://monitor.example)")
        }
        for (flag, seconds) in [("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout), ("--idle-timeout", idleTimeout)]
        where !(seconds > 0 && seconds <= 86_400) {
            throw ValidationError("\(flag) \(seconds) is not more than 0 and at most 86400 seconds")
        }
        guard maxConnectionsPerAddress >= 0, maxConnections >= 0 else { throw ValidationError("--max-connections must be 0 or more") }
        guard maxNoteBytes >= 1, maxNameChars >= 1, maxGrowthPerMinute >= 0 else {
            throw ValidationError("--max-note-bytes and --max-name-chars must be 1 or more, --max-growth-per-minute 0 or more")
        }
        guard maxBodyBytes >= 1024, maxBodyBytes <= 1 << 30 else { throw ValidationError("--max-body-bytes \(maxBodyBytes) is not 1024 to 1073741824") }
        if let jwksURL {
            guard jwks == nil else { throw ValidationError("--jwks and --jwks-url both name signing keys: give one") }
            guard let scheme = URL(string: jwksURL)?.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
                throw ValidationError("--jwks-url '\(jwksURL)' is not an http(s) URL (e.g. https://PROJECT.supabase.co/auth/v1/.well-known/jwks.json)")
            }
        }
        guard Logger.Level(rawValue: logLevel) != nil else { throw ValidationError("--log-level '\(logLevel)' is not a level") }
        try accounts.validate()
    }

    static func split(_ text: String) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]), (0...65535).contains(port) else { return nil }
        let host = String(text[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return host.isEmpty ? nil : (host, port)
    }

    func run() async throws {
        var logger = Logger(label: "wlog.server")
        logger.logLevel = Logger.Level(rawValue: logLevel) ?? .info
        guard let (host, port) = Self.split(listen) else { throw ExitCode(64) }
        let folder = data ?? defaultDataDirectory()
        let secret = try jwtSecretFile.map { try readSecretFile($0) }
        var jwksText: String?
        if let jwks {
            guard let text = try? String(contentsOfFile: jwks, encoding: .utf8) else { throw ValidationError("--jwks \(jwks) cannot be read") }
            jwksText = text
        }
        var configuration = ServerConfiguration(
            host: host, port: port, dataDirectory: folder, cacheMegabytes: cacheMB, commitFlush: flush ?? .serverDefault,
            lifterRate: rateLimit, lifterBurst: rateLimit * 4, addressRate: addressRateLimit, addressBurst: addressRateLimit * 2,
            audience: audience, jwks: jwksText, hmacSecret: secret)
        configuration.accounts = accounts.configuration
        configuration.corsOrigins = corsOrigin
        configuration.jwksURL = jwksURL
        configuration.connections = ConnectionLimits(
            headerTimeout: .milliseconds(Int64(headerTimeout * 1000)), bodyTimeout: .milliseconds(Int64(bodyTimeout * 1000)),
            idleTimeout: .milliseconds(Int64(idleTimeout * 1000)), perAddress: maxConnectionsPerAddress, total: maxConnections)
        configuration.limits.noteBytes = maxNoteBytes
        configuration.limits.nameCharacters = maxNameChars
        configuration.limits.bodyBytes = maxBodyBytes
        configuration.limits.growthBytesPerMinute = maxGrowthPerMinute
        let announce = logger
        var database: PostgresStore?
        if let databaseURL {
            let url = try DatabaseURL(databaseURL)
            database = try await PostgresStore.connect(url, memoryLimit: cacheMB << 20, device: PostgresStore.serverDevice(), logger: logger)
        }
        let place = database.map { "store \($0.url)" } ?? "data \(folder)"
        let app = try await WlogAPI.application(configuration, store: database, logger: logger) { port in
            announce.notice("listening", metadata: ["address": "\(host):\(port)", "at": "\(place)"])
            FileHandle.standardOutput.write(Data("wlog serve: listening on http://\(host):\(port) (\(place))\n".utf8))
        }
        do {
            try await app.runService()
        } catch {
            await database?.close()
            throw error
        }
        await database?.close()
    }
}

struct Token: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token", abstract: "Print a bearer token for a lifter, signed with the server's secret.")

    @Option(help: "The lifter: a UUID, or an email (its lifter id is the UUID derived from it, the same every time).")
    var user: String
    @Option(help: "Days the token stays valid.")
    var days = 30
    @Option(help: ServerFolders.dataHelp)
    var data: String?
    @Option(name: .customLong("jwt-secret-file"), help: "Sign with the HS256 secret in this file, as `wlog serve run --jwt-secret-file` verifies (default: DATA/jwt-secret).")
    var jwtSecretFile: String?

    func validate() throws {
        guard (1...3650).contains(days) else { throw ValidationError("--days \(days) is not 1 to 3650") }
        guard !user.isEmpty else { throw ValidationError("--user is empty: give a UUID or an email") }
    }

    func run() async throws {
        let folder = data ?? defaultDataDirectory()
        let secret = try jwtSecretFile.map { try readSecretFile($0) } ?? ServerSecret.loadOrCreate(in: folder)
        let (lifter, email) = ServerSecret.lifter(forUser: user)
        let token = try await ServerSecret.mint(secret: secret, lifter: lifter, email: email, days: days)
        print(token)
        FileHandle.standardError.write(Data("wlog serve: token for lifter \(lifter), valid \(days) days\n".utf8))
    }
}

struct Migrate: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy every lifter's events between a data folder and PostgreSQL, lines byte for byte.",
        discussion: """
            Resumable: what the target holds already is checked (same lines) and skipped. Each lifter \
            is verified afterwards by its event count and a chain of SHA-256 digests over its lines.
            """)

    @Option(help: "The source: a data folder (users/<uuid>/journal.wlog) or postgres://USER@HOST:PORT/DB.")
    var from: String
    @Option(help: "The target: a data folder or postgres://USER@HOST:PORT/DB (the other kind than --from).")
    var to: String
    @Option(help: "Lines per commit.")
    var batch = 1_000

    func validate() throws {
        guard DatabaseURL.isDatabase(from) != DatabaseURL.isDatabase(to) else {
            throw ValidationError("--from '\(from)' and --to '\(to)' must be one data folder and one postgres:// URL")
        }
        guard (1...100_000).contains(batch) else { throw ValidationError("--batch \(batch) is not 1 to 100000") }
        for url in [from, to] where DatabaseURL.isDatabase(url) {
            do { _ = try DatabaseURL(url) } catch { throw ValidationError("\(error)") }
        }
    }

    func run() async throws {
        var logger = Logger(label: "wlog.migrate")
        logger.logLevel = .warning
        let database = try await PostgresStore.connect(try DatabaseURL(DatabaseURL.isDatabase(from) ? from : to), logger: logger)
        do {
            let folder = try JournalFolderEnd(root: DatabaseURL.isDatabase(from) ? to : from)
            let source: any MigrationEnd = DatabaseURL.isDatabase(from) ? database : folder
            let target: any MigrationEnd = DatabaseURL.isDatabase(from) ? folder : database
            var failed = 0
            let reports = try await StoreMigration(from: source, to: target, batch: batch).run { report in
                let mark = report.verified ? "ok" : "MISMATCH"
                print("\(report.lifter)  \(report.source.count) events (\(report.skipped) held, \(report.copied) copied)  "
                      + "sha256 chain \(report.target.hex.prefix(16))  \(mark)")
            }
            failed = reports.filter { !$0.verified }.count
            let events = reports.reduce(0) { $0 + $1.source.count }
            print("wlog serve migrate: \(reports.count) lifters, \(events) events, \(failed) mismatched")
            await database.close()
            if failed > 0 { throw ExitCode(74) }
        } catch let error as StoreError {
            await database.close()
            FileHandle.standardError.write(Data("wlog: error: \(error)\n".utf8))
            if case .conflict = error { throw ExitCode(75) }
            throw ExitCode(74)
        }
    }
}

extension JournalStore.CommitFlush: ExpressibleByArgument {}


/// `wlog serve keys`: the anon and service-role keys of a data folder (made when missing).
struct Keys: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys", abstract: "Print the server's anon key (public: apps embed it) and service-role key (the operator's).")

    @Option(help: ServerFolders.dataHelp)
    var data: String?
    @Option(help: "text or json ({\"anon\": …, \"service_role\": …}).")
    var format = "text"

    func validate() throws {
        guard ["text", "json"].contains(format) else { throw ValidationError("--format '\(format)' is not text or json") }
    }

    func run() async throws {
        let folder = data ?? defaultDataDirectory()
        let secret = try ServerSecret.loadOrCreate(in: folder)
        let keys = try await APIKeys.loadOrCreate(in: folder, secret: secret)
        if format == "json" {
            print(try keys.json())
        } else {
            print("anon:         \(keys.anon)")
            print("service_role: \(keys.serviceRole)")
        }
    }
}

extension SMTPSecurity: ExpressibleByArgument {}

/// `wlog serve run`'s accounts options (docs/ACCOUNTS.md).
struct AccountsOptions: ParsableArguments {
    @Flag(name: .customLong("confirm-email"), help: "A new account must open the mailed confirmation link before it signs in.")
    var confirmEmail = false
    @Option(help: "smtp://[USER:PASS@]HOST[:PORT]: the relay for the accounts' mail; default: each message written to DATA/outbox/.")
    var smtp: String?
    @Option(name: .customLong("smtp-tls"), help: ArgumentHelp("How mail reaches the relay. auto: STARTTLS when offered, else plain text to a loopback relay only; starttls: STARTTLS or nothing; tls: TLS from the start (port 465); none: never TLS.", valueName: "MODE"))
    var smtpTLS = SMTPSecurity.auto
    @Option(name: .customLong("smtp-ca-file"), help: "PEM CA certificates the relay's certificate must chain to (default: the system's).")
    var smtpCAFile: String?
    @Option(name: .customLong("site-url"), help: "The base URL mailed links point to (default: the request's own host).")
    var siteURL: String?
    @Option(name: .customLong("mail-from"), help: "The sender of the accounts' mail.")
    var mailFrom = "wlog@localhost"
    @Option(name: .customLong("bcrypt-cost"), help: "bcrypt's cost for passwords (2^cost rounds; 10 ≈ 60 ms a check here).")
    var bcryptCost = 10
    @Option(name: .customLong("auth-address-limit"), help: "Sign-in, OTP and recovery attempts allowed at once per client address (then one every 10 s).")
    var authAddressLimit = 100

    func validate() throws {
        guard authAddressLimit >= 1 else { throw ValidationError("--auth-address-limit \(authAddressLimit) must be 1 or more") }
        guard (4...16).contains(bcryptCost) else { throw ValidationError("--bcrypt-cost \(bcryptCost) is not 4 to 16") }
        do { try configuration.checkMail() } catch { throw ValidationError("\(error)") }
    }

    var configuration: AccountsConfiguration {
        AccountsConfiguration(confirmEmail: confirmEmail, smtp: smtp, smtpSecurity: smtpTLS,
                              smtpCAFile: smtpCAFile, mailFrom: mailFrom, siteURL: siteURL, bcryptCost: UInt8(bcryptCost),
                              addressBurst: Double(authAddressLimit))
    }
}
