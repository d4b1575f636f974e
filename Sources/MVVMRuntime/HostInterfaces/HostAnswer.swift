/// A host's answer to a request, already copied out of the host's memory.
///
/// `indirect`: an answer travels through the continuation's `Result` and the task's frames,
/// where each copy of the unboxed multi-payload enum was an outlined switch over its cases
/// (≈ 800 instructions an answer); boxed, a copy is one retain.
public indirect enum HostAnswer: Sendable {
    /// `mvvm_request_resolve()` with NULL or `MVVM_VALUE_NONE`.
    case nothing
    /// `mvvm_request_resolve()` with one value.
    case value(Value)
    /// `mvvm_request_resolve_list()`.
    case list([Value])
    /// An answer an application's own typed resolve function made (a page of rows), tagged
    /// with that function's name.
    case custom(resolvedBy: String, any Sendable)
}

extension HostAnswer {
    /// A `.custom` answer's payload as a `T`; nil for another answer or a payload of another
    /// type. What an application's typed resolve function stored comes back without a
    /// dynamic cast (`exactCast`).
    public func payload<T>(_ type: T.Type) -> T? {
        guard case .custom(_, let payload) = self else { return nil }
        return exactCast(payload, to: T.self)
    }
}

/// What a request expects as its answer: which resolve function fits, and what it must carry.
public enum HostAnswerShape: Sendable, Equatable {
    case nothing
    case value(ValueKind)
    case list(ValueKind)
    /// Answered only by the application's function of this name ("mvvm_request_resolve_page()").
    case custom(resolveFunction: String)

    /// Whether `answer` is one this shape expects.
    func accepts(_ answer: HostAnswer) -> Bool {
        switch (self, answer) {
        case (.nothing, .nothing): true
        case (.value(let kind), .value(let value)): value.kind == kind
        case (.list(let kind), .list(let values)): values.allSatisfy { $0.kind == kind }
        case (.custom(let expected), .custom(let function, _)): expected == function
        default: false
        }
    }

    /// How the host answers such a request, for messages and the header.
    package var resolveHint: String {
        switch self {
        case .nothing: "mvvm_request_resolve() with NULL (or an MVVM_VALUE_NONE)"
        case .value(let kind): "mvvm_request_resolve() with a \(kind.cName)"
        case .list(let kind): "mvvm_request_resolve_list() with \(kind.cName) items"
        case .custom(let function): function
        }
    }
}

/// The failure a host reported with `mvvm_request_fail()`, or one of the runtime's own about a
/// host implementation (shut down, a missing optional function). Its message is what the
/// ViewModel shows, unchanged (`description`).
public struct HostFailure: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
