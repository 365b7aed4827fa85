import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WlogCore

/// `wlog append routine --file F`: a routine (weeks, days, planned exercises, deload weeks) from
/// the JSON file format of docs/PLANNER.md; `--update` replaces an existing routine of that id.
struct AppendRoutine: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "routine", abstract: "Create (or --update) a routine from a JSON file (docs/PLANNER.md).",
        discussion: """
            FILE is the routine as JSON (- reads stdin); `wlog plan --format json` prints a starter \
            plan in this format, e.g.:

              {"name": "PPL", "weeks": 4, "deload_weeks": [4], "days": [
                {"title": "Push A", "exercises": [
                  {"exercise": "bench press", "sets": 3, "reps": "6-8", "rpe": 8}]}]}
            """)

    @Option(help: "The JSON file (- for stdin).") var file: String
    @Flag(help: "Replace the routine with the same id (default: create a new one).") var update = false

    func run() throws {
        let context = try Context.resolve()
        let routine = try Self.read(file)
        let outcome = try JournalSession(context: context).append { _ in
            update ? .updateRoutine(routine) : .createRoutine(routine)
        }
        for event in outcome.appended {
            if case .routineCreated(let r) = event.payload { print(r.id + "  created  " + Self.summary(r)) }
            if case .routineUpdated(let r) = event.payload { print(r.id + "  updated  " + Self.summary(r)) }
        }
    }

    /// `3 days, 15 exercises, 4 weeks (deload 4)`.
    static func summary(_ r: Routine) -> String {
        var text = "\(r.days.count) day" + (r.days.count == 1 ? "" : "s") + ", \(r.days.reduce(0) { $0 + $1.exercises.count }) exercises"
        if let weeks = r.weeks { text += ", \(weeks) weeks" }
        if !r.deloadWeeks.isEmpty { text += " (deload " + r.deloadWeeks.map(String.init).joined(separator: ", ") + ")" }
        return text
    }

    /// Reads and checks a routine file; bad JSON or fields are refused (65) naming the field.
    static func read(_ path: String) throws -> Routine {
        let data: Data
        if path == "-" {
            data = Data(StandardStream.readInput())
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw WlogError.usage("--file '\(path)' cannot be read; give the path of a routine JSON file")
            }
            data = contents
        }
        let file: RoutineFile
        do {
            file = try JSONDecoder().decode(RoutineFile.self, from: data)
        } catch let error as DecodingError {
            throw WlogError.refused("routine file \(path): " + describe(error))
        } catch {
            throw WlogError.refused("routine file \(path) is not JSON: \(error)")
        }
        do {
            return try file.routine()
        } catch {
            throw WlogError.refused("routine file \(path): " + error.message)
        }
    }

    /// `days[0].exercises[1].sets: missing — …` from a decoding error.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            var text = Substring(keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined())
            while text.first == "." { text = text.dropFirst() }
            while text.last == "." { text = text.dropLast() }
            return String(text)
        }
        switch error {
        case .keyNotFound(let key, let c):
            let field = path(c.codingPath + [key])
            return field + " is missing — every routine needs name and days; every exercise needs exercise, sets and reps"
        case .typeMismatch(_, let c), .valueNotFound(_, let c):
            return path(c.codingPath) + " has the wrong type — " + c.debugDescription + "; see docs/PLANNER.md for the format"
        case .dataCorrupted(let c):
            return (c.codingPath.isEmpty ? "" : path(c.codingPath) + ": ") + "not valid JSON — " + c.debugDescription
        @unknown default:
            return "\(error)"
        }
    }
}
