/// A note: what the list shows and the editor edits.
public struct Note: Identifiable, Hashable, Codable, Sendable {
    /// The store's id; 0 for a note not stored yet (the store gives it one).
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
}
