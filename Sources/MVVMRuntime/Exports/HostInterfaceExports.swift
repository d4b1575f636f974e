import CMVVM

// Host-implemented interfaces: introspection (any thread) and the generic host constructor.

@c public func mvvm_interface_describe(
    _ type: mvvm_type, _ outInfo: UnsafeMutablePointer<UnsafePointer<mvvm_interface_info>?>?
) -> mvvm_status {
    do throws(APIError) {
        let out = try require(outInfo, "out_info")
        guard let declaration = TypeCatalog.declaration(of: type) else {
            throw .invalidArgument("\(type) is not an mvvm_type.")
        }
        guard let info = HostInterfaceCatalog.cInfo(of: type) else {
            throw APIError(
                MVVM_E_NOT_FOUND, "A \(declaration.name) is not made over a host's implementation: it has no host interface\(typesWithInterfaces()).")
        }
        out.pointee = info
    } catch {
        return LastError.fail(error)
    }
    LastError.clear()
    return MVVM_OK
}

@c public func mvvm_interface_find(
    _ name: UnsafePointer<CChar>?, _ outInfo: UnsafeMutablePointer<UnsafePointer<mvvm_interface_info>?>?
) -> mvvm_status {
    do throws(APIError) {
        let out = try require(outInfo, "out_info")
        let name = try string(from: name, "name")
        guard let info = HostInterfaceCatalog.cInfo(named: name) else {
            let names = HostInterfaceCatalog.names
            throw APIError(
                MVVM_E_NOT_FOUND,
                "This library declares no host interface named \"\(name)\"; "
                    + (names.isEmpty ? "it has none." : "its interfaces are \(names.joined(separator: ", ")).")
            )
        }
        out.pointee = info
    } catch {
        return LastError.fail(error)
    }
    LastError.clear()
    return MVVM_OK
}

@MainActor @c public func mvvm_object_new_host(
    _ type: mvvm_type, _ vtable: UnsafeRawPointer?, _ userData: UnsafeMutableRawPointer?, _ destroy: mvvm_destroy_notify?,
    _ outObject: UnsafeMutablePointer<OpaquePointer?>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outObject, "out_object")
        guard let declaration = TypeCatalog.declaration(of: type) else {
            throw .invalidArgument("\(type) is not an mvvm_type.")
        }
        out.pointee = try makeOverHost(declaration, vtable, userData, destroy, in: runtime)
    }
}

/// A new object of `declaration`'s type over the host's table, registered; its handle. On any
/// failure the table is never called and its destroy notifier does not run: the host still
/// owns user_data.
@MainActor
func makeOverHost(
    _ declaration: TypeDeclaration, _ vtable: UnsafeRawPointer?, _ userData: UnsafeMutableRawPointer?,
    _ destroy: mvvm_destroy_notify?, in runtime: Runtime
) throws(APIError) -> OpaquePointer {
    guard let interface = declaration.hostInterface else {
        throw APIError(
            MVVM_E_STATE, "A \(declaration.name) is not made over a host's implementation (it has no host constructor)\(typesWithInterfaces()).")
    }
    if Journal.isOn {
        JournalCalls.operation("new_host", type: declaration.name)
        JournalCalls.field("table", json: JournalEvents.table(interface, vtable))
    }
    let host = try HostImplementation(interface, vtable: vtable, userData: userData, destroy: destroy)
    do throws(APIError) {
        let handle = runtime.register(try declaration.make(host: host))
        if Journal.isOn { JournalCalls.out(object: handle) }
        return handle
    } catch {
        host.abandon()
        throw error
    }
}

/// "; the types made over one are ItemShop (app_store_vtable)", for messages.
private func typesWithInterfaces() -> String {
    let made = TypeRegistry.shared.declarations.compactMap { declaration in
        declaration.hostInterface.map { "\(declaration.name) (\($0.cType))" }
    }
    return made.isEmpty ? "; this library has no host interfaces" : "; the types made over one are " + made.joined(separator: ", ")
}
