import Dispatch
import MVVMBindingCore
import MVVMRuntime

/// The list of notes, pinned first, then the most recently updated: the host binds a search
/// field to `query` and shows `notes` by index, redrawing what `changes` says changed; typing
/// filters the notes (title or body, ignoring case) once it pauses.
///
/// The repository answers later (a host's store answers whenever it likes): each command
/// starts a `Task` on the main actor whose result lands when the repository answers. At most
/// one load runs: a new one (a reload, a new filter) cancels the one in flight, and a
/// superseded load's result never lands, even from a repository that ignores cancellation
/// (each load carries a generation that must still be current), as in the seeds'
/// `UserListViewModel`. A delete is optimistic: the row goes at once and comes back if the
/// store refuses. A failed call shows its message in `errorMessage`.
///
/// `S` must run its actions on the main actor: `DispatchQueue.main`, or a `TestScheduler`
/// advanced from the main actor.
@ViewModel(specialization: DispatchQueue.self)
@MainActor
public final class NoteListViewModel<S: Scheduler>: ObservableObject {

    // MARK: - Inputs

    /// The search text as typed; set it on every keystroke.
    @Published public var query = ""

    // MARK: - Outputs

    /// The last failed store call's message, until the next one that succeeds or `dismissError()`.
    @Exported(out: "out_message")
    @Published public private(set) var errorMessage: String?

    /// The number of rows.
    public var count: Int { notes.count }

    /// The notes matching the (debounced) query, in list order, read by index in O(1). Plain
    /// storage: `changes` says how it changed, right after each edit.
    @List("rows", item: "row", out: "out_note", changes: \NoteListViewModel<DispatchQueue>.changes, signal: "rows-changed", count: "count")
    public private(set) var notes: [Note] = []

    /// Every edit of `notes`, in order: `.reset` on a (re)load or a new filter, `.remove` for a
    /// deleted note, `.remove` then `.insert` for a note whose pin moved it.
    public let changes = PassthroughSubject<ListChange, Never>()

    // MARK: - Events

    /// The id of the note whose row was selected.
    public let noteSelected = PassthroughSubject<Note.ID, Never>()

    // MARK: - Properties

    private let repository: any NotesRepository
    /// The filter in use: the debounced, trimmed query, lowercased.
    private var filter = ""
    private var subscriptions: [AnyCancellable] = []
    private var loadTask: Task<Void, Never>?
    /// Incremented by every load; a result is applied only while its load's value is current.
    private var loadGeneration: UInt64 = 0
    /// The notes deleted from the rows whose delete the store has not answered yet: a load that
    /// lands meanwhile (read before the delete, perhaps) does not show them again.
    private var pendingDeletes: Set<Note.ID> = []

    /// The list over `repository`; `query` is debounced by `debounceInterval` on `scheduler`.
    public init(repository: any NotesRepository, scheduler: S, debounceInterval: S.SchedulerTimeType.Stride) {
        self.repository = repository
        $query
            .debounce(for: debounceInterval, scheduler: scheduler)
            .map { $0.trimmingWhitespacesAndNewlines().lowercased() }
            .removeDuplicates()
            .sink { [weak self] filter in
                // The initial empty query changes nothing: onAppear() loads.
                guard let self, filter != self.filter else { return }
                self.filter = filter
                reload()
            }
            .store(in: &subscriptions)
    }

    /// Creates the list of the notes of `store` (which it keeps alive), its query debounced by
    /// 250 ms on the main queue.
    @Constructor
    static func make(store: NotesStore) -> NoteListViewModel<DispatchQueue> {
        NoteListViewModel<DispatchQueue>(repository: store.repository, scheduler: DispatchQueue.main, debounceInterval: .milliseconds(250))
    }

    deinit {
        // The tasks hold `self` weakly; cancelling lets a repository that honours it stop early.
        loadTask?.cancel()
    }

    // MARK: - Actions

    /// Loads the notes when none is shown and none is loading.
    public func onAppear() {
        if notes.isEmpty, loadTask == nil { reload() }
    }

    /// Reads every note again (after an editor saved one, say) and resets the rows when the
    /// notes arrive, cancelling a load in flight.
    public func reload() {
        loadTask?.cancel()
        loadGeneration &+= 1
        let generation = loadGeneration
        let repository = self.repository
        // Awaited without holding `self`: a list closed mid-load is freed at once.
        loadTask = Task { [weak self] in
            let result = await Result.awaiting { try await repository.allNotes() }
            self?.finishLoad(generation: generation, result: result)
        }
    }

    /// Deletes the note of row `index` and returns it (for an Undo), or nil outside the rows.
    /// The row goes at once (`.remove`); if the store refuses, the note comes back in its place
    /// (`.insert`, when the filter still shows it) and `errorMessage` says why.
    @Exported("delete-row", out: "out_note") @ListIndex(of: "rows")
    @discardableResult
    public func delete(at index: Int) -> Note? {
        guard notes.indices.contains(index) else { return nil }
        let deleted = notes.remove(at: index)
        pendingDeletes.insert(deleted.id)
        changes.send(.remove(index..<index + 1))
        let repository = self.repository
        Task { [weak self] in
            let result = await Result.awaiting { try await repository.delete(id: deleted.id) }
            self?.finishDelete(of: deleted, result: result)
        }
        return deleted
    }

    /// Pins or unpins the note of row `index`; once stored, it moves to its place in the
    /// order (`.remove` then `.insert`).
    @ListIndex(of: "rows")
    public func togglePinned(at index: Int) {
        guard notes.indices.contains(index) else { return }
        var note = notes[index]
        note.pinned.toggle()
        let repository = self.repository
        Task { [weak self] in
            let result = await Result.awaiting { try await repository.save(note) }
            self?.finishSave(result)
        }
    }

    /// Sends the id of the note of row `index` on `noteSelected` (ignored outside the rows).
    @ListIndex(of: "rows")
    public func didSelectRow(at index: Int) {
        guard notes.indices.contains(index) else { return }
        noteSelected.send(notes[index].id)
    }

    /// Clears `errorMessage`.
    public func dismissError() {
        errorMessage = nil
    }

    /// Puts back a note `delete(at:)` gave (an Undo): stores a copy as a new note and inserts its
    /// row once stored, when the filter shows it; if the store refuses, `errorMessage` says why.
    public func restore(_ note: Note) {
        var copy = note
        copy.id = 0
        let repository = self.repository
        Task { [weak self] in
            let result = await Result.awaiting { try await repository.save(copy) }
            self?.finishRestore(result)
        }
    }

    // MARK: - Results

    private func finishLoad(generation: UInt64, result: Result<[Note], any Error>) {
        // A newer load owns the rows now: this result is stale.
        guard generation == loadGeneration, !Task.isCancelled else { return }
        loadTask = nil
        land(result) { all in
            notes = NoteOrder.sorted(all.filter { matches($0) && !pendingDeletes.contains($0.id) })
            changes.send(.reset(count: notes.count))
        }
    }

    private func finishDelete(of deleted: Note, result: Result<Void, any Error>) {
        pendingDeletes.remove(deleted.id)
        // Back in its place (loads meanwhile left it out), unless the filter hides it now.
        if case .failure = result, matches(deleted) { insertInOrder(deleted) }
        land(result)
    }

    private func finishSave(_ result: Result<Note, any Error>) {
        land(result) { stored in
            // The rows may have changed since the toggle: the note is found again by id.
            guard let index = notes.firstIndex(where: { $0.id == stored.id }) else { return }
            notes.remove(at: index)
            changes.send(.remove(index..<index + 1))
            insertInOrder(stored)
        }
    }

    private func finishRestore(_ result: Result<Note, any Error>) {
        land(result) { stored in if matches(stored) { insertInOrder(stored) } }
    }

    /// A store call's outcome: a success is applied and clears `errorMessage`; a failure sets
    /// it, but for a cancel (the call was superseded or closed: nothing to tell).
    private func land<T>(_ result: Result<T, any Error>, _ apply: (T) -> Void = { _ in }) {
        switch result {
        case .success(let value):
            apply(value)
            errorMessage = nil
        case .failure(let error):
            if !(error is CancellationError) { errorMessage = NotesStoreError.message(for: error) }
        }
    }

    /// Inserts `note` where the order puts it and sends the `.insert`.
    private func insertInOrder(_ note: Note) {
        let position = notes.firstIndex { NoteOrder.precedes(note, $0) } ?? notes.count
        notes.insert(note, at: position)
        changes.send(.insert(position..<position + 1))
    }

    private func matches(_ note: Note) -> Bool {
        filter.isEmpty || note.title.lowercased().contains(filter) || note.body.lowercased().contains(filter)
    }
}
