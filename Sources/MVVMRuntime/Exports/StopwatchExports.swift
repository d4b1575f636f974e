import CMVVM
import MVVMFeatures

@MainActor @c public func mvvm_stopwatch_new(_ outVM: UnsafeMutablePointer<OpaquePointer?>?) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outVM, "out_vm")
        out.pointee = runtime.register(StopwatchObject(viewModel: StopwatchViewModel()))
    }
}

@MainActor @c public func mvvm_stopwatch_button_tapped(_ vm: OpaquePointer?) -> mvvm_status {
    objectCall(vm, as: StopwatchObject.self) { $0.viewModel.buttonTapped() }
}

@MainActor @c public func mvvm_stopwatch_lap(_ vm: OpaquePointer?) -> mvvm_status {
    objectCall(vm, as: StopwatchObject.self) { $0.viewModel.lap() }
}

@MainActor @c public func mvvm_stopwatch_reset(_ vm: OpaquePointer?) -> mvvm_status {
    objectCall(vm, as: StopwatchObject.self) { $0.viewModel.reset() }
}

@MainActor @c public func mvvm_stopwatch_get_elapsed_text(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> mvvm_status {
    objectGet(vm, as: StopwatchObject.self, out, "out_text") { $0.borrowed.lendFresh($0.viewModel.elapsedText) }
}

@MainActor @c public func mvvm_stopwatch_get_button_text(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> mvvm_status {
    objectGet(vm, as: StopwatchObject.self, out, "out_text") { $0.borrowed.lendFresh($0.viewModel.buttonText) }
}

@MainActor @c public func mvvm_stopwatch_get_is_running(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    objectGet(vm, as: StopwatchObject.self, out, "out_is_running") { $0.viewModel.isRunning.cFlag }
}

@MainActor @c public func mvvm_stopwatch_get_is_lap_enabled(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<Int32>?) -> mvvm_status {
    objectGet(vm, as: StopwatchObject.self, out, "out_enabled") { $0.viewModel.isLapButtonEnabled.cFlag }
}

@MainActor @c public func mvvm_stopwatch_get_lap_count(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> mvvm_status {
    objectGet(vm, as: StopwatchObject.self, out, "out_count") { Int64($0.viewModel.laps.count) }
}

@MainActor @c public func mvvm_stopwatch_get_lap(_ vm: OpaquePointer?, _ index: Int64, _ out: UnsafeMutablePointer<UnsafePointer<CChar>?>?) -> mvvm_status {
    objectGet(vm, as: StopwatchObject.self, out, "out_text") { object throws(APIError) in
        let laps = object.viewModel.laps
        return object.borrowed.lendFresh(laps[try checkedIndex(index, count: laps.count, "Lap")])
    }
}
