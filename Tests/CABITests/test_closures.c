/* test_closures.c: commands as plain C function pointers (mvvm_command_closure_new/free). */
#include "harness.h"

#include <pthread.h>

static mvvm_object *new_sorted(uint64_t seed) {
    mvvm_object *vm = NULL;
    CHECK_OK(mvvm_sorted_integers_new(NULL, 0, seed, &vm));
    return vm;
}

static int64_t sorted_count(mvvm_object *vm) {
    int64_t count = -1;
    CHECK_OK(mvvm_sorted_integers_get_count(vm, &count));
    return count;
}

static void test_a_closure_runs_its_command_and_delivers_its_signals(void) {
    mvvm_object *vm = new_sorted(3);
    recorder rows;
    recorder_reset(&rows);
    CONNECT(vm, "rows-changed", on_changes, &rows);
    mvvm_command_fn fn = NULL;
    uint64_t id = 0;
    CHECK_OK(mvvm_command_closure_new(vm, "add-new-integer", &fn, &id));
    CHECK(fn != NULL);
    CHECK(id != 0);
    fn();
    CHECK_EQ(sorted_count(vm), 1);
    /* Signals are delivered when the pointer's call returns, like after any command. */
    CHECK_EQ(rows.calls, 1);
    CHECK_CHANGE(&rows, 0, MVVM_LIST_INSERT, 0, 1);
    fn();
    fn();
    CHECK_EQ(sorted_count(vm), 3);
    CHECK_EQ(rows.calls, 3);
    /* The random values are in 0..9 and the list stays sorted. */
    int64_t previous = INT64_MIN;
    for (int64_t i = 0; i < 3; i++) {
        int64_t value = -1;
        CHECK_OK(mvvm_sorted_integers_get_value(vm, i, &value));
        CHECK(value >= 0 && value <= 9);
        CHECK(value >= previous);
        previous = value;
    }
    CHECK_OK(mvvm_command_closure_free(id));
    CHECK_OK(mvvm_object_destroy(vm));
}

static void test_closures_of_every_kind_of_object_run_their_commands(void) {
    /* Stopwatch: "button-tapped" starts and stops; "reset" clears. */
    mvvm_object *stopwatch = NULL;
    CHECK_OK(mvvm_stopwatch_new(&stopwatch));
    mvvm_command_fn tap = NULL, reset = NULL, lap = NULL;
    uint64_t tap_id = 0, reset_id = 0, lap_id = 0;
    CHECK_OK(mvvm_command_closure_new(stopwatch, "button-tapped", &tap, &tap_id));
    CHECK_OK(mvvm_command_closure_new(stopwatch, "lap", &lap, &lap_id));
    CHECK_OK(mvvm_command_closure_new(stopwatch, "reset", &reset, &reset_id));
    CHECK(tap != lap && lap != reset && tap != reset);
    CHECK(tap_id != lap_id && lap_id != reset_id && tap_id != reset_id);
    int32_t running = -1;
    int64_t laps = -1;
    tap();
    CHECK_OK(mvvm_stopwatch_get_is_running(stopwatch, &running));
    CHECK_EQ(running, 1);
    lap();
    CHECK_OK(mvvm_stopwatch_get_lap_count(stopwatch, &laps));
    CHECK_EQ(laps, 1);
    reset();
    CHECK_OK(mvvm_stopwatch_get_is_running(stopwatch, &running));
    CHECK_EQ(running, 0);
    CHECK_OK(mvvm_stopwatch_get_lap_count(stopwatch, &laps));
    CHECK_EQ(laps, 0);

    /* User list: "on-appear" and "refresh" start loads. */
    mvvm_object *repository = make_sample_repository(30, 10, -1, -1);
    mvvm_object *list = NULL;
    CHECK_OK(mvvm_user_list_new(repository, &list));
    mvvm_command_fn appear = NULL, refresh = NULL;
    uint64_t appear_id = 0, refresh_id = 0;
    CHECK_OK(mvvm_command_closure_new(list, "on-appear", &appear, &appear_id));
    CHECK_OK(mvvm_command_closure_new(list, "refresh", &refresh, &refresh_id));
    recorder loading;
    recorder_reset(&loading);
    CONNECT(list, "notify::loading", on_int32, &loading);
    appear();
    CHECK_EQ(loading.calls, 1);
    CHECK_EQ(loading.value, MVVM_LOADING_FULL_SCREEN);
    PUMP_UNTIL(loading.value == MVVM_LOADING_NONE, HARNESS_PUMP_BUDGET);
    int64_t count = 0;
    CHECK_OK(mvvm_user_list_get_count(list, &count));
    CHECK_EQ(count, 10);
    refresh();
    CHECK_EQ(loading.value, MVVM_LOADING_FULL_SCREEN);
    PUMP_UNTIL(loading.value == MVVM_LOADING_NONE, HARNESS_PUMP_BUDGET);

    /* Coordinator: "start" pushes the list. */
    mvvm_object *coordinator = NULL;
    CHECK_OK(mvvm_coordinator_new(repository, &coordinator));
    mvvm_command_fn start = NULL;
    uint64_t start_id = 0;
    CHECK_OK(mvvm_command_closure_new(coordinator, "start", &start, &start_id));
    start();
    int64_t depth = 0;
    CHECK_OK(mvvm_coordinator_get_depth(coordinator, &depth));
    CHECK_EQ(depth, 1);

    uint64_t ids[] = {tap_id, lap_id, reset_id, appear_id, refresh_id, start_id};
    for (size_t i = 0; i < sizeof ids / sizeof ids[0]; i++) CHECK_OK(mvvm_command_closure_free(ids[i]));
    CHECK_OK(mvvm_object_destroy(stopwatch));
    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(coordinator));
    CHECK_OK(mvvm_object_destroy(repository));
}

static void test_unknown_commands_are_refused(void) {
    mvvm_object *vm = new_sorted(1);
    mvvm_object *repository = make_sample_repository(-1, -1, -1, -1);
    static const char *const names[] = {
        "", "nope", "add", "remove-at", /* take arguments: not argument-less commands */
        "Add-New-Integer", "add_new_integer", "mvvm_sorted_integers_add_new_integer", "notify::count",
        "rows-changed", "refresh",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        mvvm_command_fn fn = (mvvm_command_fn)(uintptr_t)0x1234;
        uint64_t id = 42;
        CHECK_STATUS(mvvm_command_closure_new(vm, names[i], &fn, &id), MVVM_E_UNKNOWN_NAME);
        CHECK(fn == (mvvm_command_fn)(uintptr_t)0x1234);
        CHECK_EQ(id, 42);
    }
    mvvm_command_fn fn = NULL;
    uint64_t id = 42;
    CHECK_STATUS(mvvm_command_closure_new(repository, "refresh", &fn, &id), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_command_closure_new(vm, "add-new-\xc3", &fn, &id), MVVM_E_INVALID_UTF8);
    CHECK_STATUS(mvvm_command_closure_new(vm, NULL, &fn, &id), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_command_closure_new(vm, "add-new-integer", NULL, &id), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_command_closure_new(vm, "add-new-integer", &fn, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_command_closure_new(NULL, "add-new-integer", &fn, &id), MVVM_E_INVALID_HANDLE);
    CHECK(fn == NULL);
    CHECK_EQ(id, 42);
    CHECK_EQ(sorted_count(vm), 0);
    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_OK(mvvm_object_destroy(repository));
}

static void test_free_releases_once_and_unknown_ids_are_not_found(void) {
    mvvm_object *vm = new_sorted(1);
    mvvm_command_fn fn = NULL;
    uint64_t id = 0;
    CHECK_OK(mvvm_command_closure_new(vm, "add-new-integer", &fn, &id));
    CHECK_OK(mvvm_command_closure_free(id));
    CHECK_STATUS(mvvm_command_closure_free(id), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_command_closure_free(0), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_command_closure_free(id + 1000), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_command_closure_free(UINT64_MAX), MVVM_E_NOT_FOUND);
    /* Closure ids and connection ids are separate: a connection id is not a closure. */
    uint64_t connection = 0;
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(on_int64), NULL, NULL, &connection));
    uint64_t second = 0;
    CHECK_OK(mvvm_command_closure_new(vm, "add-new-integer", &fn, &second));
    CHECK(second != id);
    CHECK_OK(mvvm_command_closure_free(second));
    CHECK_OK(mvvm_signal_disconnect(connection));
    CHECK_OK(mvvm_object_destroy(vm));
}

static void test_a_closure_called_after_its_object_was_destroyed_does_nothing(void) {
    mvvm_object *vm = new_sorted(1);
    mvvm_object *other = new_sorted(1);
    recorder rows;
    recorder_reset(&rows);
    CONNECT(other, "rows-changed", on_changes, &rows);
    mvvm_command_fn fn = NULL;
    uint64_t id = 0;
    CHECK_OK(mvvm_command_closure_new(vm, "add-new-integer", &fn, &id));
    CHECK_OK(mvvm_object_destroy(vm));
    fn();
    fn();
    /* A new object may reuse the slot: the stale closure must not reach it either. */
    mvvm_object *successor = new_sorted(1);
    fn();
    CHECK_EQ(sorted_count(successor), 0);
    CHECK_EQ(sorted_count(other), 0);
    CHECK_EQ(rows.calls, 0);
    CHECK_OK(mvvm_command_closure_free(id));
    CHECK_OK(mvvm_object_destroy(successor));
    CHECK_OK(mvvm_object_destroy(other));
}

static void *call_closure(void *argument) {
    mvvm_command_fn fn = *(mvvm_command_fn *)argument;
    fn();
    return NULL;
}

static void test_a_closure_called_on_another_thread_does_nothing(void) {
    mvvm_object *vm = new_sorted(1);
    mvvm_command_fn fn = NULL;
    uint64_t id = 0;
    CHECK_OK(mvvm_command_closure_new(vm, "add-new-integer", &fn, &id));
    pthread_t thread;
    CHECK_EQ(pthread_create(&thread, NULL, call_closure, &fn), 0);
    pthread_join(thread, NULL);
    CHECK_EQ(sorted_count(vm), 0);
    fn(); /* and it still works on the host thread */
    CHECK_EQ(sorted_count(vm), 1);
    CHECK_OK(mvvm_command_closure_free(id));
    CHECK_OK(mvvm_object_destroy(vm));
}

typedef struct self_freeing {
    uint64_t closure_id;
    mvvm_status status;
    int calls;
} self_freeing;

static void free_running_closure(mvvm_object *object, int64_t count, void *user_data) {
    (void)object;
    (void)count;
    self_freeing *s = user_data;
    s->calls++;
    s->status = mvvm_command_closure_free(s->closure_id);
}

static void test_a_handler_may_free_the_closure_that_is_running(void) {
    mvvm_object *vm = new_sorted(1);
    self_freeing s = {0, MVVM_E_SYSTEM, 0};
    mvvm_command_fn fn = NULL;
    CHECK_OK(mvvm_command_closure_new(vm, "add-new-integer", &fn, &s.closure_id));
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(free_running_closure), &s, NULL, NULL));
    fn(); /* delivers inside the closure's call; the handler frees that very closure */
    CHECK_EQ(s.calls, 1);
    CHECK_EQ(s.status, MVVM_OK);
    CHECK_STATUS(mvvm_command_closure_free(s.closure_id), MVVM_E_NOT_FOUND);
    /* Later calls into the library release the retired closure; nothing breaks. */
    CHECK_OK(mvvm_dispatch());
    mvvm_command_fn other = NULL;
    uint64_t other_id = 0;
    CHECK_OK(mvvm_command_closure_new(vm, "add-new-integer", &other, &other_id));
    other();
    CHECK_EQ(sorted_count(vm), 2);
    CHECK_OK(mvvm_command_closure_free(other_id));
    CHECK_OK(mvvm_object_destroy(vm));
}

static void test_many_closures_are_independent(void) {
    enum { N = 64 };
    mvvm_object *vms[N];
    mvvm_command_fn fns[N];
    uint64_t ids[N];
    for (int i = 0; i < N; i++) {
        vms[i] = new_sorted((uint64_t)i);
        CHECK_OK(mvvm_command_closure_new(vms[i], "add-new-integer", &fns[i], &ids[i]));
    }
    for (int i = 0; i < N; i++) {
        for (int j = 0; j <= i % 3; j++) fns[i]();
    }
    for (int i = 0; i < N; i++) {
        CHECK_EQ(sorted_count(vms[i]), i % 3 + 1);
        for (int j = 0; j < i; j++) CHECK(ids[i] != ids[j] && fns[i] != fns[j]);
    }
    /* Free every other one; the rest keep working. */
    for (int i = 0; i < N; i += 2) CHECK_OK(mvvm_command_closure_free(ids[i]));
    for (int i = 1; i < N; i += 2) fns[i]();
    for (int i = 1; i < N; i += 2) CHECK_EQ(sorted_count(vms[i]), i % 3 + 2);
    for (int i = 1; i < N; i += 2) CHECK_OK(mvvm_command_closure_free(ids[i]));
    for (int i = 0; i < N; i++) CHECK_OK(mvvm_object_destroy(vms[i]));
}

static void test_shutdown_frees_every_closure(void) {
    mvvm_object *vm = new_sorted(1);
    mvvm_command_fn fn = NULL;
    uint64_t id = 0;
    CHECK_OK(mvvm_command_closure_new(vm, "add-new-integer", &fn, &id));
    CHECK_OK(mvvm_shutdown());
    CHECK_STATUS(mvvm_command_closure_free(id), MVVM_E_NOT_INITIALIZED);
    CHECK_OK(mvvm_init());
    CHECK_STATUS(mvvm_command_closure_free(id), MVVM_E_NOT_FOUND);
}

int main(void) {
    harness_init();
    RUN_TEST(test_a_closure_runs_its_command_and_delivers_its_signals);
    RUN_TEST(test_closures_of_every_kind_of_object_run_their_commands);
    RUN_TEST(test_unknown_commands_are_refused);
    RUN_TEST(test_free_releases_once_and_unknown_ids_are_not_found);
    RUN_TEST(test_a_closure_called_after_its_object_was_destroyed_does_nothing);
    RUN_TEST(test_a_closure_called_on_another_thread_does_nothing);
    RUN_TEST(test_a_handler_may_free_the_closure_that_is_running);
    RUN_TEST(test_many_closures_are_independent);
    RUN_TEST(test_shutdown_frees_every_closure);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
