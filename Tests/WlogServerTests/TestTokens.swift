import Foundation
import JWTKit
@testable import WlogServer

/// Tokens good and bad, for the auth tests: the harness's HS256 secret, a fixed RSA key (its
/// public half served as a JWKS), and hand-made tokens no honest issuer would sign.
enum TestTokens {
    static let rsaKid = "rsa-test"

    /// A 2048-bit RSA key made once with `openssl genrsa` for these tests (never used elsewhere).
    static let rsaPEM = """
-----BEGIN PRIVATE KEY-----
MIIEvwIBADANBgkqhkiG9w0BAQEFAASCBKkwggSlAgEAAoIBAQCrKMHZP+ZrQgSb
YVQVTTR+CfbPhj7sd0ZO8HK4cORKD3spx6/zUxfEg9ricKKcTGm8CLw+bg1ePXK2
X3ubDQgl0Le7Y4lGI7LuEmFbz48kNU+ZmEJ6T3hjT5Z0HZ2Uou3Hu4TfRyLz5Bf3
Hbj/T3UBWqISKHROa91QDTGJCdy8s5IrG1CRjJoFK9J/AA2KESCv6OjhO81n84/H
gVbr/tZ2AHsisrZzZYQzVOLwvzxX3e+bCKXL51O867pCAVfuIrDVm6SCGKqsmphl
t9EqCC60POH9GjQWFvAFiDBqOqIKCNPUQyPDihY4/PVJew3wrnZsAG9ZHH06K+du
mZjM2Yy9AgMBAAECggEADBq0CNPozPWMg1uQ+XeuCmrUek0lZo4x2fPNvSb4shch
r+z4D8Z01Bg6EtEB4vlRcfORMn4QcnV4hxa+FFNJ2/jEgZtSsjPkm8sPeRF270nY
4QUgUGuN2UIf4wLUKdaS59DmXu72NRbQrhB7TIz3OpsJAq07Om+M5XQlaGpa4rpX
n8VUSRB7FIDmc3Se6MqCwJVS9iIj3PE8lQkVcwZAI4Q1U0HztThpZXqMXKeRxfL2
NBV+81DR7wWHJlpSIAI7uf4TzNXDsocEv73RSNDWr4cvz1aUBT1lnwT+CbskJTx1
1WERC7gTHdpfE39cq5uJ0GSdlxzXtCkXvn4fS73FqQKBgQDhgKS3n8YyJAImmO1F
1fNoycV95Ki4bSYmwbk7YBSRO1ijet5reDL4O+XKQOH91zLIfFidxryeYeEbBnpv
+zrGmrJ59ZTZJQbHRtX2T9AI/JZOnMG0nZMyiNKBhm0PaIotB1F+fo/p1Z/ujTX4
k9Y23Rh0j6vOmTvusSk6r+7WOQKBgQDCTqNHhS6q4V75xivWKotNUWoE++Dk8smu
N4Z9R1uIzt+HJw+2uKH9k7XcdLYgxXpw5bq7L117r3FLUs9jqCc+Gw0UkfrHZEU3
VRBjjSxzhesvt6aRBJTCnWOBFnidT89tw/zSLGek7bMrR9MDmziVEM8KwD9MaDHb
vKjCpeVKpQKBgQDWDSfNyZL3y2hjPOyVSsaXpFeb7e4dyjXZui/a5ZQAW+YCoEH6
n4k6SpkQSFB8hMaGuknf0mL+sIhd/+M+4qnjFbruu6eEC3qItHurKA2gSitfCbtx
d9XetTOkkXZ6ls/6eCTqPrbaztXWOiKOB77iKzLoiewa2yehpnctZwz+OQKBgQCi
2ygtHKpVnNluvbMmKLhi0HbswHPpULjLJUy6meFVVBazf4DDJBLZp0EJCmVQKFQM
Ze/RTcyriwuJF1ota9WgTynycLvg/OCqlMhMuBlmpfrOHr4j09QfHa01l7D2INt5
Y4f2XDNuX7AI+YUaA7Iz9keh+inTj40iYAiORF9e5QKBgQCUXzXYdyStjGxyxdBL
BuNKLhJqpFxEY6MTT6FY8borGBNI15AxVRFSZuJKxBtoz8KOMw6hHTtE8mzt1GGq
wloD7OMTHT+ig+bzvTQ5CuyFOWmdK5LjzKav0XbpPOKAXESdc4IoYBmLrURKcBzn
LSjl0JehRbKkgD2f8WyH0BKYyw==
-----END PRIVATE KEY-----
"""

    static var rsaKey: Insecure.RSA.PrivateKey {
        get throws { try Insecure.RSA.PrivateKey(pem: rsaPEM) }
    }

    static let ecKid = "ec-test"

    /// The public keys as a JWKS document (what `--jwks` reads): the RSA key, and `ec`'s when given.
    static func jwks(ec: ES256PrivateKey? = nil) throws -> String {
        let (modulus, exponent) = try rsaKey.publicKey.getKeyPrimitives()
        var keys = [#"{"kty":"RSA","kid":"\#(rsaKid)","alg":"RS256","use":"sig","n":"\#(base64URL(modulus))","e":"\#(base64URL(exponent))"}"#]
        if let (x, y) = ec?.publicKey.parameters {
            keys.append(#"{"kty":"EC","crv":"P-256","kid":"\#(ecKid)","alg":"ES256","use":"sig","x":"\#(x)","y":"\#(y)"}"#)
        }
        return #"{"keys":["# + keys.joined(separator: ",") + "]}"
    }

    /// ES256 over `claims` with `key`.
    static func es256(_ claims: LifterToken, key: ES256PrivateKey) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: key, kid: JWKIdentifier(string: ecKid))
        return try await keys.sign(claims, kid: JWKIdentifier(string: ecKid))
    }

    static func base64URL(_ data: some DataProtocol) -> String {
        Data(data).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Claims for `sub`, valid for an hour unless told otherwise.
    static func claims(_ sub: String, aud: [String] = ["authenticated"], exp: TimeInterval = 3600,
                       nbf: TimeInterval? = nil) -> LifterToken {
        let now = Date()
        return LifterToken(sub: .init(value: sub), aud: .init(value: aud), exp: .init(value: now.addingTimeInterval(exp)),
                           nbf: nbf.map { .init(value: now.addingTimeInterval($0)) }, iat: .init(value: now),
                           email: nil, role: "authenticated")
    }

    /// HS256 over `claims` with `secret` (and `kid` in the header when given).
    static func hs256(_ claims: LifterToken, secret: [UInt8] = ServerHarness.secret, kid: String? = nil) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256, kid: kid.map { JWKIdentifier(string: $0) })
        return try await keys.sign(claims, kid: kid.map { JWKIdentifier(string: $0) })
    }

    /// RS256 over `claims` with the test RSA key.
    static func rs256(_ claims: LifterToken) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(rsa: try rsaKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: rsaKid))
        return try await keys.sign(claims, kid: JWKIdentifier(string: rsaKid))
    }

    /// `alg: none`: the claims with an empty signature.
    static func unsigned(_ claims: LifterToken, alg: String = "none") throws -> String {
        let header = base64URL(Data(#"{"alg":"\#(alg)","typ":"JWT"}"#.utf8))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        return header + "." + base64URL(try encoder.encode(claims)) + "."
    }

    /// `token` with one character of its signature changed (in the middle: the last character
    /// of a base64url text may carry only padding bits).
    static func tamperedSignature(_ token: String) -> String {
        var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var signature = Array(parts[2])
        let middle = signature.count / 2
        signature[middle] = signature[middle] == "A" ? "B" : "A"
        parts[2] = String(signature)
        return parts.joined(separator: ".")
    }

    /// `token`'s signature over other claims (a payload swapped after signing).
    static func swappedPayload(_ token: String, to claims: LifterToken) throws -> String {
        var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        parts[1] = base64URL(try encoder.encode(claims))
        return parts.joined(separator: ".")
    }
}
