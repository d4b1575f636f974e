import CMVVM
import CMVVMSeeds
import FoundationEssentials
import MVVMDomain
import MVVMRuntime

@c public func mvvm_http_options_init(_ options: UnsafeMutablePointer<mvvm_http_options>?) -> mvvm_status {
    // Any thread: it only fills the caller's struct.
    guard let options else { return LastError.fail(.nullPointer("options")) }
    options.pointee = .defaults
    LastError.clear()
    return MVVM_OK
}

@MainActor @c public func mvvm_repository_new_http(
    _ baseURL: UnsafePointer<CChar>?, _ cachePath: UnsafePointer<CChar>?,
    _ outRepository: UnsafeMutablePointer<OpaquePointer?>?
) -> mvvm_status {
    mvvm_repository_new_http_with_options(baseURL, cachePath, nil, outRepository)
}

@MainActor @c public func mvvm_repository_new_http_with_options(
    _ baseURL: UnsafePointer<CChar>?, _ cachePath: UnsafePointer<CChar>?,
    _ options: UnsafePointer<mvvm_http_options>?, _ outRepository: UnsafeMutablePointer<OpaquePointer?>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outRepository, "out_repository")
        let text = try string(from: baseURL, "base_url")
        guard !text.isEmpty else { throw .invalidArgument("base_url is empty.") }
        let url: URL
        do throws(DomainError) {
            url = try HTTPRepositoryConfiguration.validatedBaseURL(text)
        } catch {
            throw .invalidArgument(error.message)
        }
        let limits = try HTTPLimits(options)
        var cache: HTTPUserCache?
        if cachePath != nil {
            let path = try string(from: cachePath, "cache_path_or_null")
            guard !path.isEmpty else { throw .invalidArgument("cache_path_or_null is empty (pass NULL for no cache).") }
            cache = try reportingSystemFailure { () throws(DomainError) in try HTTPUserCache(path: path) }
        }
        let repository = HTTPRepository(
            configuration: HTTPRepositoryConfiguration(
                baseURL: url, pageSize: limits.pageSize, timeout: limits.timeout,
                maxBodyBytes: limits.maxBodyBytes, maxHeaderBytes: limits.maxHeaderBytes),
            cache: cache)
        out.pointee = runtime.register(RepositoryObject(users: repository, posts: repository))
    }
}

extension mvvm_http_options {
    static var defaults: mvvm_http_options {
        mvvm_http_options(
            struct_size: UInt32(MemoryLayout<mvvm_http_options>.size),
            page_size: 20, timeout_ms: 10_000, max_body_bytes: 4 * 1024 * 1024,
            max_header_bytes: Int32(HTTPRepositoryConfiguration.defaultMaxHeaderBytes))
    }
}

/// Validated HTTP options: every range the header states is checked here, before the
/// domain layer's preconditions could see a bad value.
private struct HTTPLimits {
    let pageSize: Int
    let timeout: TimeInterval
    let maxBodyBytes: Int
    let maxHeaderBytes: Int

    /// The size of the 0.2 struct, before `max_header_bytes` (MVVM_HTTP_OPTIONS_SIZE_0_2).
    private static let size0_2 = UInt32(MemoryLayout<mvvm_http_options>.offset(of: \.max_header_bytes)!)

    /// Reads `options`, whose first `options.pointee.struct_size` bytes the host wrote.
    init(_ options: UnsafePointer<mvvm_http_options>?) throws(APIError) {
        guard let options else {
            try self.init(.defaults, size: UInt32(MemoryLayout<mvvm_http_options>.size))
            return
        }
        // Read only the fields an older struct has: its tail is not the host's memory.
        let size = options.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        var copy = mvvm_http_options.defaults
        if size == Self.size0_2 {
            withUnsafeMutableBytes(of: &copy) { target in
                target.copyMemory(from: UnsafeRawBufferPointer(start: options, count: Int(size)))
            }
        } else {
            copy = options.pointee
        }
        try self.init(copy, size: size)
    }

    private init(_ options: mvvm_http_options, size: UInt32) throws(APIError) {
        let current = UInt32(MemoryLayout<mvvm_http_options>.size)
        guard size == current || size == Self.size0_2 else {
            throw .invalidArgument(
                "options->struct_size is \(size), expected \(current) (or \(Self.size0_2), the 0.2 size): initialise the struct with mvvm_http_options_init()."
            )
        }
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
