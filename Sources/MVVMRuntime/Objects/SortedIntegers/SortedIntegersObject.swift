import CMVVM
import MVVMBinding
import MVVMFeatures

/// The C face of a `SortedIntegersViewModel`.
@MainActor
final class SortedIntegersObject: RuntimeObject {
    override class var objectType: mvvm_type { MVVM_TYPE_SORTED_INTEGERS }

    enum Signal {
        static let count = 0, rowsChanged = 1
    }

    nonisolated static let typeDescription = TypeDescription(
        type: MVVM_TYPE_SORTED_INTEGERS, name: "SortedIntegers",
        properties: [.property("count", .int64, getter: "mvvm_sorted_integers_get_count", outType: "int64_t *")],
        commands: [
            .command("add-new-integer", "mvvm_sorted_integers_add_new_integer", run: { ($0 as! SortedIntegersObject).viewModel.addNewInteger() }),
            .command("add", "mvvm_sorted_integers_add", arguments: ["int64_t", "int64_t *"]),
            .command("remove-at", "mvvm_sorted_integers_remove_at", arguments: ["int64_t"]),
        ],
        events: [.event("rows-changed", .changes)])


    let viewModel: SortedIntegersViewModel

    init(viewModel: SortedIntegersViewModel) {
        self.viewModel = viewModel
        super.init(signals: Self.typeDescription.signals)
        subscribe(to: viewModel.rowChanges) { [unowned(unsafe) self] change in
            propertyChanged(Signal.count)
            queueEvent(.changes(Signal.rowsChanged, [mvvm_list_change(change)]))
        }
    }

    override func withCurrentValue(of index: Int, _ body: (SignalValue) -> Void) {
        body(.int64(Int64(viewModel.count)))
    }
}
