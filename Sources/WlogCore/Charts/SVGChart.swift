/// A chart as a standalone SVG document: axes with value and date labels, the series as a line
/// with a circle per point (`data-date`, `data-value`), and a dashed goal line.
public enum SVGChart {
    /// The SVG text of `chart` at `width` × `height` pixels.
    public static func render(_ chart: Chart, width: Int = 800, height: Int = 400) -> String {
        let (left, right, top, bottom) = (70.0, 20.0, 40.0, 50.0)
        let plotW = Double(width) - left - right, plotH = Double(height) - top - bottom
        let title = escape(chart.title + " (" + chart.unit + ")")
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\">\n"
        out += "<title>\(title)</title>\n<rect width=\"\(width)\" height=\"\(height)\" fill=\"white\"/>\n"
        out += "<text x=\"\(n(left))\" y=\"24\" font-family=\"sans-serif\" font-size=\"16\">\(title)</text>\n"
        guard let first = chart.points.first, let last = chart.points.last else {
            return out + "<text x=\"\(n(left))\" y=\"\(n(top + plotH / 2))\" font-family=\"sans-serif\">no data yet</text>\n</svg>\n"
        }
        let scale = ChartScale(values: chart.points.map(\.value) + (chart.goal.map { [$0] } ?? []))
        let span = first.day.distance(to: last.day)
        func x(_ day: LocalDay) -> Double {
            span == 0 ? left + plotW / 2 : left + Double(first.day.distance(to: day)) / Double(span) * plotW
        }
        func y(_ value: Double) -> Double { top + (1 - scale.fraction(value)) * plotH }
        out += "<g stroke=\"#444\" stroke-width=\"1\">"
        out += "<line x1=\"\(n(left))\" y1=\"\(n(top))\" x2=\"\(n(left))\" y2=\"\(n(top + plotH))\"/>"
        out += "<line x1=\"\(n(left))\" y1=\"\(n(top + plotH))\" x2=\"\(n(left + plotW))\" y2=\"\(n(top + plotH))\"/></g>\n"
        out += "<g font-family=\"sans-serif\" font-size=\"12\" fill=\"#444\">"
        var tick = scale.low
        while tick <= scale.high + scale.step / 1000 {
            out += "<text x=\"\(n(left - 6))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\">\(Chart.text(tick))</text>"
            tick += scale.step
        }
        out += "<text x=\"\(n(x(first.day)))\" y=\"\(n(top + plotH + 20))\" text-anchor=\"start\">\(first.day.iso)</text>"
        if span > 0 {
            out += "<text x=\"\(n(x(last.day)))\" y=\"\(n(top + plotH + 20))\" text-anchor=\"end\">\(last.day.iso)</text>"
        }
        out += "</g>\n"
        if let goal = chart.goal {
            out += "<line class=\"goal\" data-goal=\"\(Chart.text(goal))\" x1=\"\(n(left))\" y1=\"\(n(y(goal)))\" x2=\"\(n(left + plotW))\" "
                + "y2=\"\(n(y(goal)))\" stroke=\"#2ca02c\" stroke-dasharray=\"6 4\"/>\n"
            out += "<text x=\"\(n(left + plotW))\" y=\"\(n(y(goal) - 6))\" text-anchor=\"end\" font-family=\"sans-serif\" "
                + "font-size=\"12\" fill=\"#2ca02c\">goal \(Chart.text(goal)) \(escape(chart.unit))</text>\n"
        }
        let coordinates = chart.points.map { n(x($0.day)) + "," + n(y($0.value)) }.joined(separator: " ")
        out += "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\" points=\"\(coordinates)\"/>\n"
        for point in chart.points {
            out += "<circle cx=\"\(n(x(point.day)))\" cy=\"\(n(y(point.value)))\" r=\"3\" fill=\"#1f77b4\" "
                + "data-date=\"\(point.day.iso)\" data-value=\"\(Chart.text(point.value))\">"
                + "<title>\(point.day.iso): \(Chart.text(point.value)) \(escape(chart.unit))</title></circle>\n"
        }
        return out + "</svg>\n"
    }

    /// A coordinate with at most 2 decimals.
    static func n(_ value: Double) -> String { Chart.text(value) }

    /// Text escaped for XML.
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
