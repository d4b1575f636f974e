import FoundationEssentials

/// Encodes a `JSONStoreSnapshot` to exactly the bytes `JSONFileStore.save(_:)` writes for it,
/// re-encoding only the records (users, posts, comments) that differ from the previous call's
/// record at the same index; the rest of the document is copied from the last call's bytes.
///
/// A save after one edit so costs one record's encoding plus comparisons and a copy, instead
/// of encoding every record. The layout below is that of `JSONEncoder` with
/// `[.prettyPrinted, .sortedKeys]` (keys in order, two spaces per level, `" : "`, an empty
/// array as `[`, a blank line, `]`); the tests compare whole documents with the encoder's.
struct JSONStoreSnapshotEncoder {
    /// Records sit two levels deep: in an array, in the top-level object.
    private static let recordIndent = 4

    private let encoder = JSONFileStore<JSONStoreSnapshot>.makeEncoder()
    private var comments = EncodedRecords<Comment>(indent: recordIndent)
    private var posts = EncodedRecords<JSONStoreSnapshot.StoredPost>(indent: recordIndent)
    private var users = EncodedRecords<User>(indent: recordIndent)

    /// How many records the last call encoded (the others were reused).
    private(set) var recordsEncodedByLastCall = 0

    /// The document for `snapshot`, final newline included.
    ///
    /// - Throws: what `JSONEncoder` throws for a record. The arrays before the failing one
    ///   keep their new bytes, which is sound: the cache maps records to bytes, nothing more.
    mutating func encode(_ snapshot: JSONStoreSnapshot) throws -> Data {
        // One line per key of JSONStoreSnapshot, sorted. A new stored property needs a line
        // here; the whole-document tests fail until it has one.
        recordsEncodedByLastCall =
            try comments.update(to: snapshot.comments, using: encoder)
            + posts.update(to: snapshot.posts, using: encoder)
            + users.update(to: snapshot.users, using: encoder)

        let version = Array("\(snapshot.version)".utf8)
        // Assembled as an array and copied into `Data` once: each `Data.append` pays for
        // Foundation's exclusivity checks, which showed in profiles.
        var document: [UInt8] = []
        document.reserveCapacity(
            comments.byteCount + posts.byteCount + users.byteCount
                + 2 * (snapshot.comments.count + snapshot.posts.count + snapshot.users.count)
                + 128)
        document.append(contentsOf: "{\n".utf8)
        Self.append(key: "comments", records: comments, to: &document)
        document.append(contentsOf: ",\n".utf8)
        Self.append(key: "posts", records: posts, to: &document)
        document.append(contentsOf: ",\n".utf8)
        Self.append(key: "users", records: users, to: &document)
        document.append(contentsOf: ",\n  \"version\" : ".utf8)
        document.append(contentsOf: version)
        document.append(contentsOf: "\n}\n".utf8)
        return Data(document)
    }

    /// Between two records of an array.
    private static let separator: [UInt8] = Array(",\n".utf8)

    /// `  "key" : [` newline, the records separated by `,` newline, newline, `  ]`. With no
    /// records that leaves the blank line the encoder writes in an empty array.
    private static func append<Record>(
        key: String, records: EncodedRecords<Record>, to document: inout [UInt8]
    ) {
        document.append(contentsOf: "  \"\(key)\" : [\n".utf8)
        for (index, record) in records.encoded.enumerated() {
            if index > 0 { document.append(contentsOf: separator) }
            document.append(contentsOf: record)
        }
        document.append(contentsOf: "\n  ]".utf8)
    }
}
