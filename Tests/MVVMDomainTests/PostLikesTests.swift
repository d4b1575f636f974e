import MVVMDomain
import XCTest

final class PostLikesTests: XCTestCase {
    func test_likingAddsOne_andUnlikingRemovesOne() {
        XCTAssertEqual(Post.likesCount(10, afterLiking: true), 11)
        XCTAssertEqual(Post.likesCount(10, afterLiking: false), 9)
    }

    func test_theCountNeverGoesBelowZero() {
        XCTAssertEqual(Post.likesCount(0, afterLiking: false), 0)
        XCTAssertEqual(Post.likesCount(-5, afterLiking: true), 0)
        XCTAssertEqual(Post.likesCount(Int.min, afterLiking: false), 0)
    }

    func test_theCountStopsAtIntMax_insteadOfOverflowing() {
        XCTAssertEqual(Post.likesCount(Int.max, afterLiking: true), Int.max)
        XCTAssertEqual(Post.likesCount(Int.max, afterLiking: false), Int.max - 1)
    }
}
