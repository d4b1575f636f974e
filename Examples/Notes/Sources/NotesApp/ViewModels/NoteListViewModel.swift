import MVVMBindingCore

/// The list of notes: pinned first, then the most recently updated. The host binds a search
/// field to `query` and shows `notes`, read by index, redrawing what `changes` says changed.
///
/// Search as you type: `$query` → `debounce(for: debounceInterval, scheduler:)` → trimmed →
/// `removeDuplicates()` → the list shows the notes whose title or body contains it (ignoring
/// case); an empty query shows every note. So typing filters once the typing pauses.
///
/// Commands: `onAppear()` and `reload()` load the notes, `delete(at:)`, `togglePinned(at:)`,
/// `didSelectRow(at:)` (sends the note's id on `noteSelected`, for the host to open an
/// editor). A failed store call shows its message in `errorMessage` and changes no row.
///
/// The scheduler must run its actions on the main actor: `DispatchQueue.main`, or a
/// `TestScheduler` advanced from the main actor.
@MainActor
public final class NoteListViewModel<S: Scheduler>: ObservableObject {

    // MARK: - Inputs

    /// The search text as typed; set it on every keystroke.
    @Published public var query = ""

    // MARK: - Outputs

    /// The last failed store call's message, until the next one that succeeds or `dismissError()`.
    @Published public private(set) var errorMessage: String?

    /// The notes matching the (debounced) query, in list order. Plain storage: `changes` says
    /// how it changed, right after each edit.
    public private(set) var notes: [Note] = []

    public var count: Int { notes.count }

    /// Every edit of `notes`: `.reset` when the notes were (re)loaded or the filter changed,
    /// `.remove` for a deleted note, `.remove` then `.insert` for a note that moved when its pin
    /// changed. Applying them in order to a copy keeps the copy equal to `notes`.
    public let changes = PassthroughSubject<ListChange, Never>()

    // MARK: - Events

    /// The id of the note whose row was selected.
    public let noteSelected = PassthroughSubject<Note.ID, Never>()

    // MARK: - Properties

    private let repository: any NotesRepository
    /// The filter in use: the debounced, trimmed query, lowercased.
    private var filter = ""
    private var subscriptions: [AnyCancellable] = []

    // MARK: - Init

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

    // MARK: - Actions

    /// Loads the notes when none is shown yet.
    public func onAppear() {
        if notes.isEmpty { reload() }
    }

    /// Reads every note again (after an editor saved one, say) and resets the rows.
    public func reload() {
        do {
            let all = try repository.allNotes()
            notes = NoteOrder.sorted(all.filter(matches))
            errorMessage = nil
            changes.send(.reset(count: notes.count))
        } catch {
            errorMessage = error.message
        }
    }

    /// Deletes the note of row `index` (ignored outside the rows); returns it (for an Undo), or
    /// nil when nothing was deleted.
    @discardableResult
    public func delete(at index: Int) -> Note? {
        guard notes.indices.contains(index) else { return nil }
        do {
            try repository.delete(id: notes[index].id)
            let deleted = notes.remove(at: index)
            errorMessage = nil
            changes.send(.remove(index..<index + 1))
            return deleted
        } catch {
            errorMessage = error.message
            return nil
        }
    }

    /// Pins or unpins the note of row `index`; it moves to its place in the order.
    public func togglePinned(at index: Int) {
        guard notes.indices.contains(index) else { return }
        var note = notes[index]
        note.pinned.toggle()
        do {
            let stored = try repository.save(note)
            notes.remove(at: index)
            changes.send(.remove(index..<index + 1))
            let position = notes.firstIndex { NoteOrder.precedes(stored, $0) } ?? notes.count
            notes.insert(stored, at: position)
            errorMessage = nil
            changes.send(.insert(position..<position + 1))
        } catch {
            errorMessage = error.message
        }
    }

    /// Sends the id of the note of row `index` on `noteSelected` (ignored outside the rows).
    public func didSelectRow(at index: Int) {
        guard notes.indices.contains(index) else { return }
        noteSelected.send(notes[index].id)
    }

    public func dismissError() {
        errorMessage = nil
    }

    // MARK: - Private

    private func matches(_ note: Note) -> Bool {
        filter.isEmpty || note.title.lowercased().contains(filter) || note.body.lowercased().contains(filter)
    }
}
