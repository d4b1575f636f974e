/*
 * mvvm.h: the C interface of mvvm, the framework under an application's MVVM core.
 *
 * This header is the specification. Every function, status value and signal is documented
 * here; when the library and this text disagree, the library has a bug.
 *
 * An application built on mvvm is ONE shared library (the framework and the application's
 * types linked together) with a header of its own that includes this one and declares the
 * application's types, records, enums and typed functions (generated from its declarations).
 * This header declares only what every such library has: the runtime, the loop, objects,
 * signals, values, introspection, host interfaces, errors and the plug-in table.
 *
 * THE MODEL
 *   The library holds the state, the logic and the flow of an application (ViewModels, its
 *   coordinators, repositories). The host draws and forwards user actions as commands. The
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
 *   mvvm_type_find(), mvvm_type_list(), mvvm_member_find(), mvvm_record_describe(),
 *   mvvm_record_find(), mvvm_record_list(), mvvm_enum_describe(), mvvm_enum_list(),
 *   mvvm_interface_describe(), mvvm_interface_find(), mvvm_get_api() and the mvvm_request_*
 *   answers of host-implemented interfaces; an application's header names its own.
 *
 * THE ORDER OF CHECKS
 *   Every host-thread function checks, in this order, and stops at the first failure:
 *       1. the thread     MVVM_E_WRONG_THREAD     a host thread is fixed and this is another
 *       2. the runtime    MVVM_E_NOT_INITIALIZED  no init yet (on any thread), or shut down
 *       3. reentrancy     MVVM_E_REENTRANCY       mvvm_dispatch(), mvvm_run(), mvvm_shutdown()
 *                                                 inside a handler
 *       4. the arguments  MVVM_E_NULL_POINTER, MVVM_E_INVALID_UTF8, MVVM_E_INVALID_ARGUMENT,
 *          and handles    MVVM_E_INVALID_HANDLE, MVVM_E_WRONG_TYPE, MVVM_E_OUT_OF_RANGE
 *       5. the operation  everything else (MVVM_E_STATE, MVVM_E_NOT_FOUND, ...)
 *   Before the first init no thread is the wrong one, so every thread gets
 *   MVVM_E_NOT_INITIALIZED. After mvvm_shutdown() the host thread stays fixed: the host
 *   thread gets MVVM_E_NOT_INITIALIZED, any other MVVM_E_WRONG_THREAD. Each MVVM_E_WRONG_THREAD
 *   message names the function, the calling thread and the host thread; each
 *   MVVM_E_NOT_INITIALIZED message names the init that fits the program (mvvm_init() when the
 *   main thread is the host thread, mvvm_init_with_options() when another thread is). A
 *   "thread" in these messages is the kernel's thread id: gettid() in C,
 *   threading.get_native_id() in Python; the main thread's id is the process id.
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
 *   is refused where it enters, with a message (an application's header says where its
 *   repositories refuse it). C strings cannot carry one, and the Python binding refuses str
 *   arguments containing one (ValueError).
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
/** Bumped when a change would break a host compiled against an older header. 2: mvvm_api
 *  holds the framework's functions only (an application's are in its own table). */
#define MVVM_ABI_VERSION 2

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
    /** The object does not allow this call in its current state (for example destroying an
     *  object that another object owns). */
    MVVM_E_STATE = 11,
    /** The operating system refused (a file, a descriptor, memory for a closure). */
    MVVM_E_SYSTEM = 12,
    /** A libffi call description could not be prepared for the requested layout, or libffi
     *  (libffi.so.8, opened by the first call that needs it) could not be loaded: the message
     *  names the library and why. */
    MVVM_E_FFI = 13,
    /** Since 0.2: the library was built from other declarations of the application than the
     *  header (or the Python stubs) the host uses: their schema hashes differ (see
     *  mvvm_schema_check()). */
    MVVM_E_SCHEMA = 14,
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
 *  to the main thread. Idempotent: a second call returns MVVM_OK. MVVM_E_STATE when the
 *  application's types could not be registered (a programming error of the application: two
 *  types of one name, an enum registered after the record that uses it, ...): the message
 *  says which, and the library then has no types (mvvm_init_with_options() and the
 *  application's constructors answer the same). */
mvvm_status mvvm_init(void);

/** Flags of mvvm_init_options. */
typedef enum mvvm_init_flags {
    /** Since 0.2: at mvvm_shutdown(), report what the host never released (see
     *  mvvm_debug_leak_report()); the environment variable MVVM_DEBUG_LEAKS=1 does the same. */
    MVVM_INIT_REPORT_LEAKS = 1,
} mvvm_init_flags;

/** The size of 0.1's mvvm_init_options (struct_size and flags), which this version accepts
 *  too: the fields after them take their defaults. */
#define MVVM_INIT_OPTIONS_SIZE_0_1 8

/** How mvvm_init_with_options() starts the runtime. Fill it with zeros, then set struct_size. */
typedef struct mvvm_init_options {
    /** sizeof(mvvm_init_options), or MVVM_INIT_OPTIONS_SIZE_0_1. */
    uint32_t struct_size;
    /** mvvm_init_flags ORed together; any other bit is MVVM_E_INVALID_ARGUMENT. */
    uint32_t flags;
    /** Since 0.2: where to write the journal of this runtime (see "Debugging"), truncating
     *  the file; NULL for none (unless the environment variable MVVM_TRACE names a path).
     *  Copied. */
    const char *journal_path;
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
 *  library is in use. In this mode the dispatch main queue is never drained: a block an app
 *  gives to DispatchQueue.main.async does not run (a debug build of the library warns once on
 *  stderr when such work is first queued); the main actor, RunLoop.main and
 *  DispatchQueue.main as Combine schedulers run on the host thread. */
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

/** An opaque, checked handle to a library object: an instance of one of the application's
 *  types (a ViewModel, a repository, a coordinator). Never dereference it. */
typedef struct mvvm_object mvvm_object;

/** The type of an object: a number the application's library gave the type when it
 *  registered it (1, 2, ... in registration order; 0 is never a type). The application's
 *  header names its types (`#define APP_TYPE_ITEM_LIST ((mvvm_type)1)`, usable in a switch);
 *  mvvm_type_find() and mvvm_type_list() find them at run time. (An int32_t since 0.2: the
 *  enum of 0.1 had the same size and calling convention.) */
typedef int32_t mvvm_type;

/** Writes the object's type into *out_type. */
mvvm_status mvvm_object_get_type(mvvm_object *object, mvvm_type *out_type);

/** Destroys an object the host created: disconnects its handlers (calling their destroy
 *  notifiers) and invalidates the handle. Work it started is cancelled. An object another
 *  object was made with (a ViewModel's repository) stays alive while that object uses it, so
 *  it may be destroyed first. An object that another object owns (a screen its coordinator
 *  created) is refused: MVVM_E_STATE.
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
     *  through libffi with a call description prepared once, at connect (libffi is opened
     *  then, by the first such connect: MVVM_E_FFI when it cannot be). */
    MVVM_CONNECT_SWAPPED = 1,
    /** handler(signal arguments..., user_data): no object argument, for handlers shared by
     *  toolkits that do not care about the sender. Called through libffi, as
     *  MVVM_CONNECT_SWAPPED is. */
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
 *  argument-less command named `command` of `object` (for example a list's "refresh";
 *  see mvvm_type_describe()). A command that takes arguments (such as "add") cannot be a
 *  closure: MVVM_E_UNKNOWN_NAME, like an unknown name. Called on another thread, or after the object was destroyed,
 *  it does nothing. *out_fn receives the pointer; *out_id the id to free it with. The
 *  pointer stays callable until mvvm_command_closure_free(id) or mvvm_shutdown(). The
 *  closure is libffi's: MVVM_E_FFI when libffi (opened by the first call that needs it)
 *  cannot be loaded, MVVM_E_SYSTEM when it cannot allocate the closure. */
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
     *  is NULL in its typed getter: an error message when there is no error, a record not yet
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
    /* 7, 8, 9, then 12 on: the application's records (as.record; see RECORDS below), whose
     * constants its header defines. */
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
    /** kebab-case name, e.g. "error-message", "item-selected", "refresh". */
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
    /** For MVVM_VALUE_INT32 values that are C enums: the enum's C type (see ENUMS); else NULL. */
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

/** The base of a C type in a member's function (mvvm_c_parameter). */
typedef enum mvvm_c_base {
    MVVM_C_VOID = 0,
    /** mvvm_status. */
    MVVM_C_STATUS = 1,
    MVVM_C_INT32 = 2,
    MVVM_C_INT64 = 3,
    MVVM_C_UINT64 = 4,
    MVVM_C_SIZE = 5,
    MVVM_C_DOUBLE = 6,
    /** char: a string is a `const char *` (UTF-8, NUL-terminated). */
    MVVM_C_CHAR = 7,
    /** mvvm_object: a handle is an `mvvm_object *`. */
    MVVM_C_OBJECT = 8,
    /** An application's record struct: `type_name`. */
    MVVM_C_RECORD = 9,
    /** mvvm_list_change. */
    MVVM_C_LIST_CHANGE = 10,
    /** mvvm_destroy_notify (a function pointer). */
    MVVM_C_DESTROY_NOTIFY = 11,
    /** A host interface's function table: `type_name`. */
    MVVM_C_VTABLE = 12,
    /** mvvm_request. */
    MVVM_C_REQUEST = 13,
    /** An application's versioned options struct (`uint32_t struct_size` first): `type_name`. */
    MVVM_C_OPTIONS = 14
} mvvm_c_base;

/** Which way a parameter goes. */
typedef enum mvvm_c_direction {
    /** Passed to the function (or handler). */
    MVVM_C_IN = 0,
    /** An out-parameter: the function writes *parameter, on success only. */
    MVVM_C_OUT = 1
} mvvm_c_direction;

/** Who owns what a pointer parameter leads to, and for how long. */
typedef enum mvvm_c_ownership {
    /** A plain value: a number, a handle passed in, user data, a function pointer. */
    MVVM_C_BY_VALUE = 0,
    /** Lent for the call: the callee copies what it keeps (strings and records passed in; a
     *  handler's strings, records and change sets). */
    MVVM_C_LENT = 1,
    /** Written by the call, pointing into the library's storage (a getter's string, the
     *  strings of a record it fills, a list's object): valid as the function's documentation
     *  says; never freed by the caller. */
    MVVM_C_BORROWED = 2,
    /** Written by the call and the caller's from then on: a new object's handle, which the
     *  caller ends with mvvm_object_destroy(). */
    MVVM_C_OWNED = 3
} mvvm_c_ownership;

/** One parameter of a member's function or of a signal's handler. All strings are static. */
typedef struct mvvm_c_parameter {
    /** The parameter's name in the header, e.g. "index", "out_count", "user_data". */
    const char *name;
    mvvm_c_base base;
    /** For MVVM_C_RECORD and MVVM_C_VTABLE: the struct's name, e.g. "app_item"; else NULL. */
    const char *type_name;
    /** The number of pointers to `base`: 1 for `const char *`, 2 for `const char **`. */
    uint32_t pointers;
    /** 1 when what the innermost pointer leads to is const (`const char *`), else 0. */
    int32_t is_const;
    mvvm_c_direction direction;
    mvvm_c_ownership ownership;
    /** The type as C spells it, e.g. "const char **" (for display; the fields above are the
     *  type). */
    const char *spelling;
} mvvm_c_parameter;

/** A member's C function: a property's getter, a command's or list's function, a
 *  constructor; for a signal, its handler in MVVM_CONNECT_DEFAULT layout (the object first,
 *  user_data last). All storage is static. */
typedef struct mvvm_c_function {
    /** MVVM_C_STATUS for functions, MVVM_C_VOID for handlers. */
    mvvm_c_base result;
    size_t parameter_count;
    /** `parameter_count` parameters, in order. */
    const mvvm_c_parameter *parameters;
} mvvm_c_function;

/** A named constructor of a type whose objects are made by constructors of their own rather
 *  than mvvm_object_new() (an app's store over a file: `app_store_new_sqlite()`). Call it by
 *  `function` (dlsym(), or the application's plug-in table); its C type is `c_function`: the
 *  parameters, then the owned out-parameter. All storage is static. */
typedef struct mvvm_constructor_info {
    /** The function's name after the type's prefix, e.g. "new_sqlite". */
    const char *name;
    /** The C function's name, e.g. "app_store_new_sqlite". */
    const char *function;
    /** The header's sentence(s) about it; "" if none. */
    const char *doc;
    mvvm_c_function c_function;
} mvvm_constructor_info;

/** A type's description. All storage is static. */
typedef struct mvvm_type_info {
    mvvm_type type;
    /** e.g. "ItemList". */
    const char *name;
    size_t member_count;
    /** Indexed by member id: mvvm_member_find() and the generic entry points use the index. */
    const mvvm_member_info *members;
    /** Since 0.2: the shape of each member, parallel to `members` (same count and index). */
    const mvvm_member_shape *shapes;
    /** Since 0.2: the C function of each member, parallel to `members`: the typed form of
     *  mvvm_member_info.c_signature, for bindings that build calls and handlers from it. */
    const mvvm_c_function *functions;
    /** The type's named constructors (mvvm_constructor_info), in header order: 0 and NULL for
     *  a type made by mvvm_object_new() or mvvm_object_new_host(). */
    size_t constructor_count;
    const mvvm_constructor_info *constructors;
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

/** Writes the type named `name` ("ItemList", as mvvm_type_info.name spells it; exact,
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

/* THE SCHEMA HASH
 *   An application's header carries the hash of everything it declares from the application's
 *   declarations (every type and member with its C signature, every record field with its
 *   kind and offset, every enum case and value, every host-interface slot; not the docs):
 *   APP_SCHEMA_HASH, and an inline app_check_schema() that passes it to mvvm_schema_check().
 *   The library answers the hash of the declarations it was built from, so a host built
 *   against a stale header learns so at start instead of calling a function whose signature
 *   or a struct whose layout changed. The Python package checks an application's stubs the
 *   same way. */

/** Writes the library's schema hash (16 lowercase hex digits; static storage) into *out_hash.
 *  MVVM_E_INVALID_ARGUMENT: `out_hash` is NULL. Any thread, before mvvm_init() too. */
mvvm_status mvvm_schema_hash(const char **out_hash);

/** MVVM_OK when `expected_hash` (an application header's APP_SCHEMA_HASH) is the library's
 *  schema hash; MVVM_E_SCHEMA when it is not, the message naming both hashes and what to
 *  regenerate. MVVM_E_INVALID_ARGUMENT: `expected_hash` is NULL. MVVM_E_INVALID_UTF8: it is not
 *  UTF-8. `expected_hash` is read during the call only. Any thread, before mvvm_init() too. */
mvvm_status mvvm_schema_check(const char *expected_hash);

/* RECORDS
 *   A record is a model the API carries as a C struct of its own (a struct of the
 *   application's header, such as app_item): declared once in Swift, field by field, and
 *   registered by the application, which gives it a value kind (7, 8, 9 for its first three
 *   records, then 12 on: 10 and 11 are this header's) and its constant (APP_VALUE_ITEM) and its struct a layout by C's rules.
 *   An mvvm_value carries a record inline: its struct starts at `as` (as.record;
 *   MVVM_VALUE_RECORD() reads it) (at most the union's
 *   size, 64 bytes). Strings inside a record follow the rule of the function that handed it
 *   out: borrowed for a signal handler's call, lent by a getter until the object's next getter
 *   call, its next change, or its destruction. The functions below describe every record, so a
 *   host or a binding (the Python package builds its record classes from them) reads any
 *   library's records without a header of its own. */

/** One field of a record's struct. All strings are static. */
typedef struct mvvm_record_field {
    /** The struct member's name (snake_case), e.g. "author_name". */
    const char *name;
    /** MVVM_VALUE_INT64 (int64_t), MVVM_VALUE_INT32 (int32_t, or one of the application's C
     *  enums: mvvm_record_info.field_enum_names), MVVM_VALUE_BOOL (int32_t, 0 or 1),
     *  MVVM_VALUE_DOUBLE (double) or MVVM_VALUE_STRING (const char *, UTF-8). */
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
    /** e.g. "Item". */
    const char *name;
    /** The C struct, e.g. "app_item". */
    const char *c_type;
    /** The kind's constant, e.g. "APP_VALUE_ITEM". */
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
    /** Since 0.2: `field_count` entries, parallel to `fields`: for an MVVM_VALUE_INT32 field
     *  that holds one of the application's enums, the enum's C type (mvvm_enum_describe());
     *  else NULL. A value the host passes whose enum field is no case of its enum is refused
     *  (MVVM_E_INVALID_ARGUMENT). */
    const char *const *field_enum_names;
} mvvm_record_info;

/** Writes a static description of the record of value kind `kind` into *out_info.
 *  MVVM_E_INVALID_ARGUMENT: `out_info` is NULL, or `kind` is not a record's kind (the message
 *  says which kinds are). Any thread, before mvvm_init() too. */
mvvm_status mvvm_record_describe(int32_t kind, const mvvm_record_info **out_info);

/** Writes the value kind of the record named `name` ("Item"; exact, case-sensitive) into
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
 *   A C enum of the application's (declared in its header: app_priority)
 *   is declared once in Swift and registered; a property holding one is an int32_t whose
 *   mvvm_member_shape.enum_name names the enum's C type. The functions below describe them, so
 *   a binding builds its enums from the library (the Python package's IntEnums). */

/** One case of an enum. All strings are static. */
typedef struct mvvm_enum_case {
    /** snake_case, e.g. "very_high". */
    const char *name;
    /** The C constant, e.g. "APP_PRIORITY_VERY_HIGH". */
    const char *c_name;
    int32_t value;
    /** The declaration's sentence about the case; "" if none. */
    const char *doc;
} mvvm_enum_case;

/** An enum's description. All storage is static. */
typedef struct mvvm_enum_info {
    /** e.g. "Priority". */
    const char *name;
    /** The C type, e.g. "app_priority" (what mvvm_member_shape.enum_name gives). */
    const char *c_type;
    size_t case_count;
    /** `case_count` cases, in declaration order. */
    const mvvm_enum_case *cases;
    /** The declaration's sentence(s) about the enum; "" if none. */
    const char *doc;
} mvvm_enum_info;

/** Writes a static description of the enum whose C type is `c_type` ("app_priority") into
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
 * Lists
 * ---------------------------------------------------------------------------------------- */

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
 * handed out (strings, and the strings inside records) are borrowed like a
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
        /** A record's struct (mvvm_record_info.size bytes, at most 64): MVVM_VALUE_RECORD(). */
        unsigned char record[64];
        mvvm_object *object;
        mvvm_int64_array int64_array;
    } as;
} mvvm_value;

/** The record of type `c_type` (the struct of the application's header that the value's kind
 *  names) inside mvvm_value *value: `MVVM_VALUE_RECORD(&value, app_item)->title`. */
#define MVVM_VALUE_RECORD(value, c_type) ((c_type *)(void *)(value)->as.record)

/** Writes into *out_member the id of the member of `type` named `name` (as
 *  mvvm_type_describe() lists it: "count", "refresh", "notify::count", "row", "new").
 *  Ids are indexes into mvvm_type_info.members, fixed for the library's lifetime.
 *  MVVM_E_UNKNOWN_NAME for a name the type does not have. Any thread. */
mvvm_status mvvm_member_find(mvvm_type type, const char *name, uint32_t *out_member);

/** Makes an object of `type` from its constructor's arguments (its "new" member; an
 *  object argument is an MVVM_VALUE_OBJECT). MVVM_E_INVALID_ARGUMENT for a wrong count or
 *  kind, naming the argument; MVVM_E_STATE for a type without one (made only by typed
 *  constructors of the application's header). */
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

/* ------------------------------------------------------------------------------------------
 * Host-implemented interfaces
 *
 * A host plugs its own data into the ViewModels (UniFFI's callback interfaces): a type whose
 * declaration has a host constructor is made over a table of the host's functions, declared
 * once in Swift and written into the application's header (`app_store_vtable`:
 * `uint32_t struct_size` first, then one function pointer per member, in member order; the
 * table only grows at its end). The runtime calls them on the host thread whenever a
 * ViewModel needs data, each as `void method(void *user_data, mvvm_request *request,
 * arguments...)`, strings and records among the arguments lent for the call. The host
 * answers the request at once or later, from ANY thread, as the member's `answer` says:
 * mvvm_request_resolve() (one value, or NULL for none), mvvm_request_resolve_list(), an
 * application's own resolve function (MVVM_HOST_ANSWER_CUSTOM), or mvvm_request_fail(). The
 * answer reaches the ViewModel on the host thread (through the descriptor of mvvm_get_fd()).
 * Every string, record and item passed to a resolve function is copied before it returns.
 *
 * When nobody waits for an answer any more (a refresh superseded the load, the ViewModel was
 * destroyed, mvvm_shutdown()), the request is finished at once (answering it gives
 * MVVM_E_NOT_FOUND) and the table's `cancel` function is called on the host thread: during
 * the next mvvm_dispatch()/mvvm_run(), or inside mvvm_shutdown(). A request that is never
 * answered leaks nothing: it ends with the work that asked for it, or at shutdown (an
 * application's header names the members whose requests outlive their screen, such as a
 * save). The destroy notifier is called with user_data once, when the last object using the
 * table is gone (or at shutdown). A binding builds the table from mvvm_interface_describe()
 * or mvvm_interface_find() (the Python package's host classes do).
 * ---------------------------------------------------------------------------------------- */

/** A pending call into a host-implemented table. Opaque and checked like an object handle:
 *  any thread may pass it to the functions below, even after it was answered or cancelled
 *  (then they return MVVM_E_NOT_FOUND). */
typedef struct mvvm_request mvvm_request;

/** Fails any request with `message` (copied; UTF-8), which the ViewModel shows. Any thread. */
mvvm_status mvvm_request_fail(mvvm_request *request, const char *message);

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
    /** A resolve function of the application's own (its header names it). */
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
    /** The field as C declares it, e.g. "void (*delete_item)(void *user_data, mvvm_request *request, int64_t id)". */
    const char *c_declaration;
} mvvm_interface_member;

/** A host interface's description. All storage is static. */
typedef struct mvvm_interface_info {
    /** The protocol's name, e.g. "ItemStore". */
    const char *name;
    /** The table's C struct, e.g. "app_store_vtable". */
    const char *c_type;
    const char *doc;
    /** The type made over it: by mvvm_object_new_host(), or by that type's own constructor. */
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

/** Writes a static description of the host interface named `name` (mvvm_interface_info.name,
 *  e.g. "ItemStore") into *out_info: any interface the application declared, also those its
 *  own constructors take (an app's header names the constructor; mvvm_interface_describe()
 *  reaches only the tables of mvvm_object_new_host()). MVVM_E_INVALID_ARGUMENT: `name` or
 *  `out_info` is NULL, or `name` is not UTF-8. MVVM_E_NOT_FOUND: no interface has that name
 *  (the message lists those there are). Any thread, before mvvm_init() too. Since 0.2. */
mvvm_status mvvm_interface_find(const char *name, const mvvm_interface_info **out_info);

/** Creates an object of `type` over the host's table `vtable` (of the interface
 *  mvvm_interface_describe(type) describes; copied), `user_data` and `destroy` (may be NULL),
 *  called with user_data once, when the last ViewModel using it is gone (or at shutdown).
 *  MVVM_E_INVALID_ARGUMENT: `vtable` or `out_object` is NULL, `type` is not an mvvm_type,
 *  vtable->struct_size is not sizeof the table, or a required function is NULL (the message
 *  names them). MVVM_E_STATE: `type` has no host constructor. MVVM_E_FFI: libffi, which calls
 *  the table's functions, cannot be loaded (the message names the library and why). On
 *  failure nothing is kept: `destroy` is not called and the host still owns user_data. The
 *  application's header has the typed form (`app_store_new_host()`). */
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
 * Debugging: the journal, replay, the inspector and the leak report (since 0.2)
 *
 * THE JOURNAL: with mvvm_init_options.journal_path or MVVM_TRACE=path, the runtime writes
 * everything that crosses this API to a file, one JSON object per line (docs/JOURNAL.md is
 * the format, versioned by its header line): each call (function, operation, arguments,
 * status, what it handed back), each signal delivered to a handler, each request to a host's
 * table and its answer or cancel, each dispatch and wake-up, with a monotonic time and the
 * thread. Lines are buffered and written at the end of each dispatch and at shutdown; a
 * write that fails (a full disk) is reported once on stderr and turns the journal off, and
 * the application goes on. Off, it costs one load per call.
 *
 * REPLAY: mvvm_replay() (the `mvvm-replay` command, Python's mvvm.replay()) drives a library
 * with the host's side of a journal and compares the signals it emits with the recorded ones.
 *
 * THE LEAK REPORT: with MVVM_INIT_REPORT_LEAKS or MVVM_DEBUG_LEAKS=1, mvvm_shutdown() lists
 * what the host never released on stderr, each with the call that made it.
 * ---------------------------------------------------------------------------------------- */

/** Every live object as JSON: its handle, type, property values, list counts and connected
 *  handlers, and the host requests pending (docs/JOURNAL.md, "Snapshots"). *out_json is
 *  owned by the caller: free it with mvvm_string_free(). Host thread. */
mvvm_status mvvm_debug_snapshot(char **out_json);

/** Frees a string the library handed over as owned (mvvm_debug_snapshot(), mvvm_replay()).
 *  NULL does nothing. Any thread. */
void mvvm_string_free(char *string);

/** The report of the last mvvm_shutdown() that reported leaks: "" when nothing was left, or
 *  lines naming each object, command closure and request the host never released, with the
 *  call (and journal line) that made it. Static storage until the next mvvm_shutdown(). Any
 *  thread. */
const char *mvvm_debug_leak_report(void);

/** Serves snapshots and the journal's tail on a Unix socket for a live viewer (`python3 -m
 *  mvvm.inspect`): created only by this call, mode 0600, at `path`, or when NULL at
 *  $XDG_RUNTIME_DIR/mvvm-PID.sock (else /tmp/mvvm-UID/mvvm-PID.sock, its folder mode 0700).
 *  *out_path (may be NULL) gets the path, static storage until mvvm_shutdown(), which removes
 *  the socket. A client sends "snapshot\n" or "tail N\n" and reads one reply ending in a
 *  blank line; requests are answered on the host thread during mvvm_dispatch(). Host thread.
 *  MVVM_E_SYSTEM when the socket cannot be made (the message says why). */
mvvm_status mvvm_debug_serve(const char *path, const char **out_path);

/** What mvvm_replay() compares and how long it waits. Fill it with zeros, then set
 *  struct_size. */
typedef struct mvvm_replay_options {
    /** sizeof(mvvm_replay_options). */
    uint32_t struct_size;
    /** How long to wait, in milliseconds, for work a recorded dispatch ran that has not
     *  arrived yet (a repository on its own thread); 0 for the default, 2000. */
    uint32_t settle_ms;
} mvvm_replay_options;

/** Replays the journal at `journal_path` against this library: starts the runtime on the
 *  calling thread with a virtual clock driven by the journal's times, makes the host's calls
 *  in the recorded order (handlers' calls inside the same signals), answers the requests to
 *  host tables as recorded, and compares every signal the library emits, and every call's
 *  status, with the journal; then shuts the runtime down. `options` may be NULL for the
 *  defaults. *out_report (may be NULL; owned: free it with mvvm_string_free()) gets a
 *  report: "replay: identical (N calls, M signals)" or the first divergence with its journal
 *  line, the call before it, what was expected and what happened.
 *  MVVM_OK when identical; MVVM_E_STATE when it diverged; MVVM_E_INVALID_ARGUMENT for a
 *  journal that cannot be read or replayed (another format version, an application with
 *  another schema hash, a value the journal cut, an answer of an application's own resolve
 *  function), the report saying why. Call it before mvvm_init() (MVVM_E_STATE while a runtime
 *  runs), on the thread that may be the host thread. */
mvvm_status mvvm_replay(const char *journal_path, const mvvm_replay_options *options, char **out_report);

/* ------------------------------------------------------------------------------------------
 * Plug-in entry point
 *
 * For hosts that load the library with dlopen() and resolve one symbol: mvvm_get_api()
 * returns a table holding every function of this header. An application's header declares
 * a table of its own functions beside it (`app_get_api()`: `app_api`, whose `mvvm` field is
 * this table). The table only grows at its end;
 * a host built against ABI version N reads only the fields that version N declared.
 * ---------------------------------------------------------------------------------------- */

/** Every function of this header, in the order they were added. */
typedef struct mvvm_api {
    /** sizeof(mvvm_api) of the library (at least the size the host expects). */
    uint32_t struct_size;
    /** MVVM_ABI_VERSION of the library. */
    int32_t abi_version;
    /* BEGIN GENERATED api (mvvm-generate-framework: `make generate`; do not edit) */
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
    mvvm_status (*schema_hash)(const char **out_hash);
    mvvm_status (*schema_check)(const char *expected_hash);
    mvvm_status (*interface_find)(const char *name, const mvvm_interface_info **out_info);
    mvvm_status (*debug_snapshot)(char **out_json);
    void (*string_free)(char *string);
    const char *(*debug_leak_report)(void);
    mvvm_status (*debug_serve)(const char *path, const char **out_path);
    mvvm_status (*replay)(const char *journal_path, const mvvm_replay_options *options,
                          char **out_report);
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
