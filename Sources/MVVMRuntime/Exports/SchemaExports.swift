import CMVVM

// The application's schema hash (Registry/SchemaHash.swift): what its header was generated
// from, for hosts and bindings to check before they call anything. Any thread, before
// mvvm_init() too: the registry is immutable once loaded.

@c public func mvvm_schema_hash(_ outHash: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> mvvm_status {
    guard let outHash else { return LastError.fail(.nullPointer("out_hash")) }
    outHash.pointee = SchemaStrings.hash
    LastError.clear()
    return MVVM_OK
}

@c public func mvvm_schema_check(_ expectedHash: UnsafePointer<CChar>?) -> mvvm_status {
    guard let expectedHash else { return LastError.fail(.nullPointer("expected_hash")) }
    guard let expected = String(validatingCString: expectedHash) else {
        return LastError.fail(APIError(MVVM_E_INVALID_UTF8, "expected_hash is not valid UTF-8."))
    }
    let actual = SchemaHash.value
    guard expected == actual else {
        return LastError.fail(
            APIError(
                MVVM_E_SCHEMA,
                """
                This library's application schema is \(actual), but the host expects \(expected): its header (or \
                Python stubs) and the library come from different declarations of the application. Regenerate \
                the header with the application's generator (the header's first line names it), rebuild the \
                library from the same declarations, and rebuild the host against that header.
                """))
    }
    LastError.clear()
    return MVVM_OK
}

/// The hash as a C string that lives as long as the process.
private enum SchemaStrings {
    nonisolated(unsafe) static let hash: UnsafePointer<CChar> = StaticCStrings.make(SchemaHash.value)
}
