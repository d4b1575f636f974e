/* test_runtime.c: versions, status names, the runtime's life (init, shutdown, re-init) and
 * the host loop (descriptor, dispatch, run, wakeup). */
#include "harness.h"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Whether fd is readable right now (poll with no wait). */
static int readable_now(int fd) {
    struct pollfd entry = {.fd = fd, .events = POLLIN, .revents = 0};
    return poll(&entry, 1, 0) == 1 && (entry.revents & POLLIN);
}

/* Whether fd becomes readable within timeout_ms (a bounded wait that ends as soon as it is). */
static int readable_within(int fd, int timeout_ms) {
    struct pollfd entry = {.fd = fd, .events = POLLIN, .revents = 0};
    return poll(&entry, 1, timeout_ms) == 1 && (entry.revents & POLLIN);
}

/* Empties whatever is pending so the next test starts from an idle loop. */
static void drain(void) { pump_until_idle(50); }

/* ------------------------------------------------------------------------------------------
 * Before init
 * ---------------------------------------------------------------------------------------- */

static void test_version_functions_match_the_header_macros(void) {
    CHECK_EQ(mvvm_version(), MVVM_VERSION_NUMBER);
    CHECK_EQ(MVVM_VERSION_NUMBER, MVVM_VERSION_MAJOR * 10000 + MVVM_VERSION_MINOR * 100 + MVVM_VERSION_PATCH);
    CHECK(mvvm_version_string() != NULL);
    CHECK_STR_EQ(mvvm_version_string(), MVVM_VERSION_STRING);
    CHECK(mvvm_version_string() == mvvm_version_string()); /* static storage */
    CHECK_EQ(mvvm_abi_version(), MVVM_ABI_VERSION);
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", MVVM_VERSION_MAJOR, MVVM_VERSION_MINOR, MVVM_VERSION_PATCH);
    CHECK_STR_EQ(MVVM_VERSION_STRING, expected);
}

static void test_status_names_cover_every_code(void) {
    static const char *const names[] = {
        "MVVM_OK", "MVVM_E_INVALID_ARGUMENT", "MVVM_E_INVALID_HANDLE", "MVVM_E_WRONG_TYPE",
        "MVVM_E_WRONG_THREAD", "MVVM_E_NOT_INITIALIZED", "MVVM_E_OUT_OF_RANGE", "MVVM_E_INVALID_UTF8",
        "MVVM_E_UNKNOWN_NAME", "MVVM_E_NOT_FOUND", "MVVM_E_REENTRANCY", "MVVM_E_STATE",
        "MVVM_E_SYSTEM", "MVVM_E_FFI", "MVVM_E_SCHEMA",
    };
    for (int code = MVVM_OK; code <= MVVM_E_SCHEMA; code++) CHECK_STR_EQ(mvvm_status_name((mvvm_status)code), names[code]);
    CHECK_STR_EQ(mvvm_status_name((mvvm_status)15), "MVVM_E_UNKNOWN");
    CHECK_STR_EQ(mvvm_status_name((mvvm_status)-1), "MVVM_E_UNKNOWN");
    CHECK_STR_EQ(mvvm_status_name((mvvm_status)1000000), "MVVM_E_UNKNOWN");
    CHECK(mvvm_status_name(MVVM_E_STATE) == mvvm_status_name(MVVM_E_STATE));
}

static void test_calls_before_init_are_refused_except_the_any_thread_ones(void) {
    int fd = -7;
    int32_t dispatched = -7;
    CHECK(mvvm_last_error_message() != NULL);
    CHECK_STATUS(mvvm_get_fd(&fd), MVVM_E_NOT_INITIALIZED);
    CHECK_EQ(fd, -7);
    CHECK_STATUS(mvvm_dispatch(), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_run(0, &dispatched), MVVM_E_NOT_INITIALIZED);
    CHECK_EQ(dispatched, -7);
    /* The documented exceptions. */
    CHECK_OK(mvvm_wakeup());
    CHECK_OK(mvvm_shutdown());
    mvvm_sample_options options;
    CHECK_OK(mvvm_sample_options_init(&options));
    const mvvm_type_info *info = NULL;
    CHECK_OK(mvvm_type_describe(MVVM_TYPE_USER_LIST, &info));
    CHECK(info != NULL);
}

/* ------------------------------------------------------------------------------------------
 * Init and the descriptor
 * ---------------------------------------------------------------------------------------- */

static int first_fd = -1;

static void test_init_is_idempotent(void) {
    CHECK_OK(mvvm_init());
    CHECK_OK(mvvm_init());
    CHECK_OK(mvvm_get_fd(&first_fd));
    CHECK(first_fd >= 0);
    int again = -1;
    CHECK_OK(mvvm_init());
    CHECK_OK(mvvm_get_fd(&again));
    CHECK_EQ(again, first_fd);
    /* A second init keeps the objects of the first. */
    mvvm_object *vm = NULL;
    CHECK_OK(mvvm_stopwatch_new(&vm));
    CHECK_OK(mvvm_init());
    CHECK(handle_is_live(vm));
    CHECK_OK(mvvm_object_destroy(vm));
}

static void test_descriptor_is_readable_after_wakeup_and_cleared_by_dispatch(void) {
    int fd = -1;
    CHECK_OK(mvvm_get_fd(&fd));
    drain();
    CHECK(!readable_now(fd));
    CHECK_OK(mvvm_wakeup());
    CHECK(readable_within(fd, 2000));
    CHECK_OK(mvvm_dispatch());
    CHECK(!readable_now(fd));
    /* Dispatch with nothing pending returns at once and is harmless. */
    int64_t start = now_ms();
    CHECK_OK(mvvm_dispatch());
    CHECK_OK(mvvm_dispatch());
    CHECK(now_ms() - start < 500);
}

static void test_run_with_timeout_zero_does_not_wait(void) {
    drain();
    int32_t dispatched = -1;
    int64_t start = now_ms();
    CHECK_OK(mvvm_run(0, &dispatched));
    CHECK_EQ(dispatched, 0);
    CHECK(now_ms() - start < 500);
    CHECK_OK(mvvm_run(0, NULL)); /* out_dispatched may be NULL */
}

static void test_run_reports_whether_work_was_dispatched(void) {
    drain();
    int32_t dispatched = -1;
    /* A bare wake-up ends the wait but runs no work: "dispatched" is 0 (mvvm.h). */
    int fd = -1;
    CHECK_OK(mvvm_get_fd(&fd));
    CHECK_OK(mvvm_wakeup());
    CHECK(readable_within(fd, 2000));
    CHECK_OK(mvvm_run(1000, &dispatched));
    CHECK_EQ(dispatched, 0);
    CHECK(!readable_now(fd));
    dispatched = -1;
    CHECK_OK(mvvm_run(0, &dispatched));
    CHECK_EQ(dispatched, 0);
    /* Queued work (a sample repository's latency timer) is: run until it has arrived. */
    mvvm_object *repository = make_sample_repository(5, 5, 1, 0), *list = NULL;
    REQUIRE(repository != NULL);
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    CHECK_OK(mvvm_user_list_on_appear(list));
    int ran = 0;
    for (int i = 0; i < HARNESS_PUMP_BUDGET && !ran; i++) {
        dispatched = -1;
        CHECK_OK(mvvm_run(HARNESS_PUMP_SLICE_MS, &dispatched));
        ran = dispatched == 1;
    }
    CHECK(ran);
    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(repository));
    drain();
}

static void test_run_waits_for_its_timeout_when_idle(void) {
    drain();
    int32_t dispatched = -1;
    int64_t start = 0, elapsed = 0;
    /* Retried a few times in case stray work (of nothing this program started) arrives. */
    for (int attempt = 0; attempt < 5 && dispatched != 0; attempt++) {
        start = now_ms();
        CHECK_OK(mvvm_run(60, &dispatched));
        elapsed = now_ms() - start;
    }
    CHECK_EQ(dispatched, 0);
    CHECK(elapsed >= 50);
    CHECK(elapsed < 2000);
}

static void test_run_delivers_signals_of_asynchronous_work(void) {
    mvvm_object *repository = make_sample_repository(30, 10, -1, -1);
    mvvm_object *list = NULL;
    CHECK_OK(mvvm_user_list_new(repository, &list));
    recorder rows;
    recorder_reset(&rows);
    CONNECT(list, "rows-changed", on_changes, &rows);
    CHECK_OK(mvvm_user_list_on_appear(list));
    CHECK_EQ(rows.calls, 0); /* the page arrives through the loop */
    CHECK(pump_until_flag(&rows.calls, HARNESS_PUMP_BUDGET));
    CHECK_EQ(rows.calls, 1);
    CHECK_CHANGE(&rows, 0, MVVM_LIST_RESET, 0, 10);
    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(repository));
    CHECK_EQ(rows.destroyed, 1);
}

/* ------------------------------------------------------------------------------------------
 * Threads
 * ---------------------------------------------------------------------------------------- */

typedef struct waker {
    atomic_int main_is_about_to_wait;
    mvvm_status status;
} waker;

/* The state letter of the host thread (the main thread, or the harness's worker) from /proc ('S' while it sleeps in poll), or 0. */
static char main_thread_state(void) {
    char path[64];
    char buffer[512];
    snprintf(path, sizeof path, "/proc/self/task/%d/stat", harness_host_thread_id);
    FILE *file = fopen(path, "r");
    if (file == NULL) return 0;
    size_t length = fread(buffer, 1, sizeof buffer - 1, file);
    fclose(file);
    buffer[length] = '\0';
    const char *end_of_name = strrchr(buffer, ')');
    return end_of_name != NULL && end_of_name[1] == ' ' ? end_of_name[2] : 0;
}

/* Waits (bounded) until the main thread is blocked, then wakes the library from here. */
static void *wake_when_main_blocks(void *argument) {
    waker *w = argument;
    int64_t deadline = now_ms() + 2000;
    while (!atomic_load(&w->main_is_about_to_wait) && now_ms() < deadline) sched_yield();
    /* Seeing the main thread asleep twice in a row means it is inside mvvm_run's wait. If it
     * never is (an unusual scheduler), waking anyway still ends the run: the test then only
     * checks that a wakeup racing the wait is not lost. */
    int asleep = 0;
    while (asleep < 2 && now_ms() < deadline) {
        asleep = main_thread_state() == 'S' ? asleep + 1 : 0;
        sched_yield();
    }
    w->status = mvvm_wakeup();
    return NULL;
}

static void test_wakeup_from_another_thread_ends_a_blocking_run(void) {
    drain();
    waker w = {.status = MVVM_E_SYSTEM};
    atomic_init(&w.main_is_about_to_wait, 0);
    pthread_t thread;
    CHECK_EQ(pthread_create(&thread, NULL, wake_when_main_blocks, &w), 0);
    atomic_store(&w.main_is_about_to_wait, 1);
    int32_t dispatched = -1;
    int64_t start = now_ms();
    CHECK_OK(mvvm_run(-1, &dispatched)); /* no limit: only the wakeup ends it (a watchdog guards) */
    CHECK(now_ms() - start < 5000);
    CHECK_EQ(dispatched, 0); /* a bare wake-up: no work ran */
    pthread_join(thread, NULL);
    CHECK_EQ(w.status, MVVM_OK);
    drain();
}

typedef struct thread_results {
    mvvm_status init, get_fd, dispatch, run, shutdown, wakeup;
    int fd;
    int32_t dispatched;
    char message[256];
} thread_results;

static void *call_loop_functions(void *argument) {
    thread_results *r = argument;
    r->init = mvvm_init();
    r->get_fd = mvvm_get_fd(&r->fd);
    r->dispatch = mvvm_dispatch();
    r->run = mvvm_run(0, &r->dispatched);
    snprintf(r->message, sizeof r->message, "%s", mvvm_last_error_message());
    r->shutdown = mvvm_shutdown();
    r->wakeup = mvvm_wakeup();
    return NULL;
}

static void test_loop_functions_refuse_other_threads_but_wakeup(void) {
    thread_results r = {.fd = -9, .dispatched = -9};
    pthread_t thread;
    CHECK_EQ(pthread_create(&thread, NULL, call_loop_functions, &r), 0);
    pthread_join(thread, NULL);
    CHECK_EQ(r.init, MVVM_E_WRONG_THREAD);
    CHECK_EQ(r.get_fd, MVVM_E_WRONG_THREAD);
    CHECK_EQ(r.fd, -9);
    CHECK_EQ(r.dispatch, MVVM_E_WRONG_THREAD);
    CHECK_EQ(r.run, MVVM_E_WRONG_THREAD);
    CHECK_EQ(r.dispatched, -9);
    CHECK(r.message[0] != '\0');
    CHECK_EQ(r.shutdown, MVVM_E_WRONG_THREAD);
    CHECK_EQ(r.wakeup, MVVM_OK);
    /* The refused shutdown changed nothing: the runtime still runs. */
    int fd = -1;
    CHECK_OK(mvvm_get_fd(&fd));
    CHECK_EQ(fd, first_fd);
    drain();
}

/* ------------------------------------------------------------------------------------------
 * Shutdown
 * ---------------------------------------------------------------------------------------- */

enum { OBJECTS = 8 };

typedef struct world {
    mvvm_object *objects[OBJECTS];
    size_t object_count;
    recorder recorders[OBJECTS];
    uint64_t connection_ids[OBJECTS];
    uint64_t closure_ids[3];
    mvvm_command_fn closures[3];
    mvvm_object *screen;
} world;

/* One object of every type, each with a connected handler, some closures and a started
 * coordinator (so there is an owned screen) and loads in flight. */
static void build_world(world *w) {
    memset(w, 0, sizeof *w);
    mvvm_object *repository = make_sample_repository(50, 10, 30, -1); /* loads stay in flight */
    mvvm_object *list = NULL, *detail = NULL, *post = NULL, *sorted = NULL, *stopwatch = NULL, *coordinator = NULL;
    CHECK_OK(mvvm_user_list_new(repository, &list));
    CHECK_OK(mvvm_user_detail_new(repository, 1, &detail));
    CHECK_OK(mvvm_post_detail_new(repository, 1, &post));
    CHECK_OK(mvvm_sorted_integers_new(NULL, 0, 7, &sorted));
    CHECK_OK(mvvm_stopwatch_new(&stopwatch));
    CHECK_OK(mvvm_coordinator_new(repository, &coordinator));
    CHECK_OK(mvvm_coordinator_start(coordinator));
    CHECK_OK(mvvm_coordinator_get_screen(coordinator, 0, &w->screen));
    mvvm_object *all[] = {repository, list, detail, post, sorted, stopwatch, coordinator, w->screen};
    const char *signals[] = {NULL, "notify::loading", "notify::user", "notify::state", "notify::count",
                             "notify::elapsed-text", "navigate", "rows-changed"};
    mvvm_callback handlers[] = {NULL, MVVM_CALLBACK(on_int32), MVVM_CALLBACK(on_user), MVVM_CALLBACK(on_int32),
                                MVVM_CALLBACK(on_int64), MVVM_CALLBACK(on_string), MVVM_CALLBACK(on_navigate),
                                MVVM_CALLBACK(on_changes)};
    for (size_t i = 0; i < OBJECTS; i++) {
        w->objects[i] = all[i];
        recorder_reset(&w->recorders[i]);
        if (signals[i] == NULL) continue; /* a repository has no signals */
        CHECK_OK(mvvm_signal_connect(all[i], signals[i], handlers[i], &w->recorders[i], on_destroyed,
                                     &w->connection_ids[i]));
    }
    w->object_count = OBJECTS;
    CHECK_OK(mvvm_command_closure_new(sorted, "add-new-integer", &w->closures[0], &w->closure_ids[0]));
    CHECK_OK(mvvm_command_closure_new(stopwatch, "button-tapped", &w->closures[1], &w->closure_ids[1]));
    CHECK_OK(mvvm_command_closure_new(w->screen, "refresh", &w->closures[2], &w->closure_ids[2]));
    /* Work in flight: loads waiting for their latency, a running stopwatch. */
    CHECK_OK(mvvm_user_list_on_appear(list));
    CHECK_OK(mvvm_user_list_on_appear(w->screen));
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    CHECK_OK(mvvm_post_detail_on_appear(post));
    CHECK_OK(mvvm_stopwatch_button_tapped(stopwatch));
}

static void test_shutdown_invalidates_every_handle_and_runs_every_destroy_notifier(void) {
    world w;
    build_world(&w);
    /* Handlers that ran synchronously so far are fine; remember the counts. */
    int calls_before[OBJECTS];
    for (size_t i = 0; i < OBJECTS; i++) calls_before[i] = w.recorders[i].calls;

    CHECK_OK(mvvm_shutdown());
    for (size_t i = 1; i < OBJECTS; i++) CHECK_EQ(w.recorders[i].destroyed, 1);
    CHECK_OK(mvvm_shutdown()); /* idempotent, and notifiers do not run twice */
    for (size_t i = 1; i < OBJECTS; i++) CHECK_EQ(w.recorders[i].destroyed, 1);

    /* Everything is refused while shut down. */
    mvvm_type type = (mvvm_type)0;
    CHECK_STATUS(mvvm_object_get_type(w.objects[0], &type), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_dispatch(), MVVM_E_NOT_INITIALIZED);

    /* Back up: the old handles, connections and closures stay invalid. */
    CHECK_OK(mvvm_init());
    for (size_t i = 0; i < OBJECTS; i++) {
        CHECK_STATUS(mvvm_object_get_type(w.objects[i], &type), MVVM_E_INVALID_HANDLE);
        CHECK_STATUS(mvvm_object_destroy(w.objects[i]), MVVM_E_INVALID_HANDLE);
    }
    CHECK_EQ(type, 0);
    for (size_t i = 1; i < OBJECTS; i++) CHECK_STATUS(mvvm_signal_disconnect(w.connection_ids[i]), MVVM_E_NOT_FOUND);
    for (size_t i = 0; i < 3; i++) CHECK_STATUS(mvvm_command_closure_free(w.closure_ids[i]), MVVM_E_NOT_FOUND);

    /* Work that was in flight never lands: pump past the repository's latency. */
    int32_t dispatched = 0;
    for (int i = 0; i < 5; i++) CHECK_OK(mvvm_run(30, &dispatched));
    for (size_t i = 0; i < OBJECTS; i++) CHECK_EQ(w.recorders[i].calls, calls_before[i]);
    for (size_t i = 1; i < OBJECTS; i++) CHECK_EQ(w.recorders[i].destroyed, 1);
}

static void test_reinit_issues_handles_distinct_from_the_old_ones(void) {
    /* Same sequence of creations before and after a shutdown: a runtime that restarted its
     * handle numbering would hand out the very same values, and old handles would come back
     * to life naming new objects. */
    mvvm_object *before[4] = {NULL};
    CHECK_OK(mvvm_sorted_integers_new(NULL, 0, 1, &before[0]));
    CHECK_OK(mvvm_sorted_integers_new(NULL, 0, 1, &before[1]));
    CHECK_OK(mvvm_stopwatch_new(&before[2]));
    CHECK_OK(mvvm_object_destroy(before[1]));
    CHECK_OK(mvvm_stopwatch_new(&before[3])); /* reuses a slot */
    CHECK_OK(mvvm_shutdown());
    CHECK_OK(mvvm_init());
    mvvm_object *after[4] = {NULL};
    CHECK_OK(mvvm_sorted_integers_new(NULL, 0, 1, &after[0]));
    CHECK_OK(mvvm_sorted_integers_new(NULL, 0, 1, &after[1]));
    CHECK_OK(mvvm_stopwatch_new(&after[2]));
    CHECK_OK(mvvm_stopwatch_new(&after[3]));
    mvvm_type type;
    for (int i = 0; i < 4; i++) {
        for (int j = 0; j < 4; j++) CHECK(before[i] != after[j]);
        CHECK_STATUS(mvvm_object_get_type(before[i], &type), MVVM_E_INVALID_HANDLE);
        CHECK_OK(mvvm_object_get_type(after[i], &type));
    }
    /* The new runtime works normally. */
    int64_t index = -1, count = -1;
    CHECK_OK(mvvm_sorted_integers_add(after[0], 4, &index));
    CHECK_EQ(index, 0);
    CHECK_OK(mvvm_sorted_integers_get_count(after[0], &count));
    CHECK_EQ(count, 1);
    for (int i = 0; i < 4; i++) CHECK_OK(mvvm_object_destroy(after[i]));
}

static void test_descriptor_stays_the_same_across_shutdown_and_reinit(void) {
    int fd = -1;
    CHECK_OK(mvvm_shutdown());
    CHECK_OK(mvvm_init());
    CHECK_OK(mvvm_get_fd(&fd));
    CHECK_EQ(fd, first_fd);
    drain();
    CHECK_OK(mvvm_wakeup());
    CHECK(readable_within(fd, 2000));
    int32_t dispatched = 0;
    CHECK_OK(mvvm_run(0, &dispatched));
    CHECK_EQ(dispatched, 0); /* a bare wake-up */
    CHECK(!readable_now(fd));
}

typedef struct reentry {
    mvvm_status dispatch, run, shutdown;
    int calls;
} reentry;

static void reenter_loop(mvvm_object *object, int64_t count, void *user_data) {
    (void)object;
    (void)count;
    reentry *r = user_data;
    int32_t dispatched = -5;
    r->calls++;
    r->dispatch = mvvm_dispatch();
    r->run = mvvm_run(0, &dispatched);
    if (dispatched != -5) r->run = MVVM_E_SYSTEM; /* written on failure: report as wrong */
    r->shutdown = mvvm_shutdown();
}

static void test_loop_calls_from_inside_a_handler_are_refused(void) {
    mvvm_object *sorted = NULL;
    CHECK_OK(mvvm_sorted_integers_new(NULL, 0, 1, &sorted));
    reentry r = {MVVM_OK, MVVM_OK, MVVM_OK, 0};
    CHECK_OK(mvvm_signal_connect(sorted, "notify::count", MVVM_CALLBACK(reenter_loop), &r, NULL, NULL));
    CHECK_OK(mvvm_sorted_integers_add(sorted, 1, NULL));
    CHECK_EQ(r.calls, 1);
    CHECK_EQ(r.dispatch, MVVM_E_REENTRANCY);
    CHECK_EQ(r.run, MVVM_E_REENTRANCY);
    CHECK_EQ(r.shutdown, MVVM_E_REENTRANCY);
    /* The runtime is still up and the object still works. */
    CHECK(handle_is_live(sorted));
    CHECK_OK(mvvm_sorted_integers_add(sorted, 2, NULL));
    CHECK_EQ(r.calls, 2);
    CHECK_OK(mvvm_object_destroy(sorted));
}

static void test_last_error_message_is_empty_after_success(void) {
    mvvm_type type;
    CHECK_STATUS(mvvm_object_get_type(NULL, &type), MVVM_E_INVALID_HANDLE);
    CHECK(mvvm_last_error_message()[0] != '\0');
    int fd;
    CHECK_OK(mvvm_get_fd(&fd));
    CHECK_STR_EQ(mvvm_last_error_message(), "");
}

int main(void) {
    alarm(60); /* a watchdog for the unbounded mvvm_run(-1): a hang kills the program */
    RUN_TEST(test_version_functions_match_the_header_macros);
    RUN_TEST(test_status_names_cover_every_code);
    RUN_TEST(test_calls_before_init_are_refused_except_the_any_thread_ones);
    RUN_TEST(test_init_is_idempotent);
    RUN_TEST(test_descriptor_is_readable_after_wakeup_and_cleared_by_dispatch);
    RUN_TEST(test_run_with_timeout_zero_does_not_wait);
    RUN_TEST(test_run_reports_whether_work_was_dispatched);
    RUN_TEST(test_run_waits_for_its_timeout_when_idle);
    RUN_TEST(test_run_delivers_signals_of_asynchronous_work);
    RUN_TEST(test_wakeup_from_another_thread_ends_a_blocking_run);
    RUN_TEST(test_loop_functions_refuse_other_threads_but_wakeup);
    RUN_TEST(test_loop_calls_from_inside_a_handler_are_refused);
    RUN_TEST(test_last_error_message_is_empty_after_success);
    RUN_TEST(test_shutdown_invalidates_every_handle_and_runs_every_destroy_notifier);
    RUN_TEST(test_reinit_issues_handles_distinct_from_the_old_ones);
    RUN_TEST(test_descriptor_stays_the_same_across_shutdown_and_reinit);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
