import Foundation
import Testing
import WlogCore
@testable import WlogInterop

/// Access to the synthetic fixtures (`fixtures/import/`) and the real exports (`../shared/fixtures/real/`).
enum Fixture {
    /// The repository root, from this file's path.
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folder of real third-party exports (absent on machines without `/work/shared`).
    static let realFolder = repoRoot.appendingPathComponent("../shared/fixtures/real").standardizedFileURL

    /// Whether the real exports are there.
    static let realAvailable = FileManager.default.fileExists(atPath: realFolder.path)

    /// The bytes of a synthetic fixture.
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = repoRoot.appendingPathComponent("fixtures/import").appendingPathComponent(name)
        return try [UInt8](Data(contentsOf: url))
    }

    /// The bytes of a real export.
    static func real(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: realFolder.appendingPathComponent(name)))
    }

    /// The recorded-at instant of every test import: 2026-11-20T00:00:00Z.
    static let recorded = Instant(millisecondsSince1970: 1_795_651_200_000)

    /// Import options for tests.
    static func options(unit: MassUnit? = nil, zone: String = "Europe/Berlin", known: [Exercise] = [],
                        match: @escaping @Sendable (String) -> Exercise? = { _ in nil }) -> ImportOptions {
        ImportOptions(unit: unit, zone: ImportTimeZone(zone)!, recorded: recorded, knownExercises: known, libraryMatch: match)
    }

    /// Plans a synthetic fixture.
    static func plan(_ name: String, _ format: ImportFormat, unit: MassUnit? = nil, zone: String = "Europe/Berlin",
                     known: [Exercise] = []) throws -> ImportPlan {
        try Importer.plan(data: bytes(name), format: format, options: options(unit: unit, zone: zone, known: known))
    }

    /// An instant from ISO 8601 text with a zone.
    static func at(_ text: String) -> Instant { Instant(iso8601: text)! }
}

extension ImportPlan {
    /// The `set.logged` payloads in order.
    var sets: [SetLogged] {
        events.compactMap { if case let .setLogged(s) = $0.payload { return s } else { return nil } }
    }

    /// The `set.logged` events in order.
    var setEvents: [Event] { events.filter { $0.type == .setLogged } }

    /// The exercises created, in order.
    var created: [Exercise] {
        events.compactMap { if case let .exerciseCreated(e) = $0.payload { return e } else { return nil } }
    }

    /// The `workout.started` events in order.
    var starts: [Event] { events.filter { $0.type == .workoutStarted } }

    /// The `workout.finished` events in order.
    var finishes: [Event] { events.filter { $0.type == .workoutFinished } }

    /// The type strings of all events in order.
    var types: [String] { events.map(\.type.rawValue) }

    /// Skipped rows as `line: reason`.
    var skippedText: [String] { report.skipped.map { "\($0.line): \($0.reason)" } }
}

extension WorkoutStarted {
    /// Shorthand to read a started payload.
    static func of(_ event: Event) -> WorkoutStarted? {
        if case let .workoutStarted(w) = event.payload { return w } else { return nil }
    }
}
