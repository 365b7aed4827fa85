import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The macros every module may use (`@PublicInit`, declared in WlogCore).
@main
struct WlogMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [PublicInitMacro.self]
}
