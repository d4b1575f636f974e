import CMVVMSeeds
import FoundationEssentials
import MVVMDomain
import MVVMRuntime

/// The repository's constructors (`mvvm_repository_new_*`), in header order: in memory, in a
/// JSON file, in SQLite, over HTTP, and over the host's tables.
enum RepositoryConstructors {
    static var all: [ConstructorDeclaration] { [sample, jsonFile, sqlite, http, httpWithOptions, host] }

    static let sample = ConstructorDeclaration(
        "new_sample",
        doc: """
            Creates a repository of generated sample users, posts and comments, held in memory \
            (edits last as long as the object). options may be NULL for the defaults.
            """,
        parameters: [.options("options", SeedsOptions.sample)], out: "out_repository"
    ) { arguments throws(APIError) in
        let settings = try SampleSettings(arguments.options("options") ?? SeedsOptions.sample.defaultOptions, "options")
        let store = SampleDataStore(configuration: settings.configuration)
        return RepositoryObject(
            users: SampleUserRepository(store: store, conditions: settings.conditions),
            posts: SamplePostRepository(store: store, conditions: settings.conditions))
    }

    static let jsonFile = ConstructorDeclaration(
        "new_json_file",
        doc: """
            Creates a repository stored in the JSON file at `path` (copied). A missing file starts \
            from the default sample data and is written at the first call; a missing folder is \
            created then too (so a path in a folder that does not exist yet returns MVVM_OK here, \
            and a folder that cannot be created fails that call, with the reason). Saves are atomic: \
            a crash leaves the old or the new file. A corrupt file gives MVVM_E_SYSTEM here, with \
            the reason, and is never overwritten (one damaged later, while open, is refused by the \
            next call in the same way).

            Sharing: the file may be shared with other processes and edited by a person while the \
            app runs; nothing is lost silently. Every call first checks whether the file changed \
            since this repository last read or wrote it (its inode, size and modification time, as \
            an editor checks) and reads it again if so: a refresh shows what is on disk. A save \
            takes the file's write lock (flock(2), held by every writer of this library; a writer \
            still holding it after 5 seconds fails the save, naming its pid), applies its one change \
            to the file's current contents and writes them, so other records changed meanwhile are \
            kept. A save of a user whose record another program changed since this repository read \
            it is refused: nothing is written, the ViewModel shows "Not saved: user N was changed by \
            another program …" and keeps the draft, and the next load shows the other version. A \
            like is applied to the current count.
            """,
        parameters: [.string("path")], out: "out_repository"
    ) { arguments throws(APIError) in
        let url = try fileURL(arguments.string("path"))
        try reportingSystemFailure { () throws(DomainError) in try JSONFileRepository.preflight(fileURL: url) }
        let repository = JSONFileRepository(fileURL: url)
        return RepositoryObject(users: repository, posts: repository)
    }

    static let sqlite = ConstructorDeclaration(
        "new_sqlite",
        doc: """
            Creates a repository stored in the SQLite database at `path` (copied; the system's \
            libsqlite3), meant for large data: a page, a lookup or a save costs about the same at a \
            thousand and at a million users, and name search uses an index.

            - A missing file (and folder) is created at the first call that needs it, atomically \
            (built aside, then put in place): empty when `fill_or_null` is NULL, else filled from \
            the sample generator with those options in one transaction (validated as in \
            mvvm_repository_new_sample(): MVVM_E_INVALID_ARGUMENT for a bad struct_size or a value \
            out of range; latency_ms and fail_every_nth must be 0 here). A million users take a few \
            seconds, spent off the host thread. Pages hold `fill_or_null->page_size` users, or 20 \
            when it is NULL.
            - The file is inspected here, read-only: one that is not a SQLite database, is another \
            application's database, has a newer schema (written by a newer libmvvm) or lacks our \
            tables gives MVVM_E_SYSTEM with the reason (mvvm_last_error_message()) and *out_repository \
            is untouched. Such a file is never modified, neither here nor later. An older schema \
            of ours is migrated at the first call, in one transaction.
            - Damage this inspection cannot see (pages of data overwritten, the file truncated or \
            rewritten by another program while open) shows at the first call that reads it: that \
            call fails with the reason (an error message in the ViewModel), and from then on the \
            file is never written by this repository: not by a later save through any ViewModel, \
            not when the repository is destroyed (its write-ahead log is not copied into the file). \
            Every later call fails with the same reason, naming the file, until the path names \
            another file (replaced, restored from a backup, removed); that file is checked whole \
            before its first write. Replace a file together with its "-wal" and "-shm" companions, \
            or while no process has it open.
            - The file is read with read(2), never memory-mapped, so a file truncated under an open \
            repository is an error of the next call, never a crash of the host (SIGBUS).
            - Every save (a rename, a like) is one transaction: a crash or a kill leaves the old or \
            the new data, never a mix, and a failed save changes nothing.
            - Sharing: several repositories and processes may use one file at once. Readers never \
            wait (write-ahead log); SQLite serialises writers: a save waits up to 5 seconds for \
            another writer to finish, then fails with "database is locked" (the ViewModel keeps \
            the draft and shows the message; saving again works once the other writer is done). \
            Every process sees the others' saves at its next read.
            - Host thread only; the database work runs on the repository's own thread, and results \
            come back through mvvm_dispatch() like every repository's.
            """,
        parameters: [.string("path"), .options("fill_or_null", SeedsOptions.sample)], out: "out_repository"
    ) { arguments throws(APIError) in
        let url = try fileURL(arguments.string("path"))
        var configuration: SampleDataConfiguration?
        if let fill = arguments.options("fill_or_null", as: mvvm_sample_options.self) {
            let settings = try SampleSettings(fill, "fill_or_null")
            guard fill.latency_ms == 0, fill.fail_every_nth == 0 else {
                throw .invalidArgument("fill_or_null->latency_ms and ->fail_every_nth apply to the sample repository only; set them to 0.")
            }
            configuration = settings.configuration
        }
        try reportingSystemFailure { () throws(DomainError) in try SQLiteRepository.preflight(fileURL: url) }
        let repository = SQLiteRepository(fileURL: url, pageSize: configuration?.pageSize ?? 20, fillConfiguration: configuration)
        return RepositoryObject(users: repository, posts: repository)
    }

    /// A file's path as a URL; an empty path is refused.
    private static func fileURL(_ path: String) throws(APIError) -> URL {
        guard !path.isEmpty else { throw .invalidArgument("path is empty.") }
        return URL(fileURLWithPath: path)
    }
}

/// Runs `body`, reporting a store's or service's refusal (a `DomainError`: a corrupt file, a
/// cache that cannot be opened) as MVVM_E_SYSTEM with its sentence.
func reportingSystemFailure<Value>(_ body: () throws(DomainError) -> Value) throws(APIError) -> Value {
    do {
        return try body()
    } catch {
        throw APIError(MVVM_E_SYSTEM, error.message)
    }
}
