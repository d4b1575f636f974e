/// The list's order: pinned notes first, then the most recently updated, then by id (so the
/// order is total and a list never reshuffles equal notes).
enum NoteOrder {
    static func precedes(_ a: Note, _ b: Note) -> Bool {
        if a.pinned != b.pinned { return a.pinned }
        if a.updatedAt != b.updatedAt { return a.updatedAt > b.updatedAt }
        return a.id < b.id
    }

    static func sorted(_ notes: some Sequence<Note>) -> [Note] { notes.sorted(by: precedes) }
}
