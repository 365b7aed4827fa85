import Crypto
import Foundation

/// The access tokens `/auth/v1` issues: HS256 JWTs signed with the server's secret, with GoTrue's
/// claims (`iss`, `sub`, `aud` `authenticated`, `exp`, `iat`, `email`, `phone`, `app_metadata`,
/// `user_metadata`, `role` `authenticated`, `aal` `aal1`, `amr`, `session_id`, `is_anonymous`).
/// `iss` is `AccessToken.issuer`: the verifier then checks the session is live on every use.
enum AccessToken {
    static let issuer = "wlog-auth"
    /// Seconds an access token is valid (GoTrue's default `jwt_exp`).
    static let lifetime = 3600

    /// The token for `account` in `session`, issued at `now` (seconds since 1970).
    static func mint(account: Account, session: AuthSession, secret: [UInt8], now: Double) -> String {
        let issued = Int(now)
        let claims: [String: Any] = [
            "iss": issuer, "sub": account.id, "aud": "authenticated",
            "exp": issued + lifetime, "iat": issued,
            "email": account.email, "phone": "",
            "app_metadata": AuthJSON.appMetadata,
            "user_metadata": AuthJSON.object(account.userMetadata),
            "role": "authenticated", "aal": "aal1",
            "amr": [["method": session.method, "timestamp": Int(session.createdAt)]],
            "session_id": session.id, "is_anonymous": false,
        ]
        let header = #"{"alg":"HS256","typ":"JWT"}"#
        let payload = (try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        let signingInput = Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(payload)
        let signature = HMAC<SHA256>.authenticationCode(for: Array(signingInput.utf8), using: SymmetricKey(data: secret))
        return signingInput + "." + Base64URL.encode(Data(signature))
    }
}
