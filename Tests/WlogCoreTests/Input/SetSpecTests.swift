import Testing
@testable import WlogCore

@Suite("Set SPEC grammar")
struct SetSpecTests {
    @Test func weightTimesReps() throws {
        let spec = try SetSpec(tokens: ["100x5"], defaultUnit: .kg)
        #expect(spec.weight == Mass(tenThousandths: 1_000_000, unit: .kg))
        #expect(spec.reps == 5)
        #expect(spec.sets == 1)
    }

    @Test func unitsAndSets() throws {
        let kg = try SetSpec(tokens: ["102.5kgx5"], defaultUnit: .lb)
        #expect(kg.weight?.unit == .kg)
        #expect(kg.weight?.tenThousandths == 1_025_000)
        let lb = try SetSpec(tokens: ["225lbx5x3"], defaultUnit: .kg)
        #expect(lb.weight == Mass(tenThousandths: 2_250_000, unit: .lb))
        #expect(lb.weight?.unit == .lb)
        #expect(lb.reps == 5)
        #expect(lb.sets == 3)
    }

    @Test func bodyweightForms() throws {
        let bw = try SetSpec(tokens: ["BW"], defaultUnit: .kg)
        #expect(bw.isBodyweight && bw.weight == .zero(.kg) && bw.reps == nil)
        let added = try SetSpec(tokens: ["BW+10kgx8"], defaultUnit: .lb)
        #expect(added.isBodyweight)
        #expect(added.weight == Mass(tenThousandths: 100_000, unit: .kg))
        #expect(added.reps == 8)
        let plain = try SetSpec(tokens: ["bwx12"], defaultUnit: .kg)
        #expect(plain.reps == 12 && plain.weight == .zero(.kg))
        let repsOnly = try SetSpec(tokens: ["x15"], defaultUnit: .kg)
        #expect(repsOnly.reps == 15 && repsOnly.weight == nil)
    }

    @Test func rpeCardioAndTimed() throws {
        let rpe = try SetSpec(tokens: ["100x5", "@8.5"], defaultUnit: .kg)
        #expect(rpe.rpe == RPE(8.5))
        let run = try SetSpec(tokens: ["5km", "25:00"], defaultUnit: .kg)
        #expect(run.distance == Distance(tenThousandths: 50_000, unit: .km))
        #expect(run.durationMilliseconds == 1_500_000)
        let plank = try SetSpec(tokens: ["60s"], defaultUnit: .kg)
        #expect(plank.durationMilliseconds == 60_000)
        let joined = try SetSpec(tokens: ["5km 25:00"], defaultUnit: .kg)
        #expect(joined.distance?.unit == .km && joined.durationMilliseconds == 1_500_000)
    }

    /// One limit of identical sets everywhere (1 to 100: the SPEC's xSETS, --sets and decide);
    /// a signed weight (`+2.5x5`, read as 2.5 kg before) is refused.
    @Test func setCountsAgreeWithDecideAndSignsAreRefused() throws {
        #expect(try SetSpec(tokens: ["20x5x60"], defaultUnit: .kg).sets == 60)
        #expect(try SetSpec(tokens: ["20x5x100"], defaultUnit: .kg).sets == 100)
        #expect(throws: SetSpecError(token: "20x5x101", reason: "sets must be a whole number from 1 to 100, as in 100x5x3")) {
            try SetSpec(tokens: ["20x5x101"], defaultUnit: .kg)
        }
        #expect(throws: SetSpecError.self) { try SetSpec(tokens: ["+2.5x5"], defaultUnit: .kg) }
        #expect(throws: SetSpecError.self) { try SetSpec(tokens: ["-2.5x5"], defaultUnit: .kg) }
        #expect(try SetSpec(tokens: ["BW+2.5x5"], defaultUnit: .kg).weight == .kg(2.5))
    }

    @Test(arguments: ["100x", "x", "abc", "@11", "@8.3", "100x5x0", "BW+x5", "100x5.5", "100x5 100x5", "5km 5km"])
    func refusesBadSpecs(_ token: String) {
        #expect(throws: SetSpecError.self) { try SetSpec(tokens: [token], defaultUnit: .kg) }
    }

    @Test func errorNamesTokenAndFix() {
        do {
            _ = try SetSpec(tokens: ["100y5"], defaultUnit: .kg)
            Issue.record("expected a refusal")
        } catch {
            #expect(error.token == "100y5")
            #expect(error.description.hasPrefix("set SPEC '100y5': not a set: use WEIGHTxREPS (100x5)"))
        }
    }
}
