import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import WlogStore

/// The server's own accounts (issue 32; docs/ACCOUNTS.md): the store under the data folder, the
/// live sessions the token verifier consults, the API keys, and `/auth/v1`.
public struct Accounts: Sendable {
    let service: AuthService
    let keys: APIKeys
    /// What the token verifier asks on every request (`TokenVerifier.sessions`).
    public let live: LiveSessions

    /// The accounts of `log` (nil: `DATA/accounts.log`), with the keys and outbox of
    /// `configuration.dataDirectory` (`api-keys.json`, `outbox/`), opened.
    public static func open(_ configuration: ServerConfiguration, secret: [UInt8], log: (any RecordLog)? = nil,
                            logger: Logger) async throws -> Accounts {
        let data = configuration.dataDirectory
        let live = LiveSessions()
        let store = try await AccountStore(log: try log ?? AccountsFile(data: data), live: live)
        let keys = try await APIKeys.loadOrCreate(in: data, secret: secret)
        let service = try AuthService(store: store, secret: secret, configuration: configuration.accounts, logger: logger,
                                      outbox: data + "/outbox")
        return Accounts(service: service, keys: keys, live: live)
    }

    func register(on router: Router<LifterRequestContext>, verifier: TokenVerifier) {
        AuthRoutes(service: service, verifier: verifier, keys: keys).register(on: router)
        AccountPages(service: service, perAddress: service.perAddress).register(on: router)
    }

    /// Closes the accounts log (its lock released) once the application shuts down: the
    /// application's service that does so (`WlogAPI.application`).
    var closer: some Service { Closer(store: service.store) }

    private struct Closer: Service {
        let store: AccountStore
        func run() async throws {
            try? await gracefulShutdown()
            await store.release()
        }
    }

    /// Ends the session of `token` (the web pages' sign-out), when it is one of this server's.
    func signOut(token: String, verifier: TokenVerifier) async {
        guard let lifter = try? await verifier.lifter(fromBearer: token),
              let session = TokenVerifier.unverifiedClaims(of: token)?["session_id"] as? String else { return }
        try? await service.logout(user: lifter.uuid, session: session, scope: "local")
    }
}
