import Dispatch
import HummingbirdBcrypt

/// Passwords: bcrypt at `cost` (docs/ACCOUNTS.md gives the measured time per cost), checked off
/// the request threads, and a minimum strength.
struct Passwords: Sendable {
    /// The shortest password accepted (GoTrue's default minimum is 6; we ask for 8).
    static let minimumLength = 8
    static let maximumLength = 72  // bcrypt reads no further
    /// bcrypt's work factor: 2^cost rounds.
    let cost: UInt8
    /// A hash of nothing anyone knows, checked when the email is unknown, so an unknown email
    /// takes as long to refuse as a wrong password.
    let dummy: String

    init(cost: UInt8) {
        self.cost = cost
        dummy = Bcrypt.hash(Secrets.token(), cost: cost)
    }

    func hash(_ password: String) async -> String {
        let cost = cost
        return await Self.offThread { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash` (nil: checks the dummy and answers false).
    func verify(_ password: String, hash: String?) async -> Bool {
        let dummy = dummy
        return await Self.offThread {
            let matches = Bcrypt.verify(password, hash: hash ?? dummy)
            return hash != nil && matches
        }
    }

    /// Why `password` is too weak (empty: strong enough): GoTrue's `weak_password` reasons.
    static func weaknesses(_ password: String) -> [String] {
        var reasons: [String] = []
        if password.utf8.count < minimumLength { reasons.append("length") }
        let classes = [password.contains(where: \.isLowercase), password.contains(where: \.isUppercase),
                       password.contains(where: \.isNumber), password.contains(where: { !$0.isLetter && !$0.isNumber })]
        if password.utf8.count >= minimumLength, classes.filter({ $0 }).count < 2 { reasons.append("characters") }
        return reasons
    }

    /// bcrypt is CPU-bound for tens of milliseconds: it runs on Dispatch's pool, not Swift's
    /// cooperative threads (which serve every other request).
    private static func offThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }
}
