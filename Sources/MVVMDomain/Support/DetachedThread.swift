#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for work that blocks for long (the HTTP transfer loop sleeping in
/// `curl_multi_poll`), started with pthreads: Foundation's `Thread` is CoreFoundation-backed
/// and would link corelibs Foundation and ICU into the library.
enum DetachedThread {
    /// Runs `body` on a new detached thread. (Unnamed: glibc's `pthread_setname_np` is a
    /// GNU extension the Swift Glibc module does not import.)
    ///
    /// - Returns: whether the thread was started (`pthread_create` can fail for want of
    ///   resources; `body` is then never run).
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Start(body: body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var thread = pthread_t()
        guard
            pthread_create(
                &thread, &attributes,
                { context in
                    Unmanaged<Start>.fromOpaque(context!).takeRetainedValue().body()
                    return nil
                }, context) == 0
        else {
            Unmanaged<Start>.fromOpaque(context).release()
            return false
        }
        return true
    }

    private final class Start {
        let body: @Sendable () -> Void

        init(body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}
