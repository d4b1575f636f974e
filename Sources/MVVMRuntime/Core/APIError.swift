import CMVVM

/// A failed API call: the status the C caller gets and the sentence
/// `mvvm_last_error_message()` gives.
public struct APIError: Error {
    public let status: mvvm_status
    public let message: String
    /// A NULL pointer refused (`nullPointer`): a check of the C call's arguments alone, which
    /// changed nothing (the journal marks it, and replay does not make such a call again).
    public let refusesPointer: Bool

    public init(_ status: mvvm_status, _ message: String) {
        self.status = status
        self.message = message
        self.refusesPointer = false
    }

    private init(nullPointer parameter: String) {
        self.status = MVVM_E_INVALID_ARGUMENT
        self.message = "\(parameter) must not be NULL."
        self.refusesPointer = true
    }

    public static func invalidArgument(_ message: String) -> APIError { APIError(MVVM_E_INVALID_ARGUMENT, message) }
    public static func outOfRange(_ what: String, index: Int64, count: Int) -> APIError {
        APIError(MVVM_E_OUT_OF_RANGE, "\(what) index \(index) is out of range: there are \(count).")
    }
    public static func nullPointer(_ parameter: String) -> APIError {
        APIError(nullPointer: parameter)
    }
}
