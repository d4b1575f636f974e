/// The library's one rule for U+0000 in text: no string a model holds contains it, because
/// every string crosses the C boundary NUL-terminated and would be cut short there, silently
/// (see "STRINGS AND U+0000" in mvvm.h). Data that would carry one is refused where it enters:
/// the HTTP scanner refuses "\u0000" in a body, C strings cannot hold one, the Python binding
/// refuses such arguments, and the stores check what they read from their files with
/// `StoredText.check`.
protocol StoredText {
    /// The record as a message names it ("user 3").
    var recordName: String { get }
    /// Each text field's name and value.
    var textFields: KeyValuePairs<String, String> { get }
}

extension StoredText {
    /// Refuses a record read from the store at `path` whose text holds U+0000, as a damaged
    /// store naming the record and the field.
    func checkStoredText(path: String) throws(DomainError) {
        for (field, value) in textFields where value.utf8.contains(0) {
            throw .corruptStore(
                path: path,
                reason: "\(recordName)'s \(field) holds U+0000 (NUL), which no stored text may hold")
        }
    }
}

extension User: StoredText {
    var recordName: String { "user \(id)" }
    var textFields: KeyValuePairs<String, String> { ["name": name, "email": email] }
}

extension Post: StoredText {
    var recordName: String { "post \(id)" }
    var textFields: KeyValuePairs<String, String> { ["title": title, "body": body] }
}

extension Comment: StoredText {
    var recordName: String { "comment \(id)" }
    var textFields: KeyValuePairs<String, String> { ["author name": authorName, "body": body] }
}

extension JSONStoreSnapshot.StoredPost: StoredText {
    var recordName: String { "post \(id)" }
    var textFields: KeyValuePairs<String, String> { ["title": title, "body": body] }
}
