import Foundation

/// Every account, session, refresh token and pending code, folded from the accounts log.
struct AccountsState: Sendable {
    var accounts: [String: Account] = [:]
    var byEmail: [String: String] = [:]
    var sessions: [String: AuthSession] = [:]
    var refresh: [String: RefreshToken] = [:]
    var codes: [String: OneTimeCode] = [:]
    var flows: [String: FlowCode] = [:]

    func account(email: String) -> Account? {
        byEmail[email.lowercased()].flatMap { accounts[$0] }
    }

    func sessions(of user: String) -> [AuthSession] {
        sessions.values.filter { $0.user == user }
    }

    /// `record` applied: later records replace earlier ones of the same key.
    mutating func apply(_ record: AccountRecord) {
        switch record {
        case .account(let account):
            if let old = accounts[account.id], old.email != account.email { byEmail[old.email] = nil }
            accounts[account.id] = account
            byEmail[account.email] = account.id
        case .removeAccount(let id):
            if let old = accounts.removeValue(forKey: id) { byEmail[old.email] = nil }
            for session in sessions(of: id) { apply(.endSession(session.id)) }
            codes = codes.filter { $0.value.user != id }
            flows = flows.filter { $0.value.user != id }
        case .session(let session):
            sessions[session.id] = session
        case .endSession(let id):
            sessions[id] = nil
            refresh = refresh.filter { $0.value.session != id }
        case .refresh(let token):
            refresh[token.hash] = token
        case .code(let code):
            codes[code.key] = code
        case .removeCode(let key):
            codes[key] = nil
        case .flow(let flow):
            flows[flow.hash] = flow
        case .removeFlow(let hash):
            flows[hash] = nil
        }
    }
}
