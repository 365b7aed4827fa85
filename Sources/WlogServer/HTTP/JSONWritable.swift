/// A response model that writes its own JSON: exactly the bytes `JSONBody.encoder` writes for its
/// `Encodable` form (keys in byte order, `@Nullable` properties as `null`, absent plain optionals
/// left out), without going through `Encoder`'s containers. `JSONBody.envelope` and
/// `JSONBody.response` take this path for every such value; `JSONWriterTests` holds each
/// conformance to its `Encodable` output.
protocol JSONWritable: Encodable {
    func writeJSON(to json: inout JSONWriter)
}

extension Array: JSONWritable where Element: JSONWritable {
    func writeJSON(to json: inout JSONWriter) {
        json.beginArray()
        for element in self { element.writeJSON(to: &json) }
        json.endArray()
    }
}
