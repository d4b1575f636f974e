import CMVVMSeeds
import FoundationEssentials
import MVVMDomain
import MVVMRuntime

/// The options structs of the repository's constructors, declared in Include/mvvm_seeds.h.
enum SeedsOptions {
    static let sample = OptionsDeclaration<mvvm_sample_options>(cType: "mvvm_sample_options") {
        let configuration = SampleDataConfiguration()
        return mvvm_sample_options(
            struct_size: 0, user_count: Int64(configuration.userCount), page_size: Int32(configuration.pageSize),
            post_count: Int64(configuration.postCount), comments_per_post: Int32(configuration.commentsPerPost),
            // The header documents seed 1 as the C default (the Swift configuration's own
            // default differs; C hosts follow the header).
            seed: 1, latency_ms: 0, fail_every_nth: 0)
    }

    static let http = OptionsDeclaration<mvvm_http_options>(
        cType: "mvvm_http_options",
        defaults: {
            mvvm_http_options(
                struct_size: 0, page_size: 20, timeout_ms: 10_000, max_body_bytes: 4 * 1024 * 1024,
                max_header_bytes: Int32(HTTPRepositoryConfiguration.defaultMaxHeaderBytes))
        },
        // 0.2's struct ended before max_header_bytes (MVVM_HTTP_OPTIONS_SIZE_0_2).
        earlierVersions: [.version("0.2", size: MemoryLayout<mvvm_http_options>.offset(of: \.max_header_bytes)!)])
}

/// Validated sample options: every range the header states is checked here, before the
/// domain layer's preconditions could ever see a bad value. `parameter` names the struct in
/// messages.
struct SampleSettings {
    let configuration: SampleDataConfiguration
    let conditions: SimulatedConditions

    init(_ options: mvvm_sample_options, _ parameter: String) throws(APIError) {
        try check(options.user_count, in: 0...100_000_000, "\(parameter)->user_count")
        try check(options.page_size, in: 1...10_000, "\(parameter)->page_size")
        try check(options.post_count, in: 0...1_000_000, "\(parameter)->post_count")
        guard options.post_count == 0 || options.user_count > 0 else {
            throw .invalidArgument("\(parameter)->post_count is \(options.post_count) but there are no users to write them.")
        }
        try check(options.comments_per_post, in: 0...1_000, "\(parameter)->comments_per_post")
        try check(options.latency_ms, in: 0...60_000, "\(parameter)->latency_ms")
        guard options.fail_every_nth >= 0 else {
            throw .invalidArgument("\(parameter)->fail_every_nth \(options.fail_every_nth) is negative.")
        }
        configuration = SampleDataConfiguration(
            userCount: Int(options.user_count), pageSize: Int(options.page_size), postCount: Int(options.post_count),
            commentsPerPost: Int(options.comments_per_post), seed: options.seed)
        conditions = SimulatedConditions(
            latency: .milliseconds(Int(options.latency_ms)),
            failures: options.fail_every_nth > 0 ? .everyNthCall(Int(options.fail_every_nth)) : .never,
            sleep: MainQueueSleep.sleep)
    }
}

/// Validated HTTP options: every range the header states is checked here, before the domain
/// layer's preconditions could see a bad value.
struct HTTPLimits {
    let pageSize: Int
    let timeout: TimeInterval
    let maxBodyBytes: Int
    let maxHeaderBytes: Int

    init(_ options: mvvm_http_options) throws(APIError) {
        try check(options.page_size, in: 1...1_000, "options->page_size")
        try check(options.timeout_ms, in: 1...600_000, "options->timeout_ms")
        try check(options.max_body_bytes, in: 1_024...1_073_741_824, "options->max_body_bytes")
        try check(options.max_header_bytes, in: 1_024...102_400, "options->max_header_bytes")
        pageSize = Int(options.page_size)
        timeout = TimeInterval(options.timeout_ms) / 1_000
        maxBodyBytes = Int(options.max_body_bytes)
        maxHeaderBytes = Int(options.max_header_bytes)
    }
}

/// Refuses `value` outside `range`: "WHAT VALUE is outside LOW...HIGH." (the ranges the header
/// states for each field).
private func check<Value: BinaryInteger>(_ value: Value, in range: ClosedRange<Value>, _ what: String) throws(APIError) {
    guard range.contains(value) else {
        throw .invalidArgument("\(what) \(value) is outside \(range.lowerBound)...\(range.upperBound).")
    }
}
