/// Adds the memberwise `public init` Swift synthesises only as `internal`: one parameter per stored
/// property in declaration order, labelled with its name and typed by its annotation; a `var`'s
/// initializer is the parameter's default, `nil` that of a `var` of type `T?` without one; a `let`
/// with an initializer, `static` and computed properties are no parameters
/// (`WlogMacros.PublicInitMacro` says how). A stored property must have its type written out.
///
/// A type whose init does anything else — checks, converts, other labels or order — keeps it by hand.
@attached(member, names: named(init))
public macro PublicInit() = #externalMacro(module: "WlogMacros", type: "PublicInitMacro")
