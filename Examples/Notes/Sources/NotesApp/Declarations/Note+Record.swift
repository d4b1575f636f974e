import MVVMRuntime

/// `notes_note`: the note as the C API carries it (list rows, "did-save").
extension Note: RecordValue {
    public static let recordDeclaration = RecordDeclaration<Note>(
        name: "Note", doc: "A note.",
        fields: [
            .field("id", \.id, doc: "The store's id."),
            .field("title", \.title),
            .field("body", \.body),
            .field("updated_at", \.updatedAt, doc: "When it was last saved, in seconds since 1970-01-01 UTC."),
            .field("pinned", \.pinned, doc: "Pinned notes come first."),
        ],
        make: { fields throws(APIError) in
            let id: Int = fields["id"]
            // Every note the host passes (an answer of its store, an Undo's) is a stored one.
            guard id > 0 else { throw fields.refusal("id", "is \(id); a stored note's id is positive.") }
            return Note(id: id, title: fields["title"], body: fields["body"], updatedAt: fields["updated_at"], pinned: fields["pinned"])
        })
}
