import Foundation
import MVVMBinding
import XCTest

final class SubscribersCompletionCodableTests: XCTestCase {
    private struct Failure: Error, Codable, Equatable {
        let code: Int
    }

    func test_finished_isEncodedAsSuccess() throws {
        let data = try JSONEncoder().encode(Subscribers.Completion<Failure>.finished)

        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"success":true}"#)
        XCTAssertEqual(try JSONDecoder().decode(Subscribers.Completion<Failure>.self, from: data), .finished)
    }

    func test_aFailure_isEncodedWithItsError() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(Subscribers.Completion<Failure>.failure(Failure(code: 4)))

        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"error":{"code":4},"success":false}"#)
        XCTAssertEqual(try JSONDecoder().decode(Subscribers.Completion<Failure>.self, from: data), .failure(Failure(code: 4)))
    }
}
