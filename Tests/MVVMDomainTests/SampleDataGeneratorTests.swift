import Foundation
import XCTest

@testable import MVVMDomain

final class SampleDataGeneratorTests: XCTestCase {
    private let configuration = SampleDataConfiguration(
        userCount: 50, pageSize: 10, postCount: 12, commentsPerPost: 3, seed: 2024)

    func test_sameConfiguration_generatesIdenticalData() {
        let first = SampleDataGenerator(configuration: configuration)
        let second = SampleDataGenerator(configuration: configuration)
        XCTAssertEqual(first.allUsers(), second.allUsers())
        XCTAssertEqual(first.allPosts(), second.allPosts())
        XCTAssertEqual(first.comments(forPostAt: 3), second.comments(forPostAt: 3))
    }

    func test_differentSeed_generatesDifferentData() {
        let other = SampleDataConfiguration(
            userCount: 50, pageSize: 10, postCount: 12, commentsPerPost: 3, seed: 2025)
        let first = SampleDataGenerator(configuration: configuration)
        let second = SampleDataGenerator(configuration: other)
        XCTAssertNotEqual(first.allUsers(), second.allUsers())
        XCTAssertNotEqual(first.allPosts(), second.allPosts())
    }

    func test_user_isAPureFunctionOfSeedAndIndex() {
        let generator = SampleDataGenerator(configuration: configuration)
        let all = generator.allUsers()
        // Asking for one user alone gives the same user as generating them all.
        XCTAssertEqual(generator.user(at: 37), all[37])
        // Other counts do not shift anyone: user 37 is the same in a bigger data set.
        let bigger = SampleDataGenerator(
            configuration: SampleDataConfiguration(
                userCount: 5_000, pageSize: 10, postCount: 12, commentsPerPost: 3, seed: 2024))
        XCTAssertEqual(bigger.user(at: 37), all[37])
    }

    func test_users_haveSequentialIds_plausibleNames_andUniqueEmails() {
        let users = SampleDataGenerator(configuration: configuration).allUsers()
        XCTAssertEqual(users.map(\.id), Array(1...50))
        for user in users {
            let parts = user.name.split(separator: " ")
            XCTAssertEqual(parts.count, 2, user.name)
            XCTAssertEqual(user.email, user.email.lowercased())
            let expectedPrefix = "\(parts[0].lowercased()).\(parts[1].lowercased())."
            XCTAssertTrue(user.email.hasPrefix(expectedPrefix), user.email)
            XCTAssertTrue(user.email.contains("@example."), user.email)
        }
        XCTAssertEqual(Set(users.map(\.email)).count, users.count)
        XCTAssertGreaterThan(Set(users.map(\.name)).count, 10, "names should vary")
    }

    func test_names_repeatWithThePeriodOfTheNameTable_andTheFirstPeriodIsAllDifferent() {
        let period = SampleUserNames.period
        XCTAssertEqual(period, 576, "24 first names x 24 last names")
        let generator = SampleDataGenerator(
            configuration: SampleDataConfiguration(
                userCount: 3 * period, pageSize: 10, postCount: 0, seed: 2024))
        let users = generator.allUsers()
        XCTAssertEqual(Set(users[0..<period].map(\.name)).count, period)
        for index in [0, 17, 300, period - 1] {
            XCTAssertEqual(users[index + period].name, users[index].name)
            XCTAssertEqual(users[index + 2 * period].name, users[index].name)
            XCTAssertNotEqual(users[index + period].email, users[index].email)
        }
    }

    func test_nameLayout_dependsOnTheSeed() {
        let first = SampleUserNames(seed: 1, stream: 4)
        let second = SampleUserNames(seed: 2, stream: 4)
        let period = SampleUserNames.period
        let differing = (0..<period).filter { first.name(ofUserAt: $0) != second.name(ofUserAt: $0) }
        XCTAssertGreaterThan(differing.count, period / 2)
    }

    func test_posts_countBackFromTheReferenceDate_inWholeSeconds() {
        let posts = SampleDataGenerator(configuration: configuration).allPosts()
        XCTAssertEqual(posts.map(\.id), Array(1...12))
        for post in posts {
            XCTAssertLessThanOrEqual(post.createdAt, configuration.referenceDate)
            let seconds = post.createdAt.timeIntervalSince1970
            XCTAssertEqual(seconds, seconds.rounded())
        }
        XCTAssertEqual(
            posts.map(\.createdAt), posts.map(\.createdAt).sorted(by: >),
            "higher ids are older")
    }

    func test_posts_haveAuthorsFromTheUserList_andConsistentCounts() {
        let generator = SampleDataGenerator(configuration: configuration)
        let users = generator.allUsers()
        for post in generator.allPosts() {
            XCTAssertEqual(users[post.author.id - 1], post.author)
            XCTAssertEqual(post.commentsCount, 3)
            XCTAssertFalse(post.title.isEmpty)
            XCTAssertEqual(post.title.first.map { $0.isUppercase }, true, post.title)
            XCTAssertFalse(post.title.contains("{"), post.title)
            XCTAssertGreaterThanOrEqual(post.likesCount, 0)
            if post.likedByCurrentUser {
                XCTAssertGreaterThanOrEqual(post.likesCount, 1, "our own like is counted")
            }
        }
    }

    func test_comments_haveUniqueIdsAcrossPosts_andBelongToTheirPost() {
        let generator = SampleDataGenerator(configuration: configuration)
        let comments = (0..<12).flatMap(generator.comments(forPostAt:))
        XCTAssertEqual(comments.map(\.id), Array(1...36))
        XCTAssertEqual(generator.comments(forPostAt: 4).map(\.postId), [5, 5, 5])
        XCTAssertTrue(comments.allSatisfy { !$0.authorName.isEmpty && !$0.body.isEmpty })
    }

    func test_referenceDate_isTheOnlySourceOfTime() {
        let shifted = SampleDataConfiguration(
            userCount: 50, pageSize: 10, postCount: 12, commentsPerPost: 3, seed: 2024,
            referenceDate: configuration.referenceDate.addingTimeInterval(86_400))
        let original = SampleDataGenerator(configuration: configuration).post(at: 5)
        let moved = SampleDataGenerator(configuration: shifted).post(at: 5)
        XCTAssertEqual(moved.createdAt.timeIntervalSince(original.createdAt), 86_400)
        XCTAssertEqual(moved.title, original.title)
    }
}
