/*
 * terminal_host.c: a terminal host for libmvvm that owns its loop.
 *
 * The program drives the coordinator flow (user list -> select -> detail -> edit -> save ->
 * back), the search flow (list -> search -> type a query -> select a result -> detail ->
 * rename -> save, back to the search -> back to the list) and the stopwatch on the built-in
 * sample data, and prints every change the library announces through its signals, and what
 * the screens show. It never calls mvvm_run(): its own poll() loop watches the library's
 * descriptor (mvvm_get_fd()) -- and stdin in interactive mode -- and calls
 * mvvm_dispatch() when the descriptor is readable. That is the pattern of any host that owns
 * its loop (a game loop, an epoll server, a toolkit).
 *
 * Modes:
 *   terminal_host                 runs a fixed script. Each step performs one action, then
 *                                 pumps the loop until the signals it expects have arrived
 *                                 (bounded: at most WAIT_TIMEOUT_MS and MAX_WAIT_ITERATIONS
 *                                 poll iterations; no sleeps other than poll timeouts).
 *                                 Exit status 0 on success, 1 with a message otherwise.
 *   terminal_host --interactive   reads commands from stdin (type `help`).
 *   --sqlite PATH                 (with either mode) keeps the data in the SQLite database
 *                                 at PATH (mvvm_repository_new_sqlite()) instead of memory:
 *                                 a missing file is created with the default sample data,
 *                                 and renames survive the program. The fixed script renames
 *                                 users, so run it on a fresh file (an earlier run's names make
 *                                 its "can-save" steps fail); --interactive works on any.
 *   --http URL                    either mode over the HTTP repository at URL
 *                                 (mvvm_repository_new_http) instead of the built-in sample
 *                                 data, e.g. Tests/Support/placeholder_server.py --users 200
 *                                 (the script's search needs more than one page of matches).
 *   --cache PATH                  with --http: the SQLite cache file.
 *
 * Also shown: a libffi command closure (the stopwatch's "button-tapped" command as a plain
 * void (*)(void)), a connection in GObject's swapped layout (MVVM_CONNECT_SWAPPED), and the
 * generic entry points (a pushed screen's "on-appear" found by name with mvvm_member_find()
 * and run with mvvm_object_invoke()).
 *
 * Build (from the repository root):
 *   clang -std=c11 -Wall -Wextra -Werror bindings/c/examples/terminal_host.c -I Include \
 *         -L <libdir> -lmvvm -Wl,-rpath,<libdir> -o terminal_host
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mvvm_seeds.h"

/* How long a scripted step waits for the signal it expects, and how many poll() iterations
 * it may spend doing so. */
#ifndef WAIT_TIMEOUT_MS
#define WAIT_TIMEOUT_MS 5000
#endif
#ifndef MAX_WAIT_ITERATIONS
#define MAX_WAIT_ITERATIONS 100000
#endif
/* The search the script types, the result it opens and the name it gives that user. */
#define SEARCH_QUERY "an"
#define SEARCH_PICK 1
#define SEARCH_PICK_TEXT "1"
#define SEARCH_RENAME "Grace Hopper"
/* Print notify::elapsed-text at most every this many ticks. */
#define TICK_PRINT_EVERY 10
/* How many row names a rows-changed line shows. */
#define MAX_NAMES_SHOWN 3

/* ------------------------------------------------------------------------------------------
 * State
 * ---------------------------------------------------------------------------------------- */

/* Everything the handlers update. Counters let the script wait for "one more X". */
typedef struct app {
    int interactive;
    const char *sqlite_path; /* --sqlite PATH, or NULL for the in-memory sample data */
    const char *http_url;   /* --http: the server, or NULL for the sample data */
    const char *cache_path; /* --cache: with --http, the SQLite cache file, or NULL */
    int fd;
    mvvm_object *repository;
    mvvm_object *coordinator;
    /* The screens on the coordinator's stack that the host knows about (NULL when absent). */
    mvvm_object *list;
    mvvm_object *detail;
    mvvm_object *search;
    mvvm_object *stopwatch;
    /* The libffi closure for the stopwatch's "button-tapped" command. */
    mvvm_command_fn button_tapped;
    uint64_t button_tapped_id;

    int list_loading; /* last notify::loading value */
    int list_loading_notes;
    int rows_changed;
    int users_selected;
    int query_notes;
    int search_rows_changed;
    int search_selected;
    int searching; /* last notify::is-searching value */
    int searching_notes;
    int64_t picked_id; /* the user the script opens from the search */
    int pushes;
    int pops;
    int user_loaded;
    int draft_notes;
    int can_save;
    int can_save_notes;
    int saving_notes;
    int is_saving;
    int saves;
    int ticks;
    int running;
    int running_notes;
    int laps_changed;
    int destroy_notifications;
    int handler_failures;
} app;

static app the_app;

/* ------------------------------------------------------------------------------------------
 * Status checks
 * ---------------------------------------------------------------------------------------- */

/* Returns 1 when `status` is MVVM_OK; otherwise prints the call, the status and the library's
 * explanation (which must be read before the next mvvm_ call) and returns 0. */
static int ok(mvvm_status status, const char *call) {
    if (status == MVVM_OK) return 1;
    fprintf(stderr, "error: %s failed: %s: %s\n", call, mvvm_status_name(status), mvvm_last_error_message());
    return 0;
}

/* For the script and setup: a failed call ends the program. */
#define CHECK(call)                                                                                \
    do {                                                                                           \
        if (!ok((call), #call)) exit(1);                                                           \
    } while (0)

/* Inside a handler: a failure is printed and counted (the script then fails). */
#define CHECK_IN_HANDLER(call)                                                                     \
    do {                                                                                           \
        if (!ok((call), #call)) the_app.handler_failures++;                                        \
    } while (0)

static void fail(const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    fputs("FAILED: ", stderr);
    vfprintf(stderr, format, arguments);
    fputc('\n', stderr);
    va_end(arguments);
    exit(1);
}

static int64_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* ------------------------------------------------------------------------------------------
 * Names
 * ---------------------------------------------------------------------------------------- */

static const char *type_name(mvvm_type type) {
    switch (type) {
    case MVVM_TYPE_REPOSITORY: return "Repository";
    case MVVM_TYPE_USER_LIST: return "UserList";
    case MVVM_TYPE_USER_DETAIL: return "UserDetail";
    case MVVM_TYPE_POST_DETAIL: return "PostDetail";
    case MVVM_TYPE_SORTED_INTEGERS: return "SortedIntegers";
    case MVVM_TYPE_STOPWATCH: return "Stopwatch";
    case MVVM_TYPE_COORDINATOR: return "Coordinator";
    case MVVM_TYPE_USER_SEARCH: return "UserSearch";
    }
    return "?";
}

static const char *loading_name(int32_t loading) {
    switch (loading) {
    case MVVM_LOADING_NONE: return "none";
    case MVVM_LOADING_FULL_SCREEN: return "full-screen";
    case MVVM_LOADING_NEXT_PAGE: return "next-page";
    }
    return "?";
}

static const char *change_kind_name(int32_t kind) {
    switch (kind) {
    case MVVM_LIST_RESET: return "reset";
    case MVVM_LIST_INSERT: return "insert";
    case MVVM_LIST_REMOVE: return "remove";
    case MVVM_LIST_UPDATE: return "update";
    case MVVM_LIST_MOVE: return "move";
    }
    return "?";
}

/* ------------------------------------------------------------------------------------------
 * Signal handlers: user list
 * ---------------------------------------------------------------------------------------- */

static void on_list_loading(mvvm_object *vm, int32_t loading, void *user_data) {
    app *a = user_data;
    (void)vm;
    a->list_loading = loading;
    a->list_loading_notes++;
    printf("  [list] notify::loading = %s\n", loading_name(loading));
}

static void on_list_error(mvvm_object *vm, const char *message, void *user_data) {
    (void)vm;
    (void)user_data;
    printf("  [list] notify::error-message = %s\n", message ? message : "(none)");
}

/* A typed row getter: mvvm_user_list_get_row or mvvm_user_search_get_row. */
typedef mvvm_status (*row_getter)(mvvm_object *vm, int64_t index, mvvm_user *out_user);

/* Prints up to MAX_NAMES_SHOWN names of rows start..start+count-1 (the rows as they are now,
 * which is what a view reads after applying the change set). */
static void print_row_names(mvvm_object *vm, row_getter get_row, int64_t start, int64_t count) {
    int64_t shown = count < MAX_NAMES_SHOWN ? count : MAX_NAMES_SHOWN;
    printf(" (");
    for (int64_t i = 0; i < shown; i++) {
        mvvm_user user;
        mvvm_status status = get_row(vm, start + i, &user);
        if (!ok(status, "get_row")) {
            the_app.handler_failures++;
            break;
        }
        printf("%s#%" PRId64 " %s", i ? ", " : "", start + i, user.name);
    }
    printf("%s)", count > shown ? ", ..." : "");
}

/* Prints a change set of a list of users (the user list's rows, the search's results). */
static void print_user_changes(mvvm_object *vm, row_getter get_row, int64_t rows, const mvvm_list_change *changes,
                               size_t change_count) {
    for (size_t i = 0; i < change_count; i++) {
        const mvvm_list_change *c = &changes[i];
        printf("         %s start=%" PRId64 " count=%" PRId64, change_kind_name(c->kind), c->start, c->count);
        /* The affected rows' names, when the rows still exist (a remove has none to show). */
        switch (c->kind) {
        case MVVM_LIST_RESET:
        case MVVM_LIST_INSERT:
        case MVVM_LIST_UPDATE:
            if (c->count > 0 && c->start + c->count <= rows) print_row_names(vm, get_row, c->start, c->count);
            break;
        case MVVM_LIST_MOVE:
            if (c->count < rows) print_row_names(vm, get_row, c->count, 1);
            break;
        default:
            break;
        }
        printf("\n");
    }
}

static void on_rows_changed(mvvm_object *vm, const mvvm_list_change *changes, size_t change_count, void *user_data) {
    app *a = user_data;
    int64_t rows = 0;
    a->rows_changed++;
    CHECK_IN_HANDLER(mvvm_user_list_get_count(vm, &rows));
    printf("  [list] rows-changed: %zu change(s), now %" PRId64 " rows\n", change_count, rows);
    print_user_changes(vm, mvvm_user_list_get_row, rows, changes, change_count);
}

static void on_user_selected(mvvm_object *vm, int64_t user_id, void *user_data) {
    app *a = user_data;
    (void)vm;
    a->users_selected++;
    printf("  [list] user-selected: user id %" PRId64 "\n", user_id);
}

/* ------------------------------------------------------------------------------------------
 * Signal handlers: user search
 * ---------------------------------------------------------------------------------------- */

static void on_search_query(mvvm_object *vm, const char *query, void *user_data) {
    app *a = user_data;
    (void)vm;
    a->query_notes++;
    printf("  [search] notify::query = \"%s\"\n", query);
}

static void on_search_is_searching(mvvm_object *vm, int32_t searching, void *user_data) {
    app *a = user_data;
    (void)vm;
    a->searching = searching;
    a->searching_notes++;
    /* What a view shows: a spinner while the repository is asked. */
    if (searching)
        printf("  [search] notify::is-searching = 1: searching\u2026\n");
    else
        printf("  [search] notify::is-searching = 0\n");
}

static void on_search_query_empty(mvvm_object *vm, int32_t empty, void *user_data) {
    (void)vm;
    (void)user_data;
    printf("  [search] notify::is-query-empty = %d%s\n", empty, empty ? " (a hint instead of results)" : "");
}

static void on_search_error(mvvm_object *vm, const char *message, void *user_data) {
    (void)vm;
    (void)user_data;
    printf("  [search] notify::error-message = %s\n", message ? message : "(none)");
}

static void on_search_rows_changed(mvvm_object *vm, const mvvm_list_change *changes, size_t change_count,
                                   void *user_data) {
    app *a = user_data;
    int64_t rows = 0;
    a->search_rows_changed++;
    CHECK_IN_HANDLER(mvvm_user_search_get_count(vm, &rows));
    printf("  [search] rows-changed: %zu change(s), now %" PRId64 " results\n", change_count, rows);
    print_user_changes(vm, mvvm_user_search_get_row, rows, changes, change_count);
}

static void on_search_selected(mvvm_object *vm, int64_t user_id, void *user_data) {
    app *a = user_data;
    (void)vm;
    a->search_selected++;
    printf("  [search] user-selected: user id %" PRId64 "\n", user_id);
}

/* ------------------------------------------------------------------------------------------
 * Signal handlers: user detail
 * ---------------------------------------------------------------------------------------- */

static void on_detail_user(mvvm_object *vm, const mvvm_user *user, void *user_data) {
    app *a = user_data;
    (void)vm;
    if (user) {
        a->user_loaded++;
        printf("  [detail] notify::user = #%" PRId64 " %s <%s>\n", user->id, user->name, user->email);
    } else {
        printf("  [detail] notify::user = (not loaded)\n");
    }
}

static void on_draft_name(mvvm_object *vm, const char *draft, void *user_data) {
    app *a = user_data;
    (void)vm;
    a->draft_notes++;
    printf("  [detail] notify::draft-name = \"%s\"\n", draft);
}

static void on_can_save(mvvm_object *vm, int32_t can_save, void *user_data) {
    app *a = user_data;
    (void)vm;
    a->can_save = can_save;
    a->can_save_notes++;
    printf("  [detail] notify::can-save = %d\n", can_save);
}

static void on_is_saving(mvvm_object *vm, int32_t is_saving, void *user_data) {
    app *a = user_data;
    (void)vm;
    a->is_saving = is_saving;
    a->saving_notes++;
    printf("  [detail] notify::is-saving = %d\n", is_saving);
}

static void on_detail_message(mvvm_object *vm, const char *message, void *user_data) {
    (void)vm;
    printf("  [detail] notify::%s = %s\n", (const char *)user_data, message ? message : "(none)");
}

static void on_did_save(mvvm_object *vm, const mvvm_user *saved, void *user_data) {
    app *a = user_data;
    (void)vm;
    a->saves++;
    printf("  [detail] did-save: #%" PRId64 " is now \"%s\"\n", saved->id, saved->name);
}

/* ------------------------------------------------------------------------------------------
 * Coordinator: "navigate", connected with MVVM_CONNECT_SWAPPED
 *
 * GObject's swapped form: user_data first, the emitting object last. The library calls it
 * through libffi with a call description prepared once, at connect.
 * ---------------------------------------------------------------------------------------- */

static void connect_list(app *a, mvvm_object *list);
static void connect_detail(app *a, mvvm_object *detail);
static void connect_search(app *a, mvvm_object *search);

/* Every screen the coordinator pushes appears: the host calls its "on-appear" command when it
 * shows it. For a type without typed code here, the command is looked up by name through the
 * generic entry points; a type without one (the user search, which waits for a query) has
 * nothing to load. */
static void screen_appears(mvvm_object *screen, mvvm_type type) {
    uint32_t member = 0;
    mvvm_status status = mvvm_member_find(type, "on-appear", &member);
    if (status == MVVM_E_UNKNOWN_NAME) return;
    CHECK_IN_HANDLER(status);
    if (status == MVVM_OK) CHECK_IN_HANDLER(mvvm_object_invoke(screen, member, NULL, 0, NULL));
}

static void on_navigate_swapped(app *a, int32_t action, mvvm_object *screen, mvvm_object *coordinator) {
    int64_t depth = 0;
    CHECK_IN_HANDLER(mvvm_coordinator_get_depth(coordinator, &depth));
    if (action == MVVM_NAVIGATION_PUSH) {
        mvvm_type type = 0;
        a->pushes++;
        CHECK_IN_HANDLER(mvvm_object_get_type(screen, &type));
        printf("  [coordinator] navigate: push %s (depth %" PRId64 ")\n", type_name(type), depth);
        /* The host shows the screen; the screen appears. Calling back into the library from
         * a handler is allowed; what it changes is delivered before the outer call returns. */
        if (type == MVVM_TYPE_USER_LIST) {
            a->list = screen;
            connect_list(a, screen);
            CHECK_IN_HANDLER(mvvm_user_list_on_appear(screen));
        } else if (type == MVVM_TYPE_USER_DETAIL) {
            a->detail = screen;
            connect_detail(a, screen);
            CHECK_IN_HANDLER(mvvm_user_detail_on_appear(screen));
        } else {
            if (type == MVVM_TYPE_USER_SEARCH) {
                a->search = screen;
                connect_search(a, screen);
            }
            screen_appears(screen, type);
        }
    } else if (action == MVVM_NAVIGATION_POP) {
        /* The popped handle is already invalid: compare it, never call with it. */
        const char *which = "?";
        a->pops++;
        if (screen == a->detail) {
            which = "UserDetail";
            a->detail = NULL;
        } else if (screen == a->search) {
            which = "UserSearch";
            a->search = NULL;
        } else if (screen == a->list) {
            which = "UserList";
            a->list = NULL;
        }
        printf("  [coordinator] navigate: pop %s (depth %" PRId64 ")\n", which, depth);
    }
}

/* The destroy notifier of the navigate connection: called once, when the connection ends
 * (here: at mvvm_shutdown()). */
static void on_navigate_connection_end(void *user_data) {
    app *a = user_data;
    a->destroy_notifications++;
}

/* ------------------------------------------------------------------------------------------
 * Stopwatch
 * ---------------------------------------------------------------------------------------- */

static void on_elapsed_text(mvvm_object *vm, const char *text, void *user_data) {
    app *a = user_data;
    int32_t running = 1;
    a->ticks++;
    /* Per object, properties arrive in declaration order, so notify::is-running of the same
     * batch has not arrived yet: ask the object (a handler may call getters). */
    CHECK_IN_HANDLER(mvvm_stopwatch_get_is_running(vm, &running));
    /* Keep the output short: every TICK_PRINT_EVERY-th tick, plus any change while stopped
     * (a reset). */
    if (a->ticks % TICK_PRINT_EVERY == 0 || !running)
        printf("  [stopwatch] notify::elapsed-text = %s (tick %d)\n", text, a->ticks);
}

static void on_button_text(mvvm_object *vm, const char *text, void *user_data) {
    (void)vm;
    (void)user_data;
    printf("  [stopwatch] notify::button-text = %s\n", text);
}

static void on_is_running(mvvm_object *vm, int32_t running, void *user_data) {
    app *a = user_data;
    (void)vm;
    a->running = running;
    a->running_notes++;
    printf("  [stopwatch] notify::is-running = %d\n", running);
}

static void on_laps_changed(mvvm_object *vm, const mvvm_list_change *changes, size_t change_count, void *user_data) {
    app *a = user_data;
    int64_t laps = 0;
    a->laps_changed++;
    CHECK_IN_HANDLER(mvvm_stopwatch_get_lap_count(vm, &laps));
    for (size_t i = 0; i < change_count; i++) {
        const mvvm_list_change *c = &changes[i];
        printf("  [stopwatch] laps-changed: %s start=%" PRId64 " count=%" PRId64 " (%" PRId64 " laps)",
               change_kind_name(c->kind), c->start, c->count, laps);
        if (c->kind == MVVM_LIST_INSERT) {
            for (int64_t j = c->start; j < c->start + c->count && j < laps; j++) {
                const char *text = NULL;
                if (!ok(mvvm_stopwatch_get_lap(vm, j, &text), "mvvm_stopwatch_get_lap")) {
                    a->handler_failures++;
                    break;
                }
                printf(" lap %" PRId64 " = %s", j + 1, text);
            }
        }
        printf("\n");
    }
}

/* ------------------------------------------------------------------------------------------
 * Connections
 * ---------------------------------------------------------------------------------------- */

static void connect_or_count(mvvm_object *object, const char *signal, mvvm_callback handler, void *user_data) {
    uint64_t id = 0;
    mvvm_status status = mvvm_signal_connect(object, signal, handler, user_data, NULL, &id);
    if (!ok(status, signal)) the_app.handler_failures++;
}

static void connect_list(app *a, mvvm_object *list) {
    connect_or_count(list, "notify::loading", MVVM_CALLBACK(on_list_loading), a);
    connect_or_count(list, "notify::error-message", MVVM_CALLBACK(on_list_error), a);
    connect_or_count(list, "rows-changed", MVVM_CALLBACK(on_rows_changed), a);
    connect_or_count(list, "user-selected", MVVM_CALLBACK(on_user_selected), a);
}

static void connect_detail(app *a, mvvm_object *detail) {
    connect_or_count(detail, "notify::user", MVVM_CALLBACK(on_detail_user), a);
    connect_or_count(detail, "notify::draft-name", MVVM_CALLBACK(on_draft_name), a);
    connect_or_count(detail, "notify::can-save", MVVM_CALLBACK(on_can_save), a);
    connect_or_count(detail, "notify::is-saving", MVVM_CALLBACK(on_is_saving), a);
    connect_or_count(detail, "notify::validation-message", MVVM_CALLBACK(on_detail_message), "validation-message");
    connect_or_count(detail, "notify::error-message", MVVM_CALLBACK(on_detail_message), "error-message");
    connect_or_count(detail, "did-save", MVVM_CALLBACK(on_did_save), a);
}

static void connect_search(app *a, mvvm_object *search) {
    connect_or_count(search, "notify::query", MVVM_CALLBACK(on_search_query), a);
    connect_or_count(search, "notify::is-searching", MVVM_CALLBACK(on_search_is_searching), a);
    connect_or_count(search, "notify::is-query-empty", MVVM_CALLBACK(on_search_query_empty), a);
    connect_or_count(search, "notify::error-message", MVVM_CALLBACK(on_search_error), a);
    connect_or_count(search, "rows-changed", MVVM_CALLBACK(on_search_rows_changed), a);
    connect_or_count(search, "user-selected", MVVM_CALLBACK(on_search_selected), a);
}

static void connect_stopwatch(app *a, mvvm_object *stopwatch) {
    connect_or_count(stopwatch, "notify::elapsed-text", MVVM_CALLBACK(on_elapsed_text), a);
    connect_or_count(stopwatch, "notify::button-text", MVVM_CALLBACK(on_button_text), a);
    connect_or_count(stopwatch, "notify::is-running", MVVM_CALLBACK(on_is_running), a);
    connect_or_count(stopwatch, "laps-changed", MVVM_CALLBACK(on_laps_changed), a);
}

/* ------------------------------------------------------------------------------------------
 * The loop
 * ---------------------------------------------------------------------------------------- */

static int handle_command(app *a, char *line);

/* Interactive input: bytes read from stdin that do not yet form a whole line. */
static char input[1024];
static size_t input_length;
static int input_closed;

/* Reads what stdin has and runs every complete line. Returns 0 once `quit` or EOF came. */
static int read_commands(app *a) {
    ssize_t n = read(STDIN_FILENO, input + input_length, sizeof input - 1 - input_length);
    if (n < 0) return errno == EINTR || errno == EAGAIN;
    if (n == 0) {
        input_closed = 1;
        if (input_length > 0) { /* a last line without a newline */
            input[input_length] = '\0';
            input_length = 0;
            handle_command(a, input);
        }
        return 0;
    }
    input_length += (size_t)n;
    size_t start = 0;
    for (size_t i = 0; i < input_length; i++) {
        if (input[i] != '\n') continue;
        input[i] = '\0';
        if (!handle_command(a, input + start)) return 0;
        start = i + 1;
    }
    memmove(input, input + start, input_length - start);
    input_length -= start;
    if (input_length == sizeof input - 1) { /* an overlong line: drop it */
        fprintf(stderr, "line too long, ignored\n");
        input_length = 0;
    }
    return 1;
}

/* One iteration of the host's loop: waits up to timeout_ms for the library's descriptor (and
 * stdin in interactive mode), then dispatches. Returns 0 when the user asked to quit. */
static int pump_once(app *a, int timeout_ms) {
    struct pollfd fds[2] = {
        {.fd = a->fd, .events = POLLIN, .revents = 0},
        {.fd = STDIN_FILENO, .events = POLLIN, .revents = 0},
    };
    nfds_t count = (a->interactive && !input_closed) ? 2 : 1;
    int ready = poll(fds, count, timeout_ms);
    if (ready < 0) {
        if (errno == EINTR) return 1;
        perror("poll");
        exit(1);
    }
    if (fds[0].revents & (POLLIN | POLLERR | POLLHUP)) {
        /* Timer ticks, finished loads and wake-ups run here, and their signals arrive. */
        CHECK(mvvm_dispatch());
    }
    if (count == 2 && (fds[1].revents & (POLLIN | POLLHUP | POLLERR))) return read_commands(a);
    return 1;
}

/* Pumps the loop until *counter reaches target: at most WAIT_TIMEOUT_MS, at most
 * MAX_WAIT_ITERATIONS poll iterations. Fails the script otherwise. */
static void wait_for(app *a, const char *what, const int *counter, int target) {
    int64_t deadline = now_ms() + WAIT_TIMEOUT_MS;
    for (int i = 0; *counter < target; i++) {
        int64_t left = deadline - now_ms();
        if (left <= 0 || i >= MAX_WAIT_ITERATIONS)
            fail("expected %s, but it did not arrive within %d ms (%d poll iterations)", what, WAIT_TIMEOUT_MS, i);
        pump_once(a, (int)left);
    }
    if (a->handler_failures) fail("%d call(s) inside handlers failed (see above)", a->handler_failures);
}

/* Pumps for a short while (until `ms` passed) without expecting anything. */
static void pump_for(app *a, int ms) {
    int64_t deadline = now_ms() + ms;
    for (int i = 0; i < MAX_WAIT_ITERATIONS; i++) {
        int64_t left = deadline - now_ms();
        if (left <= 0) break;
        pump_once(a, (int)left);
    }
}

static void step(const char *text) { printf("\n> %s\n", text); }

/* What the search screen shows now: the query, a spinner, the error, the result count and
 * the first `max_rows` results (read through the typed getters, as a view would). */
static void show_search_screen(app *a, int64_t max_rows) {
    const char *query = NULL, *error = NULL;
    int32_t searching = 0, empty = 0, more = 0;
    int64_t count = 0;
    CHECK(mvvm_user_search_get_is_searching(a->search, &searching));
    CHECK(mvvm_user_search_get_is_query_empty(a->search, &empty));
    CHECK(mvvm_user_search_get_has_more_pages(a->search, &more));
    CHECK(mvvm_user_search_get_count(a->search, &count));
    CHECK(mvvm_user_search_get_error_message(a->search, &error));
    /* Read last: a getter's string is borrowed until the next getter call on the object. */
    CHECK(mvvm_user_search_get_query(a->search, &query));
    printf("  search screen: [%s]", query);
    if (searching) printf(" searching\u2026");
    if (empty) printf(" (type to search)\n");
    else printf(" %" PRId64 " result(s)%s\n", count, more ? ", more below" : "");
    if (error) printf("    error: %s\n", error);
    for (int64_t i = 0; i < count && i < max_rows; i++) {
        mvvm_user user;
        CHECK(mvvm_user_search_get_row(a->search, i, &user));
        printf("    %3" PRId64 "  #%-4" PRId64 " %-24s %s\n", i, user.id, user.name, user.email);
    }
    if (count > max_rows && max_rows > 0) printf("    ... %" PRId64 " more\n", count - max_rows);
}

/* Prints the list's row of user `user_id`, if the list has loaded it. */
static void show_list_row_of(app *a, int64_t user_id) {
    int64_t count = 0;
    CHECK(mvvm_user_list_get_count(a->list, &count));
    for (int64_t i = 0; i < count; i++) {
        mvvm_user user;
        CHECK(mvvm_user_list_get_row(a->list, i, &user));
        if (user.id != user_id) continue;
        printf("  list screen: row %" PRId64 " is #%" PRId64 " %s <%s>\n", i, user.id, user.name, user.email);
        return;
    }
    printf("  list screen: user #%" PRId64 " is not among the %" PRId64 " loaded rows\n", user_id, count);
}

/* ------------------------------------------------------------------------------------------
 * Setup
 * ---------------------------------------------------------------------------------------- */

static void setup(app *a) {
    uint64_t id = 0;
    if (mvvm_abi_version() != MVVM_ABI_VERSION)
        fail("libmvvm has ABI %d, this program was built for %d", mvvm_abi_version(), MVVM_ABI_VERSION);
    printf("libmvvm %s\n", mvvm_version_string());
    CHECK(mvvm_init());
    CHECK(mvvm_get_fd(&a->fd));
    if (a->sqlite_path != NULL) {
        mvvm_sample_options fill;
        CHECK(mvvm_sample_options_init(&fill));
        CHECK(mvvm_repository_new_sqlite(a->sqlite_path, &fill, &a->repository));
        printf("data: the SQLite database %s\n", a->sqlite_path);
    } else if (a->http_url) {
        printf("repository: HTTP server %s%s%s\n", a->http_url, a->cache_path ? ", cache " : "",
               a->cache_path ? a->cache_path : "");
        CHECK(mvvm_repository_new_http(a->http_url, a->cache_path, &a->repository));
    } else {
        CHECK(mvvm_repository_new_sample(NULL, &a->repository));
    }
    CHECK(mvvm_coordinator_new(a->repository, &a->coordinator));
    CHECK(mvvm_signal_connect_flags(a->coordinator, "navigate", MVVM_CALLBACK(on_navigate_swapped), a,
                                    on_navigate_connection_end, MVVM_CONNECT_SWAPPED, &id));
    CHECK(mvvm_stopwatch_new(&a->stopwatch));
    connect_stopwatch(a, a->stopwatch);
    /* The stopwatch's button as a plain void (*)(void): what a toolkit whose callback slots
     * take no user data would store. */
    CHECK(mvvm_command_closure_new(a->stopwatch, "button-tapped", &a->button_tapped, &a->button_tapped_id));
    if (a->handler_failures) fail("connecting the stopwatch failed");
}

static void teardown(app *a) {
    CHECK(mvvm_command_closure_free(a->button_tapped_id));
    CHECK(mvvm_object_destroy(a->stopwatch));
    CHECK(mvvm_object_destroy(a->coordinator));
    CHECK(mvvm_object_destroy(a->repository));
    CHECK(mvvm_shutdown());
}

/* ------------------------------------------------------------------------------------------
 * The script
 * ---------------------------------------------------------------------------------------- */

static int run_script(app *a) {
    int target;

    step("coordinator start: push the user list, which appears and loads its first page");
    target = a->rows_changed + 1;
    CHECK(mvvm_coordinator_start(a->coordinator));
    if (a->pushes != 1 || !a->list) fail("navigate push of the user list did not arrive with start");
    wait_for(a, "rows-changed (first page)", &a->rows_changed, target);
    if (a->list_loading != MVVM_LOADING_NONE) wait_for(a, "notify::loading = none", &a->list_loading_notes, a->list_loading_notes + 1);

    step("more: the last row is displayed, so the next page loads");
    {
        int64_t count = 0;
        CHECK(mvvm_user_list_get_count(a->list, &count));
        target = a->rows_changed + 1;
        CHECK(mvvm_user_list_did_display_row(a->list, count - 1));
        wait_for(a, "rows-changed (next page)", &a->rows_changed, target);
        if (a->list_loading != MVVM_LOADING_NONE) wait_for(a, "notify::loading = none", &a->list_loading_notes, a->list_loading_notes + 1);
    }

    step("select row 2: user-selected, then the coordinator pushes the detail, which loads");
    target = a->user_loaded + 1;
    CHECK(mvvm_user_list_did_select_row(a->list, 2));
    if (a->users_selected != 1 || a->pushes != 2 || !a->detail) fail("user-selected / navigate push did not arrive with the selection");
    wait_for(a, "notify::user (detail loaded)", &a->user_loaded, target);

    step("edit: draft name \"Ada Lovelace\"");
    target = a->draft_notes + 1;
    CHECK(mvvm_user_detail_set_draft_name(a->detail, "Ada Lovelace"));
    wait_for(a, "notify::draft-name", &a->draft_notes, target);
    if (!a->can_save) fail("can-save is not 1 after a valid edit");

    step("save: is-saving, did-save, the list row updated in place, and the coordinator pops the detail");
    {
        int pops = a->pops + 1, rows = a->rows_changed + 1;
        target = a->saves + 1;
        CHECK(mvvm_user_detail_save(a->detail));
        wait_for(a, "did-save", &a->saves, target);
        wait_for(a, "navigate pop", &a->pops, pops);
        wait_for(a, "rows-changed (update of the saved row)", &a->rows_changed, rows);
        if (a->detail) fail("the detail screen is still known after the pop");
    }

    step("open row 5, then back: the coordinator pops the detail");
    target = a->user_loaded + 1;
    CHECK(mvvm_user_list_did_select_row(a->list, 5));
    wait_for(a, "notify::user (detail loaded)", &a->user_loaded, target);
    target = a->pops + 1;
    CHECK(mvvm_coordinator_back(a->coordinator));
    wait_for(a, "navigate pop", &a->pops, target);

    step("show-search: the coordinator pushes the user search over the list (it has no on-appear: it waits for a query)");
    {
        int64_t depth = 0;
        target = a->pushes + 1;
        CHECK(mvvm_coordinator_show_search(a->coordinator));
        if (a->pushes != target || !a->search) fail("navigate push of the user search did not arrive with show-search");
        CHECK(mvvm_coordinator_get_depth(a->coordinator, &depth));
        if (depth != 2) fail("depth %" PRId64 " after show-search, expected 2", depth);
        show_search_screen(a, 0);
    }

    step("type \"" SEARCH_QUERY "\", one keystroke per call: notify::query at once, one search 300 ms after the last key");
    {
        char typed[sizeof SEARCH_QUERY] = "";
        int searches = a->searching_notes;
        int64_t started = now_ms();
        target = a->search_rows_changed + 1;
        for (size_t i = 0; i < sizeof SEARCH_QUERY - 1; i++) {
            typed[i] = SEARCH_QUERY[i];
            typed[i + 1] = '\0';
            CHECK(mvvm_user_search_set_query(a->search, typed));
        }
        if (a->query_notes < (int)(sizeof SEARCH_QUERY - 1)) fail("notify::query did not arrive with each keystroke");
        if (a->search_rows_changed != target - 1) fail("results arrived before the debounce");
        wait_for(a, "rows-changed (search results)", &a->search_rows_changed, target);
        if (now_ms() - started < 300) fail("results arrived after %" PRId64 " ms, before the 300 ms debounce", now_ms() - started);
        if (a->searching) wait_for(a, "notify::is-searching = 0", &a->searching_notes, a->searching_notes + 1);
        if (a->searching_notes - searches > 2) fail("%d is-searching changes: more than one search ran", a->searching_notes - searches);
        show_search_screen(a, 5);
    }

    step("more results: the last result is displayed, so the next page of the search loads");
    {
        int64_t count = 0;
        int32_t more = 0;
        CHECK(mvvm_user_search_get_has_more_pages(a->search, &more));
        if (!more) fail("the query \"" SEARCH_QUERY "\" has a single page of results; the script expects more");
        CHECK(mvvm_user_search_get_count(a->search, &count));
        target = a->search_rows_changed + 1;
        CHECK(mvvm_user_search_did_display_row(a->search, count - 1));
        wait_for(a, "rows-changed (next page of results)", &a->search_rows_changed, target);
        if (a->searching) wait_for(a, "notify::is-searching = 0", &a->searching_notes, a->searching_notes + 1);
        show_search_screen(a, 0);
    }

    step("select result " SEARCH_PICK_TEXT ": user-selected, then the coordinator pushes its detail, which loads");
    {
        mvvm_user picked;
        int selected = a->search_selected + 1;
        CHECK(mvvm_user_search_get_row(a->search, SEARCH_PICK, &picked));
        a->picked_id = picked.id;
        target = a->user_loaded + 1;
        CHECK(mvvm_user_search_did_select_row(a->search, SEARCH_PICK));
        if (a->search_selected != selected || !a->detail) fail("user-selected / navigate push did not arrive with the selection");
        wait_for(a, "notify::user (detail loaded)", &a->user_loaded, target);
    }

    step("rename: draft name \"" SEARCH_RENAME "\"");
    target = a->draft_notes + 1;
    CHECK(mvvm_user_detail_set_draft_name(a->detail, SEARCH_RENAME));
    wait_for(a, "notify::draft-name", &a->draft_notes, target);
    if (!a->can_save) fail("can-save is not 1 after a valid edit");

    step("save: did-save, the list's row updated, and the coordinator pops back to the search");
    {
        int64_t depth = 0;
        int pops = a->pops + 1;
        target = a->saves + 1;
        CHECK(mvvm_user_detail_save(a->detail));
        wait_for(a, "did-save", &a->saves, target);
        wait_for(a, "navigate pop", &a->pops, pops);
        if (a->detail || !a->search) fail("after the save, the search is not the top screen");
        CHECK(mvvm_coordinator_get_depth(a->coordinator, &depth));
        if (depth != 2) fail("depth %" PRId64 " after the save, expected 2", depth);
        show_search_screen(a, 5);
    }

    step("back: the coordinator pops the search; the list is on top again");
    target = a->pops + 1;
    CHECK(mvvm_coordinator_back(a->coordinator));
    wait_for(a, "navigate pop", &a->pops, target);
    if (a->search || !a->list) fail("the search screen is still known after the pop");
    show_list_row_of(a, a->picked_id);

    step("stopwatch start (through the libffi command closure, a plain void (*)(void))");
    target = a->running_notes + 1;
    a->button_tapped();
    wait_for(a, "notify::is-running", &a->running_notes, target);
    if (!a->running) fail("the stopwatch is not running after start");
    wait_for(a, "25 ticks", &a->ticks, a->ticks + 25);

    step("lap");
    target = a->laps_changed + 1;
    CHECK(mvvm_stopwatch_lap(a->stopwatch));
    wait_for(a, "laps-changed", &a->laps_changed, target);
    wait_for(a, "12 more ticks", &a->ticks, a->ticks + 12);
    target = a->laps_changed + 1;
    CHECK(mvvm_stopwatch_lap(a->stopwatch));
    wait_for(a, "laps-changed", &a->laps_changed, target);

    step("stop (the closure again)");
    target = a->running_notes + 1;
    a->button_tapped();
    wait_for(a, "notify::is-running", &a->running_notes, target);
    {
        /* No tick may arrive while stopped: pump for 100 ms and compare. */
        const char *text = NULL;
        int ticks = a->ticks;
        pump_for(a, 100);
        if (a->ticks != ticks) fail("%d tick(s) arrived while the stopwatch was stopped", a->ticks - ticks);
        CHECK(mvvm_stopwatch_get_elapsed_text(a->stopwatch, &text));
        printf("  stopped at %s; no tick in 100 ms\n", text);
    }

    step("resume: start continues from the elapsed time");
    target = a->running_notes + 1;
    CHECK(mvvm_stopwatch_button_tapped(a->stopwatch));
    wait_for(a, "notify::is-running", &a->running_notes, target);
    wait_for(a, "15 ticks", &a->ticks, a->ticks + 15);

    step("reset: stops and clears the time and the laps");
    target = a->laps_changed + 1;
    CHECK(mvvm_stopwatch_reset(a->stopwatch));
    wait_for(a, "laps-changed (reset)", &a->laps_changed, target);
    if (a->running) fail("the stopwatch still runs after reset");

    step("tear down");
    teardown(a);
    if (a->destroy_notifications != 1) fail("the navigate connection's destroy notifier ran %d times, expected 1", a->destroy_notifications);
    printf("  destroy notifier of the navigate connection ran once\n");
    printf("\nOK: %d pushes, %d pops, %d rows-changed, %d search rows-changed, %d ticks, %d laps-changed\n", a->pushes,
           a->pops, a->rows_changed, a->search_rows_changed, a->ticks, a->laps_changed);
    return 0;
}

/* ------------------------------------------------------------------------------------------
 * Interactive mode
 * ---------------------------------------------------------------------------------------- */

static void print_help(void) {
    printf("commands:\n"
           "  list        show the loaded rows\n"
           "  search      open the user search (from the list)\n"
           "  /TEXT       type TEXT into the search (`/` alone clears it); also `query TEXT`\n"
           "  results     show the search's results\n"
           "  open N      select row N of the list or of the search (opens its detail)\n"
           "  name TEXT   set the detail's draft name\n"
           "  save        save the draft\n"
           "  back        pop the top screen\n"
           "  more        display the last row of the list or the search (loads the next page)\n"
           "  start       start the stopwatch (libffi closure)\n"
           "  lap         record a lap\n"
           "  stop        stop the stopwatch (libffi closure)\n"
           "  reset       stop and clear the stopwatch\n"
           "  quit        leave\n"
           "  help        this text\n");
}

static int need_list(app *a) {
    if (a->list) return 1;
    printf("no user list on screen\n");
    return 0;
}

static int need_search(app *a) {
    if (a->search) return 1;
    printf("no search screen open (use `search` on the list)\n");
    return 0;
}

static int need_detail(app *a) {
    if (a->detail) return 1;
    printf("no detail screen open (use `open N`)\n");
    return 0;
}

/* Runs one command line; returns 0 for quit. Failures are printed, never fatal. */
static int handle_command(app *a, char *line) {
    char *argument;
    while (*line == ' ' || *line == '\t') line++;
    size_t length = strlen(line);
    while (length > 0 && (line[length - 1] == ' ' || line[length - 1] == '\r' || line[length - 1] == '\t')) line[--length] = '\0';
    if (*line == '/') { /* a keystroke in the search field: the whole rest of the line, spaces included */
        if (need_search(a)) ok(mvvm_user_search_set_query(a->search, line + 1), "mvvm_user_search_set_query");
        a->handler_failures = 0;
        fflush(stdout);
        return 1;
    }
    argument = strchr(line, ' ');
    if (argument) {
        *argument++ = '\0';
        while (*argument == ' ') argument++;
    }

    if (*line == '\0') {
        /* nothing */
    } else if (!strcmp(line, "help")) {
        print_help();
    } else if (!strcmp(line, "quit")) {
        return 0;
    } else if (!strcmp(line, "list")) {
        int64_t count = 0;
        if (need_list(a) && ok(mvvm_user_list_get_count(a->list, &count), "mvvm_user_list_get_count")) {
            for (int64_t i = 0; i < count; i++) {
                mvvm_user user;
                if (!ok(mvvm_user_list_get_row(a->list, i, &user), "mvvm_user_list_get_row")) break;
                printf("  %3" PRId64 "  %-24s %s\n", i, user.name, user.email);
            }
            printf("  (%" PRId64 " rows)\n", count);
        }
    } else if (!strcmp(line, "search")) {
        if (a->search) printf("the search is already open\n");
        else if (a->detail) printf("close the detail first (`back`): the search opens from the list\n");
        else ok(mvvm_coordinator_show_search(a->coordinator), "mvvm_coordinator_show_search");
    } else if (!strcmp(line, "query")) {
        if (need_search(a)) ok(mvvm_user_search_set_query(a->search, argument ? argument : ""), "mvvm_user_search_set_query");
    } else if (!strcmp(line, "results")) {
        if (need_search(a)) show_search_screen(a, INT64_MAX);
    } else if (!strcmp(line, "open")) {
        char *end = NULL;
        long long index = argument ? strtoll(argument, &end, 10) : 0;
        if (!argument || end == argument || *end != '\0')
            printf("usage: open N\n");
        else if (a->detail)
            printf("a detail screen is open (use `back`)\n");
        else if (a->search) /* the search covers the list: its results are what the user sees */
            ok(mvvm_user_search_did_select_row(a->search, index), "mvvm_user_search_did_select_row");
        else if (need_list(a))
            ok(mvvm_user_list_did_select_row(a->list, index), "mvvm_user_list_did_select_row");
    } else if (!strcmp(line, "name")) {
        if (need_detail(a)) ok(mvvm_user_detail_set_draft_name(a->detail, argument ? argument : ""), "mvvm_user_detail_set_draft_name");
    } else if (!strcmp(line, "save")) {
        if (need_detail(a)) ok(mvvm_user_detail_save(a->detail), "mvvm_user_detail_save");
    } else if (!strcmp(line, "back")) {
        ok(mvvm_coordinator_back(a->coordinator), "mvvm_coordinator_back");
    } else if (!strcmp(line, "more")) {
        int64_t count = 0;
        if (a->search && !a->detail) {
            if (ok(mvvm_user_search_get_count(a->search, &count), "mvvm_user_search_get_count") && count > 0)
                ok(mvvm_user_search_did_display_row(a->search, count - 1), "mvvm_user_search_did_display_row");
        } else if (need_list(a) && ok(mvvm_user_list_get_count(a->list, &count), "mvvm_user_list_get_count") && count > 0)
            ok(mvvm_user_list_did_display_row(a->list, count - 1), "mvvm_user_list_did_display_row");
    } else if (!strcmp(line, "start") || !strcmp(line, "stop")) {
        int want_running = !strcmp(line, "start");
        int32_t running = 0;
        if (ok(mvvm_stopwatch_get_is_running(a->stopwatch, &running), "mvvm_stopwatch_get_is_running")) {
            if (running == want_running)
                printf("the stopwatch is already %s\n", running ? "running" : "stopped");
            else
                a->button_tapped(); /* the libffi closure: a plain void (*)(void) */
        }
    } else if (!strcmp(line, "lap")) {
        ok(mvvm_stopwatch_lap(a->stopwatch), "mvvm_stopwatch_lap");
    } else if (!strcmp(line, "reset")) {
        ok(mvvm_stopwatch_reset(a->stopwatch), "mvvm_stopwatch_reset");
    } else {
        printf("unknown command `%s` (type `help`)\n", line);
    }
    a->handler_failures = 0; /* already printed */
    fflush(stdout);
    return 1;
}

static int run_interactive(app *a) {
    print_help();
    CHECK(mvvm_coordinator_start(a->coordinator));
    fflush(stdout);
    while (pump_once(a, -1)) fflush(stdout);
    teardown(a);
    printf("bye\n");
    return 0;
}

int main(int argc, char **argv) {
    app *a = &the_app;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--interactive") || !strcmp(argv[i], "-i")) {
            a->interactive = 1;
        } else if (!strcmp(argv[i], "--sqlite") && i + 1 < argc) {
            a->sqlite_path = argv[++i];
        } else if (!strcmp(argv[i], "--http") && i + 1 < argc) {
            a->http_url = argv[++i];
        } else if (!strcmp(argv[i], "--cache") && i + 1 < argc) {
            a->cache_path = argv[++i];
        } else {
            fprintf(stderr, "usage: %s [--interactive] [--sqlite PATH | --http URL [--cache PATH]]\n", argv[0]);
            return 2;
        }
    }
    /* Line-buffered even into a pipe, so output interleaves sensibly with stderr. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    setup(a);
    return a->interactive ? run_interactive(a) : run_script(a);
}
