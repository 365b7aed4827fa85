import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WlogCore
import WlogJournal

/// `wlog init`: creates the journal with the lifter's unit, zone and name.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create the journal (refuses to overwrite one).",
        discussion: "The journal's path is --journal, else $WLOG_JOURNAL, else $XDG_DATA_HOME/wlog/journal.wlog, else ~/.local/share/wlog/journal.wlog.")

    @Option(help: "The unit you load the bar in.")
    var unit: MassUnit = .kg

    @Option(help: "Your time zone, for local days: an IANA name (Europe/Berlin) or an offset (+01:00). Default: $TZ, else the system's.")
    var tz: String?

    @Option(help: "Your name.")
    var name: String?

    func run() throws {
        let context = try Context.resolve()
        let zone: Zone
        if let tz {
            guard let parsed = Zone(tz) else {
                throw WlogError.usage("--tz '\(tz)' is not a time zone; use an IANA name (Europe/Berlin) or an offset (+01:00)")
            }
            zone = parsed
        } else {
            zone = context.environmentZone ?? Zone.system
        }
        let path = context.journalPath
        FileOwnership.makeFolders(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        var generator = SystemRandomNumberGenerator()
        let journalID = EventID.random(using: &generator).hex
        let created = Date(timeIntervalSince1970: Double(context.now.millisecondsSince1970) / 1000)
        do {
            let writer = try JournalWriter.create(at: path, journalID: journalID, createdAt: created)
            try writer.close()
        } catch let error as JournalError {
            throw WlogError(journal: error)
        }
        let session = JournalSession(context: context)
        _ = try session.append { _ in .changeSettings(SettingsChanged(unit: unit, timeZone: zone.name)) }
        if let name {
            _ = try session.append { _ in .updateProfile(ProfileUpdated(name: name, unit: unit, timeZone: zone.name)) }
        }
        printError("wlog: created \(path) (unit \(unit.rawValue), zone \(zone.name))")
    }
}
