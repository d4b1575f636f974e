/* test_user_search.c: the user search through the C API: the query is debounced (300 ms on
 * the main queue: nothing is searched before, results after), trimmed and de-duplicated;
 * is-searching and is-query-empty; a newer query supersedes the search under way; results
 * page like the user list's (did_display_row); selection emits "user-selected"; a failed
 * search shows its message until dismissed or a search succeeds; destroying the search lands
 * nothing. The debounce runs on real time: the waits pump the loop (bounded), never sleep. */
#include "harness.h"

#include <ctype.h>
#include <time.h>

/* The debounce of the header, in milliseconds. */
#define DEBOUNCE_MS 300
/* A sample repository's calls take this long, so that "searching" spans several dispatches. */
#define LATENCY_MS 30

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1000.0 + (double)ts.tv_nsec / 1.0e6;
}

/* Pumps the loop (bounded slices) until `ms` milliseconds have passed. */
static void pump_for_ms(double ms) {
    double end = now_ms() + ms;
    while (now_ms() < end) harness_pump_once();
}

typedef struct fixture {
    mvvm_object *repository;
    mvvm_object *vm;
    recorder query, searching, empty, error, count, more, rows, selected;
} fixture;

static void connect_all(fixture *f) {
    CONNECT(f->vm, "notify::query", on_string, &f->query);
    CONNECT(f->vm, "notify::is-searching", on_int32, &f->searching);
    CONNECT(f->vm, "notify::is-query-empty", on_int32, &f->empty);
    CONNECT(f->vm, "notify::error-message", on_string, &f->error);
    CONNECT(f->vm, "notify::count", on_int64, &f->count);
    CONNECT(f->vm, "notify::has-more-pages", on_int32, &f->more);
    CONNECT(f->vm, "rows-changed", on_changes, &f->rows);
    CONNECT(f->vm, "user-selected", on_int64, &f->selected);
}

/* A search over 100 sample users in pages of 10. */
static void setup(fixture *f, int32_t latency_ms, int32_t fail_every_nth) {
    memset(f, 0, sizeof *f);
    f->repository = make_sample_repository(100, 10, latency_ms, fail_every_nth);
    CHECK_OK(mvvm_user_search_new(f->repository, &f->vm));
    connect_all(f);
}

static void teardown(fixture *f) {
    CHECK_OK(mvvm_object_destroy(f->vm));
    CHECK_OK(mvvm_object_destroy(f->repository));
    recorder *all[] = {&f->query, &f->searching, &f->empty, &f->error, &f->count, &f->more, &f->rows, &f->selected};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK_EQ(all[i]->destroyed, 1);
}

static int64_t get_count(mvvm_object *vm) {
    int64_t count = -1;
    CHECK_OK(mvvm_user_search_get_count(vm, &count));
    return count;
}

static int32_t get_flag(mvvm_status (*getter)(mvvm_object *, int32_t *), mvvm_object *vm) {
    int32_t value = -1;
    CHECK_OK(getter(vm, &value));
    return value;
}

static int error_is_null(mvvm_object *vm) {
    const char *message = (const char *)(uintptr_t)1;
    CHECK_OK(mvvm_user_search_get_error_message(vm, &message));
    return message == NULL;
}

/* Whether `haystack` contains `needle`, ignoring ASCII case. */
static int contains_ignoring_case(const char *haystack, const char *needle) {
    size_t n = strlen(needle);
    for (const char *h = haystack; *h != '\0'; h++) {
        size_t i = 0;
        while (i < n && h[i] != '\0' && tolower((unsigned char)h[i]) == tolower((unsigned char)needle[i])) i++;
        if (i == n) return 1;
    }
    return n == 0;
}

/* Every result matches `needle`, in increasing id order. */
static void check_results_match(mvvm_object *vm, const char *needle) {
    int64_t count = get_count(vm);
    int64_t previous = 0;
    for (int64_t i = 0; i < count; i++) {
        mvvm_user user;
        CHECK_OK(mvvm_user_search_get_row(vm, i, &user));
        CHECK(user.id > previous);
        previous = user.id;
        if (!contains_ignoring_case(user.name, needle)) harness_report(__FILE__, __LINE__, user.name, needle);
        CHECK(strchr(user.email, '@') != NULL);
    }
}

/* Sets the query and waits for the search it starts to land (its rows-changed). */
static void search(fixture *f, const char *query) {
    size_t sets = f->rows.change_sets;
    CHECK_OK(mvvm_user_search_set_query(f->vm, query));
    PUMP_UNTIL(f->rows.change_sets > sets, HARNESS_PUMP_BUDGET);
    PUMP_UNTIL(get_flag(mvvm_user_search_get_is_searching, f->vm) == 0, HARNESS_PUMP_BUDGET);
}

/* ------------------------------------------------------------------------------------------
 * Tests
 * ---------------------------------------------------------------------------------------- */

static void test_a_new_search_is_empty(void) {
    fixture f;
    setup(&f, -1, -1);
    mvvm_type type;
    CHECK_OK(mvvm_object_get_type(f.vm, &type));
    CHECK_EQ(type, MVVM_TYPE_USER_SEARCH);
    const char *query = NULL;
    CHECK_OK(mvvm_user_search_get_query(f.vm, &query));
    CHECK_STR_EQ(query, ""); /* never NULL */
    CHECK_EQ(get_flag(mvvm_user_search_get_is_query_empty, f.vm), 1);
    CHECK_EQ(get_flag(mvvm_user_search_get_is_searching, f.vm), 0);
    CHECK_EQ(get_flag(mvvm_user_search_get_has_more_pages, f.vm), 0);
    CHECK_EQ(get_count(f.vm), 0);
    CHECK(error_is_null(f.vm));
    mvvm_user user = {77, NULL, NULL};
    CHECK_STATUS(mvvm_user_search_get_row(f.vm, 0, &user), MVVM_E_OUT_OF_RANGE);
    CHECK_EQ(user.id, 77);
    CHECK_STATUS(mvvm_user_search_did_select_row(f.vm, 0), MVVM_E_OUT_OF_RANGE);
    CHECK_STATUS(mvvm_user_search_did_display_row(f.vm, 0), MVVM_E_OUT_OF_RANGE);
    /* Nothing happens by itself. */
    pump_until_idle(5);
    CHECK_EQ(f.rows.calls + f.searching.calls + f.empty.calls + f.query.calls, 0);
    teardown(&f);
}

static void test_the_query_is_searched_only_after_the_debounce(void) {
    fixture f;
    setup(&f, LATENCY_MS, -1);
    double start = now_ms();
    CHECK_OK(mvvm_user_search_set_query(f.vm, "an"));
    /* The query itself changes at once (at the end of the command), as typed. */
    CHECK_EQ(f.query.calls, 1);
    CHECK_STR_EQ(f.query.text, "an");
    const char *query = NULL;
    CHECK_OK(mvvm_user_search_get_query(f.vm, &query));
    CHECK_STR_EQ(query, "an");
    /* Nothing is searched yet: not at once, and not while the debounce runs. */
    CHECK_EQ(f.searching.calls, 0);
    CHECK_EQ(get_flag(mvvm_user_search_get_is_searching, f.vm), 0);
    pump_for_ms(DEBOUNCE_MS / 2);
    if (now_ms() - start < DEBOUNCE_MS - 20) {
        CHECK_EQ(f.searching.calls, 0);
        CHECK_EQ(f.rows.calls, 0);
        CHECK_EQ(f.empty.calls, 0);
        CHECK_EQ(get_flag(mvvm_user_search_get_is_query_empty, f.vm), 1);
    } else {
        fprintf(stderr, "    (note: the machine is too slow to look inside the debounce)\n");
    }
    /* Then the search starts (is-searching 1, is-query-empty 0) and lands. */
    PUMP_UNTIL(f.searching.calls >= 1, HARNESS_PUMP_BUDGET);
    double started = now_ms() - start;
    CHECK(started >= DEBOUNCE_MS - 5);
    CHECK_EQ(f.searching.value, 1);
    CHECK_EQ(f.empty.calls, 1);
    CHECK_EQ(f.empty.value, 0);
    PUMP_UNTIL(f.rows.calls >= 1, HARNESS_PUMP_BUDGET);
    PUMP_UNTIL(f.searching.calls >= 2, HARNESS_PUMP_BUDGET);
    CHECK_EQ(f.searching.calls, 2);
    CHECK_EQ(f.searching.value, 0);
    CHECK_EQ(f.rows.change_sets, 1);
    CHECK_CHANGE(&f.rows, 0, MVVM_LIST_RESET, 0, 10);
    CHECK_EQ(f.count.calls, 1);
    CHECK_EQ(f.count.value, 10);
    CHECK_EQ(f.more.calls, 1); /* 31 matches: more pages */
    CHECK_EQ(f.more.value, 1);
    CHECK_EQ(get_count(f.vm), 10);
    check_results_match(f.vm, "an");
    CHECK_EQ(f.error.calls, 0);
    /* Nothing more comes. */
    pump_until_idle(5);
    CHECK_EQ(f.rows.change_sets, 1);
    CHECK_EQ(f.searching.calls, 2);
    teardown(&f);
}

static void test_typing_restarts_the_debounce_and_only_the_last_query_is_searched(void) {
    fixture f;
    setup(&f, LATENCY_MS, -1);
    double start = now_ms();
    CHECK_OK(mvvm_user_search_set_query(f.vm, "M"));
    pump_for_ms(DEBOUNCE_MS / 2);
    double second = now_ms();
    CHECK_OK(mvvm_user_search_set_query(f.vm, "Ma"));
    pump_for_ms(DEBOUNCE_MS / 2);
    /* 300 ms since the first keystroke, but not since the last: still nothing. */
    if (now_ms() - second < DEBOUNCE_MS - 20) {
        CHECK(now_ms() - start >= DEBOUNCE_MS);
        CHECK_EQ(f.searching.calls, 0);
        CHECK_EQ(f.rows.calls, 0);
    }
    CHECK_EQ(f.query.calls, 2);
    PUMP_UNTIL(f.rows.calls >= 1, HARNESS_PUMP_BUDGET);
    CHECK(now_ms() - second >= DEBOUNCE_MS - 5);
    PUMP_UNTIL(get_flag(mvvm_user_search_get_is_searching, f.vm) == 0, HARNESS_PUMP_BUDGET);
    pump_until_idle(5);
    /* One search, of "Ma" (10 matches: one page, no more). */
    CHECK_EQ(f.rows.change_sets, 1);
    CHECK_EQ(f.searching.calls, 2);
    CHECK_CHANGE(&f.rows, 0, MVVM_LIST_RESET, 0, 10);
    check_results_match(f.vm, "ma");
    CHECK_EQ(get_flag(mvvm_user_search_get_has_more_pages, f.vm), 0);
    CHECK_EQ(f.more.calls, 0); /* 0 -> 0 */
    teardown(&f);
}

static void test_the_query_is_trimmed_and_an_unchanged_one_searches_nothing(void) {
    fixture f;
    setup(&f, LATENCY_MS, -1);
    search(&f, "  an\t");
    CHECK_EQ(f.rows.change_sets, 1);
    check_results_match(f.vm, "an");
    const char *query = NULL;
    CHECK_OK(mvvm_user_search_get_query(f.vm, &query));
    CHECK_STR_EQ(query, "  an\t"); /* the query as typed */
    int searching_calls = f.searching.calls;
    /* The same query after trimming: no new search. */
    CHECK_OK(mvvm_user_search_set_query(f.vm, "an "));
    CHECK_EQ(f.query.calls, 2);
    /* Set to its current value: no change, no notification. */
    CHECK_OK(mvvm_user_search_set_query(f.vm, "an "));
    CHECK_EQ(f.query.calls, 2);
    pump_for_ms(DEBOUNCE_MS + 100);
    pump_until_idle(5);
    CHECK_EQ(f.rows.change_sets, 1);
    CHECK_EQ(f.searching.calls, searching_calls);
    CHECK_EQ(get_count(f.vm), 10);
    teardown(&f);
}

static void test_an_empty_query_clears_the_results_without_searching(void) {
    fixture f;
    setup(&f, LATENCY_MS, -1);
    search(&f, "e");
    CHECK_EQ(get_count(f.vm), 10);
    CHECK_EQ(get_flag(mvvm_user_search_get_is_query_empty, f.vm), 0);
    CHECK_EQ(get_flag(mvvm_user_search_get_has_more_pages, f.vm), 1);
    int searching_calls = f.searching.calls;
    int empty_calls = f.empty.calls;
    /* White space only is empty once trimmed. */
    CHECK_OK(mvvm_user_search_set_query(f.vm, " \t "));
    PUMP_UNTIL(f.rows.change_sets == 2, HARNESS_PUMP_BUDGET);
    pump_until_idle(5);
    CHECK_CHANGE(&f.rows, 1, MVVM_LIST_RESET, 0, 0);
    CHECK_EQ(get_count(f.vm), 0);
    CHECK_EQ(f.count.value, 0);
    CHECK_EQ(f.empty.calls, empty_calls + 1);
    CHECK_EQ(f.empty.value, 1);
    CHECK_EQ(get_flag(mvvm_user_search_get_has_more_pages, f.vm), 0);
    CHECK_EQ(f.more.value, 0);
    CHECK_EQ(f.searching.calls, searching_calls); /* nothing was searched */
    CHECK_STATUS(mvvm_user_search_did_display_row(f.vm, 0), MVVM_E_OUT_OF_RANGE);
    /* A query matching nobody is not empty: it is searched and finds nothing. */
    search(&f, "zz");
    CHECK_EQ(f.rows.change_sets, 3);
    CHECK_CHANGE(&f.rows, 2, MVVM_LIST_RESET, 0, 0);
    CHECK_EQ(get_flag(mvvm_user_search_get_is_query_empty, f.vm), 0);
    CHECK_EQ(f.searching.calls, searching_calls + 2);
    CHECK_EQ(get_count(f.vm), 0);
    CHECK(error_is_null(f.vm));
    teardown(&f);
}

static void test_results_page_like_the_user_list(void) {
    fixture f;
    setup(&f, LATENCY_MS, -1);
    search(&f, "an"); /* 31 matches: pages of 10, 10, 10, 1 */
    CHECK_EQ(get_count(f.vm), 10);
    /* Rows far from the end load nothing (the prefetch distance is 3 rows). */
    int searching_calls = f.searching.calls;
    for (int64_t i = 0; i < 7; i++) CHECK_OK(mvvm_user_search_did_display_row(f.vm, i));
    pump_until_idle(3);
    CHECK_EQ(f.searching.calls, searching_calls);
    CHECK_EQ(f.rows.change_sets, 1);
    int64_t expected_starts[] = {10, 20, 30};
    int64_t expected_counts[] = {10, 10, 1};
    for (int page = 0; page < 3; page++) {
        int64_t last = expected_starts[page] - 1;
        CHECK_OK(mvvm_user_search_did_display_row(f.vm, last - 2));
        CHECK_EQ(f.searching.value, 1);
        CHECK_EQ(get_flag(mvvm_user_search_get_is_searching, f.vm), 1);
        /* More rows on screen while the page loads start no second load. */
        CHECK_OK(mvvm_user_search_did_display_row(f.vm, last - 1));
        CHECK_OK(mvvm_user_search_did_display_row(f.vm, last));
        PUMP_UNTIL(f.rows.change_sets == (size_t)page + 2, HARNESS_PUMP_BUDGET);
        PUMP_UNTIL(get_flag(mvvm_user_search_get_is_searching, f.vm) == 0, HARNESS_PUMP_BUDGET);
        CHECK_EQ(f.rows.last_set_size, 1);
        CHECK_CHANGE(&f.rows, (size_t)page + 1, MVVM_LIST_INSERT, expected_starts[page], expected_counts[page]);
        CHECK_EQ(f.count.value, expected_starts[page] + expected_counts[page]);
    }
    pump_until_idle(5);
    CHECK_EQ(f.rows.change_sets, 4);
    CHECK_EQ(get_count(f.vm), 31);
    check_results_match(f.vm, "an");
    CHECK_EQ(get_flag(mvvm_user_search_get_has_more_pages, f.vm), 0);
    CHECK_EQ(f.more.value, 0);
    /* Nothing after the last page. */
    searching_calls = f.searching.calls;
    CHECK_OK(mvvm_user_search_did_display_row(f.vm, 30));
    pump_until_idle(3);
    CHECK_EQ(f.searching.calls, searching_calls);
    CHECK_STATUS(mvvm_user_search_did_display_row(f.vm, 31), MVVM_E_OUT_OF_RANGE);
    CHECK_STATUS(mvvm_user_search_did_display_row(f.vm, -1), MVVM_E_OUT_OF_RANGE);
    /* A new query starts from its first page again. */
    search(&f, "Ma");
    CHECK_CHANGE(&f.rows, 4, MVVM_LIST_RESET, 0, 10);
    check_results_match(f.vm, "ma");
    teardown(&f);
}

static void test_a_newer_query_supersedes_the_search_under_way(void) {
    fixture f;
    setup(&f, 500, -1); /* each search takes 500 ms: longer than the debounce */
    CHECK_OK(mvvm_user_search_set_query(f.vm, "e"));
    PUMP_UNTIL(f.searching.calls == 1, HARNESS_PUMP_BUDGET); /* "e" is being searched */
    CHECK_EQ(f.searching.value, 1);
    CHECK_OK(mvvm_user_search_set_query(f.vm, "Ma"));
    PUMP_UNTIL(f.rows.calls >= 1, HARNESS_PUMP_BUDGET);
    PUMP_UNTIL(get_flag(mvvm_user_search_get_is_searching, f.vm) == 0, HARNESS_PUMP_BUDGET);
    pump_for_ms(200); /* the superseded search had every chance to land */
    pump_until_idle(5);
    /* Only "Ma" landed; is-searching stayed 1 from the first search to the end of the last. */
    CHECK_EQ(f.rows.change_sets, 1);
    check_results_match(f.vm, "ma");
    CHECK_EQ(get_count(f.vm), 10);
    CHECK_EQ(f.searching.calls, 2);
    CHECK_EQ(f.searching.value, 0);
    CHECK(error_is_null(f.vm));
    CHECK_EQ(f.error.calls, 0);
    teardown(&f);
}

static void test_selecting_a_result_emits_user_selected(void) {
    fixture f;
    setup(&f, -1, -1);
    search(&f, "an");
    mvvm_user row;
    CHECK_OK(mvvm_user_search_get_row(f.vm, 3, &row));
    int64_t id = row.id;
    CHECK_OK(mvvm_user_search_did_select_row(f.vm, 3));
    CHECK_EQ(f.selected.calls, 1); /* at the end of the command */
    CHECK_EQ(f.selected.value, id);
    CHECK(f.selected.object == f.vm);
    CHECK_OK(mvvm_user_search_did_select_row(f.vm, 0));
    CHECK_EQ(f.selected.calls, 2);
    CHECK_STATUS(mvvm_user_search_did_select_row(f.vm, 10), MVVM_E_OUT_OF_RANGE);
    CHECK_STATUS(mvvm_user_search_did_select_row(f.vm, -1), MVVM_E_OUT_OF_RANGE);
    CHECK_EQ(f.selected.calls, 2);
    /* Selecting changes nothing else. */
    CHECK_EQ(f.rows.change_sets, 1);
    /* The same user as the user list's row of that id. */
    mvvm_object *list = NULL;
    recorder list_rows;
    recorder_reset(&list_rows);
    CHECK_OK(mvvm_user_list_new(f.repository, &list));
    CONNECT(list, "rows-changed", on_changes, &list_rows);
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(list_rows.calls == 1, HARNESS_PUMP_BUDGET);
    CHECK_OK(mvvm_user_search_get_row(f.vm, 0, &row));
    char name[160];
    snprintf(name, sizeof name, "%s", row.name);
    if (row.id <= 10) {
        mvvm_user listed;
        CHECK_OK(mvvm_user_list_get_row(list, row.id - 1, &listed));
        CHECK_STR_EQ(listed.name, name);
    }
    CHECK_OK(mvvm_object_destroy(list));
    teardown(&f);
}

static void test_a_failed_search_shows_its_message_until_dismissed(void) {
    fixture f;
    setup(&f, LATENCY_MS, 2); /* every 2nd repository call fails */
    search(&f, "an");         /* call 1: fine */
    CHECK_EQ(get_count(f.vm), 10);
    /* Call 2, the next page, fails: the message shows, the results stay. */
    CHECK_OK(mvvm_user_search_did_display_row(f.vm, 9));
    PUMP_UNTIL(f.error.calls == 1, HARNESS_PUMP_BUDGET);
    PUMP_UNTIL(get_flag(mvvm_user_search_get_is_searching, f.vm) == 0, HARNESS_PUMP_BUDGET);
    CHECK(!f.error.string_was_null);
    CHECK(f.error.text[0] != '\0');
    const char *message = NULL;
    CHECK_OK(mvvm_user_search_get_error_message(f.vm, &message));
    CHECK_STR_EQ(message, f.error.text);
    CHECK_EQ(get_count(f.vm), 10);
    CHECK_EQ(f.rows.change_sets, 1);
    /* While the error shows, scrolling does not retry. */
    int searching_calls = f.searching.calls;
    CHECK_OK(mvvm_user_search_did_display_row(f.vm, 9));
    pump_until_idle(3);
    CHECK_EQ(f.searching.calls, searching_calls);
    /* Dismissing clears it (announced once); dismissing again changes nothing. */
    CHECK_OK(mvvm_user_search_dismiss_error(f.vm));
    CHECK_EQ(f.error.calls, 2);
    CHECK(f.error.string_was_null);
    CHECK(error_is_null(f.vm));
    CHECK_OK(mvvm_user_search_dismiss_error(f.vm));
    CHECK_EQ(f.error.calls, 2);
    /* Then scrolling loads the page (call 3). */
    CHECK_OK(mvvm_user_search_did_display_row(f.vm, 9));
    PUMP_UNTIL(f.rows.change_sets == 2, HARNESS_PUMP_BUDGET);
    CHECK_CHANGE(&f.rows, 1, MVVM_LIST_INSERT, 10, 10);
    /* A new query fails (call 4) ... */
    CHECK_OK(mvvm_user_search_set_query(f.vm, "Ma"));
    PUMP_UNTIL(f.error.calls == 3, HARNESS_PUMP_BUDGET);
    CHECK(!f.error.string_was_null);
    CHECK_EQ(get_count(f.vm), 20); /* the old results stay */
    /* ... and a successful search (call 5) clears the message. */
    search(&f, "e");
    CHECK_EQ(f.error.calls, 4);
    CHECK(f.error.string_was_null);
    CHECK(error_is_null(f.vm));
    CHECK_CHANGE(&f.rows, 2, MVVM_LIST_RESET, 0, 10);
    teardown(&f);
}

static void test_a_failed_first_search_leaves_no_results(void) {
    fixture f;
    setup(&f, -1, 1); /* every call fails */
    CHECK_OK(mvvm_user_search_set_query(f.vm, "an"));
    PUMP_UNTIL(f.error.calls == 1, HARNESS_PUMP_BUDGET);
    PUMP_UNTIL(get_flag(mvvm_user_search_get_is_searching, f.vm) == 0, HARNESS_PUMP_BUDGET);
    pump_until_idle(5);
    CHECK(!f.error.string_was_null);
    CHECK_EQ(get_count(f.vm), 0);
    CHECK_EQ(f.rows.calls, 0);
    CHECK_EQ(get_flag(mvvm_user_search_get_is_query_empty, f.vm), 0);
    /* The same failure again (another query, the same message): not announced again. */
    CHECK_OK(mvvm_user_search_set_query(f.vm, "Ma"));
    pump_for_ms(DEBOUNCE_MS + 100);
    PUMP_UNTIL(get_flag(mvvm_user_search_get_is_searching, f.vm) == 0, HARNESS_PUMP_BUDGET);
    pump_until_idle(5);
    CHECK_EQ(f.error.calls, 1);
    CHECK(!error_is_null(f.vm));
    teardown(&f);
}

static void test_destroying_the_search_during_a_search_lands_nothing(void) {
    fixture f;
    setup(&f, 100, -1);
    CHECK_OK(mvvm_user_search_set_query(f.vm, "an"));
    PUMP_UNTIL(f.searching.calls == 1, HARNESS_PUMP_BUDGET);
    CHECK_OK(mvvm_object_destroy(f.vm));
    recorder *all[] = {&f.query, &f.searching, &f.empty, &f.error, &f.count, &f.more, &f.rows, &f.selected};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK_EQ(all[i]->destroyed, 1);
    pump_for_ms(200);
    pump_until_idle(5);
    CHECK_EQ(f.rows.calls, 0);
    CHECK_EQ(f.searching.calls, 1);
    CHECK_STATUS(mvvm_user_search_get_count(f.vm, &(int64_t){0}), MVVM_E_INVALID_HANDLE);
    /* Destroyed while only the debounce was pending: nothing either. */
    mvvm_object *vm = NULL;
    recorder searching;
    recorder_reset(&searching);
    CHECK_OK(mvvm_user_search_new(f.repository, &vm));
    CONNECT(vm, "notify::is-searching", on_int32, &searching);
    CHECK_OK(mvvm_user_search_set_query(vm, "an"));
    CHECK_OK(mvvm_object_destroy(vm));
    pump_for_ms(DEBOUNCE_MS + 100);
    CHECK_EQ(searching.calls, 0);
    CHECK_EQ(searching.destroyed, 1);
    CHECK_OK(mvvm_object_destroy(f.repository));
}

static void test_the_search_keeps_its_repository_alive_and_rows_are_borrowed(void) {
    fixture f;
    setup(&f, -1, -1);
    CHECK_OK(mvvm_object_destroy(f.repository));
    search(&f, "an");
    CHECK_EQ(get_count(f.vm), 10);
    mvvm_user first, second;
    CHECK_OK(mvvm_user_search_get_row(f.vm, 0, &first));
    char name[160], email[160];
    snprintf(name, sizeof name, "%s", first.name);
    snprintf(email, sizeof email, "%s", first.email);
    CHECK_OK(mvvm_user_search_get_row(f.vm, 1, &second));
    CHECK(strcmp(second.name, name) != 0 || strcmp(second.email, email) != 0);
    CHECK_OK(mvvm_user_search_get_row(f.vm, 0, &first));
    CHECK_STR_EQ(first.name, name);
    CHECK_STR_EQ(first.email, email);
    /* The query string is copied. */
    char buffer[16] = "Ma";
    CHECK_OK(mvvm_user_search_set_query(f.vm, buffer));
    buffer[0] = 'X';
    const char *query = NULL;
    CHECK_OK(mvvm_user_search_get_query(f.vm, &query));
    CHECK_STR_EQ(query, "Ma");
    CHECK_OK(mvvm_object_destroy(f.vm));
}

int main(void) {
    harness_init();
    RUN_TEST(test_a_new_search_is_empty);
    RUN_TEST(test_the_query_is_searched_only_after_the_debounce);
    RUN_TEST(test_typing_restarts_the_debounce_and_only_the_last_query_is_searched);
    RUN_TEST(test_the_query_is_trimmed_and_an_unchanged_one_searches_nothing);
    RUN_TEST(test_an_empty_query_clears_the_results_without_searching);
    RUN_TEST(test_results_page_like_the_user_list);
    RUN_TEST(test_a_newer_query_supersedes_the_search_under_way);
    RUN_TEST(test_selecting_a_result_emits_user_selected);
    RUN_TEST(test_a_failed_search_shows_its_message_until_dismissed);
    RUN_TEST(test_a_failed_first_search_leaves_no_results);
    RUN_TEST(test_destroying_the_search_during_a_search_lands_nothing);
    RUN_TEST(test_the_search_keeps_its_repository_alive_and_rows_are_borrowed);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
