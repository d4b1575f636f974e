/// A Swift type over a host's table: the class an `@HostInterface` writes (`Host<Protocol>`),
/// which implements the protocol by calling the host. Its `interface` is the table's
/// declaration; an `@HostConstructor` makes a ViewModel over a new one.
public protocol HostAdapter {
    nonisolated static var interface: HostInterfaceDeclaration { get }
    init(host: HostImplementation)
}
