/// A versioned options struct that an application's constructors take (`app_store_options`),
/// as sqlite3's and libcurl's option structs: its first field is `uint32_t struct_size`, set by
/// its `_init` function, so the struct may grow at its end and a host built against an older
/// header keeps working.
///
/// The struct itself is C, written by hand in the application's header with a doc per field
/// (its Swift twin `Options` is what the header's module imports); declared here are the
/// facts the framework acts on: its C name, its defaults, and the sizes of earlier versions.
/// From the declaration follow `NAME_init()` (any thread: it fills the caller's struct with
/// the defaults), the size check of every constructor taking one, and the schema hash's line.
///
/// This base class is the type-erased description; `OptionsDeclaration<Options>` adds the
/// struct's Swift type.
public class OptionsStruct: @unchecked Sendable {
    /// The struct's C name: "app_store_options".
    public let cType: String
    /// `sizeof` the struct of this version.
    public let size: Int
    /// The sizes of earlier versions, each a prefix of this one, oldest first.
    public let earlierVersions: [EarlierVersion]

    /// An earlier version of the struct: its `struct_size`, where a later field starts.
    public struct EarlierVersion: Sendable {
        public let version: String
        public let size: Int

        /// `version`'s struct ended at `size` (`MemoryLayout<S>.offset(of: \.first_new_field)!`).
        public static func version(_ version: String, size: Int) -> Self { Self(version: version, size: size) }
    }

    init(cType: String, size: Int, earlierVersions: [EarlierVersion]) {
        precondition(size >= MemoryLayout<UInt32>.size, "\(cType) starts with uint32_t struct_size")
        for earlier in earlierVersions {
            precondition(
                earlier.size >= MemoryLayout<UInt32>.size && earlier.size < size,
                "\(cType) \(earlier.version) ended inside the struct of this version")
        }
        self.cType = cType
        self.size = size
        self.earlierVersions = earlierVersions
    }

    /// `NAME_init`: the function that fills the struct with the defaults.
    public var initFunction: String { cType + "_init" }

    /// The `struct_size`s accepted: this version's, then the earlier ones, newest first.
    public var acceptedSizes: [Int] { [size] + earlierVersions.reversed().map(\.size) }

    /// Writes the defaults into `options` (`size` bytes).
    func writeDefaults(to options: UnsafeMutableRawPointer) {
        preconditionFailure("OptionsStruct is abstract")
    }

    /// The host's struct at `pointer`, as `OptionsDeclaration.read` reads it.
    func read(any pointer: UnsafeRawPointer, parameter: String) throws(APIError) -> Any {
        preconditionFailure("OptionsStruct is abstract")
    }
}

/// A versioned options struct whose Swift twin is `Options` (the C struct imported from the
/// application's header).
public final class OptionsDeclaration<Options: BitwiseCopyable>: OptionsStruct, @unchecked Sendable {
    private let defaults: @Sendable () -> Options

    /// `defaults` gives the struct `NAME_init()` writes; its `struct_size` is set to this
    /// version's size whatever `defaults` says. `earlierVersions`: where each earlier version
    /// of the struct ended, oldest first.
    public init(cType: String, defaults: @escaping @Sendable () -> Options, earlierVersions: [EarlierVersion] = []) {
        self.defaults = defaults
        super.init(cType: cType, size: MemoryLayout<Options>.size, earlierVersions: earlierVersions)
    }

    /// The defaults, with `struct_size` set.
    public var defaultOptions: Options {
        var options = defaults()
        withUnsafeMutableBytes(of: &options) { $0.storeBytes(of: UInt32(size), as: UInt32.self) }
        return options
    }

    override func writeDefaults(to options: UnsafeMutableRawPointer) {
        options.storeBytes(of: defaultOptions, as: Options.self)
    }

    override func read(any pointer: UnsafeRawPointer, parameter: String) throws(APIError) -> Any {
        try read(pointer, parameter: parameter)
    }

    /// The host's struct at `pointer`: this version's, or an earlier one's whose
    /// missing fields take the defaults (only its first `struct_size` bytes are read: the rest
    /// is not the host's memory). Any other size is refused, naming `parameter`.
    func read(_ pointer: UnsafeRawPointer, parameter: String) throws(APIError) -> Options {
        let given = Int(pointer.loadUnaligned(as: UInt32.self))
        guard acceptedSizes.contains(given) else {
            let earlier = earlierVersions.reversed().map { "\($0.size) (\($0.version))" }
            let alternatives = earlier.isEmpty ? "" : " (or an earlier version's: \(earlier.joined(separator: ", ")))"
            throw .invalidArgument(
                "\(parameter)->struct_size is \(given), expected sizeof(\(cType)) = \(size)\(alternatives): initialise the struct with \(initFunction)()."
            )
        }
        guard given < size else { return pointer.loadUnaligned(as: Options.self) }
        var options = defaultOptions
        withUnsafeMutableBytes(of: &options) { target in
            // Its own struct_size stays the host's, so a constructor can tell the versions apart.
            target.copyMemory(from: UnsafeRawBufferPointer(start: pointer, count: given))
        }
        return options
    }
}
