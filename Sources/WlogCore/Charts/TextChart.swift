/// A chart drawn in the terminal with braille dots (2 × 4 per character): value labels on the
/// left, dates under the axis, the unit in the title, the goal as a dashed line.
public enum TextChart {
    /// The chart in exactly `width` columns (at least 40) and `height` plot rows (at least 4).
    public static func render(_ chart: Chart, width: Int = 80, height: Int = 12) -> String {
        let title = chart.title + " (" + chart.unit + ")"
        guard let first = chart.points.first, let last = chart.points.last else { return title + "\nno data yet\n" }
        let width = max(width, 40), height = max(height, 4)
        let scale = ChartScale(values: chart.points.map(\.value) + (chart.goal.map { [$0] } ?? []))
        let labels = (0..<height).map { row -> String in
            guard row == 0 || row == height - 1 || row == (height - 1) / 2 else { return "" }
            return Chart.text(scale.high - (scale.high - scale.low) * Double(row) / Double(height - 1))
        }
        let labelWidth = labels.map(\.count).max() ?? 0
        let columns = width - labelWidth - 2
        let dotsX = columns * 2, dotsY = height * 4
        let span = first.day.distance(to: last.day)
        func x(_ day: LocalDay) -> Int {
            span == 0 ? 0 : Int((Double(first.day.distance(to: day)) / Double(span) * Double(dotsX - 1)).rounded())
        }
        func y(_ value: Double) -> Int { dotsY - 1 - Int((scale.fraction(value) * Double(dotsY - 1)).rounded()) }
        var cells = [[UInt32]](repeating: [UInt32](repeating: 0, count: columns), count: height)
        func plot(_ px: Int, _ py: Int) {
            guard (0..<dotsX).contains(px), (0..<dotsY).contains(py) else { return }
            cells[py / 4][px / 2] |= dotBit(px % 2, py % 4)
        }
        var previous: (Int, Int)?
        for point in chart.points {
            let current = (x(point.day), y(point.value))
            if let previous { line(from: previous, to: current, plot) } else { plot(current.0, current.1) }
            previous = current
        }
        let goalRow = chart.goal.map { y($0) / 4 }
        var out = title + "\n"
        for row in 0..<height {
            let label = labels[row]
            out += String(repeating: " ", count: labelWidth - label.count) + label + (label.isEmpty ? " │" : " ┤")
            for column in 0..<columns {
                let bits = cells[row][column]
                if bits == 0, row == goalRow { out += "┄" } else if bits == 0 { out += " " } else {
                    out.unicodeScalars.append(Unicode.Scalar(0x2800 + bits) ?? " ")
                }
            }
            out += "\n"
        }
        out += String(repeating: " ", count: labelWidth) + " └" + String(repeating: "─", count: columns) + "\n"
        out += String(repeating: " ", count: labelWidth + 2) + dateLine(first.day, last.day, columns: columns) + "\n"
        if let goal = chart.goal { out += "┄ goal " + Chart.text(goal) + " " + chart.unit + "\n" }
        return out
    }

    /// The first date at the left, the last at the right, the middle one between when there is room.
    static func dateLine(_ first: LocalDay, _ last: LocalDay, columns: Int) -> String {
        var chars = [Character](repeating: " ", count: columns)
        func put(_ text: String, at start: Int) {
            for (i, c) in text.enumerated() where (0..<columns).contains(start + i) { chars[start + i] = c }
        }
        put(first.iso, at: 0)
        if first != last {
            put(last.iso, at: columns - 10)
            let span = first.distance(to: last)
            if columns >= 40, span >= 2 { put(first.advanced(by: span / 2).iso, at: columns / 2 - 5) }
        }
        return String(chars)
    }

    /// The braille bit of dot (dx, dy) in a cell.
    static func dotBit(_ dx: Int, _ dy: Int) -> UInt32 {
        let left: [UInt32] = [0x01, 0x02, 0x04, 0x40], right: [UInt32] = [0x08, 0x10, 0x20, 0x80]
        return dx == 0 ? left[dy] : right[dy]
    }

    /// Bresenham's line between two dots.
    static func line(from a: (Int, Int), to b: (Int, Int), _ plot: (Int, Int) -> Void) {
        var (x0, y0) = a
        let (x1, y1) = b
        let dx = abs(x1 - x0), dy = -abs(y1 - y0)
        let sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1
        var err = dx + dy
        while true {
            plot(x0, y0)
            if x0 == x1 && y0 == y1 { return }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x0 += sx }
            if e2 <= dx { err += dx; y0 += sy }
        }
    }
}
