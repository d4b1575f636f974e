import Glibc

/// C strings a getter lends to the host, valid until the object's next getter call, its next
/// change, or its destruction (the header's rule). Owned here; freed in one place.
@MainActor
public final class BorrowedStrings {
    private var lent: [UnsafeMutablePointer<CChar>] = []

    /// A C copy of `string`, kept until `releaseAll()`.
    public func lend(_ string: String) -> UnsafePointer<CChar> {
        let copy = strdup(string)!
        lent.append(copy)
        return UnsafePointer(copy)
    }

    /// `lend` for optional strings: NULL for nil.
    public func lend(_ string: String?) -> UnsafePointer<CChar>? {
        string.map { lend($0) }
    }

    /// Releases what was lent before and lends `string`: what a getter does.
    func lendFresh(_ string: String) -> UnsafePointer<CChar> {
        releaseAll()
        return lend(string)
    }

    /// `lendFresh` for optional strings: NULL for nil.
    func lendFresh(_ string: String?) -> UnsafePointer<CChar>? {
        releaseAll()
        return lend(string)
    }

    public func releaseAll() {
        for pointer in lent { free(pointer) }
        lent.removeAll(keepingCapacity: true)
    }

    isolated deinit {
        releaseAll()
    }
}
