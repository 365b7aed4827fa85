import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// `@JSONObject` on a response model: its `JSONWritable` conformance, derived from its stored
/// properties, so each response key is spelled once (the property's name).
///
/// The `writeJSON` it writes is the one `JSONEncoder` with `.sortedKeys` gives for the model's
/// synthesized `Encodable` form: every stored instance property (`static` and computed ones are no
/// keys), keys in the byte order of their UTF-8, a `@Nullable` property as `null` when absent
/// (`json.field`), a plain optional left out when absent (`json.fieldIfPresent`), every other value
/// by `json.field`. A model whose JSON differs from its properties (custom `encode(to:)` or
/// `CodingKeys`) keeps a hand-written `writeJSON` instead.
public struct JSONObjectMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        let calls = storedProperties(of: declaration)
            .sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
            .map { "json.\($0.omittedWhenAbsent ? "fieldIfPresent" : "field")(\"\($0.name)\", \($0.name))" }
        let body = (["json.beginObject()"] + calls + ["json.endObject()"]).joined(separator: "\n")
        let conformance: DeclSyntax = """
            extension \(type.trimmed): JSONWritable {
                func writeJSON(to json: inout JSONWriter) {
                    \(raw: body)
                }
            }
            """
        guard let result = conformance.as(ExtensionDeclSyntax.self) else { return [] }
        return [result]
    }

    /// The stored instance properties in declaration order: their names, and whether synthesized
    /// `Encodable` leaves them out when absent (an optional without `@Nullable`).
    static func storedProperties(of declaration: some DeclGroupSyntax) -> [(name: String, omittedWhenAbsent: Bool)] {
        var properties: [(name: String, omittedWhenAbsent: Bool)] = []
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) else { continue }
            let nullable = variable.attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Nullable" }
            for binding in variable.bindings where !isComputed(binding) {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                let optional = binding.typeAnnotation.map { $0.type.is(OptionalTypeSyntax.self) } ?? false
                properties.append((name, optional && !nullable))
            }
        }
        return properties
    }

    /// A getter, or accessors other than `willSet`/`didSet`: no storage, no key.
    static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil: false
        case .getter: true
        case .accessors(let accessors): accessors.contains { !["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }
}

@main
struct WlogServerMacros: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [JSONObjectMacro.self]
}
