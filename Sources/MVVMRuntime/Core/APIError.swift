import CMVVM
import MVVMDomain

/// A failed API call: the status the C caller gets and the sentence
/// `mvvm_last_error_message()` gives.
struct APIError: Error {
    let status: mvvm_status
    let message: String

    init(_ status: mvvm_status, _ message: String) {
        self.status = status
        self.message = message
    }

    static func invalidArgument(_ message: String) -> APIError { APIError(MVVM_E_INVALID_ARGUMENT, message) }
    static func outOfRange(_ what: String, index: Int64, count: Int) -> APIError {
        APIError(MVVM_E_OUT_OF_RANGE, "\(what) index \(index) is out of range: there are \(count).")
    }
    static func nullPointer(_ parameter: String) -> APIError {
        APIError(MVVM_E_INVALID_ARGUMENT, "\(parameter) must not be NULL.")
    }
}

/// Runs `body`, reporting a store's or service's refusal (a `DomainError`: a corrupt file, a
/// cache that cannot be opened) as MVVM_E_SYSTEM with its sentence.
func reportingSystemFailure<Value>(_ body: () throws(DomainError) -> Value) throws(APIError) -> Value {
    do {
        return try body()
    } catch {
        throw APIError(MVVM_E_SYSTEM, error.message)
    }
}
