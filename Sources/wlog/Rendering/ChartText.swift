#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WlogCore
import WlogSnapshotFile

/// Chart output: the braille terminal chart, or an SVG file.
enum ChartText {
    /// The terminal chart at `width` columns.
    static func render(_ chart: Chart, width: Int, height: Int) -> String {
        TextChart.render(chart, width: width, height: height)
    }

    /// Writes the SVG document of `chart` to `path`, refusing with exit 74 when it cannot.
    static func writeSVG(_ chart: Chart, to path: String) throws {
        try AtomicFile.write(Array(SVGChart.render(chart).utf8), to: path, what: "the SVG")
    }
}
