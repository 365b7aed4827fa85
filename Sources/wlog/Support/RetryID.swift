import ArgumentParser
import WlogCore

/// `--id`: the caller's event id, so a retried command appends once.
struct RetryID: ParsableArguments {
    @Option(name: .customLong("id"), help: "Your event id for safe retries (32 hex digits, or any text, hashed): a second append with the same id adds nothing.")
    var value: String?

    /// The ids `decide` hands out first.
    func fixedIDs() throws -> [EventID] {
        try value.map { [try EventIDText.parse(caller: $0)] } ?? []
    }
}
