import CMVVM
import MVVMDomain
import MVVMRuntime

/// `mvvm_post`: the post with its author's name and its like and comment counts.
extension Post: RecordValue {
    public func withCForm(_ body: (UnsafePointer<mvvm_post>) -> Void) {
        title.withCString { title in
            self.body.withCString { text in
                author.name.withCString { author in
                    var form = cForm(title: title, body: text, authorName: author)
                    withUnsafePointer(to: &form, body)
                }
            }
        }
    }

    @MainActor public func cForm(lendingFrom strings: BorrowedStrings) -> mvvm_post {
        cForm(title: strings.lend(title), body: strings.lend(body), authorName: strings.lend(author.name))
    }

    /// The C form with the given strings.
    private func cForm(title: UnsafePointer<CChar>, body: UnsafePointer<CChar>, authorName: UnsafePointer<CChar>) -> mvvm_post {
        mvvm_post(
            id: Int64(id), title: title, body: body, author_name: authorName,
            created_at: createdAt.timeIntervalSince1970, likes_count: Int64(likesCount),
            liked_by_current_user: likedByCurrentUser ? 1 : 0, comments_count: Int64(commentsCount))
    }
}
