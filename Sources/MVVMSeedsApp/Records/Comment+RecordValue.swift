import CMVVM
import MVVMDomain
import MVVMRuntime

/// `mvvm_comment`: the id, the author's name and the text (not the post id: the list it is
/// read from belongs to one post).
extension Comment: RecordValue {
    public func withCForm(_ body: (UnsafePointer<mvvm_comment>) -> Void) {
        authorName.withCString { author in
            self.body.withCString { text in
                var form = mvvm_comment(id: Int64(id), author_name: author, body: text)
                withUnsafePointer(to: &form, body)
            }
        }
    }

    @MainActor public func cForm(lendingFrom strings: BorrowedStrings) -> mvvm_comment {
        mvvm_comment(id: Int64(id), author_name: strings.lend(authorName), body: strings.lend(body))
    }
}
