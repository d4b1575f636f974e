/*
 * mvvm.h: the C interface of libmvvm, the MVVM core of an application.
 *
 * This header is the specification. Every function, status value and signal is documented
 * here; when the library and this text disagree, the library has a bug.
 *
 * THE MODEL
 *   The library holds the state, the logic and the flow of an application (ViewModels, a
 *   coordinator, repositories). The host draws and forwards user actions as commands. The
 *   library tells the host what changed through signals: C function pointers the host
 *   connects by name.
 *
 * THE ONE THREAD RULE
 *   Every function is called on the host thread, where the Swift main actor runs: the
 *   process's main thread (mvvm_init()), or the thread that called mvvm_init_with_options(),
 *   which may be any thread. The first init fixes the host thread for the process's lifetime.
 *   A call from any other thread returns MVVM_E_WRONG_THREAD and changes nothing; with a host
 *   thread other than the main thread, that includes the main thread. The exceptions say so in
 *   their documentation ("Any thread"): mvvm_wakeup(), mvvm_version(), mvvm_version_string(),
 *   mvvm_abi_version(), mvvm_status_name(), mvvm_last_error_message(), mvvm_type_describe(),
 *   mvvm_type_find(), mvvm_type_list(), mvvm_member_find(), mvvm_sample_options_init(),
 *   mvvm_http_options_init(), mvvm_get_api() and the mvvm_request_* answers of
 *   host-implemented repositories.
 *
 * THE LOOP (libcurl multi style: the library never owns the loop)
 *   mvvm_get_fd() gives one file descriptor. When it is readable, call mvvm_dispatch() on the
 *   host thread: it runs the pending work (timer ticks, finished background loads, wake-ups)
 *   and delivers the resulting signals. Add the descriptor to any loop: poll(), epoll, GLib's
 *   g_unix_fd_add(), asyncio's add_reader(), Tk's createfilehandler(), libuv's uv_poll. Hosts
 *   without a loop call mvvm_run(timeout_ms) instead.
 *
 * SIGNALS (GObject style)
 *   Connect a handler of the signal's natural C signature by name with mvvm_signal_connect();
 *   for example "notify::loading" takes
 *       void on_loading(mvvm_object *vm, int32_t loading, void *user_data);
 *   Handlers run only on the host thread, inside a library call: at the end of the command
 *   that caused the change, or inside mvvm_dispatch()/mvvm_run(). A handler may call any
 *   function of this API, including disconnecting itself or destroying its object, except
 *   mvvm_dispatch(), mvvm_run() and mvvm_shutdown(), which return MVVM_E_REENTRANCY there.
 *
 * BATCHING
 *   Changes are collected during one outermost library call and delivered at its end.
 *   Property notifications ("notify::NAME") are coalesced per object and property: a property
 *   that changed three times is notified once, with its final value. Events (everything not
 *   named notify::) are never coalesced and arrive in the order they happened; list change
 *   sets keep their order. Per object, property notifications are delivered before events;
 *   objects are visited in the order in which they first changed. Like GObject's notify on
 *   a G_PARAM_EXPLICIT_NOTIFY property, a notification means the value changed: it is
 *   delivered only when the value differs from the one last notified (or, for a handler
 *   connected since, from the one it had when the handler connected), so a property set
 *   to its current value, or changed and changed back within one call, is not notified.
 *
 * ERRORS
 *   Every function but the few that return a value directly returns mvvm_status. MVVM_OK is
 *   0. On failure nothing changed, out-pointers were not written, and
 *   mvvm_last_error_message() explains the failure in words.
 *
 * HANDLES
 *   Objects are opaque mvvm_object pointers. They are checked, never dereferenced: a NULL,
 *   destroyed, stale or wrong-type handle gives a status, never a crash. mvvm_shutdown()
 *   invalidates every handle: until the next init any call on the host thread gives
 *   MVVM_E_NOT_INITIALIZED (other threads: MVVM_E_WRONG_THREAD); after it, a handle from before gives MVVM_E_INVALID_HANDLE
 *   (handles are never reissued).
 *
 * OWNERSHIP
 *   Strings passed in are UTF-8 (validated; invalid input gives MVVM_E_INVALID_UTF8) and
 *   copied: the caller keeps ownership. Strings and structs handed out are borrowed; each
 *   function says until when. Rows passed in are copied.
 *
 * STRINGS AND U+0000
 *   Every string is NUL-terminated UTF-8 and no string the library hands out contains
 *   U+0000, so a string is never silently cut at an embedded NUL. Data that would carry one
 *   is refused where it enters, with a message: an HTTP body with "\u0000" in a string (the
 *   request fails: "…holds U+0000 (NUL)…"), a JSON or SQLite store file with U+0000 in a
 *   stored text (refused as a damaged store, naming the record and field). C strings cannot
 *   carry one, and the Python binding refuses str arguments containing one (ValueError).
 *
 * COMPATIBILITY
 *   Enumerations and tables only grow at their end. Structs that the host fills carry their
 *   size in their first field, so that a later library can tell an older host's struct from
 *   its own: this version accepts the sizes each struct's documentation lists (its current
 *   size, and earlier sizes where a field was added since) and gives MVVM_E_INVALID_ARGUMENT
 *   for any other.
 */
#ifndef MVVM_H
#define MVVM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------------------------------
 * Versions
 * ---------------------------------------------------------------------------------------- */

#define MVVM_VERSION_MAJOR 0
#define MVVM_VERSION_MINOR 1
#define MVVM_VERSION_PATCH 0
#define MVVM_VERSION_STRING "0.1.0"
/** MAJOR * 10000 + MINOR * 100 + PATCH, for #if comparisons. */
#define MVVM_VERSION_NUMBER (MVVM_VERSION_MAJOR * 10000 + MVVM_VERSION_MINOR * 100 + MVVM_VERSION_PATCH)
/** Bumped when a change would break a host compiled against an older header. */
#define MVVM_ABI_VERSION 1

/** The library's MVVM_VERSION_NUMBER. Any thread. */
int32_t mvvm_version(void);
/** The library's MVVM_VERSION_STRING; static storage. Any thread. */
const char *mvvm_version_string(void);
/** The library's MVVM_ABI_VERSION. A host compares it with its own at start. Any thread. */
int32_t mvvm_abi_version(void);

/* ------------------------------------------------------------------------------------------
 * Status codes
 * ---------------------------------------------------------------------------------------- */

typedef enum mvvm_status {
    /** Success. */
    MVVM_OK = 0,
    /** A required pointer was NULL, or a value was outside its documented domain. */
    MVVM_E_INVALID_ARGUMENT = 1,
    /** The handle is NULL, was never issued, was destroyed, or belongs to a runtime that has
     *  been shut down. */
    MVVM_E_INVALID_HANDLE = 2,
    /** The handle is valid but is not of the type the function needs. */
    MVVM_E_WRONG_TYPE = 3,
    /** Called from a thread other than the host thread (see THE ORDER OF CHECKS). */
    MVVM_E_WRONG_THREAD = 4,
    /** The runtime is not initialised (no init yet, or mvvm_shutdown() called). */
    MVVM_E_NOT_INITIALIZED = 5,
    /** A row or item index is outside 0..count-1. */
    MVVM_E_OUT_OF_RANGE = 6,
    /** A string argument is not valid UTF-8. */
    MVVM_E_INVALID_UTF8 = 7,
    /** No signal, command or member of that name exists on that object's type. */
    MVVM_E_UNKNOWN_NAME = 8,
    /** No connection or closure with that id exists (never issued, or already released). */
    MVVM_E_NOT_FOUND = 9,
    /** The call is not allowed from inside a signal handler (mvvm_dispatch(), mvvm_run(),
     *  mvvm_shutdown()). */
    MVVM_E_REENTRANCY = 10,
    /** The object does not allow this call in its current state (for example destroying a
     *  screen the coordinator owns). */
    MVVM_E_STATE = 11,
    /** The operating system refused (a file, a descriptor, memory for a closure). */
    MVVM_E_SYSTEM = 12,
    /** A libffi call description could not be prepared for the requested layout. */
    MVVM_E_FFI = 13,
} mvvm_status;

/** The enumerator's name ("MVVM_E_OUT_OF_RANGE"), or "MVVM_E_UNKNOWN" for another value;
 *  static storage. Any thread. */
const char *mvvm_status_name(mvvm_status status);

/** A sentence describing the last failure of a call made on the calling thread, or "" if
 *  that call succeeded. Borrowed: valid until the next mvvm_ call on the same thread. Any
 *  thread. Never NULL. */
const char *mvvm_last_error_message(void);

/* ------------------------------------------------------------------------------------------
 * Runtime and loop
 * ---------------------------------------------------------------------------------------- */

/** Starts the runtime on the host thread: the process's main thread, unless an earlier
 *  mvvm_init_with_options() made another thread the host thread (see THE ONE THREAD RULE).
 *  Elsewhere MVVM_E_WRONG_THREAD. The first mvvm_init() of a process fixes the host thread
 *  to the main thread. Idempotent: a second call returns MVVM_OK. */
mvvm_status mvvm_init(void);

/** How mvvm_init_with_options() starts the runtime. Fill it with zeros, then set struct_size. */
typedef struct mvvm_init_options {
    /** sizeof(mvvm_init_options): the only size this version accepts. */
    uint32_t struct_size;
    /** Reserved for later options: must be 0 (otherwise MVVM_E_INVALID_ARGUMENT). */
    uint32_t flags;
} mvvm_init_options;

/** Starts the runtime with the calling thread as the host thread, which may be any thread
 *  (a JVM's event dispatch thread, a worker running a GLib context or an asyncio loop). On
 *  the process's main thread it is mvvm_init(). The first init of a process fixes the host
 *  thread for the process's lifetime: after mvvm_shutdown() the same thread may init again,
 *  and every other thread (the main thread included) gets MVVM_E_WRONG_THREAD, with the
 *  host thread's id in the message, as does a call on another thread after mvvm_init().
 *  MVVM_E_INVALID_ARGUMENT for a NULL `options`, another struct_size or non-zero flags
 *  (nothing is fixed then). MVVM_E_STATE when Swift's main executor existed already
 *  (something used the Swift main actor before the first init); the host thread stays
 *  unusable then. Idempotent on the host thread. The host thread must not exit while the
 *  library is in use. */
mvvm_status mvvm_init_with_options(const mvvm_init_options *options);

/** Stops the runtime: cancels pending work, disconnects every handler (calling its destroy
 *  notifier), frees every libffi closure and destroys every object, so every handle becomes
 *  invalid. Idempotent. mvvm_init() may be called again afterwards; handles from before stay
 *  invalid. MVVM_E_REENTRANCY from inside a handler. */
mvvm_status mvvm_shutdown(void);

/** Writes the descriptor to watch for readability into *out_fd. The library owns it: do not
 *  read, write or close it. It stays the same for the life of the process. */
mvvm_status mvvm_get_fd(int *out_fd);

/** Runs the pending work on the host thread and delivers the resulting signals. Never blocks;
 *  with nothing pending it returns at once. Call it when the descriptor is readable (calling
 *  it at other times is harmless). MVVM_E_REENTRANCY from inside a handler. */
mvvm_status mvvm_dispatch(void);

/** For hosts without a loop: waits until work is pending or timeout_ms elapses (negative:
 *  no limit; 0: do not wait), then dispatches once. *out_dispatched (may be NULL) is set to
 *  1 if queued work was dispatched (a main-actor job, a timer, an answer: work queued since
 *  the last dispatch), else 0: the wait timed out, or only mvvm_wakeup() ended it (a bare
 *  wake-up runs no work). mvvm_wakeup() from another thread ends the wait early.
 *  MVVM_E_REENTRANCY from inside a handler. */
mvvm_status mvvm_run(int32_t timeout_ms, int32_t *out_dispatched);

/** Makes the descriptor readable and ends a waiting mvvm_run(), so the host thread comes
 *  back into the library. Thread-safe and async-signal-unsafe; callable from any thread,
 *  even before mvvm_init() (then it does nothing and returns MVVM_OK). */
mvvm_status mvvm_wakeup(void);

/* ------------------------------------------------------------------------------------------
 * Objects
 * ---------------------------------------------------------------------------------------- */

/** An opaque, checked handle to a library object: a repository, a ViewModel or the
 *  coordinator. Never dereference it. */
typedef struct mvvm_object mvvm_object;

/* BEGIN GENERATED types (mvvm-generate: `make generate`; do not edit) */
/** The type of an object. Grows at the end. */
typedef enum mvvm_type {
    MVVM_TYPE_REPOSITORY = 1,
    MVVM_TYPE_USER_LIST = 2,
    MVVM_TYPE_USER_DETAIL = 3,
    MVVM_TYPE_POST_DETAIL = 4,
    MVVM_TYPE_SORTED_INTEGERS = 5,
    MVVM_TYPE_STOPWATCH = 6,
    MVVM_TYPE_COORDINATOR = 7,
    MVVM_TYPE_USER_SEARCH = 8,
} mvvm_type;
/* END GENERATED types */

/** Writes the object's type into *out_type. */
mvvm_status mvvm_object_get_type(mvvm_object *object, mvvm_type *out_type);

/** Destroys an object the host created: disconnects its handlers (calling their destroy
 *  notifiers) and invalidates the handle. Work it started is cancelled. ViewModels keep
 *  their repository alive, so a repository may be destroyed while ViewModels still use it.
 *  Screens that a coordinator created are owned by it: destroying one gives MVVM_E_STATE.
 *  Allowed from inside a handler, including a handler of the object itself. */
mvvm_status mvvm_object_destroy(mvvm_object *object);

/* ------------------------------------------------------------------------------------------
 * Signals
 * ---------------------------------------------------------------------------------------- */

/** The generic handler type. Cast a handler with MVVM_CALLBACK(); the library calls it with
 *  the signal's declared argument types. */
typedef void (*mvvm_callback)(void);
#define MVVM_CALLBACK(fn) ((mvvm_callback)(void (*)(void))(fn))

/** Called once with the connection's user_data when the connection ends: on disconnect, when
 *  the object is destroyed, or at shutdown. */
typedef void (*mvvm_destroy_notify)(void *user_data);

/** How a handler is called. Grows at the end. */
typedef enum mvvm_connect_flags {
    /** handler(object, signal arguments..., user_data), through its exact C type. */
    MVVM_CONNECT_DEFAULT = 0,
    /** GObject's swapped form: handler(user_data, signal arguments..., object). Called
     *  through libffi with a call description prepared once, at connect. */
    MVVM_CONNECT_SWAPPED = 1,
    /** handler(signal arguments..., user_data): no object argument, for handlers shared by
     *  toolkits that do not care about the sender. Called through libffi. */
    MVVM_CONNECT_NO_OBJECT = 2,
} mvvm_connect_flags;

/** Connects handler to the signal named `signal` of `object` (see each type's list; the
 *  exact C signature of every signal is also available through mvvm_type_describe()).
 *  The default layout is MVVM_CONNECT_DEFAULT. *out_id (may be NULL) receives the
 *  connection id, never 0, unique for the life of the runtime.
 *  MVVM_E_UNKNOWN_NAME for a name the object's type does not have. */
mvvm_status mvvm_signal_connect(mvvm_object *object, const char *signal, mvvm_callback handler,
                                void *user_data, mvvm_destroy_notify destroy, uint64_t *out_id);

/** mvvm_signal_connect() with an explicit argument layout (mvvm_connect_flags). */
mvvm_status mvvm_signal_connect_flags(mvvm_object *object, const char *signal,
                                      mvvm_callback handler, void *user_data,
                                      mvvm_destroy_notify destroy, uint32_t flags,
                                      uint64_t *out_id);

/** Disconnects the connection `id` (calling its destroy notifier once). The handler is not
 *  called again, even if a delivery is under way. May be called from inside that very
 *  handler; the destroy notifier then runs when the handler returns, so user_data stays valid
 *  for the rest of that call. MVVM_E_NOT_FOUND if the id is unknown or already disconnected. */
mvvm_status mvvm_signal_disconnect(uint64_t id);

/* ------------------------------------------------------------------------------------------
 * Commands as plain C function pointers (libffi closures)
 * ---------------------------------------------------------------------------------------- */

/** A command turned into a function pointer that takes no arguments and no user data, for
 *  toolkits whose callback slots take none (void (*)(void)). */
typedef void (*mvvm_command_fn)(void);

/** Creates a plain C function pointer that, when called on the host thread, runs the
 *  argument-less command named `command` of `object` (for example "refresh" of a user list;
 *  see mvvm_type_describe()). A command that takes arguments (such as "add") cannot be a
 *  closure: MVVM_E_UNKNOWN_NAME, like an unknown name. Called on another thread, or after the object was destroyed,
 *  it does nothing. *out_fn receives the pointer; *out_id the id to free it with. The
 *  pointer stays callable until mvvm_command_closure_free(id) or mvvm_shutdown(). */
mvvm_status mvvm_command_closure_new(mvvm_object *object, const char *command,
                                     mvvm_command_fn *out_fn, uint64_t *out_id);

/** Frees a closure made by mvvm_command_closure_new(); its pointer must not be called any
 *  more. MVVM_E_NOT_FOUND for an unknown id. */
mvvm_status mvvm_command_closure_free(uint64_t id);

/* ------------------------------------------------------------------------------------------
 * Introspection
 * ---------------------------------------------------------------------------------------- */

/** What a member of a type is. */
typedef enum mvvm_member_kind {
    /** A value read with a getter; "notify::NAME" announces its changes. */
    MVVM_MEMBER_PROPERTY = 1,
    /** An action the host calls. */
    MVVM_MEMBER_COMMAND = 2,
    /** A signal the host connects to. */
    MVVM_MEMBER_SIGNAL = 3,
    /** Items read by index (mvvm_object_get_item()), counted by mvvm_object_count(). Its
     *  `function` is the typed item getter. */
    MVVM_MEMBER_LIST = 4,
    /** How the type is made (named "new"): mvvm_object_new() with its arguments, or its
     *  typed constructor `function`. */
    MVVM_MEMBER_CONSTRUCTOR = 5,
} mvvm_member_kind;

/** The kind of an mvvm_value, and of the values a member reads, takes or returns. */
typedef enum mvvm_value_kind {
    /** No value: a command's result when it has none, or an absent value (a property that
     *  is NULL in its typed getter: an error message when there is no error, a user not yet
     *  loaded). */
    MVVM_VALUE_NONE = 0,
    /** as.boolean: 0 or 1. */
    MVVM_VALUE_BOOL = 1,
    /** as.int32; also C enums (mvvm_member_shape.enum_name names the enum). */
    MVVM_VALUE_INT32 = 2,
    /** as.int64. */
    MVVM_VALUE_INT64 = 3,
    /** as.uint64. */
    MVVM_VALUE_UINT64 = 4,
    /** as.real. */
    MVVM_VALUE_DOUBLE = 5,
    /** as.string: UTF-8, never NULL (an absent string is MVVM_VALUE_NONE). */
    MVVM_VALUE_STRING = 6,
    /** as.user. */
    MVVM_VALUE_USER = 7,
    /** as.post. */
    MVVM_VALUE_POST = 8,
    /** as.comment. */
    MVVM_VALUE_COMMENT = 9,
    /** as.object: a handle. */
    MVVM_VALUE_OBJECT = 10,
    /** as.int64_array: arguments only. */
    MVVM_VALUE_INT64_ARRAY = 11,
} mvvm_value_kind;

/** Flags of a member's shape. */
typedef enum mvvm_member_flags {
    /** A property the host may set: mvvm_object_set(), or its "set-NAME" command. */
    MVVM_MEMBER_SETTABLE = 1,
    /** The value may be absent: MVVM_VALUE_NONE from the generic getters, NULL (or
     *  out_loaded 0) from the typed ones. */
    MVVM_MEMBER_NULLABLE = 2,
} mvvm_member_flags;

/** One member of a type. All strings are static. */
typedef struct mvvm_member_info {
    /** kebab-case name, e.g. "error-message", "did-save", "refresh". */
    const char *name;
    mvvm_member_kind kind;
    /** The C function that implements it: the getter of a property, the function of a
     *  command; NULL for signals. */
    const char *function;
    /** The C signature: of the getter, of the command, or of a signal's handler (in
     *  MVVM_CONNECT_DEFAULT layout), e.g. "void (*)(mvvm_object *, int32_t, void *)". */
    const char *c_signature;
} mvvm_member_info;

/** One argument of a command or constructor. */
typedef struct mvvm_argument_info {
    /** The typed function's parameter name, e.g. "index". */
    const char *name;
    mvvm_value_kind kind;
} mvvm_argument_info;

/** What a member reads, takes and returns: enough to call it through the generic entry
 *  points, and to build a binding's class from it (as the Python package does). */
typedef struct mvvm_member_shape {
    /** Property: its value; list: its items; command: its result (MVVM_VALUE_NONE if none);
     *  constructor: MVVM_VALUE_OBJECT; signal: MVVM_VALUE_NONE. */
    mvvm_value_kind value_kind;
    /** mvvm_member_flags. */
    uint32_t flags;
    /** For MVVM_VALUE_INT32 values that are C enums: the enum's name ("mvvm_loading"); else NULL. */
    const char *enum_name;
    /** Property: its "notify::NAME" signal; list: the signal carrying its change sets, or
     *  NULL; "set-NAME" command: the property it sets; else NULL. */
    const char *related;
    /** List: the name of the property or typed getter that counts it ("count"); else NULL. */
    const char *count;
    size_t argument_count;
    /** `argument_count` entries (NULL when 0). */
    const mvvm_argument_info *arguments;
    /** The header's sentence(s) about the member; "" if none. */
    const char *doc;
} mvvm_member_shape;

/** A type's description. All storage is static. */
typedef struct mvvm_type_info {
    mvvm_type type;
    /** e.g. "UserList". */
    const char *name;
    size_t member_count;
    /** Indexed by member id: mvvm_member_find() and the generic entry points use the index. */
    const mvvm_member_info *members;
    /** Since 0.2: the shape of each member, parallel to `members` (same count and index). */
    const mvvm_member_shape *shapes;
} mvvm_type_info;

/** Writes a static description of `type` into *out_info. MVVM_E_INVALID_ARGUMENT for an
 *  unknown type. Any thread. */
mvvm_status mvvm_type_describe(mvvm_type type, const mvvm_type_info **out_info);

/* THE REGISTRY
 *   A library built on mvvm is ONE application: mvvm's framework and the application's own
 *   types linked into one shared library (Swift has no stable ABI on Linux, and two Swift
 *   runtimes in one process must never exchange values, so two mvvm libraries are never
 *   combined in one process). The application registers its types when the library is first
 *   used; each gets its mvvm_type then, in registration order from 1, and never another for
 *   the life of the process. Type names are unique within a library. This library's types are
 *   the mvvm_type enumerators above; the functions below find them by name and list them, as
 *   GObject's g_type_from_name() does, so a host or binding needs no list of its own. */

/** Writes the type named `name` ("UserList", as mvvm_type_info.name spells it; exact,
 *  case-sensitive) into *out_type.
 *  MVVM_E_INVALID_ARGUMENT: `name` or `out_type` is NULL. MVVM_E_INVALID_UTF8: `name` is not
 *  UTF-8. MVVM_E_UNKNOWN_NAME: the library has no type of that name (the message lists the
 *  types it has); *out_type is untouched on failure. `name` is read during the call only.
 *  Any thread, before mvvm_init() too. */
mvvm_status mvvm_type_find(const char *name, mvvm_type *out_type);

/** Writes every registered type, in mvvm_type order, as a static array into *out_types and its
 *  length into *out_count (0, and a valid pointer that must not be read, when the library has
 *  no types). The array belongs to the library and lives as long as the process; do not free
 *  it. Each element can be passed to mvvm_type_describe().
 *  MVVM_E_INVALID_ARGUMENT: `out_types` or `out_count` is NULL (both are untouched then).
 *  Any thread, before mvvm_init() too. */
mvvm_status mvvm_type_list(const mvvm_type **out_types, size_t *out_count);

/* RECORDS
 *   A record is a model the API carries as a C struct of its own (mvvm_user, or a struct of
 *   the application's header such as notes_note): declared once in Swift, field by field, and
 *   registered by the application, which gives it a value kind (MVVM_VALUE_USER = 7, ...; the
 *   application's own from 12 on, after this header's) and its struct a layout by C's rules.
 *   An mvvm_value carries a record inline: its struct starts at `as` (at most the union's
 *   size, 64 bytes). Strings inside a record follow the rule of the function that handed it
 *   out: borrowed for a signal handler's call, lent by a getter until the object's next getter
 *   call, its next change, or its destruction. The functions below describe every record, so a
 *   host or a binding (the Python package builds its record classes from them) reads any
 *   library's records without a header of its own. */

/** One field of a record's struct. All strings are static. */
typedef struct mvvm_record_field {
    /** The struct member's name (snake_case), e.g. "author_name". */
    const char *name;
    /** MVVM_VALUE_INT64 (int64_t), MVVM_VALUE_INT32 (int32_t), MVVM_VALUE_BOOL (int32_t, 0 or
     *  1), MVVM_VALUE_DOUBLE (double) or MVVM_VALUE_STRING (const char *, UTF-8). */
    mvvm_value_kind kind;
    /** MVVM_MEMBER_NULLABLE for a string that may be NULL; else 0. */
    uint32_t flags;
    /** offsetof(struct, name). */
    size_t offset;
    /** The declaration's sentence about the field; "" if none. */
    const char *doc;
} mvvm_record_field;

/** A record's description. All storage is static. */
typedef struct mvvm_record_info {
    /** Its mvvm_value_kind number (mvvm_value.kind). */
    int32_t kind;
    /** e.g. "User". */
    const char *name;
    /** The C struct, e.g. "mvvm_user". */
    const char *c_type;
    /** The kind's constant, e.g. "MVVM_VALUE_USER". */
    const char *c_kind;
    /** sizeof and _Alignof the struct. */
    size_t size;
    size_t alignment;
    /** 1 when the host may pass it (a command argument, an mvvm_object_set() value); 0 for a
     *  record the library only hands out. */
    int32_t readable;
    size_t field_count;
    /** `field_count` fields, in struct order. */
    const mvvm_record_field *fields;
    /** The declaration's sentence(s) about the record; "" if none. */
    const char *doc;
} mvvm_record_info;

/** Writes a static description of the record of value kind `kind` into *out_info.
 *  MVVM_E_INVALID_ARGUMENT: `out_info` is NULL, or `kind` is not a record's kind (the message
 *  says which kinds are). Any thread, before mvvm_init() too. */
mvvm_status mvvm_record_describe(int32_t kind, const mvvm_record_info **out_info);

/** Writes the value kind of the record named `name` ("User"; exact, case-sensitive) into
 *  *out_kind. MVVM_E_INVALID_ARGUMENT: `name` or `out_kind` is NULL. MVVM_E_INVALID_UTF8:
 *  `name` is not UTF-8. MVVM_E_UNKNOWN_NAME: no record of that name (the message lists the
 *  records); *out_kind is untouched on failure. Any thread, before mvvm_init() too. */
mvvm_status mvvm_record_find(const char *name, int32_t *out_kind);

/** Writes every registered record's value kind, in kind order, as a static array into
 *  *out_kinds and its length into *out_count (0, and a valid pointer that must not be read,
 *  when the library has no records). The array belongs to the library and lives as long as
 *  the process. MVVM_E_INVALID_ARGUMENT: an out pointer is NULL. Any thread, before
 *  mvvm_init() too. */
mvvm_status mvvm_record_list(const int32_t **out_kinds, size_t *out_count);

/* ENUMS
 *   A C enum of the application's (mvvm_loading, mvvm_view_state, or one of its own header's)
 *   is declared once in Swift and registered; a property holding one is an int32_t whose
 *   mvvm_member_shape.enum_name names the enum's C type. The functions below describe them, so
 *   a binding builds its enums from the library (the Python package's IntEnums). */

/** One case of an enum. All strings are static. */
typedef struct mvvm_enum_case {
    /** snake_case, e.g. "full_screen". */
    const char *name;
    /** The C constant, e.g. "MVVM_LOADING_FULL_SCREEN". */
    const char *c_name;
    int32_t value;
    /** The declaration's sentence about the case; "" if none. */
    const char *doc;
} mvvm_enum_case;

/** An enum's description. All storage is static. */
typedef struct mvvm_enum_info {
    /** e.g. "Loading". */
    const char *name;
    /** The C type, e.g. "mvvm_loading" (what mvvm_member_shape.enum_name gives). */
    const char *c_type;
    size_t case_count;
    /** `case_count` cases, in declaration order. */
    const mvvm_enum_case *cases;
    /** The declaration's sentence(s) about the enum; "" if none. */
    const char *doc;
} mvvm_enum_info;

/** Writes a static description of the enum whose C type is `c_type` ("mvvm_loading") into
 *  *out_info. MVVM_E_INVALID_ARGUMENT: an argument is NULL. MVVM_E_INVALID_UTF8: `c_type` is
 *  not UTF-8. MVVM_E_UNKNOWN_NAME: no enum of that C type (the message lists the enums);
 *  *out_info is untouched on failure. Any thread, before mvvm_init() too. */
mvvm_status mvvm_enum_describe(const char *c_type, const mvvm_enum_info **out_info);

/** Writes every registered enum's description, in registration order, as a static array into
 *  *out_enums and its length into *out_count (0, and a valid pointer that must not be read,
 *  when the library has no enums). The array belongs to the library and lives as long as the
 *  process. MVVM_E_INVALID_ARGUMENT: an out pointer is NULL. Any thread, before mvvm_init() too. */
mvvm_status mvvm_enum_list(const mvvm_enum_info **out_enums, size_t *out_count);

/* ------------------------------------------------------------------------------------------
 * Shared value types
 * ---------------------------------------------------------------------------------------- */

/** A user. Strings are borrowed from the object that handed the struct out; each function
 *  says until when. */
typedef struct mvvm_user {
    int64_t id;
    const char *name;
    const char *email;
} mvvm_user;

/** How a list changed; see mvvm_list_change. */
typedef enum mvvm_list_change_kind {
    /** Everything was replaced: the list now has `count` rows (`start` is 0). */
    MVVM_LIST_RESET = 1,
    /** `count` rows were inserted at `start`. */
    MVVM_LIST_INSERT = 2,
    /** The `count` rows at `start` were removed. */
    MVVM_LIST_REMOVE = 3,
    /** The `count` rows at `start` changed in place. */
    MVVM_LIST_UPDATE = 4,
    /** The row at `start` moved to index `count` (counted after removing it). */
    MVVM_LIST_MOVE = 5,
} mvvm_list_change_kind;

/** One edit of a list. A change set is an array of them, applied in order. */
typedef struct mvvm_list_change {
    int32_t kind; /* mvvm_list_change_kind */
    int64_t start;
    int64_t count;
} mvvm_list_change;

/** A post. Strings borrowed from the object; each getter says until when. */
typedef struct mvvm_post {
    int64_t id;
    const char *title;
    const char *body;
    const char *author_name;
    /** Seconds since 1970-01-01 UTC. */
    double created_at;
    int64_t likes_count;
    int32_t liked_by_current_user;
    int64_t comments_count;
} mvvm_post;

/** A comment. */
typedef struct mvvm_comment {
    int64_t id;
    const char *author_name;
    const char *body;
} mvvm_comment;

/** What a user list is loading ("loading"). */
typedef enum mvvm_loading {
    MVVM_LOADING_NONE = 0,
    /** The first page (or a refresh): a host shows a full-screen spinner. */
    MVVM_LOADING_FULL_SCREEN = 1,
    /** The next page: a host shows a spinner under the last row. */
    MVVM_LOADING_NEXT_PAGE = 2,
} mvvm_loading;

/** The state of data loaded asynchronously (ViewState; a post detail's "state"). */
typedef enum mvvm_view_state {
    MVVM_VIEW_STATE_IDLE = 0,
    MVVM_VIEW_STATE_LOADING = 1,
    MVVM_VIEW_STATE_LOADED = 2,
    MVVM_VIEW_STATE_EMPTY = 3,
    MVVM_VIEW_STATE_FAILED = 4,
} mvvm_view_state;

/** The coordinator's "navigate" action. */
typedef enum mvvm_navigation {
    MVVM_NAVIGATION_PUSH = 1,
    MVVM_NAVIGATION_POP = 2,
} mvvm_navigation;

/* ------------------------------------------------------------------------------------------
 * Repositories
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

/** Fills *options with the defaults. Any thread. */
mvvm_status mvvm_sample_options_init(mvvm_sample_options *options);

/** Creates a repository of generated sample users, posts and comments, held in memory
 *  (edits last as long as the object). options may be NULL for the defaults. */
mvvm_status mvvm_repository_new_sample(const mvvm_sample_options *options, mvvm_object **out_repository);

/** Creates a repository stored in the JSON file at `path` (copied). A missing file starts
 *  from the default sample data and is written at the first call; a missing folder is
 *  created then too (so a path in a folder that does not exist yet returns MVVM_OK here,
 *  and a folder that cannot be created fails that call, with the reason). Saves are atomic:
 *  a crash leaves the old or the new file. A corrupt file gives MVVM_E_SYSTEM here, with
 *  the reason, and is never overwritten (one damaged later, while open, is refused by the
 *  next call in the same way).
 *
 *  Sharing: the file may be shared with other processes and edited by a person while the
 *  app runs; nothing is lost silently. Every call first checks whether the file changed
 *  since this repository last read or wrote it (its inode, size and modification time, as
 *  an editor checks) and reads it again if so: a refresh shows what is on disk. A save
 *  takes the file's write lock (flock(2), held by every writer of this library; a writer
 *  still holding it after 5 seconds fails the save, naming its pid), applies its one change
 *  to the file's current contents and writes them, so other records changed meanwhile are
 *  kept. A save of a user whose record another program changed since this repository read
 *  it is refused: nothing is written, the ViewModel shows "Not saved: user N was changed by
 *  another program …" and keeps the draft, and the next load shows the other version. A
 *  like is applied to the current count. */
mvvm_status mvvm_repository_new_json_file(const char *path, mvvm_object **out_repository);

/** Creates a repository stored in the SQLite database at `path` (copied; the system's
 *  libsqlite3), meant for large data: a page, a lookup or a save costs about the same at a
 *  thousand and at a million users, and name search uses an index.
 *
 *  - A missing file (and folder) is created at the first call that needs it, atomically
 *    (built aside, then put in place): empty when `fill_or_null` is NULL, else filled from
 *    the sample generator with those options in one transaction (validated as in
 *    mvvm_repository_new_sample(): MVVM_E_INVALID_ARGUMENT for a bad struct_size or a value
 *    out of range; latency_ms and fail_every_nth must be 0 here). A million users take a few
 *    seconds, spent off the host thread. Pages hold `fill_or_null->page_size` users, or 20
 *    when it is NULL.
 *  - The file is inspected here, read-only: one that is not a SQLite database, is another
 *    application's database, has a newer schema (written by a newer libmvvm) or lacks our
 *    tables gives MVVM_E_SYSTEM with the reason (mvvm_last_error_message()) and *out_repository
 *    is untouched. Such a file is never modified, neither here nor later. An older schema
 *    of ours is migrated at the first call, in one transaction.
 *  - Damage this inspection cannot see (pages of data overwritten, the file truncated or
 *    rewritten by another program while open) shows at the first call that reads it: that
 *    call fails with the reason (an error message in the ViewModel), and from then on the
 *    file is never written by this repository: not by a later save through any ViewModel,
 *    not when the repository is destroyed (its write-ahead log is not copied into the file).
 *    Every later call fails with the same reason, naming the file, until the path names
 *    another file (replaced, restored from a backup, removed); that file is checked whole
 *    before its first write. Replace a file together with its "-wal" and "-shm" companions,
 *    or while no process has it open.
 *  - The file is read with read(2), never memory-mapped, so a file truncated under an open
 *    repository is an error of the next call, never a crash of the host (SIGBUS).
 *  - Every save (a rename, a like) is one transaction: a crash or a kill leaves the old or
 *    the new data, never a mix, and a failed save changes nothing.
 *  - Sharing: several repositories and processes may use one file at once. Readers never
 *    wait (write-ahead log); SQLite serialises writers: a save waits up to 5 seconds for
 *    another writer to finish, then fails with "database is locked" (the ViewModel keeps
 *    the draft and shows the message; saving again works once the other writer is done).
 *    Every process sees the others' saves at its next read.
 *  - Host thread only; the database work runs on the repository's own thread, and results
 *    come back through mvvm_dispatch() like every repository's. */
mvvm_status mvvm_repository_new_sqlite(const char *path, const mvvm_sample_options *fill_or_null,
                                       mvvm_object **out_repository);

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

/** Fills *options with the defaults. Any thread. */
mvvm_status mvvm_http_options_init(mvvm_http_options *options);

/** Creates a repository served over HTTP by the server at base_url (copied; "http://" or
 *  "https://", a host, an optional port and path, no query or fragment), following the
 *  contract above, with the default limits. cache_path_or_null: a SQLite cache file (see
 *  above), or NULL for none. Nothing is sent until a ViewModel asks.
 *  MVVM_E_INVALID_ARGUMENT for a NULL, empty, unparseable or non-http(s) base_url or an
 *  empty cache path (the message says which); MVVM_E_SYSTEM when the cache file cannot be
 *  opened or created, or is not a cache, with SQLite's reason. */
mvvm_status mvvm_repository_new_http(const char *base_url, const char *cache_path_or_null,
                                     mvvm_object **out_repository);

/** mvvm_repository_new_http() with limits: options may be NULL for the defaults;
 *  MVVM_E_INVALID_ARGUMENT for a wrong struct_size or a value outside its range. */
mvvm_status mvvm_repository_new_http_with_options(const char *base_url,
                                                  const char *cache_path_or_null,
                                                  const mvvm_http_options *options,
                                                  mvvm_object **out_repository);

/* ------------------------------------------------------------------------------------------
 * Generic access
 *
 * Every member of every type (see mvvm_type_describe()) can be reached without its typed
 * function: read a property, set a settable one, invoke a command with arguments, count and
 * read a list, make an object. A binding looks each member id up once (mvvm_member_find())
 * and calls by id; the _by_name functions look the name up on every call. These are how the
 * Python package calls the library. The rules of the typed functions apply unchanged: the
 * thread rule, batching, and the same statuses for bad handles, wrong types, out-of-range
 * indexes and invalid UTF-8.
 *
 * OWNERSHIP: values passed in are copied before the call returns (strings, arrays). Values
 * handed out (strings, and the strings of users, posts and comments) are borrowed like a
 * typed getter's: until the next getter call (typed or generic) on the same object, a
 * change of the object, or its destruction.
 * ---------------------------------------------------------------------------------------- */

/** int64_t values passed to a constructor or command. */
typedef struct mvvm_int64_array {
    const int64_t *items;
    size_t count;
} mvvm_int64_array;

/** A tagged value: `kind` (an mvvm_value_kind) says which member of `as` holds it. */
typedef struct mvvm_value {
    int32_t kind;
    union {
        int32_t boolean;
        int32_t int32;
        int64_t int64;
        uint64_t uint64;
        double real;
        const char *string;
        mvvm_user user;
        mvvm_post post;
        mvvm_comment comment;
        mvvm_object *object;
        mvvm_int64_array int64_array;
    } as;
} mvvm_value;

/** Writes into *out_member the id of the member of `type` named `name` (as
 *  mvvm_type_describe() lists it: "count", "refresh", "notify::count", "row", "new").
 *  Ids are indexes into mvvm_type_info.members, fixed for the library's lifetime.
 *  MVVM_E_UNKNOWN_NAME for a name the type does not have. Any thread. */
mvvm_status mvvm_member_find(mvvm_type type, const char *name, uint32_t *out_member);

/** Makes an object of `type` from its constructor's arguments (its "new" member; a
 *  repository argument is an MVVM_VALUE_OBJECT). MVVM_E_INVALID_ARGUMENT for a wrong count
 *  or kind, naming the argument; MVVM_E_STATE for a type without one (repositories: use
 *  their own constructors). */
mvvm_status mvvm_object_new(mvvm_type type, const mvvm_value *arguments, size_t argument_count,
                            mvvm_object **out_object);

/** Reads property `member` into *out_value (MVVM_VALUE_NONE when absent). A member that is
 *  not a property gives MVVM_E_INVALID_ARGUMENT; an id the type does not have,
 *  MVVM_E_UNKNOWN_NAME. */
mvvm_status mvvm_object_get(mvvm_object *object, uint32_t member, mvvm_value *out_value);

/** Sets settable property `member` to *value, which must be of the property's kind.
 *  MVVM_E_STATE for a read-only property. */
mvvm_status mvvm_object_set(mvvm_object *object, uint32_t member, const mvvm_value *value);

/** Runs command `member` with `argument_count` arguments (NULL when 0), each of the kind
 *  mvvm_member_shape.arguments gives. *out_result (may be NULL) receives the result, or
 *  MVVM_VALUE_NONE for a command without one. */
mvvm_status mvvm_object_invoke(mvvm_object *object, uint32_t member, const mvvm_value *arguments,
                               size_t argument_count, mvvm_value *out_result);

/** Writes the number of items of list `member` into *out_count. */
mvvm_status mvvm_object_count(mvvm_object *object, uint32_t member, int64_t *out_count);

/** Reads item `index` of list `member` into *out_item. MVVM_E_OUT_OF_RANGE outside
 *  0..count-1. */
mvvm_status mvvm_object_get_item(mvvm_object *object, uint32_t member, int64_t index, mvvm_value *out_item);

/** mvvm_object_get() by property name. */
mvvm_status mvvm_object_get_by_name(mvvm_object *object, const char *property, mvvm_value *out_value);

/** mvvm_object_set() by property name. */
mvvm_status mvvm_object_set_by_name(mvvm_object *object, const char *property, const mvvm_value *value);

/** mvvm_object_invoke() by command name. */
mvvm_status mvvm_object_invoke_by_name(mvvm_object *object, const char *command, const mvvm_value *arguments,
                                       size_t argument_count, mvvm_value *out_result);

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
/** Loads the first page if the list is empty. */
mvvm_status mvvm_user_list_on_appear(mvvm_object *vm);
/** Reloads from the first page, cancelling any load under way (its result never lands). */
mvvm_status mvvm_user_list_refresh(mvvm_object *vm);
/** Tells the list that row `index` is on screen; when it is one of the last 3 rows (the prefetch
 *  distance) and a later page exists, the next page loads. MVVM_E_OUT_OF_RANGE outside the rows. */
mvvm_status mvvm_user_list_did_display_row(mvvm_object *vm, int64_t index);
/** Selects row `index`: emits "user-selected". MVVM_E_OUT_OF_RANGE outside the rows. */
mvvm_status mvvm_user_list_did_select_row(mvvm_object *vm, int64_t index);
/** Clears the error message. */
mvvm_status mvvm_user_list_dismiss_error(mvvm_object *vm);
/** What the list is loading (mvvm_loading). */
mvvm_status mvvm_user_list_get_loading(mvvm_object *vm, int32_t *out_loading);
/** The last failed load's message; NULL when there is none. */
mvvm_status mvvm_user_list_get_error_message(mvvm_object *vm, const char **out_message);
/** The number of rows. */
mvvm_status mvvm_user_list_get_count(mvvm_object *vm, int64_t *out_count);
/** Whether a later page exists (0/1). */
mvvm_status mvvm_user_list_get_has_more_pages(mvvm_object *vm, int32_t *out_has_more);
/** Row `index` in O(1). The strings are borrowed until the next call of a getter of this object, a
 *  change of the list, or its destruction. */
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

/** Creates the detail screen of user `user_id` over `repository`. */
mvvm_status mvvm_user_detail_new(mvvm_object *repository, int64_t user_id, mvvm_object **out_vm);
/** Loads the user once. */
mvvm_status mvvm_user_detail_on_appear(mvvm_object *vm);
/** Saves the draft if "can-save"; emits "did-save" when stored. An invalid draft sets the error
 *  message and saves nothing; a failed save keeps the draft. */
mvvm_status mvvm_user_detail_save(mvvm_object *vm);
/** Sets the draft name (copied). Validation runs at once: see "validation-message". */
mvvm_status mvvm_user_detail_set_draft_name(mvvm_object *vm, const char *draft_name);
/** The user as last loaded or saved. The typed getter sets *out_loaded to 1 and fills *out_user
 *  once loaded; 0 (and *out_user untouched) before. */
mvvm_status mvvm_user_detail_get_user(mvvm_object *vm, int32_t *out_loaded, mvvm_user *out_user);
/** The name being edited. Never NULL. */
mvvm_status mvvm_user_detail_get_draft_name(mvvm_object *vm, const char **out_draft_name);
/** Whether a save is running (0/1). */
mvvm_status mvvm_user_detail_get_is_saving(mvvm_object *vm, int32_t *out_is_saving);
/** Whether the draft, trimmed, differs from the stored name (0/1). */
mvvm_status mvvm_user_detail_get_is_dirty(mvvm_object *vm, int32_t *out_is_dirty);
/** Whether save would store the draft: loaded, dirty, valid, not saving (0/1). */
mvvm_status mvvm_user_detail_get_can_save(mvvm_object *vm, int32_t *out_can_save);
/** Why the draft can't be saved; NULL when it can. */
mvvm_status mvvm_user_detail_get_validation_message(mvvm_object *vm, const char **out_message);
/** The last failed load's or save's message, or why save refused the draft; NULL when there is
 *  none. */
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

/** Creates the detail screen of post `post_id` over `repository`. */
mvvm_status mvvm_post_detail_new(mvvm_object *repository, int64_t post_id, mvvm_object **out_vm);
/** Loads the post and its comments together (once). */
mvvm_status mvvm_post_detail_on_appear(mvvm_object *vm);
/** Likes or unlikes at once; rolls back to the server's truth if the request fails. */
mvvm_status mvvm_post_detail_toggle_like(mvvm_object *vm);
/** The state of the post's load (mvvm_view_state). */
mvvm_status mvvm_post_detail_get_state(mvvm_object *vm, int32_t *out_state);
/** Whether the current user likes the post (0/1). */
mvvm_status mvvm_post_detail_get_is_liked(mvvm_object *vm, int32_t *out_is_liked);
/** How many people like the post. */
mvvm_status mvvm_post_detail_get_likes_count(mvvm_object *vm, int64_t *out_likes_count);
/** The failed like's message, else the failed load's (state FAILED); NULL when there is no error. */
mvvm_status mvvm_post_detail_get_error_message(mvvm_object *vm, const char **out_message);
/** The post once LOADED, with the live like state; the typed getter gives MVVM_E_STATE before.
 *  Strings borrowed until the next getter call on this object, a change, or destruction. */
mvvm_status mvvm_post_detail_get_post(mvvm_object *vm, mvvm_post *out_post);
/** The number of comments. MVVM_E_STATE unless LOADED. */
mvvm_status mvvm_post_detail_get_comment_count(mvvm_object *vm, int64_t *out_count);
/** Comment `index`, borrowed like the post's strings. MVVM_E_STATE unless LOADED. */
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

/** Creates the list with `initial_count` values from `initial_values` (copied, then sorted; NULL
 *  with count 0 for an empty list; at most 10000000 values). `random_seed` drives add_new_integer. */
mvvm_status mvvm_sorted_integers_new(const int64_t *initial_values, size_t initial_count,
                                     uint64_t random_seed, mvvm_object **out_vm);
/** Inserts a random integer in 0..9 after any equal values. */
mvvm_status mvvm_sorted_integers_add_new_integer(mvvm_object *vm);
/** Inserts `value` after any equal values; *out_index (may be NULL) gets its index. */
mvvm_status mvvm_sorted_integers_add(mvvm_object *vm, int64_t value, int64_t *out_index);
/** Removes the value at `index`. MVVM_E_OUT_OF_RANGE outside the rows. */
mvvm_status mvvm_sorted_integers_remove_at(mvvm_object *vm, int64_t index);
/** The number of values. */
mvvm_status mvvm_sorted_integers_get_count(mvvm_object *vm, int64_t *out_count);
/** The value at `index`. */
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
/** Start or Stop, as the button says. */
mvvm_status mvvm_stopwatch_button_tapped(mvvm_object *vm);
/** Records a lap while running; does nothing while stopped. */
mvvm_status mvvm_stopwatch_lap(mvvm_object *vm);
/** Stops and clears the elapsed time and the laps. */
mvvm_status mvvm_stopwatch_reset(mvvm_object *vm);
/** The elapsed time, "mm:ss.cc". */
mvvm_status mvvm_stopwatch_get_elapsed_text(mvvm_object *vm, const char **out_text);
/** "Start" or "Stop". */
mvvm_status mvvm_stopwatch_get_button_text(mvvm_object *vm, const char **out_text);
/** Whether it runs (0/1). */
mvvm_status mvvm_stopwatch_get_is_running(mvvm_object *vm, int32_t *out_is_running);
/** Whether lap records a lap now (0/1). */
mvvm_status mvvm_stopwatch_get_is_lap_enabled(mvvm_object *vm, int32_t *out_enabled);
/** The number of laps. */
mvvm_status mvvm_stopwatch_get_lap_count(mvvm_object *vm, int64_t *out_count);
/** Lap `index` as text, borrowed until the next getter call on this object, a change, or
 *  destruction. */
mvvm_status mvvm_stopwatch_get_lap(mvvm_object *vm, int64_t index, const char **out_text);

/* ------------------------------------------------------------------------------------------
 * Coordinator (MVVM_TYPE_COORDINATOR)
 *
 * The flow: user list -> user detail on "user-selected" -> back on "did-save", with the list
 * row updated in place; from the list, "show-search" pushes the user search, whose selection
 * pushes the detail the same way (list -> search -> detail, and saving pops back to the
 * search). Screens are ViewModel handles owned by the coordinator: the host must not destroy
 * them, and calls each new screen's "on-appear" when it shows it, as for screens it made
 * itself. A popped screen's handle stays valid until the end of the library call that popped
 * it (so what it announced, "did-save" included, is delivered first) and is invalid by the
 * time "navigate" reports the pop. A push caused by a selection is delivered after the
 * selection's own signal ("user-selected" first, then "navigate").
 * Lists:
 *   "screens" (mvvm_object *; counted by "depth")
 * Signals (handlers in MVVM_CONNECT_DEFAULT layout):
 *   "navigate" void (*)(mvvm_object *, int32_t, mvvm_object *, void *)
 * Strings and structs handed to handlers are borrowed for the duration of the call.
 * Strings and structs a getter hands out are borrowed until the next getter call on this
 * object, a change of it, or its destruction.
 * "navigate": A screen was pushed or popped: `action` is an mvvm_navigation; for a pop, `screen` is
 *   the popped handle, already invalid: compare it, do not call with it.
 * ---------------------------------------------------------------------------------------- */

/** Creates a coordinator over `repository` (which it keeps alive). */
mvvm_status mvvm_coordinator_new(mvvm_object *repository, mvvm_object **out_coordinator);
/** Pushes the user list (emits "navigate"). Once; later calls do nothing. */
mvvm_status mvvm_coordinator_start(mvvm_object *coordinator);
/** Pops the top screen (the host's back button); the root screen stays. */
mvvm_status mvvm_coordinator_back(mvvm_object *coordinator);
/** Pushes the user search when the list is the top screen; otherwise does nothing. */
mvvm_status mvvm_coordinator_show_search(mvvm_object *coordinator);
/** The number of screens on the stack. */
mvvm_status mvvm_coordinator_get_depth(mvvm_object *coordinator, int64_t *out_depth);
/** The screen at `index` (0 = root) of the stack. */
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
/** Tells the search that result `index` is on screen; within the last 3 results, the next page
 *  loads. MVVM_E_OUT_OF_RANGE outside the results. */
mvvm_status mvvm_user_search_did_display_row(mvvm_object *vm, int64_t index);
/** Selects result `index`: emits "user-selected". MVVM_E_OUT_OF_RANGE outside the results. */
mvvm_status mvvm_user_search_did_select_row(mvvm_object *vm, int64_t index);
/** Clears the error message. */
mvvm_status mvvm_user_search_dismiss_error(mvvm_object *vm);
/** Sets the query (copied); the search runs 300 ms after the last change. */
mvvm_status mvvm_user_search_set_query(mvvm_object *vm, const char *query);
/** The query as typed. Never NULL. */
mvvm_status mvvm_user_search_get_query(mvvm_object *vm, const char **out_query);
/** Whether a search is running (0/1). */
mvvm_status mvvm_user_search_get_is_searching(mvvm_object *vm, int32_t *out_is_searching);
/** Whether the (debounced, trimmed) query is empty: no results, nothing searched (0/1). */
mvvm_status mvvm_user_search_get_is_query_empty(mvvm_object *vm, int32_t *out_is_query_empty);
/** The last failed search's message; NULL when there is none. */
mvvm_status mvvm_user_search_get_error_message(mvvm_object *vm, const char **out_message);
/** The number of results. */
mvvm_status mvvm_user_search_get_count(mvvm_object *vm, int64_t *out_count);
/** Whether more results exist (0/1). */
mvvm_status mvvm_user_search_get_has_more_pages(mvvm_object *vm, int32_t *out_has_more);
/** Result `index` in O(1), borrowed until the next getter call on this object, a change, or
 *  destruction. */
mvvm_status mvvm_user_search_get_row(mvvm_object *vm, int64_t index, mvvm_user *out_user);
/* END GENERATED sections */

/* ------------------------------------------------------------------------------------------
 * Host-implemented repositories
 *
 * A host plugs its own data into the ViewModels: it fills a table of C function pointers,
 * and the runtime calls them on the host thread whenever a ViewModel needs data. Each call
 * hands the host an mvvm_request; the host answers it at once or later, from ANY thread, with
 * one of the mvvm_request_resolve_* functions or mvvm_request_fail(). The answer reaches the
 * ViewModel on the host thread (through the descriptor of mvvm_get_fd()).
 *
 * When nobody waits for an answer any more (a refresh superseded the load, the ViewModel was
 * destroyed, mvvm_shutdown()), the request is finished at once (answering it gives
 * MVVM_E_NOT_FOUND) and the table's `cancel` function is called on the host thread: during
 * the next mvvm_dispatch()/mvvm_run(), or inside mvvm_shutdown(). A request that is never
 * answered leaks nothing: it ends with the work that asked for it, or at shutdown. One
 * exception is deliberate: a save (update_user) is not cancelled when its screen goes away,
 * so a host's answer to it still counts; it ends when answered or at shutdown.
 * Every string and row passed to a resolve function is copied before it returns.
 * ---------------------------------------------------------------------------------------- */

/** A pending call into a host repository. Opaque and checked like an object handle: any
 *  thread may pass it to the functions below, even after it was answered or cancelled (then
 *  they return MVVM_E_NOT_FOUND). */
typedef struct mvvm_request mvvm_request;

/** The user repository a host implements. Every function pointer is required except
 *  `cancel`. Called on the host thread; must not block (answer later instead). */
typedef struct mvvm_user_repository_vtable {
    /** sizeof(mvvm_user_repository_vtable). */
    uint32_t struct_size;
    /** Page `page` (1-based) of users: answer with mvvm_request_resolve_user_page(). */
    void (*fetch_users)(void *user_data, mvvm_request *request, int64_t page);
    /** The user `user_id`: answer with mvvm_request_resolve_user(). */
    void (*fetch_user)(void *user_data, mvvm_request *request, int64_t user_id);
    /** Store `user` (borrowed for the duration of the call): answer with
     *  mvvm_request_resolve_user() carrying the stored version. */
    void (*update_user)(void *user_data, mvvm_request *request, const mvvm_user *user);
    /** Optional: nobody waits for `request` any more; stop working on it. */
    void (*cancel)(void *user_data, mvvm_request *request);
    /** Since 0.2, optional: page `page` (1-based) of the users whose name contains `query`
     *  (borrowed for the duration of the call; trimmed, never empty), ignoring case: answer
     *  with mvvm_request_resolve_user_page(). A table without it (NULL, or the older
     *  struct_size MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1 that ends before it) makes every
     *  search fail with a message the search screen shows. */
    void (*search_users)(void *user_data, mvvm_request *request, const char *query, int64_t page);
} mvvm_user_repository_vtable;

/** The struct_size of mvvm_user_repository_vtable in version 0.1 (before search_users):
 *  accepted, so hosts built against that header keep working. */
#define MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1 (offsetof(mvvm_user_repository_vtable, search_users))

/** The post repository a host implements (optional as a whole). */
typedef struct mvvm_post_repository_vtable {
    /** sizeof(mvvm_post_repository_vtable). */
    uint32_t struct_size;
    /** The post `post_id`: answer with mvvm_request_resolve_post(). */
    void (*fetch_post)(void *user_data, mvvm_request *request, int64_t post_id);
    /** The comments of post `post_id`: answer with mvvm_request_resolve_comments(). */
    void (*fetch_comments)(void *user_data, mvvm_request *request, int64_t post_id);
    /** Set whether the current user likes `post_id`: answer with mvvm_request_resolve_post()
     *  carrying the post as the server now has it. */
    void (*set_liked)(void *user_data, mvvm_request *request, int64_t post_id, int32_t liked);
    /** Optional: nobody waits for `request` any more. */
    void (*cancel)(void *user_data, mvvm_request *request);
} mvvm_post_repository_vtable;

/** Creates a repository whose calls go to the host. The tables are copied. `posts` may be
 *  NULL: post calls then fail with a clear message. `destroy` (may be NULL) is called with
 *  user_data once, when the last ViewModel using the repository is gone and the handle is
 *  destroyed (or at shutdown). */
mvvm_status mvvm_repository_new_host(const mvvm_user_repository_vtable *users,
                                     const mvvm_post_repository_vtable *posts, void *user_data,
                                     mvvm_destroy_notify destroy, mvvm_object **out_repository);

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
/** Fails any request with `message` (copied; UTF-8), which the ViewModel shows. Any thread. */
mvvm_status mvvm_request_fail(mvvm_request *request, const char *message);

/* ------------------------------------------------------------------------------------------
 * Host-implemented interfaces
 *
 * The same mechanism for an application's own protocols (UniFFI's callback interfaces): a
 * type whose declaration has a host constructor is made over a table of the host's functions,
 * declared once in Swift and written into the application's header (`notes_repository_vtable`:
 * `uint32_t struct_size` first, then one function pointer per member, in member order; the
 * table only grows at its end). Every method is called on the host thread as
 * `void method(void *user_data, mvvm_request *request, arguments...)`, strings and records
 * among the arguments lent for the call; the host answers the request at once or later, from
 * any thread, as the member's `answer` says: mvvm_request_resolve() (one value, or NULL for
 * none), mvvm_request_resolve_list(), or mvvm_request_fail(). Cancellation and the destroy
 * notifier follow the rules above. A binding builds the table from mvvm_interface_describe()
 * (the Python package's host classes do).
 * ---------------------------------------------------------------------------------------- */

/** What a member of a host interface answers with. */
typedef enum mvvm_host_answer {
    /** The `cancel` member: it is told, and answers nothing. */
    MVVM_HOST_ANSWER_NONE = 0,
    /** mvvm_request_resolve(request, NULL): done, no value. */
    MVVM_HOST_ANSWER_NOTHING = 1,
    /** mvvm_request_resolve() with one value of `answer_kind`. */
    MVVM_HOST_ANSWER_VALUE = 2,
    /** mvvm_request_resolve_list() with items of `answer_kind`. */
    MVVM_HOST_ANSWER_LIST = 3,
    /** A resolve function of the application's own (the repositories above). */
    MVVM_HOST_ANSWER_CUSTOM = 4
} mvvm_host_answer;

/** An argument of a member, after user_data and the request. All strings are static. */
typedef struct mvvm_interface_argument {
    const char *name;
    /** MVVM_VALUE_BOOL (int32_t, 0 or 1), _INT32, _INT64, _DOUBLE, _STRING (const char *, lent)
     *  or a record's kind (a pointer to its struct, lent). */
    mvvm_value_kind kind;
} mvvm_interface_argument;

/** One function pointer of a host interface's table. All storage is static. */
typedef struct mvvm_interface_member {
    /** The struct field's name, e.g. "save_note"; "cancel" for the cancel member. */
    const char *name;
    /** The declaration's sentence(s); "" if none. */
    const char *doc;
    size_t argument_count;
    const mvvm_interface_argument *arguments;
    mvvm_host_answer answer;
    /** The answer's value kind (MVVM_HOST_ANSWER_VALUE, _LIST); MVVM_VALUE_NONE otherwise. */
    mvvm_value_kind answer_kind;
    /** 1 when the host may leave it NULL; 0 when it is required. */
    int32_t optional;
    /** offsetof(table, name). */
    size_t offset;
    /** The field as C declares it, e.g. "void (*delete_note)(void *user_data, mvvm_request *request, int64_t id)". */
    const char *c_declaration;
} mvvm_interface_member;

/** A host interface's description. All storage is static. */
typedef struct mvvm_interface_info {
    /** The protocol's name, e.g. "NotesRepository". */
    const char *name;
    /** The table's C struct, e.g. "notes_repository_vtable". */
    const char *c_type;
    const char *doc;
    /** The type that mvvm_object_new_host() makes over it. */
    mvvm_type type;
    /** sizeof the table: what its struct_size must be. */
    size_t size;
    size_t member_count;
    /** `member_count` members, in struct order. */
    const mvvm_interface_member *members;
} mvvm_interface_info;

/** Writes a static description of the host interface that `type` is made over into *out_info.
 *  MVVM_E_INVALID_ARGUMENT: `out_info` is NULL or `type` is not an mvvm_type. MVVM_E_NOT_FOUND:
 *  `type` has no host constructor (the message names the types that have one). Any thread,
 *  before mvvm_init() too. */
mvvm_status mvvm_interface_describe(mvvm_type type, const mvvm_interface_info **out_info);

/** Creates an object of `type` over the host's table `vtable` (of the interface
 *  mvvm_interface_describe(type) describes; copied), `user_data` and `destroy` (may be NULL),
 *  called with user_data once, when the last ViewModel using it is gone (or at shutdown).
 *  MVVM_E_INVALID_ARGUMENT: `vtable` or `out_object` is NULL, `type` is not an mvvm_type,
 *  vtable->struct_size is not sizeof the table, or a required function is NULL (the message
 *  names them). MVVM_E_STATE: `type` has no host constructor. On failure nothing is kept:
 *  `destroy` is not called and the host still owns user_data. The application's header has
 *  the typed form (`notes_store_new_host()`). */
mvvm_status mvvm_object_new_host(mvvm_type type, const void *vtable, void *user_data,
                                 mvvm_destroy_notify destroy, mvvm_object **out_object);

/** Answers a request whose member answers MVVM_HOST_ANSWER_VALUE with `*answer` (copied: its
 *  strings and records too), or one that answers MVVM_HOST_ANSWER_NOTHING with NULL (or an
 *  MVVM_VALUE_NONE). MVVM_E_INVALID_ARGUMENT: the answer is not of the member's answer kind (the
 *  request stays pending; the message says what it expects) or is malformed. MVVM_E_NOT_FOUND:
 *  the request is not pending. Any thread. */
mvvm_status mvvm_request_resolve(mvvm_request *request, const mvvm_value *answer);

/** Answers a request whose member answers MVVM_HOST_ANSWER_LIST with `count` items (copied;
 *  `items` may be NULL when `count` is 0), each of the member's answer kind. Errors as for
 *  mvvm_request_resolve(). Any thread. */
mvvm_status mvvm_request_resolve_list(mvvm_request *request, const mvvm_value *items, size_t count);

/* ------------------------------------------------------------------------------------------
 * Plug-in entry point
 *
 * For hosts that load the library with dlopen() and resolve one symbol: mvvm_get_api()
 * returns a table holding every function of this header. The table only grows at its end;
 * a host built against ABI version N reads only the fields that version N declared.
 * ---------------------------------------------------------------------------------------- */

/** Every function of the API, in the order they were added. */
typedef struct mvvm_api {
    /** sizeof(mvvm_api) of the library (at least the size the host expects). */
    uint32_t struct_size;
    /** MVVM_ABI_VERSION of the library. */
    int32_t abi_version;
    /* BEGIN GENERATED api (mvvm-generate: `make generate`; do not edit) */
    int32_t (*version)(void);
    const char *(*version_string)(void);
    int32_t (*abi_version_fn)(void);
    const char *(*status_name)(mvvm_status status);
    const char *(*last_error_message)(void);
    mvvm_status (*init)(void);
    mvvm_status (*shutdown)(void);
    mvvm_status (*get_fd)(int *out_fd);
    mvvm_status (*dispatch)(void);
    mvvm_status (*run)(int32_t timeout_ms, int32_t *out_dispatched);
    mvvm_status (*wakeup)(void);
    mvvm_status (*object_get_type)(mvvm_object *object, mvvm_type *out_type);
    mvvm_status (*object_destroy)(mvvm_object *object);
    mvvm_status (*signal_connect)(mvvm_object *object, const char *signal, mvvm_callback handler,
                                  void *user_data, mvvm_destroy_notify destroy, uint64_t *out_id);
    mvvm_status (*signal_connect_flags)(mvvm_object *object, const char *signal,
                                        mvvm_callback handler, void *user_data,
                                        mvvm_destroy_notify destroy, uint32_t flags,
                                        uint64_t *out_id);
    mvvm_status (*signal_disconnect)(uint64_t id);
    mvvm_status (*command_closure_new)(mvvm_object *object, const char *command,
                                       mvvm_command_fn *out_fn, uint64_t *out_id);
    mvvm_status (*command_closure_free)(uint64_t id);
    mvvm_status (*type_describe)(mvvm_type type, const mvvm_type_info **out_info);
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
    mvvm_status (*request_fail)(mvvm_request *request, const char *message);
    mvvm_status (*member_find)(mvvm_type type, const char *name, uint32_t *out_member);
    mvvm_status (*object_new)(mvvm_type type, const mvvm_value *arguments, size_t argument_count,
                              mvvm_object **out_object);
    mvvm_status (*object_get)(mvvm_object *object, uint32_t member, mvvm_value *out_value);
    mvvm_status (*object_set)(mvvm_object *object, uint32_t member, const mvvm_value *value);
    mvvm_status (*object_invoke)(mvvm_object *object, uint32_t member, const mvvm_value *arguments,
                                 size_t argument_count, mvvm_value *out_result);
    mvvm_status (*object_count)(mvvm_object *object, uint32_t member, int64_t *out_count);
    mvvm_status (*object_get_item)(mvvm_object *object, uint32_t member, int64_t index,
                                   mvvm_value *out_item);
    mvvm_status (*object_get_by_name)(mvvm_object *object, const char *property,
                                      mvvm_value *out_value);
    mvvm_status (*object_set_by_name)(mvvm_object *object, const char *property,
                                      const mvvm_value *value);
    mvvm_status (*object_invoke_by_name)(mvvm_object *object, const char *command,
                                         const mvvm_value *arguments, size_t argument_count,
                                         mvvm_value *out_result);
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
    mvvm_status (*type_find)(const char *name, mvvm_type *out_type);
    mvvm_status (*type_list)(const mvvm_type **out_types, size_t *out_count);
    mvvm_status (*record_describe)(int32_t kind, const mvvm_record_info **out_info);
    mvvm_status (*record_find)(const char *name, int32_t *out_kind);
    mvvm_status (*record_list)(const int32_t **out_kinds, size_t *out_count);
    mvvm_status (*enum_describe)(const char *c_type, const mvvm_enum_info **out_info);
    mvvm_status (*enum_list)(const mvvm_enum_info **out_enums, size_t *out_count);
    mvvm_status (*init_with_options)(const mvvm_init_options *options);
    mvvm_status (*interface_describe)(mvvm_type type, const mvvm_interface_info **out_info);
    mvvm_status (*object_new_host)(mvvm_type type, const void *vtable, void *user_data,
                                   mvvm_destroy_notify destroy, mvvm_object **out_object);
    mvvm_status (*request_resolve)(mvvm_request *request, const mvvm_value *answer);
    mvvm_status (*request_resolve_list)(mvvm_request *request, const mvvm_value *items,
                                        size_t count);
    /* END GENERATED api */
} mvvm_api;

/** The plug-in entry point: writes the library's function table into *out_api (static
 *  storage, valid while the library is loaded). `abi_version` is the MVVM_ABI_VERSION the host
 *  was built against: a library of another ABI version returns MVVM_E_INVALID_ARGUMENT with
 *  both versions in the message. Any thread; needs no mvvm_init(). */
mvvm_status mvvm_get_api(int32_t abi_version, const mvvm_api **out_api);

/** The type of mvvm_get_api(), for dlsym(). */
typedef mvvm_status (*mvvm_get_api_fn)(int32_t abi_version, const mvvm_api **out_api);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* MVVM_H */
