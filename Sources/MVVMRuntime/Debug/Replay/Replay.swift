import CMVVM
import Dispatch
import MVVMBindingCore

/// `mvvm_replay()`: reads the journal, checks it was recorded from this application, starts
/// a runtime on the calling thread with the virtual clock, replays, shuts it down.
@MainActor
enum Replay {
    static func run(
        _ journalPath: UnsafePointer<CChar>?, _ options: UnsafePointer<mvvm_replay_options>?, _ report: inout String
    ) -> mvvm_status {
        func refuse(_ error: APIError) -> mvvm_status {
            report = "replay: " + error.message
            return LastError.fail(error)
        }
        guard let journalPath else { return refuse(.nullPointer("journal_path")) }
        guard let path = String(validatingCString: journalPath) else {
            return refuse(APIError(MVVM_E_INVALID_UTF8, "journal_path is not valid UTF-8."))
        }
        var settle = 2000
        if let options {
            let expected = UInt32(MemoryLayout<mvvm_replay_options>.size)
            guard options.pointee.struct_size == expected else {
                return refuse(
                    .invalidArgument(
                        "options->struct_size is \(options.pointee.struct_size); this library accepts \(expected) (sizeof(mvvm_replay_options))."))
            }
            if options.pointee.settle_ms != 0 { settle = Int(options.pointee.settle_ms) }
        }
        if HostThread.isCurrent, Runtime.current != nil {
            return refuse(APIError(MVVM_E_STATE, "mvvm_replay() starts a runtime of its own: call it before mvvm_init() or after mvvm_shutdown()."))
        }
        let journal: ReplayJournal
        switch ReplayJournal.read(path) {
        case .failure(let error): return refuse(.invalidArgument("cannot replay: \(error.message)."))
        case .success(let read): journal = read
        }
        let recorded = journal.header["schema"]?.string ?? "?"
        guard recorded == SchemaHash.value else {
            return refuse(
                .invalidArgument(
                    "cannot replay: \(path) was recorded from an application whose schema is \(recorded); this library's is \(SchemaHash.value) (its declarations differ)."
                ))
        }

        VirtualMainClock.start(at: DispatchTime.now().uptimeNanoseconds)
        DebugOptions.ignoresEnvironment = true
        defer {
            DebugOptions.ignoresEnvironment = false
            VirtualMainClock.stop()
        }
        var initOptions = mvvm_init_options()
        initOptions.struct_size = UInt32(MemoryLayout<mvvm_init_options>.size)
        let started = mvvm_init_with_options(&initOptions)
        guard started == MVVM_OK else {
            report = "replay: the runtime did not start: " + String(cString: mvvm_last_error_message())
            return started
        }
        let engine = ReplayEngine(journal: journal, settleMilliseconds: settle)
        VirtualMainClock.readings = {
            guard HostThread.isCurrent else { return nil }
            return MainActor.assumeIsolated { engine.nextReading() }
        }
        VirtualMainClock.wallReadings = {
            guard HostThread.isCurrent else { return nil }
            return MainActor.assumeIsolated { engine.nextWallReading() }
        }
        engine.run()
        _ = mvvm_shutdown()
        VirtualMainClock.readings = nil
        VirtualMainClock.wallReadings = nil
        report = engine.report()
        if engine.unreadable != nil { return LastError.fail(.invalidArgument(report)) }
        if engine.divergence != nil { return LastError.fail(APIError(MVVM_E_STATE, report)) }
        LastError.clear()
        return MVVM_OK
    }
}
