import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@PublicInit` on a public struct: the `public init` Swift synthesises only as `internal` — one
/// parameter per stored instance property, in declaration order, each labelled with the property's
/// name and typed by its annotation, the body assigning each (`self.x = x`).
///
/// A parameter's default is the property's initializer for a `var` that has one, `nil` for a `var`
/// of optional type (`T?`) without one, and none otherwise. A `let` with an initializer, `static`
/// and computed properties are no parameters. A stored property without a type annotation is an
/// error at the property (the macro sees syntax, not inferred types).
public struct PublicInitMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: PublicInitMessage.notAStruct))
            return []
        }
        var parameters: [String] = []
        var assignments: [String] = []
        var missingType = false
        for member in declaration.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  !variable.modifiers.contains(where: { ["static", "class"].contains($0.name.text) }) else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            for binding in variable.bindings where !isComputed(binding) {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmedDescription else { continue }
                if isLet && binding.initializer != nil { continue }
                guard let type = binding.typeAnnotation?.type else {
                    context.diagnose(Diagnostic(node: binding, message: PublicInitMessage.noType(name)))
                    missingType = true
                    continue
                }
                var parameter = "\(name): \(type.trimmedDescription)"
                if !isLet, let value = binding.initializer?.value {
                    parameter += " = \(value.trimmedDescription)"
                } else if !isLet, type.is(OptionalTypeSyntax.self) {
                    parameter += " = nil"
                }
                parameters.append(parameter)
                assignments.append("self.\(name) = \(name)")
            }
        }
        if missingType { return [] }
        let initializer: DeclSyntax = """
            public init(\(raw: parameters.joined(separator: ", "))) {
                \(raw: assignments.joined(separator: "\n"))
            }
            """
        return [initializer]
    }

    /// A getter, or accessors other than `willSet`/`didSet`: no storage, no parameter.
    static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil: false
        case .getter: true
        case .accessors(let accessors): accessors.contains { !["willSet", "didSet"].contains($0.accessorSpecifier.text) }
        }
    }
}

/// Why `@PublicInit` wrote no initializer.
enum PublicInitMessage: DiagnosticMessage {
    case notAStruct
    case noType(String)

    var message: String {
        switch self {
        case .notAStruct: "@PublicInit applies to a struct"
        case .noType(let name): "@PublicInit needs the type of '\(name)' written out: add ': Type' after its name"
        }
    }

    var diagnosticID: MessageID { MessageID(domain: "WlogMacros", id: "\(self)") }
    var severity: DiagnosticSeverity { .error }
}
