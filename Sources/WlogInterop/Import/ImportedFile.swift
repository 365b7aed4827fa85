import WlogCore

/// One row of an export read as a set, before its exercise is resolved (internal, neutral).
struct ImportedSet: Sendable {
    /// The row's starting line.
    var line: Int
    /// The row's 0-based position among the rows of its workout (rest and note rows included).
    var position: Int
    /// The exercise name as the app wrote it.
    var exercise: String
    /// The app's category for the exercise (FitNotes), a muscle-group hint.
    var category: String?
    var setType: SetType = .working
    var weight: Mass?
    var reps: Int?
    var distance: Distance?
    var durationMilliseconds: Int64?
    var rpe: RPE?
    var notes: String?
    /// The row's original text.
    var source: String

    /// A notes cell as a set's notes: without leading and trailing spaces, nil when nothing is left.
    static func note(_ cell: String) -> String? {
        let text = cell.trimmingCharacters(inSet: " ")
        return text.isEmpty ? nil : text
    }
}

/// One workout of an export: its identity, time, name, notes and rows (internal, neutral).
struct ImportedWorkout: Sendable {
    /// The identity of the workout within the format: normalised start and name.
    var key: String
    var name: String?
    /// Start as a local wall time in milliseconds "as if UTC".
    var startLocal: Int64
    /// Known length; `nil` when the file does not say or says something absurd (> 24 h).
    var durationMilliseconds: Int64?
    /// Workout-level notes, deduplicated, in order.
    var notes: [String] = []
    var sets: [ImportedSet] = []
    /// Row positions used so far (sets, rest rows, note rows).
    var rowCount = 0

    /// Adds a note unless it is empty or already there.
    mutating func addNote(_ note: String) {
        let t = note.trimmingCharacters(inSet: " ")
        if !t.isEmpty && !notes.contains(t) { notes.append(t) }
    }
}

/// One body-weight entry of an export (internal, neutral).
struct ImportedBodyweight: Sendable {
    /// Identity within the format: the entry's normalised local time.
    var key: String
    var local: Int64
    var weight: Mass
    var line: Int
}

/// A whole export read into the neutral model, with what was seen and skipped on the way.
struct ImportedFile: Sendable {
    var layout: String
    var rows = 0
    var workouts: [ImportedWorkout] = []
    var bodyweights: [ImportedBodyweight] = []
    var skipped: [ImportReport.SkippedRow] = []
    var restRows = 0
    var noteRows = 0
    /// The new set rows' lines counted against the journal's limit for one commit.
    private var budget: NewLineBudget?
    /// Workout index by normalised key, for grouping rows that share a key.
    private var index: [String: Int] = [:]
    /// Workout index by the key's text as written (saves re-parsing the same date on every row).
    private var rawIndex: [String: Int] = [:]

    init(layout: String) { self.layout = layout }

    /// A file whose new set rows count against `options.commitLimit` as they are added.
    init(layout: String, format: ImportFormat, options: ImportOptions) {
        self.layout = layout
        if options.commitLimit != nil { budget = NewLineBudget(format: format, options: options) }
    }

    /// Adds a set row to workout `w`; throws once the new rows pass the journal's limit for one commit.
    mutating func add(_ set: ImportedSet, to w: Int) throws(ImportError) {
        try budget?.count(set, workoutKey: workouts[w].key)
        workouts[w].sets.append(set)
    }

    /// Adds the set `parse` reads from `record` to workout `w`, or skips the row with the reason
    /// `parse` refuses it for; throws once the new rows pass the journal's limit for one commit.
    mutating func addSet(of record: CSVRecord, to w: Int, _ parse: () throws(RowError) -> ImportedSet) throws(ImportError) {
        let set: ImportedSet
        do throws(RowError) {
            set = try parse()
        } catch {
            skip(record, error.reason)
            return
        }
        try add(set, to: w)
    }

    /// Adds the body weight `weight` read from `record`, taken at `local`; skips the row when it
    /// holds no weight above zero, or with the reason it could not be read.
    mutating func addBodyweight(_ weight: Result<Mass?, RowError>, at local: Int64, of record: CSVRecord) {
        switch weight {
        case let .success(mass?) where mass.tenThousandths > 0:
            bodyweights.append(ImportedBodyweight(key: LocalTimeText.text(local), local: local, weight: mass, line: record.line))
        case .success:
            skip(record, "no body weight")
        case let .failure(error):
            skip(record, error.reason)
        }
    }

    /// Counts `record` as a row read; its fields (after `repair`), or nil, the row skipped, when a
    /// quoted field is not closed or the row is wider or narrower than the header.
    mutating func fields<Column>(of record: CSVRecord, _ map: ColumnMap<Column>,
                                 repair: ([String]) -> [String] = { $0 }) -> [String]? {
        rows += 1
        if record.unterminatedQuote {
            skip(record, "a quoted field is not closed")
            return nil
        }
        let fields = repair(record.fields)
        if let bad = map.checkWidth(fields) {
            skip(record, bad)
            return nil
        }
        return fields
    }

    /// The workout of a row whose start is written `startText` and whose name is `name`: the one
    /// seen with the same text before, else the one with the same start and name (made on first
    /// sight by `make`, from the start and the workout's key); nil, the row skipped for
    /// `invalid`, when `parse` cannot read the start.
    mutating func workout(of record: CSVRecord, startText: String, name: String, parse: (String) -> Int64?,
                          invalid: () -> String, make: (_ start: Int64, _ key: String) -> ImportedWorkout) -> Int? {
        let rawKey = startText + "\u{1F}" + name
        if let known = workoutIndex(rawKey: rawKey) { return known }
        guard let start = parse(startText) else {
            skip(record, invalid())
            return nil
        }
        let key = LocalTimeText.text(start) + "\u{1F}" + name
        return workout(key: key, rawKey: rawKey) { make(start, key) }
    }

    /// The index of the workout whose key text as written is `rawKey`, if seen before.
    func workoutIndex(rawKey: String) -> Int? { rawIndex[rawKey] }

    /// The index of the workout with `key`, made by `make` on first sight; `rawKey` is remembered.
    mutating func workout(key: String, rawKey: String, make: () -> ImportedWorkout) -> Int {
        let i: Int
        if let known = index[key] {
            i = known
        } else {
            workouts.append(make())
            i = workouts.count - 1
            index[key] = i
        }
        rawIndex[rawKey] = i
        return i
    }

    /// Takes the next row position of workout `i`.
    mutating func nextPosition(_ i: Int) -> Int {
        defer { workouts[i].rowCount += 1 }
        return workouts[i].rowCount
    }

    /// Records a skipped row.
    mutating func skip(_ record: CSVRecord, _ reason: String) {
        skipped.append(.init(line: record.line, reason: reason))
    }
}
