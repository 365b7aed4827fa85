import Foundation

/// GoTrue's User and Session objects, as the official clients parse them
/// (../shared/design/supabase.md §1), and the JSON bodies of `/auth/v1`.
enum AuthJSON {
    /// Every account signs in with email (the only provider).
    static var appMetadata: [String: Any] { ["provider": "email", "providers": ["email"]] }

    /// The JSON object held as text (`{}` when it is not one).
    static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// `value` as compact JSON text.
    static func text(_ value: Any) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// RFC 3339 with microseconds in UTC, as GoTrue writes times.
    static func time(_ seconds: Double?) -> Any {
        guard let seconds else { return NSNull() }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// The User object of `account`.
    static func user(_ account: Account) -> [String: Any] {
        let identity: [String: Any] = [
            "id": account.id, "identity_id": account.id, "user_id": account.id, "provider": "email",
            "identity_data": ["sub": account.id, "email": account.email, "email_verified": account.confirmedAt != nil,
                              "phone_verified": false],
            "email": account.email,
            "created_at": time(account.createdAt), "updated_at": time(account.updatedAt),
            "last_sign_in_at": time(account.lastSignInAt),
        ]
        return [
            "id": account.id, "aud": "authenticated", "role": "authenticated",
            "email": account.email, "phone": "",
            "email_confirmed_at": time(account.confirmedAt), "confirmed_at": time(account.confirmedAt),
            "last_sign_in_at": time(account.lastSignInAt),
            "app_metadata": appMetadata, "user_metadata": object(account.userMetadata),
            "identities": [identity],
            "created_at": time(account.createdAt), "updated_at": time(account.updatedAt),
            "is_anonymous": false,
            "banned_until": account.disabled ? "9999-12-31T23:59:59Z" : NSNull(),
        ]
    }

    /// The Session object: a new access token, `refreshToken`, and the User.
    static func session(account: Account, session: AuthSession, refreshToken: String, secret: [UInt8], now: Double) -> [String: Any] {
        [
            "access_token": AccessToken.mint(account: account, session: session, secret: secret, now: now),
            "token_type": "bearer", "expires_in": AccessToken.lifetime, "expires_at": Int(now) + AccessToken.lifetime,
            "refresh_token": refreshToken, "user": user(account),
        ]
    }
}
