import CMVVM

// Version queries: callable from any thread, before init, after shutdown.

@c public func mvvm_version() -> Int32 {
    Int32(MVVM_VERSION_MAJOR * 10000 + MVVM_VERSION_MINOR * 100 + MVVM_VERSION_PATCH)
}

@c public func mvvm_version_string() -> UnsafePointer<CChar> {
    StaticCStrings.version
}

@c public func mvvm_abi_version() -> Int32 {
    Int32(MVVM_ABI_VERSION)
}

@c public func mvvm_status_name(_ status: mvvm_status) -> UnsafePointer<CChar> {
    StaticCStrings.statusName(status)
}

@c public func mvvm_last_error_message() -> UnsafePointer<CChar> {
    LastError.message
}
