/* test_http_repository.c: mvvm_repository_new_http through the header, against
 * Tests/Support/placeholder_server.py (45 users, started here on an ephemeral port and stopped
 * at the end): base URL validation, a list and a detail over HTTP, server failures and an
 * unreachable host as messages, oversized headers, U+0000 and another record than asked for
 * refused with messages, the 0.2 options struct still accepted, libcurl mapped only once an
 * HTTP repository exists, and the SQLite cache (cached rows at once, exact changes when
 * the fresh page replaces them, offline start with a dismissible error).
 * Skips, saying so, when python3 cannot run the server. */
#include "harness.h"
#include "../Support/placeholder_server.h"

#include <libgen.h>

static placeholder_server server;
static char cache_dir[] = "/tmp/mvvm-http-test.XXXXXX";
/* Pump budget for a request over loopback: 500 slices of 20 ms at the very worst. */
#define HTTP_BUDGET 500

typedef struct fixture {
    mvvm_object *repository;
    mvvm_object *vm;
    recorder loading, error, rows;
} fixture;

static void open_list(fixture *f, const char *base_url, const char *cache_path) {
    memset(f, 0, sizeof *f);
    REQUIRE_OK(mvvm_repository_new_http(base_url, cache_path, &f->repository));
    REQUIRE_OK(mvvm_user_list_new(f->repository, &f->vm));
    CONNECT(f->vm, "notify::loading", on_int32, &f->loading);
    CONNECT(f->vm, "notify::error-message", on_string, &f->error);
    CONNECT(f->vm, "rows-changed", on_changes, &f->rows);
}

static void close_list(fixture *f) {
    CHECK_OK(mvvm_object_destroy(f->vm));
    CHECK_OK(mvvm_object_destroy(f->repository));
}

static void finish_load(fixture *f) {
    PUMP_UNTIL(f->loading.calls > 0 && f->loading.value == MVVM_LOADING_NONE, HTTP_BUDGET);
}

static int64_t count_of(mvvm_object *vm) {
    int64_t count = -1;
    CHECK_OK(mvvm_user_list_get_count(vm, &count));
    return count;
}

static void control(const char *path, const char *body) {
    CHECK_EQ(placeholder_request(server.port, "POST", path, body, NULL, 0), 200);
}

/* The data requests the server has answered or is answering (GET /_control/stats). */
static int64_t data_requests(void) {
    char stats[4096];
    CHECK_EQ(placeholder_request(server.port, "GET", "/_control/stats", NULL, stats, sizeof stats), 200);
    const char *field = strstr(stats, "\"requests\":");
    long long count = -1;
    if (field == NULL || sscanf(field + strlen("\"requests\":"), "%lld", &count) != 1) {
        harness_report(__FILE__, __LINE__, "GET /_control/stats", stats);
    }
    return (int64_t)count;
}

static void test_bad_base_urls_are_refused_with_a_reason(void) {
    mvvm_object *repository = (mvvm_object *)(uintptr_t)0x5;
    CHECK_STATUS(mvvm_repository_new_http("ftp://example.com", NULL, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "must start with http:// or https://") != NULL);
    CHECK_STATUS(mvvm_repository_new_http("", NULL, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_http("http://", NULL, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "names no host") != NULL);
    CHECK_STATUS(mvvm_repository_new_http("http://exa mple.com", NULL, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "cannot be parsed") != NULL);
    CHECK_STATUS(mvvm_repository_new_http("http://127.0.0.1:1/?q=1", NULL, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_http(server.base_url, "", &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK(repository == (mvvm_object *)(uintptr_t)0x5);
}

static void test_options_are_checked(void) {
    mvvm_http_options options;
    CHECK_OK(mvvm_http_options_init(&options));
    CHECK_EQ(options.page_size, 20);
    CHECK_EQ(options.timeout_ms, 10000);
    CHECK_EQ(options.max_body_bytes, 4194304);
    mvvm_object *repository = NULL;
    options.timeout_ms = 0;
    CHECK_STATUS(mvvm_repository_new_http_with_options(server.base_url, NULL, &options, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "timeout_ms") != NULL);
    CHECK_OK(mvvm_http_options_init(&options));
    options.struct_size = 3;
    CHECK_STATUS(mvvm_repository_new_http_with_options(server.base_url, NULL, &options, &repository), MVVM_E_INVALID_ARGUMENT);
    /* Both sizes accepted are named: this version's and 0.2's. */
    char expected[200];
    snprintf(expected, sizeof expected, "expected sizeof(mvvm_http_options) = %zu (or an earlier version's: %zu (0.2))",
             sizeof(mvvm_http_options), (size_t)MVVM_HTTP_OPTIONS_SIZE_0_2);
    CHECK(strstr(mvvm_last_error_message(), expected) != NULL);
    CHECK(repository == NULL);
    CHECK_OK(mvvm_http_options_init(&options));
    CHECK_EQ(options.max_header_bytes, 65536);
    options.max_header_bytes = 102401;
    CHECK_STATUS(mvvm_repository_new_http_with_options(server.base_url, NULL, &options, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "max_header_bytes 102401 is outside 1024...102400") != NULL);
    CHECK(repository == NULL);
}

static void test_a_host_built_against_the_0_2_options_struct_still_works(void) {
    /* An older host's struct ends before max_header_bytes: only its own fields are read. */
    unsigned char older[sizeof(mvvm_http_options) + 8];
    memset(older, 0xEE, sizeof older);
    mvvm_http_options current;
    CHECK_OK(mvvm_http_options_init(&current));
    current.struct_size = (uint32_t)MVVM_HTTP_OPTIONS_SIZE_0_2;
    memcpy(older, &current, MVVM_HTTP_OPTIONS_SIZE_0_2);
    mvvm_object *repository = NULL;
    CHECK_OK(mvvm_repository_new_http_with_options(server.base_url, NULL, (const mvvm_http_options *)(void *)older, &repository));
    CHECK(repository != NULL);
    if (repository != NULL) CHECK_OK(mvvm_object_destroy(repository));
}

/* The list's error message after one load under `fault` (a /_control body). */
static void check_list_error_under_fault(const char *fault, const char *expected) {
    control("/_control", fault);
    fixture f;
    open_list(&f, server.base_url, NULL);
    CHECK_OK(mvvm_user_list_on_appear(f.vm));
    finish_load(&f);
    const char *message = NULL;
    CHECK_OK(mvvm_user_list_get_error_message(f.vm, &message));
    if (message == NULL || strstr(message, expected) == NULL) {
        harness_report(__FILE__, __LINE__, expected, message != NULL ? message : "(no error message)");
    }
    CHECK_EQ(count_of(f.vm), 0);
    close_list(&f);
}

static void test_oversized_headers_name_the_header_limit(void) {
    check_list_error_under_fault("{\"mode\": \"many_headers\", \"header_count\": 100000, \"count\": 1}",
                                 "has headers larger than the 65536-byte limit");
    check_list_error_under_fault("{\"mode\": \"long_header\", \"header_bytes\": 10485760, \"count\": 1}",
                                 "has headers larger than the 65536-byte limit");
}

static void test_a_name_holding_nul_is_refused_not_cut(void) {
    check_list_error_under_fault("{\"mode\": \"nul\", \"count\": 1}", "holds U+0000 (NUL)");
}

static void test_a_detail_answered_with_another_user_is_an_error_naming_both(void) {
    control("/_control", "{\"mode\": \"wrong_id\", \"count\": 1}");
    mvvm_object *repository = NULL, *detail = NULL;
    REQUIRE_OK(mvvm_repository_new_http(server.base_url, NULL, &repository));
    REQUIRE_OK(mvvm_user_detail_new(repository, 1, &detail));
    recorder error;
    recorder_reset(&error);
    CONNECT(detail, "notify::error-message", on_string, &error);
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    PUMP_UNTIL(error.calls > 0, HTTP_BUDGET);
    CHECK(strstr(error.text, "sent user 2 when asked for user 1") != NULL);
    int32_t loaded = 1;
    mvvm_user user;
    CHECK_OK(mvvm_user_detail_get_user(detail, &loaded, &user));
    CHECK_EQ(loaded, 0);
    CHECK_OK(mvvm_object_destroy(detail));
    CHECK_OK(mvvm_object_destroy(repository));
}

static void test_a_list_loads_its_pages_over_http(void) {
    fixture f;
    open_list(&f, server.base_url, NULL);
    CHECK_OK(mvvm_user_list_on_appear(f.vm));
    finish_load(&f);
    CHECK_EQ(count_of(f.vm), 20);
    CHECK_EQ(f.rows.change_count, 1);
    CHECK_CHANGE(&f.rows, 0, MVVM_LIST_RESET, 0, 20);
    mvvm_user user;
    CHECK_OK(mvvm_user_list_get_row(f.vm, 19, &user));
    CHECK_EQ(user.id, 20);
    int32_t has_more = 0;
    CHECK_OK(mvvm_user_list_get_has_more_pages(f.vm, &has_more));
    CHECK_EQ(has_more, 1);
    CHECK_OK(mvvm_user_list_did_display_row(f.vm, 19));
    PUMP_UNTIL(count_of(f.vm) == 40, HTTP_BUDGET);
    CHECK_CHANGE(&f.rows, 1, MVVM_LIST_INSERT, 20, 20);
    close_list(&f);
}

static void test_a_detail_saves_to_the_server(void) {
    mvvm_object *repository = NULL, *detail = NULL;
    REQUIRE_OK(mvvm_repository_new_http(server.base_url, NULL, &repository));
    REQUIRE_OK(mvvm_user_detail_new(repository, 7, &detail));
    recorder user, saving;
    recorder_reset(&user);
    recorder_reset(&saving);
    CONNECT(detail, "notify::user", on_user, &user);
    CONNECT(detail, "notify::is-saving", on_int32, &saving);
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    PUMP_UNTIL(user.user_id == 7, HTTP_BUDGET);
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Saved Over HTTP"));
    CHECK_OK(mvvm_user_detail_save(detail));
    PUMP_UNTIL(saving.calls >= 2 && saving.value == 0, HTTP_BUDGET);
    char response[4096];
    CHECK_EQ(placeholder_request(server.port, "GET", "/users/7", NULL, response, sizeof response), 200);
    CHECK(strstr(response, "\"name\":\"Saved Over HTTP\"") != NULL);
    CHECK_OK(mvvm_object_destroy(detail));
    CHECK_OK(mvvm_object_destroy(repository));
}

static void test_a_server_failure_becomes_the_lists_error_message(void) {
    control("/_control", "{\"status\": 500, \"count\": 1}");
    fixture f;
    open_list(&f, server.base_url, NULL);
    CHECK_OK(mvvm_user_list_on_appear(f.vm));
    finish_load(&f);
    CHECK(strncmp(f.error.text, "The service is unavailable: the server at 127.0.0.1:", 52) == 0);
    const char *message = NULL;
    CHECK_OK(mvvm_user_list_get_error_message(f.vm, &message));
    CHECK(message != NULL && strstr(message, "failed (HTTP 500)") != NULL);
    CHECK_EQ(count_of(f.vm), 0);
    close_list(&f);
}

static void test_garbage_and_dropped_connections_are_messages_not_crashes(void) {
    const char *faults[] = {"{\"mode\": \"garbage\", \"count\": 1}", "{\"mode\": \"drop\", \"count\": 1}",
                            "{\"mode\": \"oversized\", \"oversize_bytes\": 5000000, \"count\": 1}"};
    const char *expected[] = {"not the data that was expected", "127.0.0.1", "byte limit"};
    for (size_t i = 0; i < 3; i++) {
        control("/_control", faults[i]);
        fixture f;
        open_list(&f, server.base_url, NULL);
        CHECK_OK(mvvm_user_list_on_appear(f.vm));
        finish_load(&f);
        const char *message = NULL;
        CHECK_OK(mvvm_user_list_get_error_message(f.vm, &message));
        CHECK(message != NULL && strstr(message, expected[i]) != NULL);
        close_list(&f);
    }
}

static void test_a_refresh_cancels_the_slow_load_it_supersedes(void) {
    /* The first request is held for 30 s; the refresh's answer arrives at once. Only the
     * refresh lands, and well before the held answer could. */
    control("/_control", "{\"latency_ms\": 30000, \"count\": 1}");
    int64_t before = data_requests();
    fixture f;
    open_list(&f, server.base_url, NULL);
    CHECK_OK(mvvm_user_list_on_appear(f.vm));
    /* Wait until the slow request is at the server, so the refresh supersedes a transfer. */
    int reached = 0;
    for (int i = 0; i < HTTP_BUDGET && !reached; i++) {
        harness_pump_once();
        reached = data_requests() > before;
    }
    CHECK(reached);
    CHECK_OK(mvvm_user_list_refresh(f.vm));
    PUMP_UNTIL(f.rows.change_sets == 1 && f.loading.value == MVVM_LOADING_NONE, HTTP_BUDGET);
    CHECK_EQ(count_of(f.vm), 20);
    pump_until_idle(10);
    CHECK_EQ(f.rows.change_sets, 1);
    const char *message = (const char *)(uintptr_t)1;
    CHECK_OK(mvvm_user_list_get_error_message(f.vm, &message));
    CHECK(message == NULL);
    close_list(&f);
}

static void test_an_unreachable_host_is_a_message(void) {
    fixture f;
    open_list(&f, "http://127.0.0.1:1", NULL);
    CHECK_OK(mvvm_user_list_on_appear(f.vm));
    finish_load(&f);
    const char *message = NULL;
    CHECK_OK(mvvm_user_list_get_error_message(f.vm, &message));
    CHECK_STR_EQ(message, "The service is unavailable: the server at 127.0.0.1:1 cannot be reached.");
    close_list(&f);
}

static void test_the_cache_shows_rows_at_once_then_exact_changes(void) {
    char cache[128];
    snprintf(cache, sizeof cache, "%s/exact.sqlite", cache_dir);
    fixture f;
    open_list(&f, server.base_url, cache);
    CHECK_OK(mvvm_user_list_on_appear(f.vm));
    finish_load(&f);
    CHECK_EQ(count_of(f.vm), 20);
    close_list(&f);
    /* Another client renames user 3 on the server. */
    CHECK_EQ(placeholder_request(server.port, "PATCH", "/users/3", "{\"name\": \"Renamed Elsewhere\"}", NULL, 0), 200);

    open_list(&f, server.base_url, cache);
    CHECK_OK(mvvm_user_list_on_appear(f.vm));
    finish_load(&f);
    /* The cached page first (a reset of 20), then only row 2 changed. */
    CHECK_EQ(f.rows.change_count, 2);
    CHECK_CHANGE(&f.rows, 0, MVVM_LIST_RESET, 0, 20);
    CHECK_CHANGE(&f.rows, 1, MVVM_LIST_UPDATE, 2, 1);
    mvvm_user user;
    CHECK_OK(mvvm_user_list_get_row(f.vm, 2, &user));
    CHECK_STR_EQ(user.name, "Renamed Elsewhere");
    close_list(&f);
}

static void test_offline_the_cache_shows_with_a_dismissible_error(void) {
    char cache[128];
    snprintf(cache, sizeof cache, "%s/offline.sqlite", cache_dir);
    fixture f;
    open_list(&f, server.base_url, cache);
    CHECK_OK(mvvm_user_list_on_appear(f.vm));
    finish_load(&f);
    close_list(&f);

    open_list(&f, "http://127.0.0.1:1", cache);
    CHECK_OK(mvvm_user_list_on_appear(f.vm));
    finish_load(&f);
    CHECK_EQ(count_of(f.vm), 20);
    const char *message = NULL;
    CHECK_OK(mvvm_user_list_get_error_message(f.vm, &message));
    CHECK(message != NULL && strstr(message, "cannot be reached") != NULL);
    CHECK_OK(mvvm_user_list_dismiss_error(f.vm));
    CHECK_OK(mvvm_user_list_get_error_message(f.vm, &message));
    CHECK(message == NULL);
    CHECK_EQ(count_of(f.vm), 20);
    close_list(&f);
}

/* Runs first: libcurl and its TLS libraries (most of a host's resident memory at start) are
 * opened when the first HTTP client starts, not when the library loads. */
static void test_libcurl_is_loaded_by_the_first_http_repository_not_before(void) {
    CHECK_EQ(harness_objects_loaded("libcurl.so"), 0);
    mvvm_object *sample = NULL, *list = NULL;
    REQUIRE_OK(mvvm_repository_new_sample(NULL, &sample));
    REQUIRE_OK(mvvm_user_list_new(sample, &list));
    CHECK_EQ(harness_objects_loaded("libcurl.so"), 0);
    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(sample));

    mvvm_object *repository = NULL;
    REQUIRE_OK(mvvm_repository_new_http(server.base_url, NULL, &repository));
    CHECK_EQ(harness_objects_loaded("libcurl.so"), 1);
    CHECK_OK(mvvm_object_destroy(repository));
}

int main(void) {
    char source[4096];
    snprintf(source, sizeof source, "%s", __FILE__);
    char script[4200];
    snprintf(script, sizeof script, "%s/../Support/placeholder_server.py", dirname(source));
    if (placeholder_server_start(&server, script, NULL) != 0) {
        printf("test_http_repository: SKIPPED: python3 cannot run %s\n", script);
        return 0;
    }
    if (mkdtemp(cache_dir) == NULL) {
        placeholder_server_stop(&server);
        fprintf(stderr, "test_http_repository: mkdtemp failed\n");
        return 2;
    }
    harness_init();
    RUN_TEST(test_libcurl_is_loaded_by_the_first_http_repository_not_before);
    RUN_TEST(test_bad_base_urls_are_refused_with_a_reason);
    RUN_TEST(test_options_are_checked);
    RUN_TEST(test_a_host_built_against_the_0_2_options_struct_still_works);
    RUN_TEST(test_oversized_headers_name_the_header_limit);
    RUN_TEST(test_a_name_holding_nul_is_refused_not_cut);
    RUN_TEST(test_a_detail_answered_with_another_user_is_an_error_naming_both);
    RUN_TEST(test_a_list_loads_its_pages_over_http);
    RUN_TEST(test_a_detail_saves_to_the_server);
    RUN_TEST(test_a_server_failure_becomes_the_lists_error_message);
    RUN_TEST(test_garbage_and_dropped_connections_are_messages_not_crashes);
    RUN_TEST(test_a_refresh_cancels_the_slow_load_it_supersedes);
    RUN_TEST(test_an_unreachable_host_is_a_message);
    RUN_TEST(test_the_cache_shows_rows_at_once_then_exact_changes);
    RUN_TEST(test_offline_the_cache_shows_with_a_dismissible_error);
    CHECK_OK(mvvm_shutdown());
    placeholder_server_stop(&server);
    char command[256];
    snprintf(command, sizeof command, "rm -rf '%s'", cache_dir);
    if (system(command) != 0) fprintf(stderr, "test_http_repository: could not remove %s\n", cache_dir);
    return harness_finish();
}
