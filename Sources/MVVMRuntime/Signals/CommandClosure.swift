import CFFI
import CMVVM

/// A command of one object turned into a plain `void (*)(void)` with a libffi closure, for
/// toolkits whose callback slots take no user data.
///
/// The closure, its call description and this box live exactly as long as the host may call
/// the pointer: until `mvvm_command_closure_free()` or shutdown.
@MainActor
final class CommandClosure {
    private let target: Handle
    private let command: @MainActor (RuntimeObject) -> Void
    private let closure: UnsafeMutablePointer<ffi_closure>
    private let cif: UnsafeMutablePointer<ffi_cif>
    let function: mvvm_command_fn
    /// The id the host frees it with (the runtime's table key), for the journal.
    var id: UInt64 = 0

    /// Nil when libffi cannot allocate or prepare the closure. libffi must be loaded
    /// (`LibFFI.load`, which `mvvm_command_closure_new` calls first).
    init?(target: Handle, command: @escaping @MainActor (RuntimeObject) -> Void) {
        self.target = target
        self.command = command
        var code: UnsafeMutableRawPointer?
        guard let raw = cffi_closure_alloc(MemoryLayout<ffi_closure>.size, &code), let code else { return nil }
        closure = raw.assumingMemoryBound(to: ffi_closure.self)
        cif = .allocate(capacity: 1)
        guard cffi_prep_cif(cif, FFI_DEFAULT_ABI, 0, cffi_type_void(), nil) == FFI_OK else {
            cffi_closure_free(raw)
            cif.deallocate()
            return nil
        }
        function = unsafeBitCast(code, to: mvvm_command_fn.self)
        // The box is unretained: the runtime's closure table owns it, and frees the closure
        // (in deinit) before the box goes away.
        let box = Unmanaged.passUnretained(self).toOpaque()
        // Every property is set: failing now runs deinit, which frees the closure and cif.
        guard cffi_prep_closure_loc(closure, cif, commandClosureTrampoline, box, code) == FFI_OK else { return nil }
    }

    isolated deinit {
        cffi_closure_free(closure)
        cif.deallocate()
    }

    /// Runs the command if the call is on the host thread and the object is still alive.
    fileprivate func fire() {
        guard let runtime = Runtime.current, let object = runtime.handles.object(at: target) else { return }
        if Journal.isOn { JournalEvents.closure(id) }
        runtime.enter()
        command(object)
        runtime.leave()
    }
}

/// libffi calls this for every call of a closure's pointer; the user data is the box.
private func commandClosureTrampoline(
    _ cif: UnsafeMutablePointer<ffi_cif>?, _ result: UnsafeMutableRawPointer?,
    _ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, _ box: UnsafeMutableRawPointer?
) {
    guard HostThread.isCurrent, let box else { return }
    HostThread.assumeCurrent(box) { box in
        Unmanaged<CommandClosure>.fromOpaque(box).takeUnretainedValue().fire()
    }
}
