import CMVVM
import Glibc

// Debugging (mvvm.h, "Debugging"): the inspector's snapshot, the leak report, owned strings.

@MainActor @c public func mvvm_debug_snapshot(_ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outJSON, "out_json")
        guard let copy = strdup(Snapshot.json(of: runtime)) else { throw APIError(MVVM_E_SYSTEM, "Out of memory for the snapshot.") }
        out.pointee = copy
    }
}

@c public func mvvm_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}

@c public func mvvm_debug_leak_report() -> UnsafePointer<CChar> {
    LastError.clear()
    return LeakReport.last
}

@MainActor @c public func mvvm_replay(
    _ journalPath: UnsafePointer<CChar>?, _ options: UnsafePointer<mvvm_replay_options>?,
    _ outReport: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> mvvm_status {
    var report = ""
    let status = Replay.run(journalPath, options, &report)
    outReport?.pointee = strdup(report)
    return status
}

@MainActor @c public func mvvm_debug_serve(
    _ path: UnsafePointer<CChar>?, _ outPath: UnsafeMutablePointer<UnsafePointer<CChar>?>?
) -> mvvm_status {
    apiCall { _ throws(APIError) in
        let requested = try path.map { pointer throws(APIError) in try string(from: pointer, "path") }
        let server = try InspectorServer.start(at: requested)
        outPath?.pointee = UnsafePointer(server.cPath)
    }
}
