/// Declares a struct a record from its code (`RecordDeclaration` without restating it): its
/// stored properties are the fields, in order, their C names the properties' in snake case
/// (`updatedAt` → `updated_at`) and their docs the `///` comments; the struct's doc comment
/// is the record's. The record is readable (the host may pass it): its memberwise initialiser
/// builds the model back from C, and `validatedRecord(_:fields:)` may refuse it.
/// `readable: false` for a record the library only hands out; `name:` when the C name is
/// not the type's. The compiler plugin is built by `make deps` (scripts/build-macros.sh) and
/// loaded by `-load-plugin-library` in the target's flags.
@attached(extension, conformances: RecordValue, names: named(recordDeclaration))
public macro Record(name: String? = nil, readable: Bool = true) = #externalMacro(module: "MVVMMacros", type: "RecordMacro")

/// Declares an enum without payloads a C enum from its code (`EnumDeclaration` without
/// restating it): its cases in order, their names in snake case, their docs the `///`
/// comments, their numbers the integer raw values (else counting on from the case before).
@attached(extension, conformances: DeclaredEnum, names: named(declaration))
public macro Enumeration(name: String? = nil) = #externalMacro(module: "MVVMMacros", type: "EnumerationMacro")
