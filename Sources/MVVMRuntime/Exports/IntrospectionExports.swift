import CMVVM

@c public func mvvm_type_describe(_ type: mvvm_type, _ outInfo: UnsafeMutablePointer<UnsafePointer<mvvm_type_info>?>?) -> mvvm_status {
    // Any thread: the tables are immutable once built.
    guard let outInfo else { return LastError.fail(.nullPointer("out_info")) }
    guard let info = TypeCatalog.cInfo(of: type) else {
        return LastError.fail(.invalidArgument("\(type.rawValue) is not an mvvm_type."))
    }
    outInfo.pointee = info
    LastError.clear()
    return MVVM_OK
}
