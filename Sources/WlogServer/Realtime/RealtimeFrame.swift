import WlogCore

/// One Phoenix channel message as Supabase Realtime speaks it (../shared/design/supabase.md §3):
/// the serializer of `vsn=1.0.0` writes an object `{"event","payload","topic","ref","join_ref"}`,
/// that of `vsn=2.0.0` an array `[join_ref, ref, topic, event, payload]`.
struct RealtimeFrame: Sendable, Equatable {
    /// The serializer a connection asked for with `vsn`.
    enum Version: String, Sendable {
        case v1 = "1.0.0", v2 = "2.0.0"
    }

    var joinRef: String?
    var ref: String?
    var topic: String
    var event: String
    var payload = JSONObject()

    /// The frame a client's text message holds, or an error naming what is wrong with it.
    static func parse(_ text: String, version: Version) throws(RealtimeError) -> RealtimeFrame {
        let value: JSONValue
        do {
            value = try Array(text.utf8).withUnsafeBytes { (buffer) throws(EventDecodingError) in try JSONValue.parse(buffer) }
        } catch {
            throw .frame("the message is not valid JSON (\(error)); send one Phoenix frame per text message")
        }
        switch (version, value) {
        case (.v1, .object(let object)):
            return try frame(joinRef: object["join_ref"], ref: object["ref"], topic: object["topic"], event: object["event"],
                             payload: object["payload"])
        case (.v2, .array(let items)) where items.count == 5:
            return try frame(joinRef: items[0], ref: items[1], topic: items[2], event: items[3], payload: items[4])
        case (.v1, _):
            throw .frame("vsn 1.0.0 frames are JSON objects {\"event\",\"payload\",\"topic\",\"ref\",\"join_ref\"}")
        case (.v2, _):
            throw .frame("vsn 2.0.0 frames are JSON arrays [join_ref, ref, topic, event, payload]")
        }
    }

    private static func frame(joinRef: JSONValue?, ref: JSONValue?, topic: JSONValue?, event: JSONValue?,
                              payload: JSONValue?) throws(RealtimeError) -> RealtimeFrame {
        guard case .string(let topic)? = topic, !topic.isEmpty else { throw .frame("the frame's topic must be a non-empty string") }
        guard case .string(let event)? = event, !event.isEmpty else { throw .frame("the frame's event must be a non-empty string") }
        let object: JSONObject
        switch payload {
        case .object(let o)?: object = o
        case .null?, nil: object = JSONObject()
        default: throw .frame("the frame's payload must be a JSON object")
        }
        return RealtimeFrame(joinRef: try Self.ref(joinRef, "join_ref"), ref: try Self.ref(ref, "ref"), topic: topic, event: event,
                             payload: object)
    }

    /// A `ref`: a string, a number (kept as its text) or null.
    private static func ref(_ value: JSONValue?, _ field: String) throws(RealtimeError) -> String? {
        switch value {
        case .string(let text)?: return text
        case .number(let text)?: return text
        case .null?, nil: return nil
        default: throw .frame("the frame's \(field) must be a string or null")
        }
    }

    /// The text of a server frame whose payload is the JSON `payload` (written as is).
    static func text(version: Version, joinRef: String?, ref: String?, topic: String, event: String, payload: [UInt8]) -> String {
        var json = JSONWriter(capacity: payload.count + topic.utf8.count + 96)
        func optional(_ text: String?) { if let text { json.string(text) } else { json.null() } }
        switch version {
        case .v1:
            json.beginObject()
            json.key(text: "event"); json.string(event)
            json.key(text: "topic"); json.string(topic)
            json.key(text: "ref"); optional(ref)
            json.key(text: "join_ref"); optional(joinRef)
            json.key(text: "payload"); json.raw(payload)
            json.endObject()
        case .v2:
            json.beginArray()
            optional(joinRef)
            optional(ref)
            json.string(topic)
            json.string(event)
            json.raw(payload)
            json.endArray()
        }
        return String(decoding: json.bytes, as: UTF8.self)
    }
}
