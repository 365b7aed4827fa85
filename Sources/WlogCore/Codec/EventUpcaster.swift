/// One step of schema evolution: rewrites the raw members of one event type from version `from`
/// to version `from + 1`, before the current decoder reads them.
///
/// Reading a line whose `v` is older than its type's current version parses it generically
/// (`JSONObject`), applies the steps `from = v, v + 1, …` of that type in turn, sets `v` to the
/// current version and decodes the result with the fast decoder. Writers only ever write the
/// current version, so the journal's old lines are upcast on every read and never rewritten.
///
/// To change a payload's shape: bump `EventCodec.currentVersion(of:)` for the type, change the
/// encoder and decoder to the new shape, and append an upcaster from the previous version here,
/// with a golden pair in `fixtures/golden/journal-v0-upcast.jsonl`.
public struct EventUpcaster: Sendable {
    /// The event type it applies to.
    public var type: EventType
    /// The version it reads; it produces `from + 1`.
    public var from: Int
    /// What changed, for the catalogue.
    public var summary: String
    /// The rewrite of the raw members (envelope members included).
    public var upgrade: @Sendable (inout JSONObject) throws(EventDecodingError) -> Void
}

extension EventUpcaster {
    /// `set.logged` v0 → v1 (the pre-release shape).
    ///
    /// v0 wrote the load as a JSON number of kilograms under `kg` (`"kg":100`), the RPE as an
    /// integer in tenths (`"rpe":85` = RPE 8.5) and a warm-up as `"warmup":true` instead of
    /// `set_type`. v1 writes `"weight":"100","unit":"kg"`, `"rpe":8.5`, `"set_type":"warmup"`.
    public static let setLoggedV0 = EventUpcaster(
        type: .setLogged, from: 0,
        summary: "kg number → weight string + unit kg; rpe tenths → rpe; warmup flag → set_type"
    ) { (object: inout JSONObject) throws(EventDecodingError) in
        if let kg = object.removeValue(forKey: "kg") {
            let text: String
            switch kg {
            case .number(let t), .string(let t): text = t
            default: throw EventDecodingError(.invalidValue, offset: 0, key: "kg", expected: "a number of kilograms (v0)")
            }
            guard let value = FixedPoint.parse(text) else {
                throw EventDecodingError(.invalidValue, offset: 0, key: "kg", expected: "a number of kilograms with at most 4 decimals (v0)")
            }
            object["weight"] = .string(FixedPoint.format(value, maxFractionDigits: 4))
            object["unit"] = .string("kg")
        }
        if let rpe = object["rpe"] {
            guard let tenths = rpe.intValue, tenths % 5 == 0, (10...100).contains(tenths) else {
                throw EventDecodingError(.invalidValue, offset: 0, key: "rpe", expected: "RPE in tenths, 10 to 100 in steps of 5 (v0)")
            }
            object["rpe"] = .number(tenths % 10 == 0 ? String(tenths / 10) : String(tenths / 10) + ".5")
        }
        if let warmup = object.removeValue(forKey: "warmup") {
            guard case .bool(let isWarmup) = warmup else {
                throw EventDecodingError(.invalidValue, offset: 0, key: "warmup", expected: "true or false (v0)")
            }
            if isWarmup { object["set_type"] = .string("warmup") }
        }
    }
}

extension EventCodec {
    /// Every upcasting step, by type and source version.
    public static let upcasters: [EventUpcaster] = [.setLoggedV0]

    /// Raises a raw event object (with `type` and `v`) to its type's current version.
    public static func upcast(_ object: JSONObject) throws(EventDecodingError) -> JSONObject {
        guard let typeText = object["type"]?.stringValue, let type = EventType(rawValue: typeText) else {
            throw EventDecodingError(.unknownType, offset: 0, key: "type", expected: "an event type of the catalogue")
        }
        let current = currentVersion(of: type)
        guard let version = object["v"]?.intValue ?? Optional(current), version <= current else {
            throw EventDecodingError(.unsupportedVersion, offset: 0, key: "v",
                                     expected: "schema version at most \(current) for \(typeText)")
        }
        var raised = object
        for from in version..<current {
            guard let step = upcasters.first(where: { $0.type == type && $0.from == from }) else {
                throw EventDecodingError(.unsupportedVersion, offset: 0, key: "v",
                                         expected: "a version of \(typeText) this reader can upcast (none from \(from))")
            }
            try step.upgrade(&raised)
        }
        raised["v"] = .number(String(current))
        return raised
    }

    /// The slow path: if `line` is a JSON object whose `v` is older than its type's current
    /// version, the upcast event; `nil` when it is not (the fast path's `failure` then stands).
    static func upcastIfOlder(_ line: UnsafeRawBufferPointer, failure: EventDecodingError) throws(EventDecodingError) -> Event? {
        guard let parsed = try? JSONValue.parse(line), case .object(let object) = parsed,
              let typeText = object["type"]?.stringValue, let type = EventType(rawValue: typeText),
              let version = object["v"]?.intValue, version < currentVersion(of: type) else { return nil }
        let bytes = try upcast(object).bytes
        return try bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(EventDecodingError) -> Event in
                guard let base = buffer.baseAddress else { throw failure }
                var reader = LineReader(base: base, count: buffer.count)
                return try reader.event()
            }
        }.get()
    }
}
