import MVVMRuntime

/// Records for registry tests: a small one, and one whose C form is too large for
/// `mvvm_value`'s union.
struct SmallRecord: RecordValue, Equatable {
    struct CForm { var id: Int64 }
    let id: Int64

    func withCForm(_ body: (UnsafePointer<CForm>) -> Void) {
        var form = CForm(id: id)
        withUnsafePointer(to: &form, body)
    }

    @MainActor func cForm(lendingFrom strings: BorrowedStrings) -> CForm { CForm(id: id) }
}

struct OtherRecord: RecordValue, Equatable {
    let id: Int64
    func withCForm(_ body: (UnsafePointer<Int64>) -> Void) { withUnsafePointer(to: id, body) }
    @MainActor func cForm(lendingFrom strings: BorrowedStrings) -> Int64 { id }
}

struct ThirdRecord: RecordValue, Equatable {
    let id: Int64
    func withCForm(_ body: (UnsafePointer<Int64>) -> Void) { withUnsafePointer(to: id, body) }
    @MainActor func cForm(lendingFrom strings: BorrowedStrings) -> Int64 { id }
}

struct FourthRecord: RecordValue, Equatable {
    let id: Int64
    func withCForm(_ body: (UnsafePointer<Int64>) -> Void) { withUnsafePointer(to: id, body) }
    @MainActor func cForm(lendingFrom strings: BorrowedStrings) -> Int64 { id }
}

struct OversizedRecord: RecordValue, Equatable {
    /// 16 words: more than any member of `mvvm_value`'s union.
    typealias CForm = (Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64, Int64)
    let id: Int64

    func withCForm(_ body: (UnsafePointer<CForm>) -> Void) {
        var form: CForm = (id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafePointer(to: &form, body)
    }

    @MainActor func cForm(lendingFrom strings: BorrowedStrings) -> CForm {
        (id, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }
}
