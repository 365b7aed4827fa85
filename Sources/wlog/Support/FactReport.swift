import ArgumentParser
import WlogCore

/// What a recorded fact's own command shares (`wlog soreness legs 4`, `wlog pain "left knee" 3`):
/// SUBJECT and RATING given together or not at all, RATING a rating, `--note` only with a report;
/// then the fact recorded when given, else the journal loaded — either way the state the command
/// lists from, in its zone.
struct FactReport: ParsableArguments {
    @Option(help: "What it is like, in your words.") var note: String?
    @OptionGroup var retry: RetryID

    /// Refuses (exit 64) what the command's words cannot mean: `together` names the pair with a
    /// report (`GROUP and RATING, e.g. wlog soreness legs 4`), `withNote` a report with a note.
    func validate(subject: String?, rating: Int?, together: String, withNote: String) throws {
        guard (subject == nil) == (rating == nil) else { throw ValidationError("give " + together) }
        if let rating, Rating(rating) == nil {
            throw ValidationError("RATING '\(rating)' is not a rating; use \(Rating.allowedText)")
        }
        if note != nil, subject == nil { throw ValidationError("--note goes with a report, e.g. " + withNote) }
    }

    /// Records `fact` (when the command was given one) and answers the state after it, else the
    /// journal's state as it is.
    func state(recording fact: (any RecordedFact)?, context: Context) throws -> (state: WlogState, zone: Zone) {
        guard let fact else {
            let loaded = try JournalSession(context: context).load()
            return (loaded.state, loaded.zone)
        }
        let outcome = try JournalSession(context: context).append(fixedIDs: try retry.fixedIDs()) { _ in .record(fact) }
        return (outcome.state, outcome.zone)
    }
}
