import MVVMFeatures
import MVVMRuntime

extension SortedIntegersViewModel: DeclaredViewModel {
    public nonisolated static let declaration = ViewModelDeclaration<SortedIntegersViewModel>(
        name: "SortedIntegers",
        summary: "A sorted list of integers (seed 003).",
        constructor: .new(
            """
            Creates the list with `initial_count` values from `initial_values` (copied, then sorted; \
            NULL with count 0 for an empty list; at most 10000000 values). `random_seed` drives add_new_integer.
            """, arguments: [.int64Array("initial_values"), .uint64("random_seed")]
        ) { arguments in
            let viewModel = SortedIntegersViewModel(
                initialValues: arguments.int64Array(0).map { Int($0) },
                randomSource: SeededRandomSource(seed: arguments.uint64(1)))
            return (viewModel, nil)
        },
        properties: [.int64("count", "The number of values.", { $0.count })],
        commands: [
            .command("add-new-integer", "Inserts a random integer in 0..9 after any equal values.") { $0.addNewInteger() },
            .command(
                "add", "Inserts `value` after any equal values; *out_index (may be NULL) gets its index.",
                arguments: [.int64("value")], result: (.int64, "out_index")
            ) { list, arguments throws(APIError) in
                .int64(Int64(list.add(try arguments.int(0, "value"))))
            },
            .command(
                "remove-at", "Removes the value at `index`. MVVM_E_OUT_OF_RANGE outside the rows.",
                arguments: [.index("index", of: "values")]
            ) { list, arguments throws(APIError) in
                _ = list.remove(at: try arguments.int(0, "index"))
                return .none
            },
        ],
        lists: [
            .list(
                "values", item: "value", of: .int64, "The value at `index`.", out: "out_value", changes: .publisher { $0.rowChanges },
                signal: "rows-changed", countProperty: "count", count: { $0.count },
                item: { .int64(Int64($0.sortedIntegers[$1])) })
        ])
}
