import MVVMRuntime

/// The answers of the seeds' host repositories: each has a resolve function of its own
/// (`mvvm_request_resolve_user_page()` …), so each is a custom answer shape of the framework's
/// request table, tagged with that function's name.
enum SeedsAnswer {
    static let userPage = HostAnswerShape.custom(resolveFunction: "mvvm_request_resolve_user_page()")
    static let user = HostAnswerShape.custom(resolveFunction: "mvvm_request_resolve_user()")
    static let post = HostAnswerShape.custom(resolveFunction: "mvvm_request_resolve_post()")
    static let comments = HostAnswerShape.custom(resolveFunction: "mvvm_request_resolve_comments()")
}

extension HostAnswer {
    /// A custom answer's payload as `T`; the table checked the resolve function, and so the type.
    func seeds<T>(_ type: T.Type) -> T {
        guard let typed = payload(T.self) else {
            preconditionFailure("the request table checks the shape of every answer")
        }
        return typed
    }

    /// The answer of the resolve function that `shape` names.
    static func seeds(_ shape: HostAnswerShape, _ payload: any Sendable) -> HostAnswer {
        guard case .custom(let function) = shape else { preconditionFailure("not a seeds' shape") }
        return .custom(resolvedBy: function, payload)
    }
}
