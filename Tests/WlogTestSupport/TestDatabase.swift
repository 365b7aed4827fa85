import Foundation

/// The throwaway PostgreSQL cluster of `scripts/pg-test-cluster.sh`: its URL in
/// `$WLOG_TEST_DATABASE_URL` (`start` prints it; `.ci/run` sets it). The suites that need it are
/// left out, saying so, when it is absent.
public enum TestDatabase {
    /// The cluster's URL, nil when it is not set (or empty).
    public static let url: String? = {
        let value = ProcessInfo.processInfo.environment["WLOG_TEST_DATABASE_URL"]
        return value?.isEmpty == false ? value : nil
    }()

    /// Whether the cluster is there; when not, writes `suite: WLOG_TEST_DATABASE_URL is not set, so
    /// <consequence> (…how to set it)` to standard error.
    public static func isAvailable(for suite: String, else consequence: String) -> Bool {
        if url == nil {
            FileHandle.standardError.write(Data("""
                \(suite): WLOG_TEST_DATABASE_URL is not set, so \(consequence) \
                (scripts/pg-test-cluster.sh start prints it; .ci/run does this)\n
                """.utf8))
        }
        return url != nil
    }
}
