/// Derives a response model's `JSONWritable` conformance from its stored properties: each key is
/// the property's name, written once (`WlogServerMacros.JSONObjectMacro` says how: keys in byte
/// order, `@Nullable` as `null`, plain optionals left out when absent). `JSONWriterTests` holds
/// every such model's bytes to its `Encodable` output. The extension's `JSONWritable` refines
/// `Encodable`, so a model declares neither: its `Encodable` form is the synthesized one (and an
/// internal model is `Sendable` when its properties are).
@attached(extension, conformances: JSONWritable, names: named(writeJSON))
macro JSONObject() = #externalMacro(module: "WlogServerMacros", type: "JSONObjectMacro")
