import CMVVM
import Foundation
import MVVMDomain

/// A value crossing the C boundary, in Swift form: what a property reads, a command takes and
/// returns, a list item is and an event carries. Its C forms are `mvvm_value` (the generic
/// entry points), the typed functions' parameters and the signal arguments.
///
/// Structs and arrays are stored indirectly so that a `Value` stays two words plus a tag:
/// the scalar and string cases, which every keystroke's notification carries, copy cheaply.
enum Value: Equatable {
    case none
    case bool(Bool)
    case int32(Int32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    indirect case user(User)
    indirect case post(Post)
    indirect case comment(Comment)
    case object(OpaquePointer?)
    indirect case int64Array([Int64])

    var kind: ValueKind {
        switch self {
        case .none: .none
        case .bool: .bool
        case .int32: .int32
        case .int64: .int64
        case .uint64: .uint64
        case .double: .double
        case .string: .string
        case .user: .user
        case .post: .post
        case .comment: .comment
        case .object: .object
        case .int64Array: .int64Array
        }
    }
}

/// `mvvm_value_kind`: the kinds of `Value`, with the header's numbers.
enum ValueKind: Int32, Sendable, CaseIterable {
    case none = 0, bool, int32, int64, uint64, double, string, user, post, comment, object, int64Array

    /// The header's name of the kind, for messages ("MVVM_VALUE_STRING").
    var cName: String {
        switch self {
        case .none: "MVVM_VALUE_NONE"
        case .bool: "MVVM_VALUE_BOOL"
        case .int32: "MVVM_VALUE_INT32"
        case .int64: "MVVM_VALUE_INT64"
        case .uint64: "MVVM_VALUE_UINT64"
        case .double: "MVVM_VALUE_DOUBLE"
        case .string: "MVVM_VALUE_STRING"
        case .user: "MVVM_VALUE_USER"
        case .post: "MVVM_VALUE_POST"
        case .comment: "MVVM_VALUE_COMMENT"
        case .object: "MVVM_VALUE_OBJECT"
        case .int64Array: "MVVM_VALUE_INT64_ARRAY"
        }
    }

    /// The C type a typed function uses for a value of this kind ("int32_t", "const char *").
    var cType: String {
        switch self {
        case .none: "void"
        case .bool, .int32: "int32_t"
        case .int64: "int64_t"
        case .uint64: "uint64_t"
        case .double: "double"
        case .string: "const char *"
        case .user: "mvvm_user"
        case .post: "mvvm_post"
        case .comment: "mvvm_comment"
        case .object: "mvvm_object *"
        case .int64Array: "const int64_t *"
        }
    }

    /// The argument shape of a "notify::" signal announcing a property of this kind.
    var signalShape: SignalShape {
        switch self {
        case .bool, .int32: .int32
        case .int64: .int64
        case .string: .string
        case .user: .user
        case .post: .post
        case .none, .uint64, .double, .comment, .object, .int64Array:
            preconditionFailure("no property of kind \(cName) has a notify signal")
        }
    }
}

extension Value {
    /// Calls `body` with the value as a signal's C arguments (pointers valid during `body`);
    /// `.none` is the NULL of a nullable string, user or post.
    ///
    /// Nonisolated on purpose: a closure written in main-actor code and handed to the
    /// standard library's `withCString` gets a run-time executor check on every call.
    func withSignalValue(as shape: SignalShape, _ body: (SignalValue) -> Void) {
        switch self {
        case .bool(let flag): body(.int32(flag ? 1 : 0))
        case .int32(let value): body(.int32(value))
        case .int64(let value): body(.int64(value))
        case .string(let string): string.withCString { body(.string($0)) }
        case .user(let user):
            user.name.withCString { name in
                user.email.withCString { email in
                    var c = mvvm_user(id: Int64(user.id), name: name, email: email)
                    withUnsafePointer(to: &c) { body(.user($0)) }
                }
            }
        case .post(let post):
            post.title.withCString { title in
                post.body.withCString { text in
                    post.author.name.withCString { author in
                        var c = mvvm_post(post, title: title, body: text, authorName: author)
                        withUnsafePointer(to: &c) { body(.post($0)) }
                    }
                }
            }
        case .none:
            switch shape {
            case .string: body(.string(nil))
            case .user: body(.user(nil))
            case .post: body(.post(nil))
            default: preconditionFailure("a property of shape \(shape) has no absent value")
            }
        case .uint64, .double, .comment, .object, .int64Array:
            preconditionFailure("no signal carries a \(kind.cName)")
        }
    }

    /// The `mvvm_value` form; strings are lent from `strings` (the object's borrowed strings).
    @MainActor
    func cValue(lendingFrom strings: BorrowedStrings) -> mvvm_value {
        var out = mvvm_value()
        out.kind = kind.rawValue
        switch self {
        case .none: break
        case .bool(let flag): out.as.boolean = flag ? 1 : 0
        case .int32(let value): out.as.int32 = value
        case .int64(let value): out.as.int64 = value
        case .uint64(let value): out.as.uint64 = value
        case .double(let value): out.as.real = value
        case .string(let string): out.as.string = strings.lend(string)
        case .user(let user): out.as.user = mvvm_user(user, lendingFrom: strings)
        case .post(let post): out.as.post = mvvm_post(post, lendingFrom: strings)
        case .comment(let comment): out.as.comment = mvvm_comment(comment, lendingFrom: strings)
        case .object(let handle):
            // A bit cast: Tests/ABICheck compiles this file with handles spelled `void *`.
            out.as.object = handleBits(handle)
        case .int64Array:
            preconditionFailure("arrays are arguments only")
        }
        return out
    }

    /// A copy of the C value `value`, checked: NULL strings and invalid UTF-8 are refused.
    /// `parameter` names it in messages.
    init(copying value: mvvm_value, _ parameter: @autoclosure () -> String) throws(APIError) {
        guard let kind = ValueKind(rawValue: value.kind) else {
            throw .invalidArgument("\(parameter()) has kind \(value.kind), which is not an mvvm_value_kind.")
        }
        switch kind {
        case .none: self = .none
        case .bool:
            guard value.as.boolean == 0 || value.as.boolean == 1 else {
                throw .invalidArgument("\(parameter()) is a MVVM_VALUE_BOOL of \(value.as.boolean); it must be 0 or 1.")
            }
            self = .bool(value.as.boolean == 1)
        case .int32: self = .int32(value.as.int32)
        case .int64: self = .int64(value.as.int64)
        case .uint64: self = .uint64(value.as.uint64)
        case .double: self = .double(value.as.real)
        case .string: self = .string(try MVVMRuntime.string(from: value.as.string, "\(parameter()).as.string"))
        case .object: self = .object(handleBits(value.as.object))  // see cValue
        case .int64Array:
            let array = value.as.int64_array
            guard array.count <= 10_000_000 else {
                throw .invalidArgument("\(parameter()).as.int64_array.count \(array.count) is outside 0...10000000.")
            }
            guard array.count == 0 || array.items != nil else {
                throw .nullPointer("\(parameter()).as.int64_array.items (with a non-zero count)")
            }
            self = .int64Array(array.count == 0 ? [] : Array(UnsafeBufferPointer(start: array.items, count: array.count)))
        case .user, .post, .comment:
            throw .invalidArgument("\(parameter()) is a \(kind.cName); no command or property takes one.")
        }
    }
}

extension mvvm_user {
    /// The C form of `user`, its strings lent from `strings`.
    @MainActor
    init(_ user: User, lendingFrom strings: BorrowedStrings) {
        self.init(id: Int64(user.id), name: strings.lend(user.name), email: strings.lend(user.email))
    }
}

extension mvvm_post {
    /// The C form of `post` with the given strings.
    init(_ post: Post, title: UnsafePointer<CChar>, body: UnsafePointer<CChar>, authorName: UnsafePointer<CChar>) {
        self.init(
            id: Int64(post.id), title: title, body: body, author_name: authorName,
            created_at: post.createdAt.timeIntervalSince1970, likes_count: Int64(post.likesCount),
            liked_by_current_user: post.likedByCurrentUser ? 1 : 0, comments_count: Int64(post.commentsCount))
    }

    /// The C form of `post`, its strings lent from `strings`.
    @MainActor
    init(_ post: Post, lendingFrom strings: BorrowedStrings) {
        self.init(post, title: strings.lend(post.title), body: strings.lend(post.body), authorName: strings.lend(post.author.name))
    }
}

extension mvvm_comment {
    /// The C form of `comment`, its strings lent from `strings`.
    @MainActor
    init(_ comment: Comment, lendingFrom strings: BorrowedStrings) {
        self.init(id: Int64(comment.id), author_name: strings.lend(comment.authorName), body: strings.lend(comment.body))
    }
}

/// An object handle in another spelling of the same optional pointer (`mvvm_object *` is
/// `OpaquePointer?` here and `UnsafeMutableRawPointer?` where Tests/ABICheck compiles the
/// sources against handles spelled `void *`).
@inline(__always)
private func handleBits<From, To>(_ handle: From) -> To {
    unsafeBitCast(handle, to: To.self)
}
