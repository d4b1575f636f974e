import CMVVM
import MVVMBinding

/// The C face of a ViewModel, wired from its type's declaration: each property's
/// announcements mark its notification (and those derived from it), each list's change sets
/// become its change signal, each event is queued as it is sent.
@MainActor
class ViewModelObject<VM: DeclaredViewModel>: RuntimeObject {
    override class var objectType: mvvm_type { VM.declaration.type }

    let viewModel: VM
    /// Keeps the repository handle's Swift objects alive as long as the ViewModel (the header
    /// lets the host destroy the repository handle first).
    private let repository: RepositoryObject?

    init(viewModel: VM, repository: RepositoryObject?) {
        self.viewModel = viewModel
        self.repository = repository
        let declaration = VM.declaration
        super.init(declaration: declaration)
        for (index, property) in declaration.properties.enumerated() {
            property.observe?(viewModel, self, declaration.changeMasks[index])
        }
        for (index, list) in declaration.lists.enumerated() {
            observe(list.changes, mask: declaration.listMasks[index], signal: declaration.listSignals[index])
        }
        for (index, event) in declaration.events.enumerated() {
            event.observe?(viewModel, self, declaration.eventSignals[index])
        }
    }

    private func observe(_ changes: ViewModelDeclaration<VM>.List.Changes, mask: UInt64, signal: Int?) {
        func announce(_ object: RuntimeObject, _ change: ListChange) {
            object.propertiesChanged(mask)
            if let signal { object.queueEvent(.changes(signal, [mvvm_list_change(change)])) }
        }
        switch changes {
        case .none:
            break
        case .publisher(let publisher):
            subscribe(to: publisher(viewModel), announce)
        case .growingArray(let array):
            // The count last announced turns each new array into a change set. The current
            // value replayed at subscription sets it without announcing anything.
            var knownCount: Int?
            subscribe(to: array(viewModel)) { object, items in
                defer { knownCount = items.count }
                guard let known = knownCount else { return }
                announce(object, items.count > known && items.count > 0 ? .insert(known..<items.count) : .reset(count: items.count))
            }
        }
    }

    /// How the generic entry points count and read `list`: through the ViewModel, unless a
    /// subclass keeps the items itself.
    func count(of list: ViewModelDeclaration<VM>.List) throws(APIError) -> Int {
        try list.count(viewModel)
    }

    func item(of list: ViewModelDeclaration<VM>.List, at index: Int) throws(APIError) -> Value {
        try list.item(viewModel, index)
    }

    override func tearDown() {
        VM.declaration.tearDown?(viewModel)
    }
}
