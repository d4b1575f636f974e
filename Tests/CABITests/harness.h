/*
 * harness.h: the tiny test harness of the C ABI tests.
 *
 * Each test program is one translation unit that includes this header first, defines test
 * functions `static void test_xxx(void)`, and runs them from main() with RUN_TEST(test_xxx),
 * then returns harness_finish(). A test passes when none of its checks failed.
 *
 * Failed checks print file:line, the expression, and the library's last error message (read
 * at once: the header borrows it only until the next mvvm_ call). The program's last line is
 * exactly "N passed, N failed"; its exit status is non-zero when a test failed.
 *
 * Waiting for asynchronous work never sleeps for a fixed time: PUMP_UNTIL and pump_until()
 * call mvvm_run() with a bounded timeout until a condition holds or an iteration budget runs
 * out, so a passing test takes as long as the library needs and a broken one fails quickly.
 */
#ifndef MVVM_CABI_HARNESS_H
#define MVVM_CABI_HARNESS_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* pthread, poll, clock_gettime, dlsym(RTLD_DEFAULT), syscall */
#endif

#include <inttypes.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mvvm_seeds.h"

/* ------------------------------------------------------------------------------------------
 * Counters
 * ---------------------------------------------------------------------------------------- */

static int harness_tests_passed;
static int harness_tests_failed;
/* Failed checks in the test that is running. */
static int harness_current_failures;
static const char *harness_current_test = "(none)";
/* Failed checks outside any test (in main()); each counts as a failed test at the end. */
static int harness_stray_failures;

/* Records one failed check. `detail` may be NULL. The library's message is copied first. */
static inline void harness_report(const char *file, int line, const char *expression, const char *detail) {
    char message[1100];
    snprintf(message, sizeof message, "%s", mvvm_last_error_message());
    if (strcmp(harness_current_test, "(none)") == 0) harness_stray_failures++;
    else harness_current_failures++;
    fprintf(stderr, "%s:%d: FAILED in %s: %s", file, line, harness_current_test, expression);
    if (detail != NULL && detail[0] != '\0') fprintf(stderr, " (%s)", detail);
    if (message[0] != '\0') fprintf(stderr, " [last error: %s]", message);
    fputc('\n', stderr);
}

/* ------------------------------------------------------------------------------------------
 * Checks
 * ---------------------------------------------------------------------------------------- */

/** Fails the test when `condition` is false. */
#define CHECK(condition)                                                                        \
    do {                                                                                        \
        if (!(condition)) harness_report(__FILE__, __LINE__, #condition, NULL);                 \
    } while (0)

/** Fails the test when the integers `actual` and `expected` differ; prints both. */
#define CHECK_EQ(actual, expected)                                                              \
    do {                                                                                        \
        long long harness_actual_ = (long long)(actual);                                        \
        long long harness_expected_ = (long long)(expected);                                    \
        if (harness_actual_ != harness_expected_) {                                             \
            char harness_detail_[96];                                                           \
            snprintf(harness_detail_, sizeof harness_detail_, "got %lld, expected %lld",        \
                     harness_actual_, harness_expected_);                                       \
            harness_report(__FILE__, __LINE__, #actual " == " #expected, harness_detail_);      \
        }                                                                                       \
    } while (0)

/** Fails the test when the C strings differ (NULL equals only NULL); prints both. */
#define CHECK_STR_EQ(actual, expected)                                                          \
    do {                                                                                        \
        const char *harness_as_ = (actual);                                                     \
        const char *harness_es_ = (expected);                                                   \
        if (!harness_strings_equal(harness_as_, harness_es_)) {                                 \
            char harness_detail_[600];                                                          \
            snprintf(harness_detail_, sizeof harness_detail_, "got \"%.250s\", expected \"%.250s\"", \
                     harness_as_ ? harness_as_ : "(null)", harness_es_ ? harness_es_ : "(null)"); \
            harness_report(__FILE__, __LINE__, #actual " == " #expected, harness_detail_);      \
        }                                                                                       \
    } while (0)

static inline int harness_strings_equal(const char *a, const char *b) {
    if (a == NULL || b == NULL) return a == b;
    return strcmp(a, b) == 0;
}

/** Like CHECK, but stops the current test (returns from the calling void function) when the
 *  condition is false, so a failed setup does not cascade into dozens of reports. */
#define REQUIRE(condition)                                                                      \
    do {                                                                                        \
        if (!(condition)) {                                                                     \
            harness_report(__FILE__, __LINE__, #condition, "required; test stopped");           \
            return;                                                                             \
        }                                                                                       \
    } while (0)

/** CHECK_OK that stops the current test on failure (see REQUIRE). */
#define REQUIRE_OK(call)                                                                        \
    do {                                                                                        \
        int harness_failures_before_ = harness_current_failures + harness_stray_failures;       \
        CHECK_OK(call);                                                                         \
        if (harness_current_failures + harness_stray_failures != harness_failures_before_) return; \
    } while (0)

/** Evaluates `call` once and fails unless it returned `expected`. Beyond the status it checks
 *  the header's error contract: after a failure mvvm_last_error_message() is a non-empty
 *  sentence; after success it is "". */
#define CHECK_STATUS(call, expected)                                                            \
    do {                                                                                        \
        mvvm_status harness_status_ = (call);                                                   \
        harness_check_status(__FILE__, __LINE__, #call, harness_status_, (expected));           \
    } while (0)

/** CHECK_STATUS(call, MVVM_OK). */
#define CHECK_OK(call) CHECK_STATUS(call, MVVM_OK)

static inline void harness_check_status(const char *file, int line, const char *expression,
                                        mvvm_status actual, mvvm_status expected) {
    const char *message = mvvm_last_error_message();
    char detail[1300];
    if (message == NULL) {
        harness_report(file, line, expression, "mvvm_last_error_message() returned NULL");
        return;
    }
    if (actual != expected) {
        snprintf(detail, sizeof detail, "returned %s, expected %s", mvvm_status_name(actual),
                 mvvm_status_name(expected));
        harness_report(file, line, expression, detail);
    } else if (expected != MVVM_OK && message[0] == '\0') {
        snprintf(detail, sizeof detail, "%s but mvvm_last_error_message() is empty", mvvm_status_name(actual));
        harness_report(file, line, expression, detail);
    } else if (expected == MVVM_OK && message[0] != '\0') {
        snprintf(detail, sizeof detail, "MVVM_OK but mvvm_last_error_message() is \"%.1000s\"", message);
        harness_report(file, line, expression, detail);
    }
}

/* ------------------------------------------------------------------------------------------
 * Running tests
 * ---------------------------------------------------------------------------------------- */

/** Runs one test function and counts it as passed or failed. */
#define RUN_TEST(function) harness_run(#function, function)

static inline void harness_run(const char *name, void (*function)(void)) {
    harness_current_test = name;
    harness_current_failures = 0;
    function();
    if (harness_current_failures == 0) {
        harness_tests_passed++;
        if (getenv("CABI_VERBOSE") != NULL) fprintf(stderr, "ok   %s\n", name);
    } else {
        harness_tests_failed++;
        fprintf(stderr, "FAIL %s (%d failed check%s)\n", name, harness_current_failures,
                harness_current_failures == 1 ? "" : "s");
    }
    harness_current_test = "(none)";
}

/** Shuts the runtime down, when one runs, and with the leak report on (run.sh sets
 *  MVVM_DEBUG_LEAKS=1) fails the program if it left anything unreleased: every test cleans up
 *  after itself. (A test that shuts down with objects alive on purpose has its report on
 *  stderr; the program's own end is what is checked.) */
static inline void harness_check_leaks(void) {
    if (mvvm_dispatch() != MVVM_OK) return; /* none runs, or it runs on another thread */
    if (mvvm_shutdown() != MVVM_OK) {
        harness_report(__FILE__, __LINE__, "mvvm_shutdown() at the end", NULL);
        return;
    }
    const char *report = mvvm_debug_leak_report();
    if (report != NULL && report[0] != '\0') harness_report(__FILE__, __LINE__, "nothing left unreleased at the end", report);
}

/** Prints the closing line and returns the exit status for main(). */
static inline int harness_finish(void) {
    harness_check_leaks();
    harness_tests_failed += harness_stray_failures;
    printf("%d passed, %d failed\n", harness_tests_passed, harness_tests_failed);
    fflush(stdout);
    return harness_tests_failed == 0 ? 0 : 1;
}

/* ------------------------------------------------------------------------------------------
 * Pumping the loop
 * ---------------------------------------------------------------------------------------- */

/** How long one pump iteration waits for the library's descriptor, in milliseconds. */
#define HARNESS_PUMP_SLICE_MS 20
/** A default iteration budget: 250 slices of 20 ms, five seconds at the very worst. */
#define HARNESS_PUMP_BUDGET 250

/* How many loaded objects have `name_part` in their path (dl_iterate_phdr): whether a
 * library opened on first use (libcurl, libsqlite3) has been opened yet. */
struct harness_object_search {
    const char *name_part;
    int count;
};
static inline int harness_count_object(struct dl_phdr_info *info, size_t size, void *search) {
    (void)size;
    struct harness_object_search *wanted = search;
    if (strstr(info->dlpi_name, wanted->name_part) != NULL) wanted->count++;
    return 0;
}
static inline int harness_objects_loaded(const char *name_part) {
    struct harness_object_search search = {name_part, 0};
    dl_iterate_phdr(harness_count_object, &search);
    return search.count;
}

/** One bounded wait-and-dispatch; returns 1 if work was dispatched. */
static inline int harness_pump_once(void) {
    int32_t dispatched = 0;
    mvvm_status status = mvvm_run(HARNESS_PUMP_SLICE_MS, &dispatched);
    if (status != MVVM_OK) {
        harness_report(__FILE__, __LINE__, "mvvm_run() inside the pump", mvvm_status_name(status));
        return 0;
    }
    return dispatched;
}

/** Pumps until predicate(context) is true or max_iterations bounded waits have passed.
 *  Returns 1 when the predicate came true. */
static inline int pump_until(int (*predicate)(void *context), void *context, int max_iterations) {
    for (int i = 0; i < max_iterations; i++) {
        if (predicate(context)) return 1;
        harness_pump_once();
    }
    return predicate(context);
}

static inline int harness_flag_is_set(void *flag) { return *(const volatile int *)flag != 0; }

/** Pumps until *flag is non-zero (or the budget is spent). Returns 1 when it is. */
static inline int pump_until_flag(const int *flag, int max_iterations) {
    return pump_until(harness_flag_is_set, (void *)(uintptr_t)flag, max_iterations);
}

/** Pumps until `condition` (any C expression, re-evaluated after every slice) holds, and
 *  fails the test if it never does within `max_iterations` slices. */
#define PUMP_UNTIL(condition, max_iterations)                                                   \
    do {                                                                                        \
        int harness_i_ = 0;                                                                     \
        while (!(condition) && harness_i_ < (max_iterations)) {                                 \
            harness_pump_once();                                                                \
            harness_i_++;                                                                       \
        }                                                                                       \
        if (!(condition)) harness_report(__FILE__, __LINE__, "PUMP_UNTIL(" #condition ")", "timed out"); \
    } while (0)

/** Dispatches whatever is ready now, then keeps pumping until one whole slice passes with
 *  nothing pending: lets late results (that must not arrive) show up. Bounded. */
static inline void pump_until_idle(int max_iterations) {
    for (int i = 0; i < max_iterations; i++) {
        if (!harness_pump_once()) return;
    }
}

/* ------------------------------------------------------------------------------------------
 * Recording handlers
 *
 * A recorder collects what one connection received. The handlers below have the natural C
 * signatures of the header's signal shapes in the default layout; pass the recorder as
 * user_data.
 * ---------------------------------------------------------------------------------------- */

#define RECORDER_MAX_CHANGES 64
#define RECORDER_TEXT 256

typedef struct recorder {
    int calls;
    mvvm_object *object;        /* the object argument of the last call */
    int64_t value;              /* int32/int64 signals, and the navigate action */
    int string_was_null;        /* string signals */
    char text[RECORDER_TEXT];   /* string signals (copied), or the user's name */
    int64_t user_id;            /* user signals; -1 when the user pointer was NULL */
    char email[RECORDER_TEXT];
    mvvm_object *screen;        /* navigate */
    size_t change_sets;         /* list signals: number of calls ... */
    size_t change_count;        /* ... and the changes of all calls, in order */
    mvvm_list_change changes[RECORDER_MAX_CHANGES];
    size_t last_set_size;       /* changes in the last call */
    int destroyed;              /* times the destroy notifier ran */
} recorder;

static inline void recorder_reset(recorder *r) { memset(r, 0, sizeof *r); }

static inline void harness_copy_text(char *target, const char *source) {
    snprintf(target, RECORDER_TEXT, "%s", source != NULL ? source : "");
}

static inline void on_int32(mvvm_object *object, int32_t value, void *user_data) {
    recorder *r = user_data;
    r->calls++;
    r->object = object;
    r->value = value;
}

static inline void on_int64(mvvm_object *object, int64_t value, void *user_data) {
    recorder *r = user_data;
    r->calls++;
    r->object = object;
    r->value = value;
}

static inline void on_string(mvvm_object *object, const char *text, void *user_data) {
    recorder *r = user_data;
    r->calls++;
    r->object = object;
    r->string_was_null = text == NULL;
    harness_copy_text(r->text, text);
}

static inline void on_user(mvvm_object *object, const mvvm_user *user, void *user_data) {
    recorder *r = user_data;
    r->calls++;
    r->object = object;
    r->user_id = user != NULL ? user->id : -1;
    harness_copy_text(r->text, user != NULL ? user->name : NULL);
    harness_copy_text(r->email, user != NULL ? user->email : NULL);
}

static inline void on_changes(mvvm_object *object, const mvvm_list_change *changes, size_t count, void *user_data) {
    recorder *r = user_data;
    r->calls++;
    r->object = object;
    r->change_sets++;
    r->last_set_size = count;
    for (size_t i = 0; i < count && r->change_count < RECORDER_MAX_CHANGES; i++) {
        r->changes[r->change_count++] = changes[i];
    }
}

static inline void on_navigate(mvvm_object *object, int32_t action, mvvm_object *screen, void *user_data) {
    recorder *r = user_data;
    r->calls++;
    r->object = object;
    r->value = action;
    r->screen = screen;
}

/** A destroy notifier for recorders: counts its calls. */
static inline void on_destroyed(void *user_data) {
    recorder *r = user_data;
    r->destroyed++;
}

/** Connects `handler` to `signal` of `object` with `r` as user data and on_destroyed as the
 *  notifier; returns the id (0 on failure, which is reported). */
#define CONNECT(object, signal, handler, r) harness_connect(__FILE__, __LINE__, (object), (signal), MVVM_CALLBACK(handler), (r))

static inline uint64_t harness_connect(const char *file, int line, mvvm_object *object, const char *signal,
                                       mvvm_callback handler, recorder *r) {
    uint64_t id = 0;
    mvvm_status status = mvvm_signal_connect(object, signal, handler, r, on_destroyed, &id);
    if (status != MVVM_OK || id == 0) harness_report(file, line, signal, "mvvm_signal_connect failed");
    return id;
}

/** Checks change `index` of a recorder's changes. */
#define CHECK_CHANGE(r, index, expected_kind, expected_start, expected_count)                   \
    do {                                                                                        \
        if ((size_t)(index) >= (r)->change_count) {                                             \
            harness_report(__FILE__, __LINE__, "change " #index " of " #r, "missing");          \
        } else {                                                                                \
            CHECK_EQ((r)->changes[(index)].kind, (expected_kind));                              \
            CHECK_EQ((r)->changes[(index)].start, (expected_start));                            \
            CHECK_EQ((r)->changes[(index)].count, (expected_count));                            \
        }                                                                                       \
    } while (0)

/* ------------------------------------------------------------------------------------------
 * Small helpers
 * ---------------------------------------------------------------------------------------- */

/** A sample repository with the defaults changed by the arguments (-1 keeps a default). */
static inline mvvm_object *make_sample_repository(int64_t users, int32_t page_size, int32_t latency_ms,
                                                  int32_t fail_every_nth) {
    mvvm_sample_options options;
    mvvm_object *repository = NULL;
    if (mvvm_sample_options_init(&options) != MVVM_OK) return NULL;
    if (users >= 0) options.user_count = users;
    if (page_size >= 0) options.page_size = page_size;
    if (latency_ms >= 0) options.latency_ms = latency_ms;
    if (fail_every_nth >= 0) options.fail_every_nth = fail_every_nth;
    if (mvvm_repository_new_sample(&options, &repository) != MVVM_OK) {
        harness_report(__FILE__, __LINE__, "mvvm_repository_new_sample", NULL);
        return NULL;
    }
    return repository;
}

/** Whether `handle` names a live object (mvvm_object_get_type succeeds). */
static inline int handle_is_live(mvvm_object *handle) {
    mvvm_type type;
    return mvvm_object_get_type(handle, &type) == MVVM_OK;
}

/* ------------------------------------------------------------------------------------------
 * The host thread
 *
 * Built with -DHARNESS_HOST_THREAD_WORKER (run.sh's second pass), a program's main() runs on
 * a pthread that is not the process's main thread, which stays blocked in pthread_join(): the
 * harness makes that thread the host thread first (mvvm_init_with_options(), then
 * mvvm_shutdown(), so the program starts as it would on the main thread) and every test runs
 * unchanged on it. A program with its own thread set-up defines HARNESS_OWN_MAIN first.
 * ---------------------------------------------------------------------------------------- */

#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

/** The kernel id of the thread the program's main() runs on: the host thread. */
static int harness_host_thread_id;

static inline int harness_current_thread_id(void) { return (int)syscall(SYS_gettid); }

#if defined(HARNESS_HOST_THREAD_WORKER) && !defined(HARNESS_OWN_MAIN)
static int harness_program_main(void);

static void *harness_host_thread(void *result) {
    harness_host_thread_id = harness_current_thread_id();
    mvvm_init_options options;
    memset(&options, 0, sizeof options);
    options.struct_size = (uint32_t)sizeof options;
    if (mvvm_init_with_options(&options) != MVVM_OK || mvvm_shutdown() != MVVM_OK) {
        fprintf(stderr, "making a worker the host thread failed: %s\n", mvvm_last_error_message());
        *(int *)result = 2;
        return NULL;
    }
    *(int *)result = harness_program_main();
    return NULL;
}

int main(void) {
    pthread_t thread;
    int result = 2;
    if (pthread_create(&thread, NULL, harness_host_thread, &result) != 0) return 2;
    pthread_join(thread, NULL);
    return result;
}

#define main harness_program_main
#else
__attribute__((constructor)) static void harness_record_main_thread(void) { harness_host_thread_id = (int)getpid(); }
#endif

/** Starts the runtime for a program, failing loudly if it cannot. */
static inline void harness_init(void) {
    if (mvvm_init() != MVVM_OK) {
        fprintf(stderr, "mvvm_init() failed: %s\n", mvvm_last_error_message());
        exit(2);
    }
}

#endif /* MVVM_CABI_HARNESS_H */
