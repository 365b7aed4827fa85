import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import WlogCore

@Suite("Charts: series, terminal chart, SVG")
struct ChartTests {
    /// Body weight on four days with a goal; bench e1RMs on three days.
    func journal() -> PlanJournal {
        var j = PlanJournal()
        for (day, kg) in [(5, 84.0), (8, 83.2), (12, 82.5), (19, 81.0)] {
            j.append(.bodyweightRecorded(BodyweightRecorded(weight: .kg(kg))), at: Clock.at(2026, 1, day, 7))
        }
        j.append(.goalSet(GoalSet(weight: .kg(80))), at: Clock.at(2026, 1, 5, 7))
        j.sets("bench-press", .kg(100), 5, at: Clock.at(2026, 1, 5, 18))   // 116.67
        j.sets("bench-press", .kg(90), 10, at: Clock.at(2026, 1, 5, 18, 5)) // 120 (best of the day)
        j.sets("bench-press", .kg(102.5), 5, at: Clock.at(2026, 1, 12, 18)) // 119.58
        j.sets("bench-press", .kg(105), 3, at: Clock.at(2026, 1, 19, 18))   // 115.5
        return j
    }

    let now = QueryContext.at(Clock.at(2026, 1, 20, 12))

    @Test func seriesMatchTheProjections() {
        let state = journal().state
        let bench = ExerciseLibrary.exercise(id: "bench-press")!
        #expect(state.e1rmChart(exercise: bench, context: now).points.map(\.value) == [120, 119.58, 115.5])
        let bw = state.bodyweightChart(context: now)
        #expect(bw.points.map(\.value) == [84, 83.2, 82.5, 81])
        #expect(bw.goal == 80)
        #expect(state.bodyweightChart(context: QueryContext.at(Clock.at(2026, 1, 20, 12), unit: .lb)).points.first?.value == 185.19)
        let volume = state.volumeChart(weeks: 4, context: now)
        #expect(volume.points.map(\.day) == [Clock.day(2025, 12, 29), Clock.day(2026, 1, 5), Clock.day(2026, 1, 12), Clock.day(2026, 1, 19)])
        #expect(volume.points.map(\.value) == [0, 1400, 512.5, 315])
        // as of an earlier moment and after a delete
        var j = journal()
        let last = j.state.liveSets.last!.id
        #expect(j.state(asOf: 6).e1rmChart(exercise: bench, context: now).points.map(\.value) == [116.67])
        j.append(.setDeleted(SetDeleted(set: last)), at: Clock.at(2026, 1, 20, 9))
        #expect(j.state.e1rmChart(exercise: bench, context: now).points.map(\.value) == [120, 119.58])
    }

    @Test func scaleIsRound() {
        let s = ChartScale(values: [81, 84, 80])
        #expect(s.low == 80 && s.high == 84 && s.step == 1)
        let t = ChartScale(values: [115.5, 120])
        #expect(t.step == 2 && t.low == 114 && t.high == 120)
        let flat = ChartScale(values: [100])
        #expect(flat.low == 99 && flat.high == 101)
    }

    @Test func terminalChartGolden() {
        let chart = journal().state.bodyweightChart(context: now)
        let text = TextChart.render(chart, width: 48, height: 6)
        #expect(text == Self.bodyweightGolden)
        for line in text.split(separator: "\n").dropFirst().dropLast() { #expect(line.unicodeScalars.count == 48) }
        #expect(TextChart.render(Chart(title: "Empty", unit: "kg", points: []), width: 40) == "Empty (kg)\nno data yet\n")
    }

    /// Hand-checked: x dots 0, 18, 42, 83 (3/14, 7/14, 14/14 of 83); y dots 0, 5, 9, 17 of 23 on 80…84.
    static let bodyweightGolden = [
        "Body weight (kg)",
        "  84 ┤⠉⠒⠒⠤⢄⣀⡀                                   ",
        "     │      ⠈⠉⠑⠒⠢⠤⠤⢄⣀⣀⡀                         ",
        "82.4 ┤                ⠈⠉⠉⠑⠒⠒⠢⠤⠤⣀⣀⡀              ",
        "     │                           ⠈⠉⠉⠒⠒⠒⠤⠤⢄⣀⣀    ",
        "     │                                      ⠉⠉⠑⠒",
        "  80 ┤┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄┄",
        "     └──────────────────────────────────────────",
        "      2026-01-05      2026-01-12      2026-01-19",
        "┄ goal 80 kg",
    ].joined(separator: "\n") + "\n"

    @Test func svgParsesAndItsPointsMatchTheSeries() throws {
        let chart = journal().state.bodyweightChart(context: now)
        let svg = SVGChart.render(chart)
        final class Collector: NSObject, XMLParserDelegate {
            var circles: [[String: String]] = []
            var goal: String?
            var root: String?
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if root == nil { root = name }
                if name == "circle" { circles.append(attributes) }
                if name == "line", attributes["class"] == "goal" { goal = attributes["data-goal"] }
            }
        }
        let parser = XMLParser(data: Data(svg.utf8))
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse(), "the SVG is well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        #expect(collector.root == "svg")
        #expect(collector.circles.compactMap { $0["data-value"] } == ["84", "83.2", "82.5", "81"])
        #expect(collector.circles.compactMap { $0["data-date"] } == ["2026-01-05", "2026-01-08", "2026-01-12", "2026-01-19"])
        #expect(collector.goal == "80")
        // scale 80…84 over a 310-px plot from y = 40: 84 → 40, 81 → 272.5; days over 710 px from x = 70
        let ys = collector.circles.compactMap { $0["cy"].flatMap(Double.init) }
        let xs = collector.circles.compactMap { $0["cx"].flatMap(Double.init) }
        #expect(ys.first == 40 && ys.last == 272.5)
        #expect(xs.first == 70 && xs.last == 780)
        #expect(abs(xs[1] - (70 + 3.0 / 14 * 710)) < 0.01)
        let escaped = SVGChart.render(Chart(title: "Curls & <Rows>", unit: "kg", points: [Chart.Point(day: Clock.day(2026, 1, 5), value: 1)]))
        #expect(XMLParser(data: Data(escaped.utf8)).parse())
    }
}
