/// How `/auth/v1` behaves (`wlog serve` options): see docs/ACCOUNTS.md.
public struct AccountsConfiguration: Sendable {
    /// Require the mailed confirmation link before a new account signs in (`--confirm-email`).
    public var confirmEmail: Bool
    /// `smtp://user:pass@host:port` (`--smtp`); nil: messages go to `DATA/outbox/`.
    public var smtp: String?
    /// How mail reaches the relay (`--smtp-tls`).
    public var smtpSecurity: SMTPSecurity
    /// PEM CA certificates the relay's certificate must chain to (`--smtp-ca-file`); nil: the system's.
    public var smtpCAFile: String?
    /// The sender of the accounts' mail.
    public var mailFrom: String
    /// The base URL links in mail point to (`--site-url`); nil: the request's own scheme and host.
    public var siteURL: String?
    /// bcrypt's cost (`--bcrypt-cost`): 2^cost rounds per password check.
    public var bcryptCost: UInt8
    /// Failed sign-ins allowed per email at once, then one more every `emailRefill` seconds.
    public var emailBurst: Double
    public var emailRefill: Double
    /// Sign-in, OTP and recovery attempts per client address at once, then one more every `addressRefill` seconds.
    public var addressBurst: Double
    public var addressRefill: Double

    public init(confirmEmail: Bool = false, smtp: String? = nil, smtpSecurity: SMTPSecurity = .auto, smtpCAFile: String? = nil, mailFrom: String = "wlog@localhost", siteURL: String? = nil,
                bcryptCost: UInt8 = 10, emailBurst: Double = 10, emailRefill: Double = 120,
                addressBurst: Double = 100, addressRefill: Double = 10) {
        self.confirmEmail = confirmEmail
        self.smtp = smtp
        self.smtpSecurity = smtpSecurity
        self.smtpCAFile = smtpCAFile
        self.mailFrom = mailFrom
        self.siteURL = siteURL
        self.bcryptCost = bcryptCost
        self.emailBurst = emailBurst
        self.emailRefill = emailRefill
        self.addressBurst = addressBurst
        self.addressRefill = addressRefill
    }

    /// Checks the mail settings as the server will use them (the URL, the CA file); throws an error
    /// whose description names the option, the value and the fix.
    public func checkMail() throws {
        _ = try relay()
    }

    /// The SMTP relay of `--smtp`, `--smtp-tls` and `--smtp-ca-file`; nil without `--smtp`.
    func relay() throws -> SMTPRelay? {
        try smtp.map { try SMTPRelay(url: $0, security: smtpSecurity, caFile: smtpCAFile) }
    }
}
