import CMVVM
import MVVMFeatures

@MainActor @c public func mvvm_sorted_integers_new(
    _ initialValues: UnsafePointer<Int64>?, _ initialCount: UInt, _ randomSeed: UInt64,
    _ outVM: UnsafeMutablePointer<OpaquePointer?>?
) -> mvvm_status {
    apiCall { runtime throws(APIError) in
        let out = try require(outVM, "out_vm")
        guard initialCount <= 10_000_000 else {
            throw .invalidArgument("initial_count \(initialCount) is outside 0...10000000.")
        }
        guard initialCount == 0 || initialValues != nil else { throw .nullPointer("initial_values (with a non-zero count)") }
        let values = initialCount == 0 ? [] : UnsafeBufferPointer(start: initialValues, count: Int(initialCount)).map { Int($0) }
        let viewModel = SortedIntegersViewModel(initialValues: values, randomSource: SeededRandomSource(seed: randomSeed))
        out.pointee = runtime.register(SortedIntegersObject(viewModel: viewModel))
    }
}

@MainActor @c public func mvvm_sorted_integers_add_new_integer(_ vm: OpaquePointer?) -> mvvm_status {
    objectCall(vm, as: SortedIntegersObject.self) { $0.viewModel.addNewInteger() }
}

@MainActor @c public func mvvm_sorted_integers_add(_ vm: OpaquePointer?, _ value: Int64, _ outIndex: UnsafeMutablePointer<Int64>?) -> mvvm_status {
    objectCall(vm, as: SortedIntegersObject.self) { object throws(APIError) in
        guard let value = Int(exactly: value) else { throw .invalidArgument("value \(value) does not fit.") }
        let index = object.viewModel.add(value)
        outIndex?.pointee = Int64(index)
    }
}

@MainActor @c public func mvvm_sorted_integers_remove_at(_ vm: OpaquePointer?, _ index: Int64) -> mvvm_status {
    objectCall(vm, as: SortedIntegersObject.self) { object throws(APIError) in
        _ = object.viewModel.remove(at: try checkedIndex(index, count: object.viewModel.count, "Row"))
    }
}

@MainActor @c public func mvvm_sorted_integers_get_count(_ vm: OpaquePointer?, _ out: UnsafeMutablePointer<Int64>?) -> mvvm_status {
    objectGet(vm, as: SortedIntegersObject.self, out, "out_count") { Int64($0.viewModel.count) }
}

@MainActor @c public func mvvm_sorted_integers_get_value(_ vm: OpaquePointer?, _ index: Int64, _ out: UnsafeMutablePointer<Int64>?) -> mvvm_status {
    objectGet(vm, as: SortedIntegersObject.self, out, "out_value") { object throws(APIError) in
        Int64(object.viewModel.sortedIntegers[try checkedIndex(index, count: object.viewModel.count, "Row")])
    }
}
