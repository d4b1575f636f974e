import SwiftSyntax
import SwiftSyntaxMacros

/// `@Exported`, `@Hidden`, `@Changes`, `@List`, `@ListIndex`, `@OnDestroy`, `@Constructor` and
/// `@HostConstructor`: marks an `@ViewModel` (or `@HostInterface`) reads from the members they
/// are on; they expand to nothing.
public struct MarkerMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] { [] }
}
