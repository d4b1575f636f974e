/* notes_host: a C host of libnotes.so with its own poll() loop.
 *
 * It drives every flow of the Notes app -- create notes in the editor, list them (pinned
 * first), search as you type, open a note from the list and edit it, pin, delete, reopen the
 * file store, a store the host keeps (notes_repository_vtable, implemented here) -- and checks
 * on the way that bad input is refused with the right status. It
 * never calls mvvm_run(): its loop poll()s the library's descriptor (mvvm_get_fd()) and calls
 * mvvm_dispatch() when it is readable, as any host that owns its loop does. The store answers
 * asynchronously (a host's own store could answer from any thread, later), so every result
 * arrives in a later mvvm_dispatch(): each step pumps the loop until the signal it expects.
 *
 *   notes_host NOTES_FILE     runs the script over the JSON file NOTES_FILE (which must not
 *                             exist yet). Exit status 0 on success, 1 with a message otherwise.
 *
 * Build (see Examples/Notes/README.md):
 *   cc -std=c11 -Wall -Wextra -Werror -I Include -I MVVM/Include Host/notes_host.c \
 *      -L LIBDIR -lnotes -lpthread -Wl,-rpath,LIBDIR -o notes_host
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "notes.h"

/* How long a step waits for the signal it expects (the search's debounce is 250 ms). */
#define WAIT_TIMEOUT_MS 5000

static void fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    fprintf(stderr, "notes_host: FAILED: ");
    vfprintf(stderr, format, arguments);
    fprintf(stderr, "\n");
    va_end(arguments);
    exit(1);
}

/* A call that must succeed. */
#define CHECK(call)                                                                            \
    do {                                                                                       \
        mvvm_status check_status_ = (call);                                                    \
        if (check_status_ != MVVM_OK)                                                          \
            fail("%s:%d: %s -> %s: %s", __FILE__, __LINE__, #call, mvvm_status_name(check_status_), \
                 mvvm_last_error_message());                                                   \
    } while (0)

/* A call that must be refused with `expected` (and say why). */
#define REFUSED(expected, call)                                                                \
    do {                                                                                       \
        mvvm_status refused_status_ = (call);                                                  \
        if (refused_status_ != (expected))                                                     \
            fail("%s:%d: %s -> %s, expected %s", __FILE__, __LINE__, #call,                   \
                 mvvm_status_name(refused_status_), mvvm_status_name(expected));                \
        const char *refused_message_ = mvvm_last_error_message();                              \
        if (refused_message_ == NULL || refused_message_[0] == '\0')                           \
            fail("%s:%d: %s gave no message", __FILE__, __LINE__, #call);                      \
        printf("  refused as expected: %s -> %s: %s\n", #call, mvvm_status_name(refused_status_), \
               refused_message_);                                                              \
    } while (0)

/* ------------------------------------------------------------------------------------------
 * What the handlers saw
 * ---------------------------------------------------------------------------------------- */

typedef struct seen {
    int rows_changed;       /* "rows-changed" deliveries */
    int64_t last_count;     /* "notify::count" */
    int64_t selected_id;    /* "note-selected" */
    int selections;
    int64_t saved_id;       /* "did-save" */
    int saves;
    int can_save;           /* "notify::can-save" */
    int loads;              /* "notify::is-loading" to 0: an editor's note arrived (or failed) */
} seen;

static seen events;

static void on_rows_changed(mvvm_object *list, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)list;
    (void)user_data;
    static const char *const kinds[] = {"?", "reset", "insert", "remove", "update", "move"};
    printf("  rows-changed:");
    for (size_t i = 0; i < count; i++) {
        int32_t kind = changes[i].kind >= 1 && changes[i].kind <= 5 ? changes[i].kind : 0;
        printf(" %s(%" PRId64 ", %" PRId64 ")", kinds[kind], changes[i].start, changes[i].count);
    }
    printf("\n");
    events.rows_changed++;
}

static void on_count(mvvm_object *list, int64_t count, void *user_data) {
    (void)list;
    (void)user_data;
    events.last_count = count;
}

static void on_note_selected(mvvm_object *list, int64_t id, void *user_data) {
    (void)list;
    (void)user_data;
    events.selected_id = id;
    events.selections++;
}

static void on_did_save(mvvm_object *editor, const notes_note *note, void *user_data) {
    (void)editor;
    (void)user_data;
    printf("  did-save: note %" PRId64 " \"%s\" (updated at %.3f)\n", note->id, note->title, note->updated_at);
    events.saved_id = note->id;
    events.saves++;
}

static void on_can_save(mvvm_object *editor, int32_t can_save, void *user_data) {
    (void)editor;
    (void)user_data;
    events.can_save = can_save;
}

static void on_is_loading(mvvm_object *editor, int32_t is_loading, void *user_data) {
    (void)editor;
    (void)user_data;
    if (!is_loading) events.loads++;
}

/* ------------------------------------------------------------------------------------------
 * The loop
 * ---------------------------------------------------------------------------------------- */

static int loop_fd = -1;

static int64_t now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* Waits up to timeout_ms for the library's descriptor, then dispatches. */
static void pump_once(int timeout_ms) {
    struct pollfd fds[1] = {{.fd = loop_fd, .events = POLLIN, .revents = 0}};
    int ready = poll(fds, 1, timeout_ms);
    if (ready < 0 && errno != EINTR) fail("poll: %s", strerror(errno));
    if (ready > 0) CHECK(mvvm_dispatch());
}

/* Pumps until *counter reaches target, within WAIT_TIMEOUT_MS. */
static void wait_for(const char *what, const int *counter, int target) {
    int64_t deadline = now_ms() + WAIT_TIMEOUT_MS;
    while (*counter < target) {
        int64_t left = deadline - now_ms();
        if (left <= 0) fail("expected %s within %d ms", what, WAIT_TIMEOUT_MS);
        pump_once((int)left);
    }
}

/* Dispatches until the library has nothing pending: a command's result that no signal announces
 * (a delete the store accepted) has landed then, since this store answers in the dispatch that
 * asks it. */
static void pump_until_idle(void) {
    for (;;) {
        struct pollfd fds[1] = {{.fd = loop_fd, .events = POLLIN, .revents = 0}};
        int ready = poll(fds, 1, 0);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) fail("poll: %s", strerror(errno));
        if (ready == 0) return;
        CHECK(mvvm_dispatch());
    }
}

/* A new editor of note `note_id` (0: a new note), its handlers connected; a stored note is
 * loaded first (pumped until "is-loading" drops to 0). */
static mvvm_object *open_editor(mvvm_object *store, int64_t note_id) {
    mvvm_object *editor = NULL;
    int loads = events.loads;
    CHECK(notes_note_editor_new(store, note_id, &editor));
    CHECK(mvvm_signal_connect(editor, "did-save", MVVM_CALLBACK(on_did_save), NULL, NULL, NULL));
    CHECK(mvvm_signal_connect(editor, "notify::can-save", MVVM_CALLBACK(on_can_save), NULL, NULL, NULL));
    CHECK(mvvm_signal_connect(editor, "notify::is-loading", MVVM_CALLBACK(on_is_loading), NULL, NULL, NULL));
    int32_t is_loading = -1;
    CHECK(notes_note_editor_get_is_loading(editor, &is_loading));
    if (is_loading != (note_id != 0)) fail("is-loading is %d for a new editor of note %" PRId64, (int)is_loading, note_id);
    if (note_id != 0) wait_for("the editor's note", &events.loads, loads + 1);
    return editor;
}

static void step(const char *text) { printf("\n> %s\n", text); }

/* ------------------------------------------------------------------------------------------
 * Screens
 * ---------------------------------------------------------------------------------------- */

/* Prints the list as a view would draw it; returns the row count. */
static int64_t show_list(mvvm_object *list) {
    int64_t count = 0;
    const char *query = NULL;
    CHECK(notes_note_list_get_count(list, &count));
    CHECK(notes_note_list_get_query(list, &query));
    printf("  list [%s]: %" PRId64 " note(s)\n", query, count);
    for (int64_t i = 0; i < count; i++) {
        notes_note note;
        CHECK(notes_note_list_get_row(list, i, &note));
        printf("    %" PRId64 "  #%-3" PRId64 " %s%-12s %s\n", i, note.id, note.pinned ? "* " : "  ", note.title, note.body);
    }
    return count;
}

static void expect_row(mvvm_object *list, int64_t index, const char *title) {
    notes_note shown;
    CHECK(notes_note_list_get_row(list, index, &shown));
    if (strcmp(shown.title, title) != 0) fail("row %" PRId64 " is \"%s\", expected \"%s\"", index, shown.title, title);
}

static void expect_count(mvvm_object *list, int64_t expected) {
    int64_t count = -1;
    CHECK(notes_note_list_get_count(list, &count));
    if (count != expected) fail("the list has %" PRId64 " rows, expected %" PRId64, count, expected);
}

/* The editor's "draft-state" is `expected` (a notes_draft_state, read as its int32_t). */
static void expect_draft_state(mvvm_object *editor, notes_draft_state expected) {
    int32_t state = -1;
    CHECK(notes_note_editor_get_draft_state(editor, &state));
    if (state != (int32_t)expected) fail("draft-state is %d, expected %d", (int)state, (int)expected);
}

/* Writes a note through a new editor: returns its id. */
static int64_t write_note(mvvm_object *store, int64_t note_id, const char *title, const char *body) {
    mvvm_object *editor = open_editor(store, note_id);
    CHECK(notes_note_editor_set_draft_title(editor, title));
    CHECK(notes_note_editor_set_draft_body(editor, body));
    int32_t can_save = 0;
    CHECK(notes_note_editor_get_can_save(editor, &can_save));
    if (!can_save) fail("\"%s\" cannot be saved", title);
    expect_draft_state(editor, NOTES_DRAFT_STATE_READY);
    int32_t loaded = -1;
    notes_note stored;
    CHECK(notes_note_editor_get_note(editor, &loaded, &stored));
    if (loaded != (note_id != 0)) fail("\"note\" loaded is %d before saving note %" PRId64, (int)loaded, note_id);
    int saves = events.saves;
    CHECK(notes_note_editor_save(editor));
    wait_for("did-save", &events.saves, saves + 1);
    expect_draft_state(editor, NOTES_DRAFT_STATE_UNCHANGED);
    CHECK(notes_note_editor_get_note(editor, &loaded, &stored));
    if (!loaded || strcmp(stored.title, title) != 0 || stored.id != events.saved_id)
        fail("\"note\" after the save is not the stored %s", title);
    REFUSED(MVVM_E_INVALID_ARGUMENT, notes_note_editor_get_note(editor, NULL, &stored));
    int64_t id = 0;
    CHECK(notes_note_editor_get_note_id(editor, &id));
    if (id != events.saved_id) fail("note-id %" PRId64 " but did-save said %" PRId64, id, events.saved_id);
    CHECK(mvvm_object_destroy(editor));
    return id;
}

static void *call_from_another_thread(void *list) {
    static mvvm_status status;
    status = notes_note_list_reload((mvvm_object *)list);
    return &status;
}

/* ------------------------------------------------------------------------------------------
 * A store the host keeps: notes_repository_vtable implemented here, in C
 *
 * The functions only queue the request; answer_requests() answers them later, from the loop,
 * as a host whose data is behind a network or a database of its own would.
 * ---------------------------------------------------------------------------------------- */

#define HOST_CAPACITY 16

typedef enum host_call { HOST_ALL_NOTES, HOST_SAVE_NOTE, HOST_DELETE_NOTE } host_call;

typedef struct host_request {
    mvvm_request *request;
    host_call call;
    notes_note note; /* save_note: the note, its strings copied */
    int64_t id;      /* delete_note */
} host_request;

typedef struct host_store {
    char titles[HOST_CAPACITY][64], bodies[HOST_CAPACITY][256];
    notes_note notes[HOST_CAPACITY];
    size_t count;
    int64_t next_id;
    host_request pending[HOST_CAPACITY];
    size_t pending_count;
    int cancels, destroyed;
    int refuse_deletes; /* delete_note fails with a message */
} host_store;

static void queue(host_store *store, mvvm_request *request, host_call call, const notes_note *note, int64_t id) {
    if (store->pending_count == HOST_CAPACITY) fail("too many pending host requests");
    host_request *pending = &store->pending[store->pending_count++];
    memset(pending, 0, sizeof *pending);
    pending->request = request;
    pending->call = call;
    pending->id = id;
    if (note) {
        /* The note's strings are lent for the call only: keep copies. */
        pending->note = *note;
        pending->note.title = strdup(note->title);
        pending->note.body = strdup(note->body);
    }
}

static void host_all_notes(void *user_data, mvvm_request *request) {
    queue(user_data, request, HOST_ALL_NOTES, NULL, 0);
}
static void host_save_note(void *user_data, mvvm_request *request, const notes_note *note) {
    queue(user_data, request, HOST_SAVE_NOTE, note, 0);
}
static void host_delete_note(void *user_data, mvvm_request *request, int64_t id) {
    queue(user_data, request, HOST_DELETE_NOTE, NULL, id);
}
static void host_cancel(void *user_data, mvvm_request *request) {
    (void)request;
    ((host_store *)user_data)->cancels++;
}
static void host_destroy(void *user_data) { ((host_store *)user_data)->destroyed++; }

/* A note as an mvvm_value: a record's struct starts at `as`. */
static mvvm_value note_value(const notes_note *note) {
    mvvm_value value;
    memset(&value, 0, sizeof value);
    value.kind = NOTES_VALUE_NOTE;
    memcpy(&value.as, note, sizeof *note);
    return value;
}

static void store_note(host_store *store, const notes_note *note, size_t slot) {
    snprintf(store->titles[slot], sizeof store->titles[slot], "%s", note->title);
    snprintf(store->bodies[slot], sizeof store->bodies[slot], "%s", note->body);
    store->notes[slot] = *note;
    store->notes[slot].title = store->titles[slot];
    store->notes[slot].body = store->bodies[slot];
}

/* Answers every queued request (this thread; any thread may). */
static void answer_requests(host_store *store) {
    size_t count = store->pending_count;
    store->pending_count = 0;
    for (size_t i = 0; i < count; i++) {
        host_request *pending = &store->pending[i];
        switch (pending->call) {
        case HOST_ALL_NOTES: {
            mvvm_value rows[HOST_CAPACITY];
            for (size_t row = 0; row < store->count; row++) rows[row] = note_value(&store->notes[row]);
            CHECK(mvvm_request_resolve_list(pending->request, rows, store->count));
            break;
        }
        case HOST_SAVE_NOTE: {
            notes_note note = pending->note;
            size_t slot = store->count;
            for (size_t row = 0; row < store->count; row++)
                if (store->notes[row].id == note.id) slot = row;
            if (note.id == 0) note.id = store->next_id++;
            if (slot == HOST_CAPACITY) fail("the host store is full");
            store_note(store, &note, slot);
            if (slot == store->count) store->count++;
            mvvm_value answer = note_value(&store->notes[slot]);
            /* A wrong answer is refused and the request stays pending. */
            mvvm_value wrong = {.kind = MVVM_VALUE_INT64, .as.int64 = 1};
            REFUSED(MVVM_E_INVALID_ARGUMENT, mvvm_request_resolve(pending->request, &wrong));
            CHECK(mvvm_request_resolve(pending->request, &answer));
            REFUSED(MVVM_E_NOT_FOUND, mvvm_request_resolve(pending->request, &answer));
            free((char *)pending->note.title);
            free((char *)pending->note.body);
            break;
        }
        case HOST_DELETE_NOTE:
            if (store->refuse_deletes) {
                CHECK(mvvm_request_fail(pending->request, "This store is read-only."));
            } else {
                CHECK(mvvm_request_resolve(pending->request, NULL));
            }
            break;
        }
    }
}

/* Pumps the loop, answering the host store's requests, until *counter reaches target. */
static void wait_answering(host_store *store, const char *what, const int *counter, int target) {
    int64_t deadline = now_ms() + WAIT_TIMEOUT_MS;
    while (*counter < target) {
        answer_requests(store);
        if (*counter >= target) break;
        int64_t left = deadline - now_ms();
        if (left <= 0) fail("expected %s within %d ms", what, WAIT_TIMEOUT_MS);
        pump_once(store->pending_count ? 0 : (int)(left < 20 ? left : 20));
    }
}

static host_store host_notes;

static void host_store_flow(void) {
    step("a store the host keeps (notes_repository_vtable), and bad tables refused");
    const mvvm_interface_info *interface = NULL;
    CHECK(mvvm_interface_describe(NOTES_TYPE_STORE, &interface));
    printf("  %s (%s, %zu bytes):", interface->name, interface->c_type, interface->size);
    for (size_t i = 0; i < interface->member_count; i++) printf(" %s", interface->members[i].name);
    printf("\n");
    if (interface->size != sizeof(notes_repository_vtable) || interface->member_count != 4 ||
        interface->members[1].answer != MVVM_HOST_ANSWER_VALUE || interface->members[1].answer_kind != NOTES_VALUE_NOTE)
        fail("mvvm_interface_describe() does not describe notes_repository_vtable");
    REFUSED(MVVM_E_NOT_FOUND, mvvm_interface_describe(NOTES_TYPE_NOTE_LIST, &interface));

    host_store *store = &host_notes;
    store->next_id = 1;
    notes_note first = {.id = 0, .title = "From the host", .body = "kept in C", .updated_at = 1.0, .pinned = 0};
    first.id = store->next_id++;
    store_note(store, &first, store->count++);
    notes_note pinned = {.id = 0, .title = "Pinned by the host", .body = "", .updated_at = 2.0, .pinned = 1};
    pinned.id = store->next_id++;
    store_note(store, &pinned, store->count++);

    notes_repository_vtable table = {
        .struct_size = sizeof(notes_repository_vtable),
        .all_notes = host_all_notes,
        .save_note = host_save_note,
        .delete_note = host_delete_note,
        .cancel = host_cancel,
    };
    mvvm_object *hosted = NULL;
    REFUSED(MVVM_E_INVALID_ARGUMENT, notes_store_new_host(NULL, store, host_destroy, &hosted));
    notes_repository_vtable short_table = table;
    short_table.struct_size = 8;
    REFUSED(MVVM_E_INVALID_ARGUMENT, notes_store_new_host(&short_table, store, host_destroy, &hosted));
    notes_repository_vtable incomplete = table;
    incomplete.save_note = NULL;
    REFUSED(MVVM_E_INVALID_ARGUMENT, notes_store_new_host(&incomplete, store, host_destroy, &hosted));
    REFUSED(MVVM_E_INVALID_ARGUMENT, notes_store_new_host(&table, store, host_destroy, NULL));
    REFUSED(MVVM_E_STATE, mvvm_object_new_host(NOTES_TYPE_NOTE_LIST, &table, store, host_destroy, &hosted));
    if (store->destroyed) fail("a refused table's destroy notifier ran");
    CHECK(notes_store_new_host(&table, store, host_destroy, &hosted));
    int32_t persistent = 1;
    CHECK(notes_store_get_is_persistent(hosted, &persistent));
    if (persistent) fail("a host's store says it is persistent");

    step("the list over the host's store: its rows arrive when the host answers");
    mvvm_object *list = NULL;
    CHECK(notes_note_list_new(hosted, &list));
    CHECK(mvvm_signal_connect(list, "rows-changed", MVVM_CALLBACK(on_rows_changed), NULL, NULL, NULL));
    int changed = events.rows_changed;
    CHECK(notes_note_list_on_appear(list));
    wait_answering(store, "the host's rows", &events.rows_changed, changed + 1);
    show_list(list);
    expect_count(list, 2);
    expect_row(list, 0, "Pinned by the host");

    step("a note saved into the host's store");
    mvvm_object *editor = NULL;
    CHECK(notes_note_editor_new(hosted, 0, &editor));
    CHECK(mvvm_signal_connect(editor, "did-save", MVVM_CALLBACK(on_did_save), NULL, NULL, NULL));
    CHECK(notes_note_editor_set_draft_title(editor, "Written in C"));
    int saves = events.saves;
    CHECK(notes_note_editor_save(editor));
    wait_answering(store, "did-save from the host's store", &events.saves, saves + 1);
    if (store->count != 3 || strcmp(store->notes[2].title, "Written in C") != 0 || events.saved_id != store->notes[2].id)
        fail("the host's store did not get the saved note");
    CHECK(mvvm_object_destroy(editor));
    changed = events.rows_changed;
    CHECK(notes_note_list_reload(list));
    wait_answering(store, "the reloaded rows", &events.rows_changed, changed + 1);
    expect_count(list, 3);

    step("the host refuses a delete: the row comes back and its message is shown");
    store->refuse_deletes = 1;
    CHECK(notes_note_list_delete_row(list, 2, NULL));
    expect_count(list, 2); /* removed at once, restored when the host refuses */
    const char *message = NULL;
    int64_t deadline = now_ms() + WAIT_TIMEOUT_MS;
    for (;;) {
        answer_requests(store);
        CHECK(notes_note_list_get_error_message(list, &message));
        if (message != NULL && message[0] != '\0') break;
        if (now_ms() > deadline) fail("the host's refusal was not shown within %d ms", WAIT_TIMEOUT_MS);
        pump_once(20);
    }
    expect_count(list, 3);
    if (strcmp(message, "This store is read-only.") != 0) fail("the list shows \"%s\", not the host's message", message);
    printf("  the list shows: %s\n", message);

    step("a load nobody waits for is cancelled: the host's cancel runs");
    CHECK(notes_note_list_reload(list));
    for (int i = 0; i < 50 && store->pending_count == 0; i++) pump_once(10); /* the load's task starts */
    if (store->pending_count != 1) fail("reload did not call all_notes");
    mvvm_request *abandoned = store->pending[0].request;
    store->pending_count = 0;
    CHECK(mvvm_object_destroy(list));
    CHECK(mvvm_object_destroy(hosted));
    for (int i = 0; i < 20 && store->cancels == 0; i++) pump_once(10);
    if (store->cancels != 1) fail("the host's cancel ran %d times, expected once", store->cancels);
    REFUSED(MVVM_E_NOT_FOUND, mvvm_request_resolve_list(abandoned, NULL, 0));
    for (int i = 0; i < 20 && store->destroyed == 0; i++) pump_once(10);
    if (store->destroyed != 1) fail("the host store's destroy notifier ran %d times, expected once", store->destroyed);
    printf("  cancelled once, destroyed once\n");
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: notes_host NOTES_FILE (a path that does not exist yet)\n");
        return 2;
    }
    const char *path = argv[1];
    setvbuf(stdout, NULL, _IOLBF, 0);
    printf("libmvvm %s (ABI %d) in libnotes\n", mvvm_version_string(), mvvm_abi_version());

    step("the library was built from the declarations notes.h was generated from");
    CHECK(notes_check_schema());

    step("the plug-in tables (any thread, before mvvm_init())");
    const notes_api *api = NULL;
    const mvvm_api *framework = NULL;
    CHECK(notes_get_api(MVVM_ABI_VERSION, &api));
    CHECK(api->get_framework_api(MVVM_ABI_VERSION, &framework));
    if (api->note_list_new != notes_note_list_new || framework->init != mvvm_init) fail("a table slot is not its function");
    REFUSED(MVVM_E_INVALID_ARGUMENT, notes_get_api(MVVM_ABI_VERSION + 1, &api));
    printf("  notes_api: %zu functions, mvvm_api: %zu\n",
           (sizeof(notes_api) - offsetof(notes_api, get_framework_api)) / sizeof(void (*)(void)) - 1,
           (sizeof(mvvm_api) - offsetof(mvvm_api, version)) / sizeof(void (*)(void)));

    step("before mvvm_init(): refused");
    mvvm_object *store = NULL;
    REFUSED(MVVM_E_NOT_INITIALIZED, notes_store_new("", &store));

    CHECK(mvvm_init());
    CHECK(mvvm_get_fd(&loop_fd));

    step("a constructor as the first call (the library registers its types on first use)");
    mvvm_object *first = NULL;
    CHECK(notes_store_new("", &first));
    CHECK(mvvm_object_destroy(first));

    step("the library's types, found by name");
    mvvm_type type = 0;
    CHECK(mvvm_type_find("NoteList", &type));
    if (type != NOTES_TYPE_NOTE_LIST) fail("NoteList is type %d, the header says %d", (int)type, (int)NOTES_TYPE_NOTE_LIST);
    const mvvm_type *types = NULL;
    size_t type_count = 0;
    CHECK(mvvm_type_list(&types, &type_count));
    for (size_t i = 0; i < type_count; i++) {
        const mvvm_type_info *info = NULL;
        CHECK(mvvm_type_describe(types[i], &info));
        printf("  type %d: %s (%zu members)\n", (int)types[i], info->name, info->member_count);
    }
    if (type_count != 3) fail("libnotes has %zu types, expected 3", type_count);
    REFUSED(MVVM_E_UNKNOWN_NAME, mvvm_type_find("UserList", &type));

    step("a store over the notes file, and bad stores refused");
    REFUSED(MVVM_E_INVALID_ARGUMENT, notes_store_new(NULL, &store));
    REFUSED(MVVM_E_INVALID_ARGUMENT, notes_store_new(path, NULL));
    REFUSED(MVVM_E_INVALID_UTF8, notes_store_new("\xff\xfe.json", &store));
    {
        char corrupt[4096];
        snprintf(corrupt, sizeof corrupt, "%s.corrupt", path);
        FILE *file = fopen(corrupt, "w");
        if (!file) fail("cannot write %s", corrupt);
        fputs("{ not json", file);
        fclose(file);
        REFUSED(MVVM_E_SYSTEM, notes_store_new(corrupt, &store));
        remove(corrupt);
    }
    CHECK(notes_store_new(path, &store));
    int32_t persistent = 0;
    CHECK(notes_store_get_is_persistent(store, &persistent));
    if (!persistent) fail("a store over a file is not persistent");

    step("the list: empty at first");
    mvvm_object *list = NULL;
    REFUSED(MVVM_E_INVALID_HANDLE, notes_note_list_new(NULL, &list));
    CHECK(notes_note_list_new(store, &list));
    mvvm_object *wrong = NULL;
    REFUSED(MVVM_E_WRONG_TYPE, notes_note_list_new(list, &wrong));
    CHECK(mvvm_signal_connect(list, "rows-changed", MVVM_CALLBACK(on_rows_changed), NULL, NULL, NULL));
    CHECK(mvvm_signal_connect(list, "notify::count", MVVM_CALLBACK(on_count), NULL, NULL, NULL));
    CHECK(mvvm_signal_connect(list, "note-selected", MVVM_CALLBACK(on_note_selected), NULL, NULL, NULL));
    REFUSED(MVVM_E_UNKNOWN_NAME, mvvm_signal_connect(list, "no-such-signal", MVVM_CALLBACK(on_count), NULL, NULL, NULL));
    int changed = events.rows_changed;
    CHECK(notes_note_list_on_appear(list));
    wait_for("rows-changed", &events.rows_changed, changed + 1);
    expect_count(list, 0);
    REFUSED(MVVM_E_OUT_OF_RANGE, notes_note_list_delete_row(list, 0, NULL));

    step("the editor: a new note is validated, then saved");
    mvvm_object *editor = open_editor(store, 42);
    const char *message = NULL;
    CHECK(notes_note_editor_get_error_message(editor, &message));
    if (message == NULL) fail("an editor of a missing note has no error message");
    printf("  an editor of note 42: %s\n", message);
    CHECK(notes_note_editor_set_draft_title(editor, "Recovered"));
    int32_t can_save = 1;
    CHECK(notes_note_editor_get_can_save(editor, &can_save));
    if (can_save) fail("an editor of a missing note can save");
    CHECK(mvvm_object_destroy(editor));
    editor = open_editor(store, 0);
    expect_draft_state(editor, NOTES_DRAFT_STATE_UNCHANGED);
    CHECK(notes_note_editor_set_draft_body(editor, "no title yet"));
    expect_draft_state(editor, NOTES_DRAFT_STATE_INVALID);
    CHECK(notes_note_editor_get_validation_message(editor, &message));
    if (message == NULL) fail("an untitled note has no validation message");
    printf("  validation: %s\n", message);
    REFUSED(MVVM_E_INVALID_ARGUMENT, notes_note_editor_set_draft_title(editor, NULL));
    REFUSED(MVVM_E_INVALID_UTF8, notes_note_editor_set_draft_title(editor, "\xc3"));
    CHECK(mvvm_object_destroy(editor));
    REFUSED(MVVM_E_INVALID_HANDLE, notes_note_editor_save(editor));

    int64_t groceries = write_note(store, 0, "Groceries", "milk, eggs");
    int64_t ideas = write_note(store, 0, "Ideas", "a notes app on mvvm");
    int64_t trip = write_note(store, 0, "Trip", "pack the tent");
    printf("  saved notes %" PRId64 ", %" PRId64 ", %" PRId64 "\n", groceries, ideas, trip);

    step("the list, reloaded: the most recent first");
    changed = events.rows_changed;
    CHECK(notes_note_list_reload(list));
    wait_for("rows-changed", &events.rows_changed, changed + 1);
    if (show_list(list) != 3) fail("expected 3 notes");
    expect_row(list, 2, "Groceries");
    notes_note row;
    REFUSED(MVVM_E_OUT_OF_RANGE, notes_note_list_get_row(list, 3, &row));
    REFUSED(MVVM_E_OUT_OF_RANGE, notes_note_list_get_row(list, -1, &row));
    REFUSED(MVVM_E_INVALID_ARGUMENT, notes_note_list_get_row(list, 0, NULL));
    CHECK(notes_note_list_get_row(list, 0, &row));
    if (row.id != trip || strcmp(row.body, "pack the tent") != 0 || row.pinned != 0 || row.updated_at <= 0)
        fail("row 0 is #%" PRId64 " %s / %s", row.id, row.title, row.body);

    step("search as you type: \"i\", \"id\", \"idea\" -> one reset after the pause");
    changed = events.rows_changed;
    CHECK(notes_note_list_set_query(list, "i"));
    CHECK(notes_note_list_set_query(list, "id"));
    CHECK(notes_note_list_set_query(list, " IDEA "));
    wait_for("rows-changed after the debounce", &events.rows_changed, changed + 1);
    show_list(list);
    expect_count(list, 1);
    expect_row(list, 0, "Ideas");
    if (events.last_count != 1) fail("notify::count said %" PRId64, events.last_count);
    REFUSED(MVVM_E_INVALID_UTF8, notes_note_list_set_query(list, "\xe2\x82"));
    changed = events.rows_changed;
    CHECK(notes_note_list_set_query(list, ""));
    wait_for("rows-changed after clearing", &events.rows_changed, changed + 1);
    expect_count(list, 3);

    step("select a row: note-selected, and an editor on that note");
    CHECK(notes_note_list_did_select_row(list, 2));
    wait_for("note-selected", &events.selections, 1);
    if (events.selected_id != groceries) fail("selected %" PRId64 ", expected %" PRId64, events.selected_id, groceries);
    write_note(store, events.selected_id, "Groceries", "milk, eggs, bread");
    changed = events.rows_changed;
    CHECK(notes_note_list_reload(list));
    wait_for("rows-changed", &events.rows_changed, changed + 1);
    expect_row(list, 0, "Groceries");  /* the most recently updated now */

    step("pin \"Ideas\": it moves to the top");
    show_list(list);
    changed = events.rows_changed;
    CHECK(notes_note_list_toggle_pinned(list, 2));
    wait_for("rows-changed", &events.rows_changed, changed + 1);
    show_list(list);
    expect_row(list, 0, "Ideas");
    CHECK(notes_note_list_get_row(list, 0, &row));
    if (!row.pinned) fail("Ideas is not pinned");

    step("delete \"Trip\"");
    int64_t count = 0;
    CHECK(notes_note_list_get_count(list, &count));
    notes_note last;
    CHECK(notes_note_list_get_row(list, count - 1, &last));
    if (strcmp(last.title, "Trip") != 0) fail("the last row is %s", last.title);
    changed = events.rows_changed;
    int64_t trip_id = last.id;
    notes_note deleted;
    CHECK(notes_note_list_delete_row(list, count - 1, &deleted));
    if (deleted.id != trip_id || strcmp(deleted.title, "Trip") != 0)
        fail("delete-row gave back note %" PRId64 " \"%s\", not Trip", deleted.id, deleted.title);
    printf("  deleted: %s (for an Undo)\n", deleted.title);
    /* `deleted`'s strings are borrowed until the list's next call: the Undo keeps copies. */
    char *trip_title = strdup(deleted.title), *trip_body = strdup(deleted.body);
    if (trip_title == NULL || trip_body == NULL) fail("strdup");
    wait_for("rows-changed", &events.rows_changed, changed + 1);
    expect_count(list, 2);
    pump_until_idle(); /* the store's answer: no signal when it accepts */
    CHECK(notes_note_list_get_error_message(list, &message));
    if (message != NULL) fail("the store refused the delete: %s", message);

    step("undo: restore \"Trip\" from the record delete-row gave");
    notes_note undo = {deleted.id, trip_title, trip_body, deleted.updated_at, deleted.pinned};
    REFUSED(MVVM_E_INVALID_ARGUMENT, notes_note_list_restore(list, NULL));
    notes_note unstored = undo;
    unstored.id = 0;
    REFUSED(MVVM_E_INVALID_ARGUMENT, notes_note_list_restore(list, &unstored)); /* its make refuses it */
    changed = events.rows_changed;
    CHECK(notes_note_list_restore(list, &undo));
    free(trip_title);
    free(trip_body);
    wait_for("rows-changed", &events.rows_changed, changed + 1);
    expect_count(list, 3);
    expect_row(list, 2, "Trip");
    CHECK(notes_note_list_get_row(list, 2, &row));
    if (row.id == trip_id) fail("the restored note kept its old id %" PRId64, trip_id);
    printf("  restored as note %" PRId64 "; deleting it again\n", row.id);
    changed = events.rows_changed;
    CHECK(notes_note_list_delete_row(list, 2, NULL));
    wait_for("rows-changed", &events.rows_changed, changed + 1);
    expect_count(list, 2);
    pump_until_idle();

    step("another thread is refused");
    pthread_t thread;
    void *result = NULL;
    if (pthread_create(&thread, NULL, call_from_another_thread, list) != 0) fail("pthread_create");
    pthread_join(thread, &result);
    if (*(mvvm_status *)result != MVVM_E_WRONG_THREAD)
        fail("a call from another thread gave %s", mvvm_status_name(*(mvvm_status *)result));
    printf("  refused as expected: a call from another thread -> MVVM_E_WRONG_THREAD\n");

    step("the store outlives its handle; a new store over the file reads what was saved");
    CHECK(mvvm_object_destroy(store));
    CHECK(notes_note_list_reload(list)); /* the list keeps its store alive */
    pump_until_idle();                   /* its reset lands now, not during the wait below */
    mvvm_object *reopened = NULL, *second = NULL;
    CHECK(notes_store_new(path, &reopened));
    CHECK(notes_note_list_new(reopened, &second));
    CHECK(mvvm_signal_connect(second, "rows-changed", MVVM_CALLBACK(on_rows_changed), NULL, NULL, NULL));
    changed = events.rows_changed;
    CHECK(notes_note_list_on_appear(second));
    wait_for("rows-changed", &events.rows_changed, changed + 1);
    show_list(second);
    expect_count(second, 2);
    expect_row(second, 0, "Ideas");
    expect_row(second, 1, "Groceries");

    host_store_flow();

    CHECK(mvvm_shutdown());
    REFUSED(MVVM_E_NOT_INITIALIZED, notes_note_list_reload(list));
    printf("\nnotes_host: every flow passed\n");
    return 0;
}
