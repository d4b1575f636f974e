import Foundation

@testable import MVVMDomain

/// The oracle for the JSON store's file: `snapshot` through `JSONEncoder` in one call with the
/// store's format (sorted keys, pretty printed, ISO 8601 dates, a final newline), which is
/// what the store wrote before it reused unchanged records' bytes.
func wholeDocument(_ snapshot: JSONStoreSnapshot) throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    encoder.dateEncodingStrategy = .iso8601
    var data = try encoder.encode(snapshot)
    data.append(UInt8(ascii: "\n"))
    return data
}
