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
        guard (0...100_000_000).contains(options.user_count) else {
            throw .invalidArgument("\(parameter)->user_count \(options.user_count) is outside 0...100000000.")
        }
        guard (1...10_000).contains(options.page_size) else {
            throw .invalidArgument("\(parameter)->page_size \(options.page_size) is outside 1...10000.")
        }
        guard (0...1_000_000).contains(options.post_count) else {
            throw .invalidArgument("\(parameter)->post_count \(options.post_count) is outside 0...1000000.")
        }
        guard options.post_count == 0 || options.user_count > 0 else {
            throw .invalidArgument("\(parameter)->post_count is \(options.post_count) but there are no users to write them.")
        }
        guard (0...1_000).contains(options.comments_per_post) else {
            throw .invalidArgument("\(parameter)->comments_per_post \(options.comments_per_post) is outside 0...1000.")
        }
        guard (0...60_000).contains(options.latency_ms) else {
            throw .invalidArgument("\(parameter)->latency_ms \(options.latency_ms) is outside 0...60000.")
        }
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
        guard (1...1_000).contains(options.page_size) else {
            throw .invalidArgument("options->page_size \(options.page_size) is outside 1...1000.")
        }
        guard (1...600_000).contains(options.timeout_ms) else {
            throw .invalidArgument("options->timeout_ms \(options.timeout_ms) is outside 1...600000.")
        }
        guard (1_024...1_073_741_824).contains(options.max_body_bytes) else {
            throw .invalidArgument("options->max_body_bytes \(options.max_body_bytes) is outside 1024...1073741824.")
        }
        guard (1_024...102_400).contains(options.max_header_bytes) else {
            throw .invalidArgument("options->max_header_bytes \(options.max_header_bytes) is outside 1024...102400.")
        }
        pageSize = Int(options.page_size)
        timeout = TimeInterval(options.timeout_ms) / 1_000
        maxBodyBytes = Int(options.max_body_bytes)
        maxHeaderBytes = Int(options.max_header_bytes)
    }
}
