import CMVVM
import CMVVMSeeds
import FoundationEssentials
import MVVMDomain
import MVVMRuntime

@c public func mvvm_sample_options_init(_ options: UnsafeMutablePointer<mvvm_sample_options>?) -> mvvm_status {
    // Any thread: it only fills the caller's struct.
    guard let options else { return LastError.fail(.nullPointer("options")) }
    options.pointee = .defaults
    LastError.clear()
    return MVVM_OK
}

@MainActor @c public func mvvm_repository_new_sample(
    _ options: UnsafePointer<mvvm_sample_options>?, _ outRepository: UnsafeMutablePointer<OpaquePointer?>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outRepository, "out_repository")
        let settings = try SampleSettings(options?.pointee ?? .defaults)
        let store = SampleDataStore(configuration: settings.configuration)
        let object = RepositoryObject(
            users: SampleUserRepository(store: store, conditions: settings.conditions),
            posts: SamplePostRepository(store: store, conditions: settings.conditions))
        out.pointee = runtime.register(object)
    }
}

extension mvvm_sample_options {
    static var defaults: mvvm_sample_options {
        let configuration = SampleDataConfiguration()
        return mvvm_sample_options(
            struct_size: UInt32(MemoryLayout<mvvm_sample_options>.size),
            user_count: Int64(configuration.userCount), page_size: Int32(configuration.pageSize),
            post_count: Int64(configuration.postCount), comments_per_post: Int32(configuration.commentsPerPost),
            // The header documents seed 1 as the C default (the Swift configuration's own
            // default differs; C hosts follow the header).
            seed: 1, latency_ms: 0, fail_every_nth: 0)
    }
}

/// Validated sample options: every range the header states is checked here, before the
/// domain layer's preconditions could ever see a bad value.
private struct SampleSettings {
    let configuration: SampleDataConfiguration
    let conditions: SimulatedConditions

    init(_ options: mvvm_sample_options) throws(APIError) {
        guard options.struct_size == UInt32(MemoryLayout<mvvm_sample_options>.size) else {
            throw .invalidArgument(
                "options->struct_size is \(options.struct_size), expected \(MemoryLayout<mvvm_sample_options>.size): initialise the struct with mvvm_sample_options_init()."
            )
        }
        guard (0...100_000_000).contains(options.user_count) else {
            throw .invalidArgument("options->user_count \(options.user_count) is outside 0...100000000.")
        }
        guard (1...10_000).contains(options.page_size) else {
            throw .invalidArgument("options->page_size \(options.page_size) is outside 1...10000.")
        }
        guard (0...1_000_000).contains(options.post_count) else {
            throw .invalidArgument("options->post_count \(options.post_count) is outside 0...1000000.")
        }
        guard options.post_count == 0 || options.user_count > 0 else {
            throw .invalidArgument("options->post_count is \(options.post_count) but there are no users to write them.")
        }
        guard (0...1_000).contains(options.comments_per_post) else {
            throw .invalidArgument("options->comments_per_post \(options.comments_per_post) is outside 0...1000.")
        }
        guard (0...60_000).contains(options.latency_ms) else {
            throw .invalidArgument("options->latency_ms \(options.latency_ms) is outside 0...60000.")
        }
        guard options.fail_every_nth >= 0 else {
            throw .invalidArgument("options->fail_every_nth \(options.fail_every_nth) is negative.")
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

@MainActor @c public func mvvm_repository_new_json_file(
    _ path: UnsafePointer<CChar>?, _ outRepository: UnsafeMutablePointer<OpaquePointer?>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outRepository, "out_repository")
        let path = try string(from: path, "path")
        guard !path.isEmpty else { throw .invalidArgument("path is empty.") }
        let url = URL(fileURLWithPath: path)
        try reportingSystemFailure { () throws(DomainError) in try JSONFileRepository.preflight(fileURL: url) }
        let repository = JSONFileRepository(fileURL: url)
        out.pointee = runtime.register(RepositoryObject(users: repository, posts: repository))
    }
}

@MainActor @c public func mvvm_repository_new_sqlite(
    _ path: UnsafePointer<CChar>?, _ fill: UnsafePointer<mvvm_sample_options>?,
    _ outRepository: UnsafeMutablePointer<OpaquePointer?>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outRepository, "out_repository")
        let path = try string(from: path, "path")
        guard !path.isEmpty else { throw .invalidArgument("path is empty.") }
        var configuration: SampleDataConfiguration?
        if let fill {
            let settings = try SampleSettings(fill.pointee)
            guard fill.pointee.latency_ms == 0, fill.pointee.fail_every_nth == 0 else {
                throw .invalidArgument("fill_or_null->latency_ms and ->fail_every_nth apply to the sample repository only; set them to 0.")
            }
            configuration = settings.configuration
        }
        let url = URL(fileURLWithPath: path)
        try reportingSystemFailure { () throws(DomainError) in try SQLiteRepository.preflight(fileURL: url) }
        let repository = SQLiteRepository(
            fileURL: url, pageSize: configuration?.pageSize ?? 20, fillConfiguration: configuration)
        out.pointee = runtime.register(RepositoryObject(users: repository, posts: repository))
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
