import ArgumentParser
import WlogCore

/// `wlog append profile …`: the lifter's profile.
struct AppendProfile: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "profile", abstract: "Update your profile.")

    @Option(help: "Name.") var name: String?
    @Option(help: "Refused: the zone is a setting (wlog settings set zone ZONE); so is the unit.") var zone: String?
    @Option(help: "For DOTS and IPF GL.") var sex: Sex?
    @Option(help: "Birth year.") var birthYear: Int?
    @Option(help: "Height in centimetres.") var height: Int?
    @Option(help: "Training experience.") var experience: Experience?
    @Option(help: "Training goal.") var goal: TrainingGoal?
    @Option(help: "Training days per week.") var daysPerWeek: Int?
    @Option(help: "Default rest timer in seconds.") var restTimer: Int?
    @Option(help: "Powerlifting equipment for IPF GL and IPF points: raw (classic) or single-ply (equipped).")
    var equipment: PowerliftingScore.Equipment?

    func run() throws {
        let context = try Context.resolve()
        var update = ProfileUpdated(name: name, birthYear: birthYear, heightCentimetres: height, daysPerWeek: daysPerWeek,
                                    restTimerSeconds: restTimer)
        update.sex = sex
        update.experience = experience
        update.goal = goal
        update.equipment = equipment
        // The journal's zone and unit are settings (what every command reads); a profile zone would
        // be stored and ignored. (`--unit` here is the global display unit of this run.)
        if let zone {
            throw WlogError.refused("profile.zone: \(zone) is not allowed — the zone is a setting: wlog settings set zone \(zone)")
        }
        let outcome = try JournalSession(context: context).append { _ in .updateProfile(update) }
        if !outcome.appended.isEmpty { print("profile updated") }
    }
}

/// `wlog append readiness …`: how you feel today (seed 001).
struct AppendReadiness: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "readiness", abstract: "Record readiness: mobility, soreness, sleep, energy (1–5), pain.")

    @Option(help: "Joint mobility, 1 to 5.") var mobility: Int?
    @Option(help: "Soreness, 1 to 5.") var soreness: Int?
    @Option(help: "Sleep quality, 1 to 5.") var sleep: Int?
    @Option(help: "Energy, 1 to 5.") var energy: Int?
    @Flag(help: "Something hurts.") var pain = false
    @Option(help: "A note (what hurts, where).") var note: String?
    @Option(help: "When (default now).") var at: String?

    func run() throws {
        let context = try Context.resolve()
        let outcome = try JournalSession(context: context).append { loaded in
            .recordReadiness(RecordReadiness(
                mobility: mobility, soreness: soreness, sleep: sleep, energy: energy, pain: pain, note: note,
                at: try loaded.at(at)))
        }
        for event in outcome.appended { print(event.id.short + "  readiness recorded") }
    }
}
