/*
 * test_plugin_dlopen.c: the plug-in entry point, used the way a plug-in host uses it.
 *
 * The program does not link libmvvm and calls no mvvm_ symbol directly: it dlopen()s the
 * library by path, resolves the one symbol "mvvm_seeds_get_api" (the application's entry
 * point, whose get_framework_api leads to mvvm_get_api(), the framework's) and does
 * everything through the two tables (the headers are included only for their types and
 * macros). So it cannot use harness.h, whose
 * helpers call mvvm_ functions; it has its own few checks and ends with the same closing line
 * "N passed, N failed" that run.sh reads.
 *
 * The library is found, in this order, at: argv[1]; $MVVM_LIBRARY; $MVVM_LIB_DIR/libmvvm.so;
 * "libmvvm.so" through the program's RUNPATH (run.sh links every test with
 * -Wl,-rpath,<library folder>).
 *
 * What it proves:
 *   - each table's shape: struct_size and abi_version (and the application's
 *     get_framework_api); every slot after the head fields is a function pointer that is
 *     exactly an exported mvvm_ symbol of the library (dladdr gives the symbol's start), each
 *     function appears once in the two tables together, and the slot equals dlsym() of that
 *     name. Together with Tests/ABICheck/check-api-table.sh (every function a header declares,
 *     except its getter, has a field of the same name and type in its table, and nothing else
 *     does) that is "every function of the headers is in a table";
 *   - the ABI version check (MVVM_E_INVALID_ARGUMENT, both versions in the message, the
 *     out-pointer untouched), NULL out_api, any thread, no mvvm_init() needed, same table
 *     every time;
 *   - a ViewModel driven entirely through the table: init, a sample repository, a user list,
 *     on_appear, the loop pumped with run(), "rows-changed" through signal_connect, the
 *     thread rule, destroy notifiers, shutdown.
 *
 * If the build linked libmvvm into the program anyway (a linker without --as-needed keeps an
 * unused -lmvvm), the library is already loaded and dlopen() returns it: everything still
 * goes through dlsym() and the table, and the program says so on stderr.
 */
#define _GNU_SOURCE /* dladdr, RTLD_DEFAULT */
#include <dlfcn.h>
#include <inttypes.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mvvm_seeds.h"

/* ------------------------------------------------------------------------------------------
 * A minimal harness (no mvvm_ calls of its own)
 * ---------------------------------------------------------------------------------------- */

static const mvvm_api *api; /* set by test_resolve_entry_point: the framework's table */
static const mvvm_seeds_api *app; /* and the application's */
static void *library;
static mvvm_get_api_fn get_api;
static mvvm_seeds_get_api_fn get_app_api;

static int tests_passed, tests_failed, current_failures;
static const char *current_test = "(none)";

static void report(int line, const char *expression, const char *detail) {
    current_failures++;
    fprintf(stderr, "%s:%d: FAILED in %s: %s", __FILE__, line, current_test, expression);
    if (detail != NULL && detail[0] != '\0') fprintf(stderr, " (%s)", detail);
    if (api != NULL) {
        const char *message = api->last_error_message();
        if (message != NULL && message[0] != '\0') fprintf(stderr, " [last error: %s]", message);
    }
    fputc('\n', stderr);
}

#define CHECK(condition)                                                                        \
    do {                                                                                        \
        if (!(condition)) report(__LINE__, #condition, NULL);                                   \
    } while (0)

#define REQUIRE(condition)                                                                      \
    do {                                                                                        \
        if (!(condition)) {                                                                     \
            report(__LINE__, #condition, "required; test stopped");                             \
            return;                                                                             \
        }                                                                                       \
    } while (0)

#define CHECK_EQ(actual, expected)                                                              \
    do {                                                                                        \
        long long actual_ = (long long)(actual), expected_ = (long long)(expected);             \
        if (actual_ != expected_) {                                                             \
            char detail_[96];                                                                   \
            snprintf(detail_, sizeof detail_, "got %lld, expected %lld", actual_, expected_);   \
            report(__LINE__, #actual " == " #expected, detail_);                                \
        }                                                                                       \
    } while (0)

/* The status, and the header's error contract: "" after success, a sentence after failure. */
#define CHECK_STATUS(call, expected)                                                            \
    do {                                                                                        \
        mvvm_status status_ = (call);                                                           \
        if (status_ != (expected)) {                                                            \
            char detail_[160];                                                                  \
            snprintf(detail_, sizeof detail_, "returned %s, expected %s",                       \
                     api->status_name(status_), api->status_name(expected));                    \
            report(__LINE__, #call, detail_);                                                   \
        } else if ((expected) == MVVM_OK && api->last_error_message()[0] != '\0') {             \
            report(__LINE__, #call, "MVVM_OK but the last error message is not empty");         \
        } else if ((expected) != MVVM_OK && api->last_error_message()[0] == '\0') {             \
            report(__LINE__, #call, "failed but the last error message is empty");              \
        }                                                                                       \
    } while (0)
#define CHECK_OK(call) CHECK_STATUS(call, MVVM_OK)

static void run_test(const char *name, void (*function)(void)) {
    current_test = name;
    current_failures = 0;
    function();
    if (current_failures == 0) {
        tests_passed++;
        if (getenv("CABI_VERBOSE") != NULL) fprintf(stderr, "ok   %s\n", name);
    } else {
        tests_failed++;
        fprintf(stderr, "FAIL %s (%d failed check%s)\n", name, current_failures, current_failures == 1 ? "" : "s");
    }
    current_test = "(none)";
}
#define RUN_TEST(function) run_test(#function, function)

/* ------------------------------------------------------------------------------------------
 * Loading
 * ---------------------------------------------------------------------------------------- */

static const char *library_path(int argc, char **argv, char *buffer, size_t size) {
    if (argc > 1 && argv[1][0] != '\0') return argv[1];
    const char *path = getenv("MVVM_LIBRARY");
    if (path != NULL && path[0] != '\0') return path;
    const char *folder = getenv("MVVM_LIB_DIR");
    if (folder != NULL && folder[0] != '\0') {
        snprintf(buffer, size, "%s/libmvvm.so", folder);
        return buffer;
    }
    return "libmvvm.so";
}

static const char *path_to_load;

static void test_resolve_entry_point(void) {
    if (dlsym(RTLD_DEFAULT, "mvvm_get_api") != NULL) {
        fprintf(stderr, "note: libmvvm is linked into this program (an unused -lmvvm was kept by the "
                        "linker); the test still reaches the library only through dlsym() and the table\n");
    }
    library = dlopen(path_to_load, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        char detail[600];
        snprintf(detail, sizeof detail, "dlopen(\"%s\"): %s", path_to_load, dlerror());
        report(__LINE__, "library != NULL", detail);
        return;
    }
    void *symbol = dlsym(library, "mvvm_seeds_get_api");
    REQUIRE(symbol != NULL);
    /* POSIX: a data pointer from dlsym() converts to a function pointer. */
    memcpy(&get_app_api, &symbol, sizeof get_app_api);
    const mvvm_seeds_api *app_table = NULL;
    CHECK_EQ(get_app_api(MVVM_ABI_VERSION, &app_table), MVVM_OK);
    REQUIRE(app_table != NULL);
    app = app_table;
    /* The framework's table, reached from the application's. */
    get_api = app->get_framework_api;
    REQUIRE(get_api != NULL);
    void *framework_symbol = dlsym(library, "mvvm_get_api");
    void *framework_slot;
    memcpy(&framework_slot, &get_api, sizeof framework_slot);
    CHECK(framework_symbol == framework_slot);
    const mvvm_api *table = NULL;
    mvvm_status status = get_api(MVVM_ABI_VERSION, &table);
    CHECK_EQ(status, MVVM_OK);
    REQUIRE(table != NULL);
    api = table;
}

/* ------------------------------------------------------------------------------------------
 * The table
 * ---------------------------------------------------------------------------------------- */

typedef void (*any_function)(void);

static void test_table_header_fields(void) {
    REQUIRE(api != NULL && app != NULL);
    CHECK(app->struct_size >= sizeof(mvvm_seeds_api));
    CHECK_EQ(app->abi_version, MVVM_ABI_VERSION);
    /* Nothing but function pointers after the application's three head fields. */
    CHECK_EQ(offsetof(mvvm_seeds_api, get_framework_api), 2 * sizeof(uint32_t));
    CHECK_EQ((sizeof(mvvm_seeds_api) - offsetof(mvvm_seeds_api, get_framework_api)) % sizeof(any_function), 0);
    CHECK(api->struct_size >= sizeof(mvvm_api));
    CHECK_EQ(api->abi_version, MVVM_ABI_VERSION);
    CHECK_EQ(api->abi_version_fn(), MVVM_ABI_VERSION);
    CHECK_EQ(api->version(), MVVM_VERSION_NUMBER);
    CHECK(strcmp(api->version_string(), MVVM_VERSION_STRING) == 0);
    CHECK(strcmp(api->status_name(MVVM_E_OUT_OF_RANGE), "MVVM_E_OUT_OF_RANGE") == 0);
    /* Nothing but function pointers after the two header fields, without padding. */
    size_t first = offsetof(mvvm_api, version);
    CHECK_EQ(first, 2 * sizeof(uint32_t));
    CHECK_EQ((sizeof(mvvm_api) - first) % sizeof(any_function), 0);
}

static int compare_strings(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Checks the `count` function pointers at `first` bytes into `table`; records their names in
 * names[*named...]. */
static void check_slots(const void *table, size_t first, size_t count, const char *what, const char **names,
                        size_t *named) {
    for (size_t i = 0; i < count; i++) {
        any_function slot;
        memcpy(&slot, (const char *)table + first + i * sizeof slot, sizeof slot);
        char where[96];
        snprintf(where, sizeof where, "%s slot %zu", what, i);
        if (slot == NULL) {
            report(__LINE__, where, "NULL");
            continue;
        }
        void *address;
        memcpy(&address, &slot, sizeof address);
        Dl_info info;
        if (dladdr(address, &info) == 0 || info.dli_sname == NULL) {
            report(__LINE__, where, "no symbol at this address");
            continue;
        }
        if (strncmp(info.dli_sname, "mvvm_", 5) != 0 || info.dli_saddr != address) {
            char detail[300];
            snprintf(detail, sizeof detail, "points into %s+%td, not at an mvvm_ function", info.dli_sname,
                     (const char *)address - (const char *)info.dli_saddr);
            report(__LINE__, where, detail);
            continue;
        }
        if (dlsym(library, info.dli_sname) != address) {
            report(__LINE__, where, "differs from dlsym() of its name");
        }
        if (strcmp(info.dli_sname, "mvvm_get_api") == 0 || strcmp(info.dli_sname, "mvvm_seeds_get_api") == 0) {
            report(__LINE__, where, "a table holds a getter of a table");
        }
        names[(*named)++] = info.dli_sname;
    }
}

static void test_every_slot_is_an_exported_function(void) {
    REQUIRE(api != NULL && app != NULL);
    size_t first = offsetof(mvvm_api, version);
    size_t count = (sizeof(mvvm_api) - first) / sizeof(any_function);
    size_t app_first = offsetof(mvvm_seeds_api, get_framework_api) + sizeof(any_function);
    size_t app_count = (sizeof(mvvm_seeds_api) - app_first) / sizeof(any_function);
    const char **names = calloc(count + app_count, sizeof *names);
    REQUIRE(names != NULL);
    size_t named = 0;
    check_slots(api, first, count, "mvvm_api", names, &named);
    check_slots(app, app_first, app_count, "mvvm_seeds_api", names, &named);
    qsort(names, named, sizeof *names, compare_strings);
    for (size_t i = 1; i < named; i++) {
        if (strcmp(names[i - 1], names[i]) == 0) report(__LINE__, names[i], "appears twice in the tables");
    }
    if (getenv("CABI_VERBOSE") != NULL) fprintf(stderr, "     %zu functions in the tables\n", named);
    free(names);
}

/* The fields added last hold the functions of their names (a field out of place would hold
 * its neighbour's). */
static void test_the_newest_fields_hold_their_functions(void) {
    REQUIRE(api != NULL && app != NULL);
    struct {
        const char *name;
        any_function slot;
    } fields[] = {
        {"mvvm_request_fail", (any_function)api->request_fail},
        {"mvvm_member_find", (any_function)api->member_find},
        {"mvvm_object_new", (any_function)api->object_new},
        {"mvvm_object_get", (any_function)api->object_get},
        {"mvvm_object_set", (any_function)api->object_set},
        {"mvvm_object_invoke", (any_function)api->object_invoke},
        {"mvvm_object_count", (any_function)api->object_count},
        {"mvvm_object_get_item", (any_function)api->object_get_item},
        {"mvvm_object_get_by_name", (any_function)api->object_get_by_name},
        {"mvvm_object_set_by_name", (any_function)api->object_set_by_name},
        {"mvvm_object_invoke_by_name", (any_function)api->object_invoke_by_name},
        {"mvvm_coordinator_show_search", (any_function)app->coordinator_show_search},
        {"mvvm_user_search_new", (any_function)app->user_search_new},
        {"mvvm_user_search_did_display_row", (any_function)app->user_search_did_display_row},
        {"mvvm_user_search_did_select_row", (any_function)app->user_search_did_select_row},
        {"mvvm_user_search_dismiss_error", (any_function)app->user_search_dismiss_error},
        {"mvvm_user_search_set_query", (any_function)app->user_search_set_query},
        {"mvvm_user_search_get_query", (any_function)app->user_search_get_query},
        {"mvvm_user_search_get_is_searching", (any_function)app->user_search_get_is_searching},
        {"mvvm_user_search_get_is_query_empty", (any_function)app->user_search_get_is_query_empty},
        {"mvvm_user_search_get_error_message", (any_function)app->user_search_get_error_message},
        {"mvvm_user_search_get_count", (any_function)app->user_search_get_count},
        {"mvvm_user_search_get_has_more_pages", (any_function)app->user_search_get_has_more_pages},
        {"mvvm_user_search_get_row", (any_function)app->user_search_get_row},
        {"mvvm_repository_new_sqlite", (any_function)app->repository_new_sqlite},
        {"mvvm_http_options_init", (any_function)app->http_options_init},
        {"mvvm_repository_new_http", (any_function)app->repository_new_http},
        {"mvvm_repository_new_http_with_options", (any_function)app->repository_new_http_with_options},
        {"mvvm_type_find", (any_function)api->type_find},
        {"mvvm_type_list", (any_function)api->type_list},
        {"mvvm_record_describe", (any_function)api->record_describe},
        {"mvvm_record_find", (any_function)api->record_find},
        {"mvvm_record_list", (any_function)api->record_list},
        {"mvvm_enum_describe", (any_function)api->enum_describe},
        {"mvvm_enum_list", (any_function)api->enum_list},
        {"mvvm_init_with_options", (any_function)api->init_with_options},
        {"mvvm_interface_describe", (any_function)api->interface_describe},
        {"mvvm_object_new_host", (any_function)api->object_new_host},
        {"mvvm_request_resolve", (any_function)api->request_resolve},
        {"mvvm_request_resolve_list", (any_function)api->request_resolve_list},
        {"mvvm_schema_hash", (any_function)api->schema_hash},
        {"mvvm_schema_check", (any_function)api->schema_check},
        {"mvvm_interface_find", (any_function)api->interface_find},
        {"mvvm_debug_snapshot", (any_function)api->debug_snapshot},
        {"mvvm_string_free", (any_function)api->string_free},
        {"mvvm_debug_leak_report", (any_function)api->debug_leak_report},
        {"mvvm_debug_serve", (any_function)api->debug_serve},
        {"mvvm_replay", (any_function)api->replay},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        void *symbol = dlsym(library, fields[i].name);
        void *slot;
        memcpy(&slot, &fields[i].slot, sizeof slot);
        if (symbol == NULL || symbol != slot) report(__LINE__, fields[i].name, "the field does not hold this function");
    }
    /* And the last field is the last function of the header. */
    CHECK_EQ(offsetof(mvvm_api, replay), sizeof(mvvm_api) - sizeof(any_function));
    CHECK_EQ(offsetof(mvvm_seeds_api, repository_new_http_with_options), sizeof(mvvm_seeds_api) - sizeof(any_function));
}

static void test_abi_version_mismatch(void) {
    REQUIRE(get_api != NULL && api != NULL);
    const mvvm_api *sentinel = (const mvvm_api *)(uintptr_t)0x1234;
    const mvvm_api *out = sentinel;
    int32_t versions[] = {MVVM_ABI_VERSION + 1, MVVM_ABI_VERSION - 1, 0, -7, INT32_MAX};
    for (size_t i = 0; i < sizeof versions / sizeof versions[0]; i++) {
        CHECK_STATUS(get_api(versions[i], &out), MVVM_E_INVALID_ARGUMENT);
        CHECK(out == sentinel);
        char host[32], own[32];
        snprintf(host, sizeof host, "%" PRId32, versions[i]);
        snprintf(own, sizeof own, "%d", MVVM_ABI_VERSION);
        const char *message = api->last_error_message();
        if (strstr(message, host) == NULL || strstr(message, own) == NULL) {
            report(__LINE__, "both versions in the message", message);
        }
    }
    CHECK_STATUS(get_api(MVVM_ABI_VERSION, NULL), MVVM_E_INVALID_ARGUMENT);
    /* Success clears the message, and the table is the same object every time. */
    CHECK_STATUS(get_api(MVVM_ABI_VERSION, &out), MVVM_OK);
    CHECK(out == api);
    /* The application's entry point checks the same way. */
    const mvvm_seeds_api *app_sentinel = (const mvvm_seeds_api *)(uintptr_t)0x1234;
    const mvvm_seeds_api *app_out = app_sentinel;
    CHECK_STATUS(get_app_api(MVVM_ABI_VERSION + 1, &app_out), MVVM_E_INVALID_ARGUMENT);
    CHECK(app_out == app_sentinel);
    CHECK_STATUS(get_app_api(MVVM_ABI_VERSION, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(get_app_api(MVVM_ABI_VERSION, &app_out), MVVM_OK);
    CHECK(app_out == app);
}

static void *get_api_on_thread(void *unused) {
    (void)unused;
    const mvvm_api *table = NULL;
    if (get_api(MVVM_ABI_VERSION, &table) != MVVM_OK) return NULL;
    return (void *)(uintptr_t)table;
}

static void test_any_thread_before_init(void) {
    REQUIRE(get_api != NULL && api != NULL);
    enum { THREADS = 4 };
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++) REQUIRE(pthread_create(&threads[i], NULL, get_api_on_thread, NULL) == 0);
    for (int i = 0; i < THREADS; i++) {
        void *result = NULL;
        pthread_join(threads[i], &result);
        CHECK(result == (void *)(uintptr_t)api);
    }
}

/* ------------------------------------------------------------------------------------------
 * A ViewModel through the table
 * ---------------------------------------------------------------------------------------- */

typedef struct rows_record {
    int calls;
    mvvm_object *object;
    mvvm_list_change first;
    size_t change_count;
    int destroyed;
} rows_record;

static void on_rows_changed(mvvm_object *vm, const mvvm_list_change *changes, size_t count, void *user_data) {
    rows_record *r = user_data;
    r->calls++;
    r->object = vm;
    r->change_count += count;
    if (r->calls == 1 && count > 0) r->first = changes[0];
}

static void on_loading(mvvm_object *vm, int32_t loading, void *user_data) {
    (void)vm;
    int32_t *last = user_data;
    *last = loading;
}

static void on_rows_destroyed(void *user_data) { ((rows_record *)user_data)->destroyed++; }

typedef struct thread_call {
    mvvm_object *vm;
    mvvm_status status;
} thread_call;

static void *count_on_thread(void *argument) {
    thread_call *call = argument;
    int64_t count = -1;
    call->status = app->user_list_get_count(call->vm, &count);
    return NULL;
}

static void test_user_list_through_the_table(void) {
    REQUIRE(api != NULL);
    CHECK_OK(api->init());

    mvvm_sample_options options;
    CHECK_OK(app->sample_options_init(&options));
    options.user_count = 50;
    options.page_size = 20;
    mvvm_object *repository = NULL;
    REQUIRE(app->repository_new_sample(&options, &repository) == MVVM_OK);
    mvvm_object *vm = NULL;
    REQUIRE(app->user_list_new(repository, &vm) == MVVM_OK);
    mvvm_type type = 0;
    CHECK_OK(api->object_get_type(vm, &type));
    CHECK_EQ(type, MVVM_TYPE_USER_LIST);

    rows_record rows = {0};
    int32_t loading = -1;
    uint64_t rows_id = 0, loading_id = 0;
    CHECK_OK(api->signal_connect(vm, "rows-changed", MVVM_CALLBACK(on_rows_changed), &rows, on_rows_destroyed, &rows_id));
    CHECK_OK(api->signal_connect(vm, "notify::loading", MVVM_CALLBACK(on_loading), &loading, NULL, &loading_id));
    CHECK(rows_id != 0 && loading_id != 0 && rows_id != loading_id);
    CHECK_STATUS(api->signal_connect(vm, "no-such-signal", MVVM_CALLBACK(on_loading), NULL, NULL, NULL),
                 MVVM_E_UNKNOWN_NAME);

    CHECK_OK(app->user_list_on_appear(vm));
    /* Bounded pump: 250 slices of at most 20 ms. */
    for (int i = 0; i < 250 && rows.calls == 0; i++) {
        int32_t dispatched = 0;
        CHECK_OK(api->run(20, &dispatched));
    }
    REQUIRE(rows.calls >= 1);
    CHECK(rows.object == vm);
    CHECK_EQ(rows.first.kind, MVVM_LIST_RESET);
    CHECK_EQ(rows.first.start, 0);
    CHECK_EQ(rows.first.count, 20);
    CHECK_EQ(loading, MVVM_LOADING_NONE);

    int64_t count = -1;
    CHECK_OK(app->user_list_get_count(vm, &count));
    CHECK_EQ(count, 20);
    int32_t has_more = -1;
    CHECK_OK(app->user_list_get_has_more_pages(vm, &has_more));
    CHECK_EQ(has_more, 1);
    mvvm_user user = {0, NULL, NULL};
    CHECK_OK(app->user_list_get_row(vm, 0, &user));
    CHECK(user.name != NULL && user.name[0] != '\0');
    CHECK_STATUS(app->user_list_get_row(vm, 20, &user), MVVM_E_OUT_OF_RANGE);

    /* The thread rule holds through the table too. */
    thread_call call = {vm, MVVM_OK};
    pthread_t thread;
    REQUIRE(pthread_create(&thread, NULL, count_on_thread, &call) == 0);
    pthread_join(thread, NULL);
    CHECK_EQ(call.status, MVVM_E_WRONG_THREAD);

    int fd = -1;
    CHECK_OK(api->get_fd(&fd));
    CHECK(fd >= 0);
    CHECK_OK(api->dispatch());

    CHECK_OK(api->signal_disconnect(loading_id));
    CHECK_STATUS(api->signal_disconnect(loading_id), MVVM_E_NOT_FOUND);
    CHECK_OK(api->object_destroy(vm));
    CHECK_EQ(rows.destroyed, 1);
    CHECK_STATUS(app->user_list_get_count(vm, &count), MVVM_E_INVALID_HANDLE);
    CHECK_OK(api->object_destroy(repository));

    CHECK_OK(api->shutdown());
    CHECK_STATUS(app->user_list_get_count(vm, &count), MVVM_E_NOT_INITIALIZED);
}

static void test_init_again_after_shutdown(void) {
    REQUIRE(api != NULL);
    CHECK_OK(api->init());
    mvvm_object *sorted = NULL;
    const int64_t values[] = {3, 1, 2};
    CHECK_OK(app->sorted_integers_new(values, 3, 7, &sorted));
    int64_t value = -1;
    CHECK_OK(app->sorted_integers_get_value(sorted, 0, &value));
    CHECK_EQ(value, 1);
    CHECK_OK(api->shutdown());
}

int main(int argc, char **argv) {
    char buffer[4096];
    path_to_load = library_path(argc, argv, buffer, sizeof buffer);
    RUN_TEST(test_resolve_entry_point);
    if (api != NULL) {
        RUN_TEST(test_table_header_fields);
        RUN_TEST(test_every_slot_is_an_exported_function);
        RUN_TEST(test_the_newest_fields_hold_their_functions);
        RUN_TEST(test_abi_version_mismatch);
        RUN_TEST(test_any_thread_before_init);
        RUN_TEST(test_user_list_through_the_table);
        RUN_TEST(test_init_again_after_shutdown);
    }
    /* The library stays loaded: the Swift runtime does not support being unloaded. */
    printf("%d passed, %d failed\n", tests_passed, tests_failed);
    fflush(stdout);
    return tests_failed == 0 ? 0 : 1;
}
