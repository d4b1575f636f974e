import CMVVM

/// What a host handed over with its function table: its user data and destroy notifier.
/// `destroy(user_data)` runs once, on the host thread: when the owner (a host implementation,
/// which ViewModels and pending requests keep alive) goes away, or at `mvvm_shutdown()`,
/// whichever comes first. After that the host's functions are never called again.
@MainActor
public final class HostLifetime {
    public let userData: UnsafeMutableRawPointer?
    private let destroy: mvvm_destroy_notify?
    /// Set once the destroy notifier ran (or is running), or the table was abandoned.
    public private(set) var isClosed = false

    /// Every lifetime not yet closed, so shutdown can close those still alive.
    private static var live: [ObjectIdentifier: Weak] = [:]
    private struct Weak { weak var lifetime: HostLifetime? }

    public init(userData: UnsafeMutableRawPointer?, destroy: mvvm_destroy_notify?) {
        self.userData = userData
        self.destroy = destroy
        Self.live[ObjectIdentifier(self)] = Weak(lifetime: self)
    }

    isolated deinit {
        close()
    }

    /// Calls the destroy notifier once.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        Self.live[ObjectIdentifier(self)] = nil
        destroy?(userData)
    }

    /// Forgets the host's data without calling anything (its constructor failed: the host
    /// still owns user_data).
    public func abandon() {
        isClosed = true
        Self.live[ObjectIdentifier(self)] = nil
    }

    /// Shutdown: ends every pending request (the hosts' `cancel` functions run now), then
    /// calls the destroy notifier of every host table still alive.
    static func shutDownAll() {
        HostRequestTable.shared.cancelAll()
        let lifetimes = live.values.compactMap(\.lifetime)
        live.removeAll()
        for lifetime in lifetimes { lifetime.close() }
    }
}
