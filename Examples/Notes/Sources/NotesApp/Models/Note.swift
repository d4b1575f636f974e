import MVVMRuntime

/// A note: what the list shows and the editor edits.
@Record
public struct Note: Identifiable, Hashable, Codable, Sendable {
    /// The store's id; 0 for a note not stored yet (the store gives it one). A note the host
    /// passes is a stored one: its id is positive.
    public var id: Int
    public var title: String
    public var body: String
    /// When it was last saved, in seconds since 1970-01-01 UTC.
    public var updatedAt: Double
    /// Pinned notes come first in the list.
    public var pinned: Bool

    public init(id: Int = 0, title: String, body: String = "", updatedAt: Double = 0, pinned: Bool = false) {
        self.id = id
        self.title = title
        self.body = body
        self.updatedAt = updatedAt
        self.pinned = pinned
    }

    /// Every note the host passes (an answer of its store, an Undo's) is a stored one.
    public static func validatedRecord(_ note: Note, fields: RecordFields) throws(APIError) -> Note {
        guard note.id > 0 else { throw fields.refusal("id", "is \(note.id); a stored note's id is positive.") }
        return note
    }
}
