import Foundation
import HummingbirdTesting
import Testing

@Suite struct SmokeTests {
    @Test func healthAndAuth() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            try await client.execute(uri: "/healthz", method: .get) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/api/v1/workouts", method: .get) { response in
                #expect(response.status == .unauthorized)
                #expect(String(buffer: response.body).contains("\"UNAUTHORIZED\""))
            }
        }
    }
}
