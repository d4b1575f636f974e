/// The list's order: pinned notes first, then the most recently updated, then the most recently
/// created (ids grow with creation), so the order is total, a list never reshuffles equal
/// notes, and two saves within the clock's resolution still list newest first.
enum NoteOrder {
    static func precedes(_ a: Note, _ b: Note) -> Bool {
        if a.pinned != b.pinned { return a.pinned }
        if a.updatedAt != b.updatedAt { return a.updatedAt > b.updatedAt }
        return a.id > b.id
    }

    static func sorted(_ notes: some Sequence<Note>) -> [Note] { notes.sorted(by: precedes) }
}
