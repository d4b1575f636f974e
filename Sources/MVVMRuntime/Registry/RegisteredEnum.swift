/// A declared enum as the registry knows it: its C names and cases.
public struct RegisteredEnum: Sendable {
    /// "NoteSort".
    public let name: String
    /// The C type ("app_item_sort").
    public let cType: String
    public let doc: String
    /// Each case: its declared name, its C constant ("NOTES_NOTE_SORT_TITLE"), number and doc.
    public let cases: [(name: String, cName: String, number: Int32, doc: String)]

    init<Model>(_ declaration: EnumDeclaration<Model>, cType: String) {
        name = declaration.name
        self.cType = cType
        doc = declaration.doc
        cases = zip(declaration.cases, declaration.numbers).map { enumCase, number in
            (enumCase.name, "\(cType)_\(enumCase.name)".uppercased(), number, enumCase.doc)
        }
    }
}
