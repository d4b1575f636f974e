/*
 * mvvm_seeds.h: the C interface of the seeds' app, an application built on mvvm: a user list
 * with paging, a user detail with an editable name, a user search, a post detail with likes
 * and comments, sorted integers, a stopwatch and the coordinator that leads from the list to
 * the detail and back, over sample, JSON-file, SQLite, HTTP or host-implemented repositories.
 * libmvvm.so is this application and the framework linked together.
 *
 * Everything not declared here (status codes, mvvm_init(), the loop, signals, the generic
 * entry points, introspection, host interfaces) is mvvm.h's, and so are its rules: one thread
 * (the host's UI thread) calls the API, every function answers with an mvvm_status and
 * mvvm_last_error_message(). The blocks marked GENERATED follow from the app's declarations
 * (Sources/MVVMSeedsApp: the @ViewModel types of Features, the coordinator's declaration,
 * Constructors, Records, HostRepository, Registration.swift; `make generate` writes them, `make
 * test` fails when they are stale); the rest is the app's hand-written text: the options
 * structs, the HTTP contract and the host answers.
 *
 * Any thread, besides mvvm.h's: mvvm_sample_options_init(), mvvm_http_options_init(),
 * mvvm_seeds_get_api() and the mvvm_request_resolve_* answers below.
 *
 * Strings and U+0000: data that would carry one is refused where it enters, with a message:
 * an HTTP body with "\u0000" in a string (the request fails: "…holds U+0000 (NUL)…"), a JSON or
 * SQLite store file with U+0000 in a stored text (refused as a damaged store, naming the
 * record and field).
 */
#ifndef MVVM_SEEDS_H
#define MVVM_SEEDS_H

#include "mvvm.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------
 * Types
 * ---------------------------------------------------------------------------------------- */

/* BEGIN GENERATED types (mvvm-generate: `make generate`; do not edit) */
/* The types of this library (mvvm_type values, in registration order). */
#define MVVM_TYPE_REPOSITORY ((mvvm_type)1)
#define MVVM_TYPE_USER_LIST ((mvvm_type)2)
#define MVVM_TYPE_USER_DETAIL ((mvvm_type)3)
#define MVVM_TYPE_POST_DETAIL ((mvvm_type)4)
#define MVVM_TYPE_SORTED_INTEGERS ((mvvm_type)5)
#define MVVM_TYPE_STOPWATCH ((mvvm_type)6)
#define MVVM_TYPE_COORDINATOR ((mvvm_type)7)
#define MVVM_TYPE_USER_SEARCH ((mvvm_type)8)
/* END GENERATED types */

/* BEGIN GENERATED schema (mvvm-generate: `make generate`; do not edit) */
/** The schema hash of this header: of everything it declares from the application's
 *  declarations (mvvm.h, "THE SCHEMA HASH"). mvvm-generate writes it. */
#define MVVM_SEEDS_SCHEMA_HASH "a1ef0a1fec5c807b"

/** MVVM_OK when the loaded library was built from the declarations this header was
 *  generated from; else MVVM_E_SCHEMA, and mvvm_last_error_message() names both hashes
 *  and what to regenerate. Call it once at start (a plug-in host: after dlopen(),
 *  `api->get_framework_api(...)->schema_check(MVVM_SEEDS_SCHEMA_HASH)`). Any thread, before
 *  mvvm_init() too. */
#define mvvm_seeds_check_schema() mvvm_schema_check(MVVM_SEEDS_SCHEMA_HASH)
/* END GENERATED schema */

/* The enums of this app. A typed getter carries one in an int32_t (a C11 enum's size is the
 * compiler's choice), as mvvm.h carries its own enums; its doc names the enum. */
/* BEGIN GENERATED enums (mvvm-generate: `make generate`; do not edit) */

/** What the list is loading, so a host can choose between a full-screen spinner and a spinner under
 *  the last row. */
typedef enum mvvm_loading {
    /** Nothing is loading. */
    MVVM_LOADING_NONE = 0,
    /** The first page (for the first time, or on a refresh): a full-screen spinner. */
    MVVM_LOADING_FULL_SCREEN = 1,
    /** The page after the last loaded one: a spinner under the last row. */
    MVVM_LOADING_NEXT_PAGE = 2,
} mvvm_loading;

/** The state of data loaded asynchronously (ViewState). */
typedef enum mvvm_view_state {
    /** Nothing requested yet. */
    MVVM_VIEW_STATE_IDLE = 0,
    /** A request is in flight. */
    MVVM_VIEW_STATE_LOADING = 1,
    /** The data arrived. */
    MVVM_VIEW_STATE_LOADED = 2,
    /** The request succeeded with nothing to show. */
    MVVM_VIEW_STATE_EMPTY = 3,
    /** The request failed; the error message says why. */
    MVVM_VIEW_STATE_FAILED = 4,
} mvvm_view_state;

/** The coordinator's "navigate" action. */
typedef enum mvvm_navigation {
    /** A screen was pushed: show it. */
    MVVM_NAVIGATION_PUSH = 1,
    /** The top screen was popped: take it away. */
    MVVM_NAVIGATION_POP = 2,
} mvvm_navigation;
/* END GENERATED enums */

/* The records of this app: value kinds (mvvm_value.kind) and their C structs. */
/* BEGIN GENERATED records (mvvm-generate: `make generate`; do not edit) */

#define MVVM_VALUE_USER ((mvvm_value_kind)7)
/** A user. Strings are borrowed from the object that handed the struct out; each function says
 *  until when. */
typedef struct mvvm_user {
    int64_t id;
    const char *name;
    const char *email;
} mvvm_user;

#define MVVM_VALUE_POST ((mvvm_value_kind)8)
/** A post with its author's name and its counts. Strings are borrowed from the object that handed
 *  the struct out; each function says until when. */
typedef struct mvvm_post {
    int64_t id;
    const char *title;
    const char *body;
    const char *author_name;
    /** Seconds since 1970-01-01 UTC. */
    double created_at;
    int64_t likes_count;
    /** 0/1. */
    int32_t liked_by_current_user;
    int64_t comments_count;
} mvvm_post;

#define MVVM_VALUE_COMMENT ((mvvm_value_kind)9)
/** A comment on a post. Strings are borrowed from the object that handed the struct out; each
 *  function says until when. */
typedef struct mvvm_comment {
    int64_t id;
    const char *author_name;
    const char *body;
} mvvm_comment;
/* END GENERATED records */

/* ------------------------------------------------------------------------------------------
 * Host-implemented repositories
 *
 * The user and post repositories a host implements (mvvm.h, "Host-implemented interfaces",
 * says how requests are answered and cancelled). One exception to the cancellation rule is
 * deliberate: a save (update_user) is not cancelled when its screen goes away, so a host's
 * answer to it still counts; it ends when answered or at shutdown.
 * ---------------------------------------------------------------------------------------- */

/* BEGIN GENERATED interfaces (mvvm-generate: `make generate`; do not edit) */

/** The user repository a host implements: what mvvm_repository_new_host() is made over. Every
 *  function pointer is required except `cancel` and `search_users`. Called on the host thread; must
 *  not block (answer later instead). */
typedef struct mvvm_user_repository_vtable {
    /** sizeof(mvvm_user_repository_vtable). */
    uint32_t struct_size;
    /** Page `page` (1-based) of users. Answer with mvvm_request_resolve_user_page(). */
    void (*fetch_users)(void *user_data, mvvm_request *request, int64_t page);
    /** The user `user_id`. Answer with mvvm_request_resolve_user(). */
    void (*fetch_user)(void *user_data, mvvm_request *request, int64_t user_id);
    /** Store `user` (lent for the call); the answer is the version stored. Answer with
     *  mvvm_request_resolve_user(). */
    void (*update_user)(void *user_data, mvvm_request *request, const mvvm_user *user);
    /** Nobody waits for `request` any more: stop its work (answering it now gives
     *  MVVM_E_NOT_FOUND). Optional. */
    void (*cancel)(void *user_data, mvvm_request *request);
    /** Since 0.2: page `page` (1-based) of the users whose name contains `query` (lent for the
     *  call; trimmed, never empty), ignoring case. A table without it (NULL, or the struct_size of
     *  0.1 that ends before it) makes every search fail with a message the search screen shows.
     *  Answer with mvvm_request_resolve_user_page(). May be NULL. */
    void (*search_users)(void *user_data, mvvm_request *request, const char *query, int64_t page);
} mvvm_user_repository_vtable;

/** The struct_size of mvvm_user_repository_vtable in version 0.1 (before search_users): accepted,
 *  so hosts built against that header keep working. */
#define MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1 (offsetof(mvvm_user_repository_vtable, search_users))

/** The post repository a host implements (optional as a whole: without it, post calls fail with a
 *  message). */
typedef struct mvvm_post_repository_vtable {
    /** sizeof(mvvm_post_repository_vtable). */
    uint32_t struct_size;
    /** The post `post_id`. Answer with mvvm_request_resolve_post(). */
    void (*fetch_post)(void *user_data, mvvm_request *request, int64_t post_id);
    /** The comments of post `post_id`. Answer with mvvm_request_resolve_comments(). */
    void (*fetch_comments)(void *user_data, mvvm_request *request, int64_t post_id);
    /** Set whether the current user likes `post_id`; the answer is the post as stored. Answer with
     *  mvvm_request_resolve_post(). */
    void (*set_liked)(void *user_data, mvvm_request *request, int64_t post_id, int32_t liked);
    /** Nobody waits for `request` any more: stop its work (answering it now gives
     *  MVVM_E_NOT_FOUND). Optional. */
    void (*cancel)(void *user_data, mvvm_request *request);
} mvvm_post_repository_vtable;
/* END GENERATED interfaces */

/** Answers a fetch_users or search_users request with `count` users (copied) of page `page` out of
 *  `total_pages`. Any thread. */
mvvm_status mvvm_request_resolve_user_page(mvvm_request *request, const mvvm_user *users, size_t count,
                                           int64_t page, int64_t total_pages);
/** Answers a fetch_user or update_user request with `user` (copied). Any thread. */
mvvm_status mvvm_request_resolve_user(mvvm_request *request, const mvvm_user *user);
/** Answers a fetch_post or set_liked request with `post` (copied). Any thread. */
mvvm_status mvvm_request_resolve_post(mvvm_request *request, const mvvm_post *post);
/** Answers a fetch_comments request with `count` comments (copied). Any thread. */
mvvm_status mvvm_request_resolve_comments(mvvm_request *request, const mvvm_comment *comments, size_t count);

/* ------------------------------------------------------------------------------------------
 * Repositories
 *
 * The options of the repository's constructors; the constructors themselves are in the
 * Repository section below (MVVM_TYPE_REPOSITORY).
 * ---------------------------------------------------------------------------------------- */

/** Options of the built-in sample data. Initialise with mvvm_sample_options_init(). */
typedef struct mvvm_sample_options {
    /** sizeof(mvvm_sample_options), set by mvvm_sample_options_init(). */
    uint32_t struct_size;
    /** Number of users (default 100; 0..100000000). */
    int64_t user_count;
    /** Users per page (default 20; 1..10000). */
    int32_t page_size;
    /** Number of posts (default 20; 0..1000000; at least one user if not 0). */
    int64_t post_count;
    /** Comments per post (default 5; 0..1000). */
    int32_t comments_per_post;
    /** Seed of the generator: the same seed gives the same data (default 1). */
    uint64_t seed;
    /** Simulated latency of every call, in milliseconds (default 0; 0..60000). */
    int32_t latency_ms;
    /** If > 0, every Nth repository call fails with an injected error (default 0). */
    int32_t fail_every_nth;
} mvvm_sample_options;

/* ------------------------------------------------------------------------------------------
 * HTTP repository
 *
 * A repository served by an HTTP server speaking this contract (shaped like JSONPlaceholder;
 * Tests/Support/placeholder_server.py implements it). Paths are relative to base_url.
 *
 *   GET    users?_page=N&_limit=M      200, JSON array of at most M users (page N, from 1), and
 *                                      the header X-Total-Count: the number of all users. A
 *                                      page past the last is an empty array (or 404).
 *   GET    users?name_like=Q&_page=N&_limit=M
 *                                      the same for the users whose name contains Q ignoring
 *                                      case (Q percent-encoded, "+" as %2B); X-Total-Count
 *                                      counts the matches. A blank Q is not sent: the
 *                                      library answers an empty page 1 itself.
 *   GET    users/{id}                  200 user, 404 unknown
 *   PATCH  users/{id}                  body {"name": "...", "email": "..."} (Content-Type
 *                                      application/json); 200 the user as stored, 404 unknown,
 *                                      400/422 {"error": "<sentence>"} refused (the sentence
 *                                      becomes the message the detail screen shows)
 *   GET    posts/{id}                  200 post, 404 unknown
 *   GET    posts/{id}/comments         200 JSON array of comments, oldest first; 404 unknown post
 *   PUT    posts/{id}/like             the current user likes it: 200 the post as stored
 *   DELETE posts/{id}/like             the current user no longer likes it: 200 the post
 *
 *   user     {"id": 1, "name": "Ada Lovelace", "email": "ada@example.com"}
 *   post     {"id": 1, "title": "...", "body": "...", "createdAt": "2024-01-02T03:04:05Z",
 *             "likesCount": 4, "likedByCurrentUser": false, "commentsCount": 2,
 *             "user": {user}}            (the author embedded; other members are ignored)
 *   comment  {"id": 1, "postId": 1, "name": "<author name>", "body": "..."}
 *
 * Status handling: 2xx decodes the body; 404 is "Could not find user 3." (or post, page);
 * 400 and 422 are invalid input with the server's {"error"} sentence; every other status, a
 * host that cannot be reached, a timeout, a dropped connection, a body that is not the JSON
 * above (or has no valid X-Total-Count where one is needed), headers or a body over their
 * size limits, a string holding U+0000, and a record whose id is not the one asked for
 * (users/7 answered with user 8, a comment of another post) are "The service is
 * unavailable: <why>." Those sentences reach the ViewModels' error messages; nothing a
 * server sends can crash the host.
 *
 * Threads: each repository has one transfer thread (a libcurl multi handle, connections
 * kept alive); it sends the requests, collects and size-checks the answers and decodes them;
 * the ViewModel resumes on the host thread through mvvm_dispatch(). The host thread never
 * waits for the network. A superseded load (a refresh, a closed screen) cancels its
 * transfer. Redirects are not followed (a 3xx is a refusal); timeouts cover connecting and
 * the whole answer. libcurl comes from the system (libcurl.so.4).
 *
 * Cache (cache_path not NULL): a SQLite file (created if missing) remembering the user pages
 * last fetched. A list then shows the cached first page at once, and the fresh page
 * replaces it with exact changes (rows-changed: update for changed rows, insert/remove at
 * the end), not a reset. Started offline, the list shows the cached rows and the error
 * (mvvm_user_list_dismiss_error() clears it). Edits go to the server first, then
 * into the cache; a failed edit changes neither. Searches, users, posts and comments are
 * not cached.
 * ---------------------------------------------------------------------------------------- */

/** Limits of an HTTP repository. Initialise with mvvm_http_options_init(). */
typedef struct mvvm_http_options {
    /** sizeof(mvvm_http_options), set by mvvm_http_options_init(). */
    uint32_t struct_size;
    /** Users per page, sent as _limit (default 20; 1..1000). */
    int32_t page_size;
    /** How long one request may take in all, connecting included, in milliseconds
     *  (default 10000; 1..600000). */
    int32_t timeout_ms;
    /** The largest response body accepted, in bytes; a larger one fails the request as soon
     *  as its size shows (default 4194304; 1024..1073741824). */
    int64_t max_body_bytes;
    /** Since 0.3: the largest response headers accepted, in bytes, status line and every
     *  header line counted (default 65536; 1024..102400, the upper bound being libcurl's own
     *  limit for one line). Larger headers fail the request as soon as they pass it: "The
     *  service is unavailable: the answer from HOST has headers larger than the N-byte
     *  limit." */
    int32_t max_header_bytes;
} mvvm_http_options;

/** The struct_size of mvvm_http_options in version 0.2 (before max_header_bytes): accepted,
 *  with the default header limit, so hosts built against that header keep working. */
#define MVVM_HTTP_OPTIONS_SIZE_0_2 (offsetof(mvvm_http_options, max_header_bytes))

/* BEGIN GENERATED constructors (mvvm-generate: `make generate`; do not edit) */
/* ------------------------------------------------------------------------------------------
 * Repository (MVVM_TYPE_REPOSITORY)
 *
 * Where ViewModels get and store their data: made by one of the constructors below and handed
 * to the ViewModels' constructors.
 * ---------------------------------------------------------------------------------------- */

/** Fills *options with the defaults. Any thread. */
mvvm_status mvvm_sample_options_init(mvvm_sample_options *options);
/** Creates a repository of generated sample users, posts and comments, held in memory (edits last
 *  as long as the object). options may be NULL for the defaults. */
mvvm_status mvvm_repository_new_sample(const mvvm_sample_options *options,
                                       mvvm_object **out_repository);
/** Creates a repository stored in the JSON file at `path` (copied). A missing file starts from the
 *  default sample data and is written at the first call; a missing folder is created then too (so a
 *  path in a folder that does not exist yet returns MVVM_OK here, and a folder that cannot be
 *  created fails that call, with the reason). Saves are atomic: a crash leaves the old or the new
 *  file. A corrupt file gives MVVM_E_SYSTEM here, with the reason, and is never overwritten (one
 *  damaged later, while open, is refused by the next call in the same way).
 *
 *  Sharing: the file may be shared with other processes and edited by a person while the app runs;
 *  nothing is lost silently. Every call first checks whether the file changed since this repository
 *  last read or wrote it (its inode, size and modification time, as an editor checks) and reads it
 *  again if so: a refresh shows what is on disk. A save takes the file's write lock (flock(2), held
 *  by every writer of this library; a writer still holding it after 5 seconds fails the save,
 *  naming its pid), applies its one change to the file's current contents and writes them, so other
 *  records changed meanwhile are kept. A save of a user whose record another program changed since
 *  this repository read it is refused: nothing is written, the ViewModel shows "Not saved: user N
 *  was changed by another program …" and keeps the draft, and the next load shows the other
 *  version. A like is applied to the current count. */
mvvm_status mvvm_repository_new_json_file(const char *path, mvvm_object **out_repository);
/** Creates a repository stored in the SQLite database at `path` (copied; the system's libsqlite3),
 *  meant for large data: a page, a lookup or a save costs about the same at a thousand and at a
 *  million users, and name search uses an index.
 *
 *  - A missing file (and folder) is created at the first call that needs it, atomically (built
 *    aside, then put in place): empty when `fill_or_null` is NULL, else filled from the sample
 *    generator with those options in one transaction (validated as in mvvm_repository_new_sample():
 *    MVVM_E_INVALID_ARGUMENT for a bad struct_size or a value out of range; latency_ms and
 *    fail_every_nth must be 0 here). A million users take a few seconds, spent off the host thread.
 *    Pages hold `fill_or_null->page_size` users, or 20 when it is NULL.
 *  - The file is inspected here, read-only: one that is not a SQLite database, is another
 *    application's database, has a newer schema (written by a newer libmvvm) or lacks our tables
 *    gives MVVM_E_SYSTEM with the reason (mvvm_last_error_message()) and *out_repository is
 *    untouched. Such a file is never modified, neither here nor later. An older schema of ours is
 *    migrated at the first call, in one transaction.
 *  - Damage this inspection cannot see (pages of data overwritten, the file truncated or rewritten
 *    by another program while open) shows at the first call that reads it: that call fails with the
 *    reason (an error message in the ViewModel), and from then on the file is never written by this
 *    repository: not by a later save through any ViewModel, not when the repository is destroyed
 *    (its write-ahead log is not copied into the file). Every later call fails with the same
 *    reason, naming the file, until the path names another file (replaced, restored from a backup,
 *    removed); that file is checked whole before its first write. Replace a file together with its
 *    "-wal" and "-shm" companions, or while no process has it open.
 *  - The file is read with read(2), never memory-mapped, so a file truncated under an open
 *    repository is an error of the next call, never a crash of the host (SIGBUS).
 *  - Every save (a rename, a like) is one transaction: a crash or a kill leaves the old or the new
 *    data, never a mix, and a failed save changes nothing.
 *  - Sharing: several repositories and processes may use one file at once. Readers never wait
 *    (write-ahead log); SQLite serialises writers: a save waits up to 5 seconds for another writer
 *    to finish, then fails with "database is locked" (the ViewModel keeps the draft and shows the
 *    message; saving again works once the other writer is done). Every process sees the others'
 *    saves at its next read.
 *  - Host thread only; the database work runs on the repository's own thread, and results come back
 *    through mvvm_dispatch() like every repository's. */
mvvm_status mvvm_repository_new_sqlite(const char *path, const mvvm_sample_options *fill_or_null,
                                       mvvm_object **out_repository);
/** Creates a repository served over HTTP by the server at base_url (copied; "http://" or
 *  "https://", a host, an optional port and path, no query or fragment), following the contract
 *  above, with the default limits. cache_path_or_null: a SQLite cache file (see above), or NULL for
 *  none. Nothing is sent until a ViewModel asks. MVVM_E_INVALID_ARGUMENT for a NULL, empty,
 *  unparseable or non-http(s) base_url or an empty cache path (the message says which);
 *  MVVM_E_SYSTEM when the cache file cannot be opened or created, or is not a cache, with SQLite's
 *  reason. */
mvvm_status mvvm_repository_new_http(const char *base_url, const char *cache_path_or_null,
                                     mvvm_object **out_repository);
/** Fills *options with the defaults. Any thread. */
mvvm_status mvvm_http_options_init(mvvm_http_options *options);
/** mvvm_repository_new_http() with limits: options may be NULL for the defaults;
 *  MVVM_E_INVALID_ARGUMENT for a wrong struct_size or a value outside its range. */
mvvm_status mvvm_repository_new_http_with_options(const char *base_url,
                                                  const char *cache_path_or_null,
                                                  const mvvm_http_options *options,
                                                  mvvm_object **out_repository);
/** Creates a repository whose calls go to the host. The tables are copied. `posts` may be NULL:
 *  post calls then fail with a clear message. `destroy` (may be NULL) is called with user_data
 *  once, when the last ViewModel using the repository is gone and the handle is destroyed (or at
 *  shutdown). */
mvvm_status mvvm_repository_new_host(const mvvm_user_repository_vtable *users,
                                     const mvvm_post_repository_vtable *posts, void *user_data,
                                     mvvm_destroy_notify destroy, mvvm_object **out_repository);
/* END GENERATED constructors */

/* BEGIN GENERATED sections (mvvm-generate: `make generate`; do not edit) */
/* ------------------------------------------------------------------------------------------
 * User list (MVVM_TYPE_USER_LIST)
 *
 * A paged list of users: rows are read by index in O(1) and change by change sets.
 *
 * Properties (each announced by "notify::NAME"):
 *   "loading" (int32_t mvvm_loading)
 *   "error-message" (const char *, may be absent)
 *   "count" (int64_t)
 *   "has-more-pages" (int32_t 0/1)
 * Lists:
 *   "rows" (mvvm_user; counted by "count"; changes on "rows-changed")
 * Signals (handlers in MVVM_CONNECT_DEFAULT layout):
 *   "notify::loading"        void (*)(mvvm_object *, int32_t, void *)
 *   "notify::error-message"  void (*)(mvvm_object *, const char *, void *)
 *   "notify::count"          void (*)(mvvm_object *, int64_t, void *)
 *   "notify::has-more-pages" void (*)(mvvm_object *, int32_t, void *)
 *   "rows-changed"           void (*)(mvvm_object *, const mvvm_list_change *, size_t, void *)
 *   "user-selected"          void (*)(mvvm_object *, int64_t, void *)
 * Strings and structs handed to handlers are borrowed for the duration of the call.
 * Strings and structs a getter hands out are borrowed until the next getter call on this
 * object, a change of it, or its destruction.
 * "user-selected": The user of a selected row.
 * ---------------------------------------------------------------------------------------- */

/** Creates a user list over `repository` (which it keeps alive). */
mvvm_status mvvm_user_list_new(mvvm_object *repository, mvvm_object **out_vm);
/** Loads the first page when the list is empty and nothing is loading; otherwise does nothing, so a
 *  host may call it every time the list appears. */
mvvm_status mvvm_user_list_on_appear(mvvm_object *vm);
/** Reloads from the first page, cancelling any load in flight. The current rows stay until the
 *  first page arrives and replaces them (`.reset`). */
mvvm_status mvvm_user_list_refresh(mvvm_object *vm);
/** Tells the list that row `index` is on screen. Fetches the next page when the row is among the
 *  last `prefetchDistance` rows (3 by default), more pages exist, nothing is loading and no error
 *  is shown (after a failure, scrolling retries only once the error was dismissed, instead of
 *  hammering a failing repository on every displayed row). An index outside the rows does nothing
 *  (from a host: MVVM_E_OUT_OF_RANGE). */
mvvm_status mvvm_user_list_did_display_row(mvvm_object *vm, int64_t index);
/** Sends the id of the user of row `index` on "user-selected". An index outside the rows does
 *  nothing (from a host: MVVM_E_OUT_OF_RANGE). */
mvvm_status mvvm_user_list_did_select_row(mvvm_object *vm, int64_t index);
/** Clears the error message. */
mvvm_status mvvm_user_list_dismiss_error(mvvm_object *vm);
/** What the list is loading right now (mvvm_loading). */
mvvm_status mvvm_user_list_get_loading(mvvm_object *vm, int32_t *out_loading);
/** The message of the last failed load, until "dismiss-error" or a later successful load clears it;
 *  nil (NULL) when there is none. */
mvvm_status mvvm_user_list_get_error_message(mvvm_object *vm, const char **out_message);
/** The number of rows. */
mvvm_status mvvm_user_list_get_count(mvvm_object *vm, int64_t *out_count);
/** Whether a page after the last loaded one exists. True before the first load (0/1). */
mvvm_status mvvm_user_list_get_has_more_pages(mvvm_object *vm, int32_t *out_has_more);
/** The rows, in display order, read by index in O(1); "rows-changed" says how they changed, right
 *  after each edit (`objectWillChange` fires before it). */
mvvm_status mvvm_user_list_get_row(mvvm_object *vm, int64_t index, mvvm_user *out_user);

/* ------------------------------------------------------------------------------------------
 * User detail (MVVM_TYPE_USER_DETAIL)
 *
 * One user's detail screen with an editable name.
 *
 * Properties (each announced by "notify::NAME"):
 *   "user" (mvvm_user, may be absent)
 *   "draft-name" (const char *, settable)
 *   "is-saving" (int32_t 0/1)
 *   "is-dirty" (int32_t 0/1)
 *   "can-save" (int32_t 0/1)
 *   "validation-message" (const char *, may be absent)
 *   "error-message" (const char *, may be absent)
 * Signals (handlers in MVVM_CONNECT_DEFAULT layout):
 *   "notify::user"               void (*)(mvvm_object *, const mvvm_user *, void *)
 *   "notify::draft-name"         void (*)(mvvm_object *, const char *, void *)
 *   "notify::is-saving"          void (*)(mvvm_object *, int32_t, void *)
 *   "notify::is-dirty"           void (*)(mvvm_object *, int32_t, void *)
 *   "notify::can-save"           void (*)(mvvm_object *, int32_t, void *)
 *   "notify::validation-message" void (*)(mvvm_object *, const char *, void *)
 *   "notify::error-message"      void (*)(mvvm_object *, const char *, void *)
 *   "did-save"                   void (*)(mvvm_object *, const mvvm_user *, void *)
 * Strings and structs handed to handlers are borrowed for the duration of the call.
 * Strings and structs a getter hands out are borrowed until the next getter call on this
 * object, a change of it, or its destruction.
 * "did-save": The user as stored, after each successful save.
 * ---------------------------------------------------------------------------------------- */

/** Creates the detail screen of user `user_id` over `repository` (which it keeps alive). */
mvvm_status mvvm_user_detail_new(mvvm_object *repository, int64_t user_id, mvvm_object **out_vm);
/** Loads the user, once: does nothing when already loaded or loading. After a failed load, calling
 *  it again retries. */
mvvm_status mvvm_user_detail_on_appear(mvvm_object *vm);
/** Stores the trimmed draft as the user's name. An invalid draft is refused with "error-message"
 *  (cleared again when the draft is edited) and the repository is not called; an unchanged draft, a
 *  save already running or a user not loaded yet make it do nothing. On success "user" and
 *  "draft-name" become the stored user and "did-save" sends it; on failure the draft is kept and
 *  "error-message" says why. A save still running when the screen is released completes in the
 *  repository but is no longer reported. */
mvvm_status mvvm_user_detail_save(mvvm_object *vm);
/** Sets "draft-name" (strings are copied). */
mvvm_status mvvm_user_detail_set_draft_name(mvvm_object *vm, const char *draft_name);
/** The user as last loaded or saved; nil until loaded (the typed getter's *out_loaded is then 0 and
 *  *out_user untouched). */
mvvm_status mvvm_user_detail_get_user(mvvm_object *vm, int32_t *out_loaded, mvvm_user *out_user);
/** The name being edited, never NULL; set by the host as the user types (validation runs at once:
 *  see "validation-message"). Starts as the loaded name. */
mvvm_status mvvm_user_detail_get_draft_name(mvvm_object *vm, const char **out_draft_name);
/** Whether a save is running (0/1). */
mvvm_status mvvm_user_detail_get_is_saving(mvvm_object *vm, int32_t *out_is_saving);
/** Whether the draft, trimmed, differs from the stored name. False until loaded (0/1). */
mvvm_status mvvm_user_detail_get_is_dirty(mvvm_object *vm, int32_t *out_is_dirty);
/** Whether "save" would store the draft: loaded, dirty, valid and not already saving (0/1). */
mvvm_status mvvm_user_detail_get_can_save(mvvm_object *vm, int32_t *out_can_save);
/** Why the current draft can't be saved, updated as it changes; nil (NULL) when it can (and before
 *  the user is loaded, so an empty field doesn't complain while loading). */
mvvm_status mvvm_user_detail_get_validation_message(mvvm_object *vm, const char **out_message);
/** The message of the last failed load or save (until the next save or `dismissError()`), or why
 *  "save" refused the draft (until the draft is edited); nil (NULL) when there is none. Swift code
 *  may set one (a message set so is not cleared by editing). */
mvvm_status mvvm_user_detail_get_error_message(mvvm_object *vm, const char **out_message);

/* ------------------------------------------------------------------------------------------
 * Post detail (MVVM_TYPE_POST_DETAIL)
 *
 * A post with its comments, loaded together, and an optimistic like button.
 *
 * Properties (each announced by "notify::NAME"):
 *   "state" (int32_t mvvm_view_state)
 *   "is-liked" (int32_t 0/1)
 *   "likes-count" (int64_t)
 *   "error-message" (const char *, may be absent)
 *   "post" (mvvm_post, may be absent)
 * Lists:
 *   "comments" (mvvm_comment; counted by "comment-count")
 * Signals (handlers in MVVM_CONNECT_DEFAULT layout):
 *   "notify::state"         void (*)(mvvm_object *, int32_t, void *)
 *   "notify::is-liked"      void (*)(mvvm_object *, int32_t, void *)
 *   "notify::likes-count"   void (*)(mvvm_object *, int64_t, void *)
 *   "notify::error-message" void (*)(mvvm_object *, const char *, void *)
 *   "notify::post"          void (*)(mvvm_object *, const mvvm_post *, void *)
 * Strings and structs handed to handlers are borrowed for the duration of the call.
 * Strings and structs a getter hands out are borrowed until the next getter call on this
 * object, a change of it, or its destruction.
 * ---------------------------------------------------------------------------------------- */

/** Creates the detail screen of post `post_id` over `repository` (which it keeps alive). */
mvvm_status mvvm_post_detail_new(mvvm_object *repository, int64_t post_id, mvvm_object **out_vm);
/** Loads the post and its comments together, the first time the screen appears; later appearances
 *  keep what is shown. */
mvvm_status mvvm_post_detail_on_appear(mvvm_object *vm);
/** Likes or unlikes at once, then tells the repository (one request at a time, however fast the
 *  taps); if a request fails, "is-liked" and "likes-count" roll back to the server's truth and
 *  "error-message" says why. Does nothing before the post has loaded. */
mvvm_status mvvm_post_detail_toggle_like(mvvm_object *vm);
/** The state of the post's load: idle, loading, then loaded (the post and its comments) or failed
 *  (never empty) (mvvm_view_state). */
mvvm_status mvvm_post_detail_get_state(mvvm_object *vm, int32_t *out_state);
/** Whether the current user likes the post: the like button's state (the person's latest intent)
 *  (0/1). */
mvvm_status mvvm_post_detail_get_is_liked(mvvm_object *vm, int32_t *out_is_liked);
/** How many people like the post: the server's count plus any change still being sent. */
mvvm_status mvvm_post_detail_get_likes_count(mvvm_object *vm, int64_t *out_likes_count);
/** The failed like's message, else the failed load's ("state" failed); nil (NULL) when there is no
 *  error. */
mvvm_status mvvm_post_detail_get_error_message(mvvm_object *vm, const char **out_message);
/** The post once "state" is loaded, with the live like state ("is-liked", "likes-count"); before,
 *  reading it throws `NotLoaded` (the typed getter: MVVM_E_STATE; handlers get NULL). */
mvvm_status mvvm_post_detail_get_post(mvvm_object *vm, mvvm_post *out_post);
/** The number of comments. MVVM_E_STATE while they cannot be read, as for each item. */
mvvm_status mvvm_post_detail_get_comment_count(mvvm_object *vm, int64_t *out_count);
/** The loaded post's comments, oldest first; until "state" is loaded, reading them throws
 *  `NotLoaded` (from a host: MVVM_E_STATE). */
mvvm_status mvvm_post_detail_get_comment(mvvm_object *vm, int64_t index, mvvm_comment *out_comment);

/* ------------------------------------------------------------------------------------------
 * Sorted integers (MVVM_TYPE_SORTED_INTEGERS)
 *
 * A sorted list of integers (seed 003).
 *
 * Properties (each announced by "notify::NAME"):
 *   "count" (int64_t)
 * Lists:
 *   "values" (int64_t; counted by "count"; changes on "rows-changed")
 * Signals (handlers in MVVM_CONNECT_DEFAULT layout):
 *   "notify::count" void (*)(mvvm_object *, int64_t, void *)
 *   "rows-changed"  void (*)(mvvm_object *, const mvvm_list_change *, size_t, void *)
 * Strings and structs handed to handlers are borrowed for the duration of the call.
 * Strings and structs a getter hands out are borrowed until the next getter call on this
 * object, a change of it, or its destruction.
 * ---------------------------------------------------------------------------------------- */

/** Creates the list from `initial_values` (`initial_count` of them, copied, then sorted; NULL with
 *  count 0 for an empty list; at most 10000000 values). `random_seed` drives "add-new-integer". */
mvvm_status mvvm_sorted_integers_new(const int64_t *initial_values, size_t initial_count,
                                     uint64_t random_seed, mvvm_object **out_vm);
/** Inserts a random integer from the random source (in `randomRange`: 0...9 unless made otherwise)
 *  after any equal values. */
mvvm_status mvvm_sorted_integers_add_new_integer(mvvm_object *vm);
/** Inserts `value` after every element less than or equal to it and returns its row (through
 *  *out_index, which may be NULL). */
mvvm_status mvvm_sorted_integers_add(mvvm_object *vm, int64_t value, int64_t *out_index);
/** Removes the value at `index`. An index outside the values changes and publishes nothing (a stale
 *  row from a view is not a crash; from a host: MVVM_E_OUT_OF_RANGE). Returns whether it removed
 *  one (for Swift callers). */
mvvm_status mvvm_sorted_integers_remove_at(mvvm_object *vm, int64_t index);
/** The number of values. */
mvvm_status mvvm_sorted_integers_get_count(mvvm_object *vm, int64_t *out_count);
/** The integers in ascending order: the value at `index`. */
mvvm_status mvvm_sorted_integers_get_value(mvvm_object *vm, int64_t index, int64_t *out_value);

/* ------------------------------------------------------------------------------------------
 * Stopwatch (MVVM_TYPE_STOPWATCH)
 *
 * Ticks every 10 ms through the descriptor of mvvm_get_fd(). Start resumes from the elapsed
 * time; reset stops and clears.
 *
 * Properties (each announced by "notify::NAME"):
 *   "elapsed-text" (const char *)
 *   "button-text" (const char *)
 *   "is-running" (int32_t 0/1)
 *   "is-lap-enabled" (int32_t 0/1)
 *   "lap-count" (int64_t)
 * Lists:
 *   "laps" (const char *; counted by "lap-count"; changes on "laps-changed")
 * Signals (handlers in MVVM_CONNECT_DEFAULT layout):
 *   "notify::elapsed-text"   void (*)(mvvm_object *, const char *, void *)
 *   "notify::button-text"    void (*)(mvvm_object *, const char *, void *)
 *   "notify::is-running"     void (*)(mvvm_object *, int32_t, void *)
 *   "notify::is-lap-enabled" void (*)(mvvm_object *, int32_t, void *)
 *   "notify::lap-count"      void (*)(mvvm_object *, int64_t, void *)
 *   "laps-changed"           void (*)(mvvm_object *, const mvvm_list_change *, size_t, void *)
 * Strings and structs handed to handlers are borrowed for the duration of the call.
 * Strings and structs a getter hands out are borrowed until the next getter call on this
 * object, a change of it, or its destruction.
 * ---------------------------------------------------------------------------------------- */

/** Creates a stopped stopwatch. */
mvvm_status mvvm_stopwatch_new(mvvm_object **out_vm);
/** Starts (resuming from the current reading) or stops the stopwatch, as the button says. */
mvvm_status mvvm_stopwatch_button_tapped(mvvm_object *vm);
/** Records the current reading as a lap; does nothing while stopped (the button is disabled then,
 *  but a host may still call this). */
mvvm_status mvvm_stopwatch_lap(mvvm_object *vm);
/** Stops the stopwatch and clears the reading and the laps. The runtime calls it when the host
 *  destroys the object, so a destroyed stopwatch stops ticking. */
mvvm_status mvvm_stopwatch_reset(mvvm_object *vm);
/** The elapsed time, "mm:ss.cc". */
mvvm_status mvvm_stopwatch_get_elapsed_text(mvvm_object *vm, const char **out_text);
/** The title of the start/stop button: "Start" while stopped, "Stop" while running. */
mvvm_status mvvm_stopwatch_get_button_text(mvvm_object *vm, const char **out_text);
/** Whether the stopwatch is running (0/1). */
mvvm_status mvvm_stopwatch_get_is_running(mvvm_object *vm, int32_t *out_is_running);
/** Whether the lap button can be pressed ("lap" records a lap): only while running (0/1). */
mvvm_status mvvm_stopwatch_get_is_lap_enabled(mvvm_object *vm, int32_t *out_enabled);
/** The number of laps. */
mvvm_status mvvm_stopwatch_get_lap_count(mvvm_object *vm, int64_t *out_count);
/** The recorded laps as text (split times, formatted like "elapsed-text"), newest last. */
mvvm_status mvvm_stopwatch_get_lap(mvvm_object *vm, int64_t index, const char **out_text);

/* ------------------------------------------------------------------------------------------
 * Coordinator (MVVM_TYPE_COORDINATOR)
 *
 * The flow: user list -> user detail on "user-selected" -> back on "did-save", with the list
 * row updated in place; from the list, "show-search" pushes the user search, whose selection
 * pushes the detail the same way (list -> search -> detail, and saving pops back to the
 * search).
 * Lists:
 *   "screens" (mvvm_object *; counted by "depth")
 * Signals (handlers in MVVM_CONNECT_DEFAULT layout):
 *   "navigate" void (*)(mvvm_object *, int32_t, mvvm_object *, void *)
 * Strings and structs handed to handlers are borrowed for the duration of the call.
 * Strings and structs a getter hands out are borrowed until the next getter call on this
 * object, a change of it, or its destruction.
 * "navigate": A screen was pushed or popped: `action` is an mvvm_navigation; for a pop, `screen` is
 *   the popped handle, already invalid: compare it, do not call with it. A popped screen's
 *   handle stays valid until the end of the library call that popped it (so what it
 *   announced, "did-save" included, is delivered first). A push caused by a selection is
 *   delivered after the selection's own signal ("user-selected" first, then "navigate").
 * ---------------------------------------------------------------------------------------- */

/** Creates a coordinator over `repository` (which it keeps alive). */
mvvm_status mvvm_coordinator_new(mvvm_object *repository, mvvm_object **out_coordinator);
/** Pushes the user list as the root screen (the host hears a "navigate" push). Does nothing once
 *  started. */
mvvm_status mvvm_coordinator_start(mvvm_object *coordinator);
/** Pops the top screen, as the host's back button does, and lets go of its ViewModel. The root
 *  screen stays: does nothing when only the root is on the stack. */
mvvm_status mvvm_coordinator_back(mvvm_object *coordinator);
/** Pushes the user search over the list. Does nothing unless the list is the top screen (before
 *  "start", or while a detail or a search is shown). */
mvvm_status mvvm_coordinator_show_search(mvvm_object *coordinator);
/** The number of screens on the stack. */
mvvm_status mvvm_coordinator_get_depth(mvvm_object *coordinator, int64_t *out_depth);
/** The screen at `index` (0 = root) of the stack: a ViewModel handle the coordinator owns. The host
 *  must not destroy it, and calls a new screen's "on-appear" when it shows it, as for screens it
 *  made itself. */
mvvm_status mvvm_coordinator_get_screen(mvvm_object *coordinator, int64_t index,
                                        mvvm_object **out_screen);

/* ------------------------------------------------------------------------------------------
 * User search (MVVM_TYPE_USER_SEARCH)
 *
 * Search-as-you-type over users: the query is debounced (300 ms on the main queue), trimmed
 * and de-duplicated; each new query cancels the search under way, so a stale query's results
 * never land. Results are a paged list like the user list's.
 *
 * Properties (each announced by "notify::NAME"):
 *   "query" (const char *, settable)
 *   "is-searching" (int32_t 0/1)
 *   "is-query-empty" (int32_t 0/1)
 *   "error-message" (const char *, may be absent)
 *   "count" (int64_t)
 *   "has-more-pages" (int32_t 0/1)
 * Lists:
 *   "rows" (mvvm_user; counted by "count"; changes on "rows-changed")
 * Signals (handlers in MVVM_CONNECT_DEFAULT layout):
 *   "notify::query"          void (*)(mvvm_object *, const char *, void *)
 *   "notify::is-searching"   void (*)(mvvm_object *, int32_t, void *)
 *   "notify::is-query-empty" void (*)(mvvm_object *, int32_t, void *)
 *   "notify::error-message"  void (*)(mvvm_object *, const char *, void *)
 *   "notify::count"          void (*)(mvvm_object *, int64_t, void *)
 *   "notify::has-more-pages" void (*)(mvvm_object *, int32_t, void *)
 *   "rows-changed"           void (*)(mvvm_object *, const mvvm_list_change *, size_t, void *)
 *   "user-selected"          void (*)(mvvm_object *, int64_t, void *)
 * Strings and structs handed to handlers are borrowed for the duration of the call.
 * Strings and structs a getter hands out are borrowed until the next getter call on this
 * object, a change of it, or its destruction.
 * "user-selected": The user of a selected result.
 * ---------------------------------------------------------------------------------------- */

/** Creates a user search over `repository` (which it keeps alive). */
mvvm_status mvvm_user_search_new(mvvm_object *repository, mvvm_object **out_vm);
/** Tells the search that result `index` is on screen. Fetches the next page of the shown query when
 *  the result is among the last 3, more pages exist, nothing is being searched and no error is
 *  shown (the user list's rule). An index outside the results does nothing (from a host:
 *  MVVM_E_OUT_OF_RANGE). */
mvvm_status mvvm_user_search_did_display_row(mvvm_object *vm, int64_t index);
/** Sends the id of the user of result `index` on "user-selected". An index outside the results does
 *  nothing (from a host: MVVM_E_OUT_OF_RANGE). */
mvvm_status mvvm_user_search_did_select_row(mvvm_object *vm, int64_t index);
/** Clears the error message. */
mvvm_status mvvm_user_search_dismiss_error(mvvm_object *vm);
/** Sets "query" (strings are copied). */
mvvm_status mvvm_user_search_set_query(mvvm_object *vm, const char *query);
/** The query as typed, never NULL; set it on every keystroke. Searched once it stops changing for
 *  the debounce interval (300 ms), trimmed of surrounding whitespace. */
mvvm_status mvvm_user_search_get_query(mvvm_object *vm, const char **out_query);
/** Whether a repository call (a query's first page or a next page) is running (0/1). */
mvvm_status mvvm_user_search_get_is_searching(mvvm_object *vm, int32_t *out_is_searching);
/** The empty-query state: true while the (debounced, trimmed) query is empty, when no results are
 *  shown and nothing is searched. A host shows a hint instead of a list (0/1). */
mvvm_status mvvm_user_search_get_is_query_empty(mvvm_object *vm, int32_t *out_is_query_empty);
/** The message of the last failed search, until "dismiss-error" or a successful search clears it;
 *  nil (NULL) when there is none. */
mvvm_status mvvm_user_search_get_error_message(mvvm_object *vm, const char **out_message);
/** The number of results. */
mvvm_status mvvm_user_search_get_count(mvvm_object *vm, int64_t *out_count);
/** Whether the shown query has pages after the last loaded one (0/1). */
mvvm_status mvvm_user_search_get_has_more_pages(mvvm_object *vm, int32_t *out_has_more);
/** The matching users, in the repository's order, read by index in O(1); "rows-changed" says how
 *  they changed, right after each edit (`objectWillChange` fires before it). */
mvvm_status mvvm_user_search_get_row(mvvm_object *vm, int64_t index, mvvm_user *out_user);
/* END GENERATED sections */

/* ------------------------------------------------------------------------------------------
 * Plug-in entry point
 *
 * For hosts that load the library with dlopen() and resolve one symbol: mvvm_seeds_get_api()
 * returns a table holding every function of this header, and the way to mvvm.h's table
 * (get_framework_api). The table only grows at its end.
 * ---------------------------------------------------------------------------------------- */

/** Every function of this header, in the order they were added. */
typedef struct mvvm_seeds_api {
    /** sizeof(mvvm_seeds_api) of the library (at least the size the host expects). */
    uint32_t struct_size;
    /** MVVM_ABI_VERSION of the library. */
    int32_t abi_version;
    /** mvvm_get_api(): mvvm.h's functions. */
    mvvm_get_api_fn get_framework_api;
    /* BEGIN GENERATED api (mvvm-generate: `make generate`; do not edit) */
    mvvm_status (*sample_options_init)(mvvm_sample_options *options);
    mvvm_status (*repository_new_sample)(const mvvm_sample_options *options,
                                         mvvm_object **out_repository);
    mvvm_status (*repository_new_json_file)(const char *path, mvvm_object **out_repository);
    mvvm_status (*user_list_new)(mvvm_object *repository, mvvm_object **out_vm);
    mvvm_status (*user_list_on_appear)(mvvm_object *vm);
    mvvm_status (*user_list_refresh)(mvvm_object *vm);
    mvvm_status (*user_list_did_display_row)(mvvm_object *vm, int64_t index);
    mvvm_status (*user_list_did_select_row)(mvvm_object *vm, int64_t index);
    mvvm_status (*user_list_dismiss_error)(mvvm_object *vm);
    mvvm_status (*user_list_get_count)(mvvm_object *vm, int64_t *out_count);
    mvvm_status (*user_list_get_row)(mvvm_object *vm, int64_t index, mvvm_user *out_user);
    mvvm_status (*user_list_get_loading)(mvvm_object *vm, int32_t *out_loading);
    mvvm_status (*user_list_get_has_more_pages)(mvvm_object *vm, int32_t *out_has_more);
    mvvm_status (*user_list_get_error_message)(mvvm_object *vm, const char **out_message);
    mvvm_status (*user_detail_new)(mvvm_object *repository, int64_t user_id, mvvm_object **out_vm);
    mvvm_status (*user_detail_on_appear)(mvvm_object *vm);
    mvvm_status (*user_detail_set_draft_name)(mvvm_object *vm, const char *draft_name);
    mvvm_status (*user_detail_save)(mvvm_object *vm);
    mvvm_status (*user_detail_get_user)(mvvm_object *vm, int32_t *out_loaded, mvvm_user *out_user);
    mvvm_status (*user_detail_get_draft_name)(mvvm_object *vm, const char **out_draft_name);
    mvvm_status (*user_detail_get_is_saving)(mvvm_object *vm, int32_t *out_is_saving);
    mvvm_status (*user_detail_get_is_dirty)(mvvm_object *vm, int32_t *out_is_dirty);
    mvvm_status (*user_detail_get_can_save)(mvvm_object *vm, int32_t *out_can_save);
    mvvm_status (*user_detail_get_validation_message)(mvvm_object *vm, const char **out_message);
    mvvm_status (*user_detail_get_error_message)(mvvm_object *vm, const char **out_message);
    mvvm_status (*post_detail_new)(mvvm_object *repository, int64_t post_id, mvvm_object **out_vm);
    mvvm_status (*post_detail_on_appear)(mvvm_object *vm);
    mvvm_status (*post_detail_toggle_like)(mvvm_object *vm);
    mvvm_status (*post_detail_get_state)(mvvm_object *vm, int32_t *out_state);
    mvvm_status (*post_detail_get_post)(mvvm_object *vm, mvvm_post *out_post);
    mvvm_status (*post_detail_get_comment_count)(mvvm_object *vm, int64_t *out_count);
    mvvm_status (*post_detail_get_comment)(mvvm_object *vm, int64_t index,
                                           mvvm_comment *out_comment);
    mvvm_status (*post_detail_get_is_liked)(mvvm_object *vm, int32_t *out_is_liked);
    mvvm_status (*post_detail_get_likes_count)(mvvm_object *vm, int64_t *out_likes_count);
    mvvm_status (*post_detail_get_error_message)(mvvm_object *vm, const char **out_message);
    mvvm_status (*sorted_integers_new)(const int64_t *initial_values, size_t initial_count,
                                       uint64_t random_seed, mvvm_object **out_vm);
    mvvm_status (*sorted_integers_add_new_integer)(mvvm_object *vm);
    mvvm_status (*sorted_integers_add)(mvvm_object *vm, int64_t value, int64_t *out_index);
    mvvm_status (*sorted_integers_remove_at)(mvvm_object *vm, int64_t index);
    mvvm_status (*sorted_integers_get_count)(mvvm_object *vm, int64_t *out_count);
    mvvm_status (*sorted_integers_get_value)(mvvm_object *vm, int64_t index, int64_t *out_value);
    mvvm_status (*stopwatch_new)(mvvm_object **out_vm);
    mvvm_status (*stopwatch_button_tapped)(mvvm_object *vm);
    mvvm_status (*stopwatch_lap)(mvvm_object *vm);
    mvvm_status (*stopwatch_reset)(mvvm_object *vm);
    mvvm_status (*stopwatch_get_elapsed_text)(mvvm_object *vm, const char **out_text);
    mvvm_status (*stopwatch_get_button_text)(mvvm_object *vm, const char **out_text);
    mvvm_status (*stopwatch_get_is_running)(mvvm_object *vm, int32_t *out_is_running);
    mvvm_status (*stopwatch_get_is_lap_enabled)(mvvm_object *vm, int32_t *out_enabled);
    mvvm_status (*stopwatch_get_lap_count)(mvvm_object *vm, int64_t *out_count);
    mvvm_status (*stopwatch_get_lap)(mvvm_object *vm, int64_t index, const char **out_text);
    mvvm_status (*coordinator_new)(mvvm_object *repository, mvvm_object **out_coordinator);
    mvvm_status (*coordinator_start)(mvvm_object *coordinator);
    mvvm_status (*coordinator_back)(mvvm_object *coordinator);
    mvvm_status (*coordinator_get_depth)(mvvm_object *coordinator, int64_t *out_depth);
    mvvm_status (*coordinator_get_screen)(mvvm_object *coordinator, int64_t index,
                                          mvvm_object **out_screen);
    mvvm_status (*repository_new_host)(const mvvm_user_repository_vtable *users,
                                       const mvvm_post_repository_vtable *posts, void *user_data,
                                       mvvm_destroy_notify destroy, mvvm_object **out_repository);
    mvvm_status (*request_resolve_user_page)(mvvm_request *request, const mvvm_user *users,
                                             size_t count, int64_t page, int64_t total_pages);
    mvvm_status (*request_resolve_user)(mvvm_request *request, const mvvm_user *user);
    mvvm_status (*request_resolve_post)(mvvm_request *request, const mvvm_post *post);
    mvvm_status (*request_resolve_comments)(mvvm_request *request, const mvvm_comment *comments,
                                            size_t count);
    mvvm_status (*coordinator_show_search)(mvvm_object *coordinator);
    mvvm_status (*user_search_new)(mvvm_object *repository, mvvm_object **out_vm);
    mvvm_status (*user_search_did_display_row)(mvvm_object *vm, int64_t index);
    mvvm_status (*user_search_did_select_row)(mvvm_object *vm, int64_t index);
    mvvm_status (*user_search_dismiss_error)(mvvm_object *vm);
    mvvm_status (*user_search_set_query)(mvvm_object *vm, const char *query);
    mvvm_status (*user_search_get_query)(mvvm_object *vm, const char **out_query);
    mvvm_status (*user_search_get_is_searching)(mvvm_object *vm, int32_t *out_is_searching);
    mvvm_status (*user_search_get_is_query_empty)(mvvm_object *vm, int32_t *out_is_query_empty);
    mvvm_status (*user_search_get_error_message)(mvvm_object *vm, const char **out_message);
    mvvm_status (*user_search_get_count)(mvvm_object *vm, int64_t *out_count);
    mvvm_status (*user_search_get_has_more_pages)(mvvm_object *vm, int32_t *out_has_more);
    mvvm_status (*user_search_get_row)(mvvm_object *vm, int64_t index, mvvm_user *out_user);
    mvvm_status (*repository_new_sqlite)(const char *path, const mvvm_sample_options *fill_or_null,
                                         mvvm_object **out_repository);
    mvvm_status (*http_options_init)(mvvm_http_options *options);
    mvvm_status (*repository_new_http)(const char *base_url, const char *cache_path_or_null,
                                       mvvm_object **out_repository);
    mvvm_status (*repository_new_http_with_options)(const char *base_url,
                                                    const char *cache_path_or_null,
                                                    const mvvm_http_options *options,
                                                    mvvm_object **out_repository);
    /* END GENERATED api */
} mvvm_seeds_api;

/** The plug-in entry point: writes this application's function table into *out_api (static
 *  storage, valid while the library is loaded). `abi_version` is the MVVM_ABI_VERSION the host
 *  was built against: a library of another ABI version returns MVVM_E_INVALID_ARGUMENT with
 *  both versions in the message. Any thread; needs no mvvm_init(). */
mvvm_status mvvm_seeds_get_api(int32_t abi_version, const mvvm_seeds_api **out_api);

/** The type of mvvm_seeds_get_api(), for dlsym(). */
typedef mvvm_status (*mvvm_seeds_get_api_fn)(int32_t abi_version, const mvvm_seeds_api **out_api);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MVVM_SEEDS_H */
