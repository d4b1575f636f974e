import CCurl
import FoundationEssentials

/// Turns what can go wrong with a request into the `DomainError` a ViewModel shows.
enum HTTPErrorMapping {
    /// A transfer that libcurl ended with `code` before a complete answer arrived.
    static func transportError(code: CURLcode, host: String) -> DomainError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .unavailable(reason: "the server at \(host) did not answer in time")
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .unavailable(reason: "the server at \(host) cannot be reached")
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            return connectionLost(host: host)
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
            CURLE_SSL_CIPHER, CURLE_SSL_CACERT_BADFILE:
            return .unavailable(reason: "the secure connection to \(host) failed")
        default:
            let text = String(cString: ccurl_easy_strerror(code))
            return .unavailable(reason: "the request to \(host) failed (\(text))")
        }
    }

    /// A connection that closed before the whole answer arrived.
    static func connectionLost(host: String) -> DomainError {
        .unavailable(reason: "the connection to \(host) was lost")
    }

    /// A body larger than the client accepts.
    static func oversized(limit: Int, host: String) -> DomainError {
        .unavailable(reason: "the answer from \(host) is larger than the \(limit)-byte limit")
    }

    /// Headers larger than the client accepts.
    static func oversizedHeaders(limit: Int, host: String) -> DomainError {
        .unavailable(reason: "the answer from \(host) has headers larger than the \(limit)-byte limit")
    }

    /// A body that is not the JSON the contract promises.
    static func malformed(host: String) -> DomainError {
        .unavailable(reason: "the answer from \(host) is not the data that was expected")
    }

    /// A body whose text holds U+0000, which would cut it short at the C boundary.
    static func holdsNUL(host: String) -> DomainError {
        .unavailable(reason: "the answer from \(host) holds U+0000 (NUL) in a text, which is not accepted")
    }

    /// A record other than the one asked for (`sent` instead of `asked`).
    static func wrongRecord(what: String, sent: Int, asked: Int, host: String) -> DomainError {
        .unavailable(reason: "the server at \(host) sent \(what) \(sent) when asked for \(what) \(asked)")
    }

    /// A non-2xx status. `what`/`id` name the resource for a 404; `body` may carry the
    /// server's `{"error": "..."}` sentence, used for a rejected edit.
    static func status(
        _ status: Int, body: Data, what: String, id: Int, host: String
    ) -> DomainError {
        switch status {
        case 404:
            return .notFound(what: what, id: id)
        case 400, 422:
            return .invalidInput(message: serverSentence(body) ?? "the server refused it")
        case 500...599:
            return .unavailable(reason: "the server at \(host) failed (HTTP \(status))")
        default:
            return .unavailable(reason: "the server at \(host) refused the request (HTTP \(status))")
        }
    }

    /// The `error` string of a JSON object body, if it is one and short enough to show.
    private static func serverSentence(_ body: Data) -> String? {
        guard body.count <= 4096 else { return nil }
        var scanner = HTTPJSONScanner([UInt8](body))
        var sentence: String?
        do throws(HTTPJSONScanner.Failure) {
            try scanner.readObject { scanner, key throws(HTTPJSONScanner.Failure) in
                if key == "error" { sentence = try scanner.readString() } else { try scanner.skipValue() }
            }
            try scanner.finish()
        } catch {
            return nil
        }
        guard let sentence, !sentence.isEmpty, sentence.count <= 300 else { return nil }
        return String(sentence.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
    }
}
