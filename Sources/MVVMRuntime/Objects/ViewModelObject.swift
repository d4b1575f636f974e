import CMVVM
import MVVMBindingCore

/// The C face of a ViewModel, wired from its type's declaration: each property's
/// announcements mark its notification (and those derived from it), each list's change sets
/// become its change signal, each event is queued as it is sent.
@MainActor
open class ViewModelObject<VM: DeclaredViewModel>: RuntimeObject {
    override open class var objectType: mvvm_type { VM.declaration.type }

    public let viewModel: VM
    /// Keeps the object the ViewModel was made over (a repository handle's Swift objects)
    /// alive as long as the ViewModel: the host may destroy that handle first.
    private let keptAlive: RuntimeObject?

    public init(viewModel: VM, keepingAlive keptAlive: RuntimeObject?) {
        self.viewModel = viewModel
        self.keptAlive = keptAlive
        let declaration = VM.declaration
        super.init(declaration: declaration)
    }

    /// Per list and event of the declaration (in that order): its subscription while a handler
    /// of a signal it feeds is connected, else nil. Empty (no allocation) while none is.
    private var feeds: [AnyCancellable?] = []

    /// Observes (or stops observing) each property, list and event by whether a signal it
    /// marks has a handler. A property feeds its own notification and those derived from it
    /// (`changeMasks`); marking a signal nobody listens to does nothing anyway, so observing
    /// only while listened to changes nothing a host can see, and what nobody listens to
    /// costs nothing.
    /// (Property i is observed exactly while `changeMasks[i] & connectedSignals != 0`: no
    /// state of its own.)
    override open func connectedSignalsChanged(from previous: UInt64) {
        let declaration = VM.declaration
        let connected = connectedSignals
        // Decided from the masks, plain integers, and only then a property read: this class
        // is generic, its methods run unspecialised, and walking `properties` (elements of a
        // generic type) looked up type metadata per element, about 25,000 instructions per
        // connect and per destroy.
        let properties = declaration.properties
        for (index, mask) in declaration.changeMasks.enumerated() {
            let wanted = mask & connected != 0
            guard wanted != (mask & previous != 0), let observe = properties[index].observe else { continue }
            observe(viewModel, self, mask, wanted)
        }
        guard connected & declaration.feedsMask != 0 || !feeds.isEmpty else { return }
        // Allocated only once a list or event has a connected signal to feed.
        if feeds.isEmpty { feeds = Array(repeating: nil, count: declaration.feedMasks.count) }
        for (position, mask) in declaration.feedMasks.enumerated() {
            if mask & connected != 0 {
                if feeds[position] == nil { feeds[position] = startFeed(position) }
            } else if let feed = feeds[position] {
                feeds[position] = nil
                feed.cancel()
            }
        }
        if connected == 0 { feeds = [] }
    }

    /// The subscription of feed `position` (lists first, then events; see
    /// `ViewModelDeclaration.feedMasks`).
    private func startFeed(_ position: Int) -> AnyCancellable? {
        let declaration = VM.declaration
        if position < declaration.lists.count {
            return observe(
                declaration.lists[position].changes, mask: declaration.listMasks[position],
                signal: declaration.listSignals[position])
        }
        let index = position - declaration.lists.count
        return declaration.events[index].observe?(viewModel, self, declaration.eventSignals[index])
    }

    /// Stops every observation and subscription (destroy, deinit). `invalidate()` has
    /// already stopped them (it clears `connectedSignals` and tells `connectedSignalsChanged`).
    private func endFeeds() {
        let declaration = VM.declaration
        let connected = connectedSignals
        if connected != 0 {
            // Masks first, as in `connectedSignalsChanged(from:)`.
            let properties = declaration.properties
            for (index, mask) in declaration.changeMasks.enumerated() where mask & connected != 0 {
                properties[index].observe?(viewModel, self, mask, false)
            }
        }
        let ended = feeds
        feeds = []
        for feed in ended { feed?.cancel() }
    }

    isolated deinit {
        endFeeds()
    }

    private func observe(_ changes: ViewModelDeclaration<VM>.List.Changes, mask: UInt64, signal: Int?) -> AnyCancellable? {
        func announce(_ object: RuntimeObject, _ change: ListChange) {
            object.propertiesChanged(mask)
            if let signal { object.queueEvent(.changes(signal, [mvvm_list_change(change)])) }
        }
        switch changes {
        case .none:
            return nil
        case .publisher(let publisher):
            return subscription(to: publisher(viewModel), announce)
        case .growingArray(let array):
            return subscription(to: array(viewModel).map(\.count).growingArrayChanges(), announce)
        }
    }

    /// How the generic entry points count and read `list`: through the ViewModel, unless a
    /// subclass keeps the items itself.
    open func count(of list: ViewModelDeclaration<VM>.List) throws(APIError) -> Int {
        try list.count(viewModel)
    }

    open func item(of list: ViewModelDeclaration<VM>.List, at index: Int) throws(APIError) -> Value {
        try list.item(viewModel, index)
    }

    override open func tearDown() {
        endFeeds()
        VM.declaration.tearDown?(viewModel)
    }
}

extension Publisher where Output == Int, Failure == Never {
    /// The change sets of an array that grows at its end or is replaced, from its counts: the
    /// count last seen turns each new count into `.insert` of the new positions (a longer,
    /// non-empty array) or `.reset`. The first count (a `@Published` array's current value,
    /// replayed at subscription) sets it without a change.
    func growingArrayChanges() -> AnyPublisher<ListChange, Never> {
        scan((known: Int?.none, change: ListChange?.none)) { last, count in
            (count, last.known.map { known in count > known && count > 0 ? .insert(known..<count) : .reset(count: count) })
        }
        .compactMap(\.change)
        .eraseToAnyPublisher()
    }
}
