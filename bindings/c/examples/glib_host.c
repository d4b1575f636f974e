/*
 * glib_host.c: libmvvm inside a GLib main loop, with the user data served by the host.
 *
 *   - The loop: libmvvm's descriptor (mvvm_get_fd()) is watched by the GMainLoop through a
 *     unix fd source (g_unix_fd_source_new()); when it is readable the watch calls
 *     mvvm_dispatch(). The host never calls mvvm_run().
 *   - The data: a host-implemented user repository (mvvm_repository_new_host()). The host owns
 *     an in-memory array of users; each call of fetch_users / fetch_user / update_user is
 *     answered 20 ms later from a timeout source, as a network client would, with
 *     mvvm_request_resolve_user_page() / mvvm_request_resolve_user(). `cancel` drops a
 *     pending answer.
 *   - The flow, scripted through the coordinator and driven by the signals as they arrive:
 *     list (first page) -> select row 2 -> detail loads -> rename -> save (the host stores the
 *     user) -> "did-save" -> the coordinator pops back to the list, whose row is updated in
 *     place. Then: select row 4 and press back before the user arrived -> the detail is
 *     destroyed and its pending request cancelled.
 *   On success the loop quits and the program exits 0; if the flow has not finished after 5 s
 *   it prints where it stopped and exits 1.
 *   - `glib_host --worker`: the same, with the loop on a GThread that runs its own
 *     GMainContext (g_main_context_push_thread_default()) and is made libmvvm's host thread
 *     by mvvm_init_with_options(); the main thread only waits in g_thread_join(). Every
 *     source goes to the thread-default context (add_timeout() and friends).
 *
 * Build (see `make test-glib-host`):
 *   cc -std=c11 -Wall -Wextra -Werror -I Include bindings/c/examples/glib_host.c \
 *      $(pkg-config --cflags --libs glib-2.0) -L "$LIBDIR" -lmvvm -Wl,-rpath,"$LIBDIR"
 */
#include <glib-unix.h>
#include <glib.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mvvm_seeds.h"

/* ------------------------------------------------------------------------------------------
 * Sources on the calling thread's context (the thread-default one, else the global default),
 * so the program runs the same on the main thread and on a worker with a context of its own.
 * ---------------------------------------------------------------------------------------- */

static GSource *attach(GSource *source, GSourceFunc function, gpointer data) {
    g_source_set_callback(source, function, data, NULL);
    g_source_attach(source, g_main_context_get_thread_default());
    g_source_unref(source); /* the context holds it until it is removed */
    return source;
}

static void add_timeout(guint interval_ms, GSourceFunc function, gpointer data) {
    attach(g_timeout_source_new(interval_ms), function, data);
}

static void add_idle(GSourceFunc function, gpointer data) { attach(g_idle_source_new(), function, data); }

/* ------------------------------------------------------------------------------------------
 * Host state
 * ---------------------------------------------------------------------------------------- */

#define USER_COUNT 12
#define PAGE_SIZE 5
#define ANSWER_DELAY_MS 20
#define FLOW_TIMEOUT_MS 5000

typedef struct host_user {
    int64_t id;
    char name[64];
    char email[64];
} host_user;

/* Where the scripted flow is; the timeout reports it. */
typedef enum step {
    STEP_START,
    STEP_LIST_LOADING,   /* waiting for the first page */
    STEP_DETAIL_LOADING, /* row 2 selected, waiting for its user */
    STEP_SAVING,         /* renamed, waiting for can-save, did-save and the pop */
    STEP_LIST_UPDATED,   /* waiting for the list's row to change in place */
    STEP_BACK,           /* row 4 selected, back pressed before its user arrived */
    STEP_DONE,
} step;

static const char *step_names[] = {"start", "first page of the list", "user of the detail screen",
                                   "save and pop back", "list row updated in place",
                                   "back before the detail loaded", "done"};

typedef struct app {
    GMainLoop *loop;
    host_user users[USER_COUNT]; /* the host's "server" data */
    mvvm_object *repository;
    mvvm_object *coordinator;
    mvvm_object *list;
    mvvm_object *detail;
    step step;
    int failed;
    int requests_answered;
    int requests_cancelled;
    int late_answers_refused; /* answers that came after the request ended */
    int repository_destroyed;
    int row_updated; /* after the save: the list row showed the new name */
    int detail_popped; /* after the save: the coordinator popped the detail */
    int64_t renamed_id;
    char new_name[64];
    gint64 started_us;
} app;

static double elapsed_ms(const app *a) { return (double)(g_get_monotonic_time() - a->started_us) / 1000.0; }

#define say(a, ...)                                                                             \
    do {                                                                                        \
        printf("%7.1f ms  ", elapsed_ms(a));                                                    \
        printf(__VA_ARGS__);                                                                    \
        putchar('\n');                                                                          \
        fflush(stdout);                                                                         \
    } while (0)

static void fail(app *a, const char *what) {
    fprintf(stderr, "glib_host: FAILED at step \"%s\": %s\n", step_names[a->step], what);
    a->failed = 1;
    g_main_loop_quit(a->loop);
}

/* Checks a status; on failure reports the library's message and stops the loop. */
static int ok(app *a, mvvm_status status, const char *call) {
    if (status == MVVM_OK) return 1;
    char what[1400];
    snprintf(what, sizeof what, "%s returned %s: %s", call, mvvm_status_name(status), mvvm_last_error_message());
    fail(a, what);
    return 0;
}
#define OK(a, call) ok((a), (call), #call)

/* ------------------------------------------------------------------------------------------
 * The host repository: requests answered later from timeout sources
 * ---------------------------------------------------------------------------------------- */

typedef enum answer_kind { ANSWER_PAGE, ANSWER_USER, ANSWER_UPDATE } answer_kind;

/* One pending answer. Kept in a list so `cancel` can find it. */
typedef struct pending_answer {
    app *app;
    answer_kind kind;
    mvvm_request *request;
    int64_t page;     /* ANSWER_PAGE */
    int64_t user_id;  /* ANSWER_USER, ANSWER_UPDATE */
    char name[64];    /* ANSWER_UPDATE: the user to store (copied: borrowed only during the call) */
    char email[64];
    int cancelled;
} pending_answer;

static GList *pending_answers;

static host_user *find_user(app *a, int64_t id) {
    for (int i = 0; i < USER_COUNT; i++) {
        if (a->users[i].id == id) return &a->users[i];
    }
    return NULL;
}

static mvvm_user as_mvvm_user(const host_user *user) { return (mvvm_user){user->id, user->name, user->email}; }

/* Reports the status of an answer: MVVM_E_NOT_FOUND means the request already ended. */
static void answered(app *a, pending_answer *p, mvvm_status status, const char *what) {
    if (status == MVVM_OK) {
        a->requests_answered++;
        say(a, "host: answered %s", what);
    } else if (status == MVVM_E_NOT_FOUND) {
        a->late_answers_refused++;
        say(a, "host: answer to %s refused, the request had ended (%s)", what, mvvm_last_error_message());
    } else {
        ok(a, status, what);
    }
    (void)p;
}

static gboolean answer_now(gpointer data) {
    pending_answer *p = data;
    app *a = p->app;
    pending_answers = g_list_remove(pending_answers, p);
    char what[128];
    if (p->cancelled) {
        say(a, "host: dropping the answer of a cancelled request");
    } else if (p->kind == ANSWER_PAGE) {
        int64_t total_pages = (USER_COUNT + PAGE_SIZE - 1) / PAGE_SIZE;
        int64_t first = (p->page - 1) * PAGE_SIZE;
        mvvm_user rows[PAGE_SIZE];
        size_t count = 0;
        for (int64_t i = first; i >= 0 && i < USER_COUNT && count < PAGE_SIZE; i++) {
            rows[count++] = as_mvvm_user(&a->users[i]);
        }
        snprintf(what, sizeof what, "fetch_users(page %" PRId64 ") with %zu users of %" PRId64 " pages", p->page, count,
                 total_pages);
        answered(a, p, mvvm_request_resolve_user_page(p->request, rows, count, p->page, total_pages), what);
    } else if (p->kind == ANSWER_USER) {
        host_user *user = find_user(a, p->user_id);
        snprintf(what, sizeof what, "fetch_user(%" PRId64 ")", p->user_id);
        if (user == NULL) {
            answered(a, p, mvvm_request_fail(p->request, "No such user."), what);
        } else {
            mvvm_user row = as_mvvm_user(user);
            answered(a, p, mvvm_request_resolve_user(p->request, &row), what);
        }
    } else {
        host_user *user = find_user(a, p->user_id);
        snprintf(what, sizeof what, "update_user(%" PRId64 ", \"%s\")", p->user_id, p->name);
        if (user == NULL) {
            answered(a, p, mvvm_request_fail(p->request, "No such user."), what);
        } else {
            /* The "server" stores the user and answers with the stored version. */
            snprintf(user->name, sizeof user->name, "%s", p->name);
            snprintf(user->email, sizeof user->email, "%s", p->email);
            mvvm_user row = as_mvvm_user(user);
            answered(a, p, mvvm_request_resolve_user(p->request, &row), what);
        }
    }
    g_free(p);
    return G_SOURCE_REMOVE;
}

static pending_answer *schedule_answer(app *a, answer_kind kind, mvvm_request *request) {
    pending_answer *p = g_new0(pending_answer, 1);
    p->app = a;
    p->kind = kind;
    p->request = request;
    pending_answers = g_list_prepend(pending_answers, p);
    add_timeout(ANSWER_DELAY_MS, answer_now, p);
    return p;
}

static void repo_fetch_users(void *user_data, mvvm_request *request, int64_t page) {
    app *a = user_data;
    say(a, "host: fetch_users(page %" PRId64 ") requested", page);
    schedule_answer(a, ANSWER_PAGE, request)->page = page;
}

static void repo_fetch_user(void *user_data, mvvm_request *request, int64_t user_id) {
    app *a = user_data;
    say(a, "host: fetch_user(%" PRId64 ") requested", user_id);
    schedule_answer(a, ANSWER_USER, request)->user_id = user_id;
}

static void repo_update_user(void *user_data, mvvm_request *request, const mvvm_user *user) {
    app *a = user_data;
    say(a, "host: update_user(%" PRId64 ", \"%s\") requested", user->id, user->name);
    pending_answer *p = schedule_answer(a, ANSWER_UPDATE, request);
    p->user_id = user->id;
    snprintf(p->name, sizeof p->name, "%s", user->name);
    snprintf(p->email, sizeof p->email, "%s", user->email != NULL ? user->email : "");
}

static void repo_cancel(void *user_data, mvvm_request *request) {
    app *a = user_data;
    for (GList *item = pending_answers; item != NULL; item = item->next) {
        pending_answer *p = item->data;
        if (p->request == request && !p->cancelled) {
            p->cancelled = 1;
            a->requests_cancelled++;
            say(a, "host: cancel: nobody waits for that request any more");
            return;
        }
    }
    say(a, "host: cancel of a request already answered");
}

static void repo_destroyed(void *user_data) {
    app *a = user_data;
    a->repository_destroyed++;
    say(a, "host: the repository's destroy notifier ran");
}

/* ------------------------------------------------------------------------------------------
 * The loop: libmvvm's descriptor in the GMainLoop
 * ---------------------------------------------------------------------------------------- */

static gboolean on_mvvm_readable(gint fd, GIOCondition condition, gpointer user_data) {
    (void)fd;
    (void)condition;
    app *a = user_data;
    ok(a, mvvm_dispatch(), "mvvm_dispatch()");
    return G_SOURCE_CONTINUE;
}

static gboolean on_flow_timeout(gpointer user_data) {
    app *a = user_data;
    char what[64];
    snprintf(what, sizeof what, "timed out after %d ms", FLOW_TIMEOUT_MS);
    fail(a, what);
    return G_SOURCE_REMOVE;
}

/* ------------------------------------------------------------------------------------------
 * Signals: the script advances as they arrive
 * ---------------------------------------------------------------------------------------- */

static void finish_if_done(app *a);
static void after_save_and_pop(app *a);

static void print_row(app *a, int64_t index) {
    mvvm_user user;
    if (OK(a, mvvm_user_list_get_row(a->list, index, &user))) {
        say(a, "      row %" PRId64 ": #%" PRId64 " %s <%s>", index, user.id, user.name, user.email);
    }
}

static const char *change_kind_name(int32_t kind) {
    switch (kind) {
    case MVVM_LIST_RESET: return "reset";
    case MVVM_LIST_INSERT: return "insert";
    case MVVM_LIST_REMOVE: return "remove";
    case MVVM_LIST_UPDATE: return "update";
    case MVVM_LIST_MOVE: return "move";
    default: return "?";
    }
}

static void on_rows_changed(mvvm_object *list, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)list;
    app *a = user_data;
    for (size_t i = 0; i < count; i++) {
        say(a, "list: rows-changed %s start %" PRId64 " count %" PRId64, change_kind_name(changes[i].kind),
            changes[i].start, changes[i].count);
        if (changes[i].kind == MVVM_LIST_RESET || changes[i].kind == MVVM_LIST_INSERT ||
            changes[i].kind == MVVM_LIST_UPDATE) {
            int64_t end = changes[i].kind == MVVM_LIST_RESET ? changes[i].count : changes[i].start + changes[i].count;
            for (int64_t row = changes[i].kind == MVVM_LIST_RESET ? 0 : changes[i].start; row < end; row++) {
                print_row(a, row);
            }
        }
    }
    if (a->step == STEP_LIST_LOADING) {
        int64_t rows = 0;
        if (!OK(a, mvvm_user_list_get_count(a->list, &rows))) return;
        if (rows != PAGE_SIZE) return fail(a, "the first page does not have PAGE_SIZE rows");
        a->step = STEP_DETAIL_LOADING;
        say(a, "script: select row 2");
        OK(a, mvvm_user_list_did_select_row(a->list, 2));
    } else if (a->step == STEP_LIST_UPDATED) {
        mvvm_user user;
        if (!OK(a, mvvm_user_list_get_row(a->list, 2, &user))) return;
        if (user.id != a->renamed_id || strcmp(user.name, a->new_name) != 0) {
            return fail(a, "row 2 does not show the saved name");
        }
        if (strcmp(find_user(a, a->renamed_id)->name, a->new_name) != 0) {
            return fail(a, "the host's array does not hold the saved name");
        }
        say(a, "script: row 2 shows \"%s\" and the host stored it", user.name);
        a->row_updated = 1;
        after_save_and_pop(a);
    }
}

static void on_loading(mvvm_object *list, int32_t loading, void *user_data) {
    (void)list;
    say((app *)user_data, "list: notify::loading = %d", loading);
}

static void on_user_selected(mvvm_object *list, int64_t user_id, void *user_data) {
    (void)list;
    say((app *)user_data, "list: user-selected #%" PRId64, user_id);
}

static void on_detail_user(mvvm_object *detail, const mvvm_user *user, void *user_data) {
    app *a = user_data;
    if (user == NULL) {
        say(a, "detail: notify::user = (none)");
        return;
    }
    say(a, "detail: notify::user = #%" PRId64 " %s <%s>", user->id, user->name, user->email);
    if (a->step == STEP_DETAIL_LOADING && detail == a->detail) {
        a->renamed_id = user->id;
        snprintf(a->new_name, sizeof a->new_name, "%s (renamed from GLib)", user->name);
        a->step = STEP_SAVING;
        say(a, "script: rename to \"%s\"", a->new_name);
        OK(a, mvvm_user_detail_set_draft_name(detail, a->new_name));
    } else if (a->step == STEP_BACK) {
        fail(a, "the user arrived although back was pressed first");
    }
}

static void on_can_save(mvvm_object *detail, int32_t can_save, void *user_data) {
    app *a = user_data;
    say(a, "detail: notify::can-save = %d", can_save);
    if (a->step == STEP_SAVING && can_save && detail == a->detail) {
        say(a, "script: save");
        OK(a, mvvm_user_detail_save(detail));
    }
}

static void on_is_saving(mvvm_object *detail, int32_t is_saving, void *user_data) {
    (void)detail;
    say((app *)user_data, "detail: notify::is-saving = %d", is_saving);
}

static void on_did_save(mvvm_object *detail, const mvvm_user *saved, void *user_data) {
    (void)detail;
    app *a = user_data;
    say(a, "detail: did-save #%" PRId64 " \"%s\"", saved->id, saved->name);
    if (a->step == STEP_SAVING) a->step = STEP_LIST_UPDATED;
}

static void on_detail_error(mvvm_object *detail, const char *message, void *user_data) {
    (void)detail;
    say((app *)user_data, "detail: notify::error-message = %s", message != NULL ? message : "(none)");
}

static gboolean press_back(gpointer user_data) {
    app *a = user_data;
    say(a, "script: back (the detail's user has not arrived yet)");
    OK(a, mvvm_coordinator_back(a->coordinator));
    return G_SOURCE_REMOVE;
}

static void connect_list(app *a, mvvm_object *list) {
    OK(a, mvvm_signal_connect(list, "rows-changed", MVVM_CALLBACK(on_rows_changed), a, NULL, NULL));
    OK(a, mvvm_signal_connect(list, "notify::loading", MVVM_CALLBACK(on_loading), a, NULL, NULL));
    OK(a, mvvm_signal_connect(list, "user-selected", MVVM_CALLBACK(on_user_selected), a, NULL, NULL));
}

static void connect_detail(app *a, mvvm_object *detail) {
    OK(a, mvvm_signal_connect(detail, "notify::user", MVVM_CALLBACK(on_detail_user), a, NULL, NULL));
    OK(a, mvvm_signal_connect(detail, "notify::can-save", MVVM_CALLBACK(on_can_save), a, NULL, NULL));
    OK(a, mvvm_signal_connect(detail, "notify::is-saving", MVVM_CALLBACK(on_is_saving), a, NULL, NULL));
    OK(a, mvvm_signal_connect(detail, "notify::error-message", MVVM_CALLBACK(on_detail_error), a, NULL, NULL));
    OK(a, mvvm_signal_connect(detail, "did-save", MVVM_CALLBACK(on_did_save), a, NULL, NULL));
}

static void on_navigate(mvvm_object *coordinator, int32_t action, mvvm_object *screen, void *user_data) {
    app *a = user_data;
    int64_t depth = 0;
    if (!OK(a, mvvm_coordinator_get_depth(coordinator, &depth))) return;
    if (action == MVVM_NAVIGATION_PUSH) {
        mvvm_type type = 0;
        if (!OK(a, mvvm_object_get_type(screen, &type))) return;
        if (type == MVVM_TYPE_USER_LIST) {
            say(a, "coordinator: push user list (depth %" PRId64 ")", depth);
            a->list = screen;
            connect_list(a, screen);
            a->step = STEP_LIST_LOADING;
            OK(a, mvvm_user_list_on_appear(screen));
        } else if (type == MVVM_TYPE_USER_DETAIL) {
            say(a, "coordinator: push user detail (depth %" PRId64 ")", depth);
            a->detail = screen;
            connect_detail(a, screen);
            OK(a, mvvm_user_detail_on_appear(screen));
            /* Back before the 20 ms answer: the request must be cancelled. */
            if (a->step == STEP_BACK) add_timeout(ANSWER_DELAY_MS / 4, press_back, a);
        }
    } else if (action == MVVM_NAVIGATION_POP) {
        /* The popped handle is already invalid: compare it, do not call with it. */
        say(a, "coordinator: pop %s (depth %" PRId64 ")", screen == a->detail ? "user detail" : "?", depth);
        if (screen == a->detail) a->detail = NULL;
        if (a->step == STEP_LIST_UPDATED && depth == 1) {
            a->detail_popped = 1;
            after_save_and_pop(a);
        }
        if (a->step == STEP_BACK && depth == 1) finish_if_done(a);
    }
}

/* The back step ends when the dropped request's answer time has passed. */
static gboolean check_back_step(gpointer user_data) {
    app *a = user_data;
    if (pending_answers != NULL) return G_SOURCE_CONTINUE;
    if (a->requests_cancelled < 1 && a->late_answers_refused < 1) {
        fail(a, "the detail's pending request was neither cancelled nor refused after back");
        return G_SOURCE_REMOVE;
    }
    say(a, "script: the detail's request was %s", a->requests_cancelled ? "cancelled" : "refused when answered late");
    a->step = STEP_DONE;
    g_main_loop_quit(a->loop);
    return G_SOURCE_REMOVE;
}

static void finish_if_done(app *a) { add_timeout(ANSWER_DELAY_MS, check_back_step, a); }

/* The next step starts from the loop once both the row update and the pop arrived (in
 * whichever order the library delivers them). */
static gboolean select_fourth_row(gpointer user_data) {
    app *a = user_data;
    say(a, "script: select row 4, then go back before its user arrives");
    a->step = STEP_BACK;
    OK(a, mvvm_user_list_did_select_row(a->list, 4));
    return G_SOURCE_REMOVE;
}

static void after_save_and_pop(app *a) {
    if (a->row_updated && a->detail_popped && a->step == STEP_LIST_UPDATED) add_idle(select_fourth_row, a);
}

/* ------------------------------------------------------------------------------------------
 * Main
 * ---------------------------------------------------------------------------------------- */

/* The whole program on the calling thread; `worker`: that thread is not the main thread. */
static int run_host(int worker) {
    static app a;
    a.started_us = g_get_monotonic_time();
    for (int i = 0; i < USER_COUNT; i++) {
        static const char *names[] = {"Ada", "Grace", "Edsger", "Barbara", "Donald", "Margaret",
                                      "Alan", "Frances", "Ken", "Radia", "Dennis", "Shafi"};
        a.users[i].id = 100 + i;
        snprintf(a.users[i].name, sizeof a.users[i].name, "%s", names[i]);
        snprintf(a.users[i].email, sizeof a.users[i].email, "%s@example.org", names[i]);
        for (char *c = a.users[i].email; *c; c++) *c = (char)g_ascii_tolower(*c);
    }
    printf("glib_host: libmvvm %s (ABI %d), GLib %u.%u.%u\n", mvvm_version_string(), (int)mvvm_abi_version(),
           glib_major_version, glib_minor_version, glib_micro_version);

    GMainContext *context = NULL; /* the global default one on the main thread */
    if (worker) {
        context = g_main_context_new();
        g_main_context_push_thread_default(context);
        mvvm_init_options options;
        memset(&options, 0, sizeof options);
        options.struct_size = sizeof options;
        if (!OK(&a, mvvm_init_with_options(&options))) return 1;
        say(&a, "host: the loop runs on a worker thread, libmvvm's host thread");
    } else {
        if (!OK(&a, mvvm_init())) return 1;
    }
    a.loop = g_main_loop_new(context, FALSE);
    int fd = -1;
    if (!OK(&a, mvvm_get_fd(&fd))) return 1;
    GSource *watch = attach(g_unix_fd_source_new(fd, G_IO_IN), (GSourceFunc)(void (*)(void))on_mvvm_readable, &a);

    mvvm_user_repository_vtable users = {
        .struct_size = sizeof users,
        .fetch_users = repo_fetch_users,
        .fetch_user = repo_fetch_user,
        .update_user = repo_update_user,
        .cancel = repo_cancel,
    };
    if (!OK(&a, mvvm_repository_new_host(&users, NULL, &a, repo_destroyed, &a.repository))) return 1;
    if (!OK(&a, mvvm_coordinator_new(a.repository, &a.coordinator))) return 1;
    if (!OK(&a, mvvm_signal_connect(a.coordinator, "navigate", MVVM_CALLBACK(on_navigate), &a, NULL, NULL))) return 1;

    add_timeout(FLOW_TIMEOUT_MS, on_flow_timeout, &a);
    say(&a, "script: start the coordinator");
    OK(&a, mvvm_coordinator_start(a.coordinator));
    if (!a.failed) g_main_loop_run(a.loop);

    g_source_destroy(watch);
    int result = a.failed ? 1 : 0;
    if (!a.failed) {
        OK(&a, mvvm_object_destroy(a.coordinator));
        OK(&a, mvvm_object_destroy(a.repository));
        OK(&a, mvvm_shutdown());
        if (a.repository_destroyed != 1) {
            fprintf(stderr, "glib_host: FAILED: the repository's destroy notifier ran %d times, expected 1\n",
                    a.repository_destroyed);
            result = 1;
        }
        if (a.failed) result = 1;
    }
    g_main_loop_unref(a.loop);
    if (context != NULL) {
        g_main_context_pop_thread_default(context);
        g_main_context_unref(context);
    }
    printf("glib_host: %s (%d requests answered, %d cancelled, %d late answers refused)\n",
           result == 0 ? "scripted flow completed" : "FAILED", a.requests_answered, a.requests_cancelled,
           a.late_answers_refused);
    return result;
}

static gpointer host_thread(gpointer unused) {
    (void)unused;
    return GINT_TO_POINTER(run_host(1));
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--worker") == 0) {
        GThread *thread = g_thread_new("host", host_thread, NULL);
        return GPOINTER_TO_INT(g_thread_join(thread));
    }
    if (argc > 1) {
        fprintf(stderr, "usage: glib_host [--worker]\n");
        return 2;
    }
    return run_host(0);
}
