/* test_user_list.c: the paged user list (seed 000) through the C API: first page, paging with
 * prefetch and insert ranges, refresh (reset, cancelling the load under way), selection,
 * errors and their dismissal, destruction during a load. */
#include "harness.h"

typedef struct fixture {
    mvvm_object *repository;
    mvvm_object *vm;
    recorder loading, error, count, has_more, rows, selected;
} fixture;

/* A list over `users` users in pages of 10. */
static void setup(fixture *f, int64_t users, int32_t latency_ms, int32_t fail_every_nth) {
    memset(f, 0, sizeof *f);
    f->repository = make_sample_repository(users, 10, latency_ms, fail_every_nth);
    CHECK_OK(mvvm_user_list_new(f->repository, &f->vm));
    CONNECT(f->vm, "notify::loading", on_int32, &f->loading);
    CONNECT(f->vm, "notify::error-message", on_string, &f->error);
    CONNECT(f->vm, "notify::count", on_int64, &f->count);
    CONNECT(f->vm, "notify::has-more-pages", on_int32, &f->has_more);
    CONNECT(f->vm, "rows-changed", on_changes, &f->rows);
    CONNECT(f->vm, "user-selected", on_int64, &f->selected);
}

static void teardown(fixture *f) {
    CHECK_OK(mvvm_object_destroy(f->vm));
    CHECK_OK(mvvm_object_destroy(f->repository));
    recorder *all[] = {&f->loading, &f->error, &f->count, &f->has_more, &f->rows, &f->selected};
    for (size_t i = 0; i < 6; i++) CHECK_EQ(all[i]->destroyed, 1);
}

static int64_t get_count(mvvm_object *vm) {
    int64_t count = -1;
    CHECK_OK(mvvm_user_list_get_count(vm, &count));
    return count;
}

static int32_t get_loading(mvvm_object *vm) {
    int32_t loading = -1;
    CHECK_OK(mvvm_user_list_get_loading(vm, &loading));
    return loading;
}

/* Waits for the load under way to finish (notify::loading back to NONE). */
static void finish_load(fixture *f) { PUMP_UNTIL(f->loading.calls > 0 && f->loading.value == MVVM_LOADING_NONE, HARNESS_PUMP_BUDGET); }

static void load_first_page(fixture *f) {
    CHECK_OK(mvvm_user_list_on_appear(f->vm));
    finish_load(f);
}

static void test_a_new_list_is_empty_and_idle(void) {
    fixture f;
    setup(&f, 45, -1, -1);
    mvvm_type type;
    CHECK_OK(mvvm_object_get_type(f.vm, &type));
    CHECK_EQ(type, MVVM_TYPE_USER_LIST);
    CHECK_EQ(get_count(f.vm), 0);
    CHECK_EQ(get_loading(f.vm), MVVM_LOADING_NONE);
    int32_t has_more = -1;
    CHECK_OK(mvvm_user_list_get_has_more_pages(f.vm, &has_more));
    CHECK_EQ(has_more, 1); /* unknown until the first page: assume more */
    const char *message = (const char *)(uintptr_t)1;
    CHECK_OK(mvvm_user_list_get_error_message(f.vm, &message));
    CHECK(message == NULL);
    mvvm_user user = {77, NULL, NULL};
    CHECK_STATUS(mvvm_user_list_get_row(f.vm, 0, &user), MVVM_E_OUT_OF_RANGE);
    CHECK_EQ(user.id, 77);
    teardown(&f);
}

static void test_on_appear_loads_the_first_page(void) {
    fixture f;
    setup(&f, 45, -1, -1);
    CHECK_OK(mvvm_user_list_on_appear(f.vm));
    /* The spinner shows at once, at the end of the command. */
    CHECK_EQ(f.loading.calls, 1);
    CHECK_EQ(f.loading.value, MVVM_LOADING_FULL_SCREEN);
    CHECK_EQ(get_loading(f.vm), MVVM_LOADING_FULL_SCREEN);
    CHECK_EQ(f.rows.calls, 0);
    finish_load(&f);
    CHECK_EQ(f.loading.calls, 2);
    CHECK_EQ(f.rows.change_sets, 1);
    CHECK_EQ(f.rows.change_count, 1);
    CHECK_CHANGE(&f.rows, 0, MVVM_LIST_RESET, 0, 10);
    CHECK_EQ(f.count.calls, 1);
    CHECK_EQ(f.count.value, 10);
    /* "has-more-pages" starts at 1 and stays 1: a notification means a change, so none. */
    CHECK_EQ(f.has_more.calls, 0);
    int32_t has_more = -1;
    CHECK_OK(mvvm_user_list_get_has_more_pages(f.vm, &has_more));
    CHECK_EQ(has_more, 1);
    CHECK_EQ(f.error.calls, 0);
    CHECK_EQ(get_count(f.vm), 10);
    for (int64_t i = 0; i < 10; i++) {
        mvvm_user user = {0, NULL, NULL};
        CHECK_OK(mvvm_user_list_get_row(f.vm, i, &user));
        CHECK_EQ(user.id, i + 1);
        CHECK(user.name != NULL && user.name[0] != '\0');
        CHECK(user.email != NULL && strchr(user.email, '@') != NULL);
    }
    /* Appearing again with rows does nothing. */
    CHECK_OK(mvvm_user_list_on_appear(f.vm));
    CHECK_EQ(f.loading.calls, 2);
    pump_until_idle(5);
    CHECK_EQ(f.rows.change_sets, 1);
    teardown(&f);
}

static void test_the_same_seed_gives_the_same_rows(void) {
    fixture a, b;
    setup(&a, 45, -1, -1);
    setup(&b, 45, -1, -1);
    load_first_page(&a);
    load_first_page(&b);
    for (int64_t i = 0; i < 10; i++) {
        mvvm_user ua, ub;
        char name[256];
        CHECK_OK(mvvm_user_list_get_row(a.vm, i, &ua));
        snprintf(name, sizeof name, "%s", ua.name); /* borrowed until the next getter call */
        CHECK_OK(mvvm_user_list_get_row(b.vm, i, &ub));
        CHECK_STR_EQ(ub.name, name);
    }
    teardown(&a);
    teardown(&b);
}

static void test_displaying_rows_near_the_end_loads_the_next_pages(void) {
    fixture f;
    setup(&f, 45, -1, -1);
    load_first_page(&f);
    int before = f.loading.calls;
    /* Rows far from the end load nothing (the prefetch distance is 3 rows). */
    for (int64_t i = 0; i < 7; i++) CHECK_OK(mvvm_user_list_did_display_row(f.vm, i));
    CHECK_EQ(f.loading.calls, before);
    pump_until_idle(3);
    CHECK_EQ(f.rows.change_sets, 1);

    int64_t expected_starts[] = {10, 20, 30, 40};
    int64_t expected_counts[] = {10, 10, 10, 5};
    for (int page = 0; page < 4; page++) {
        int64_t last = expected_starts[page] - 1;
        f.loading.calls = 0;
        CHECK_OK(mvvm_user_list_did_display_row(f.vm, last - 2));
        CHECK_EQ(f.loading.calls, 1);
        CHECK_EQ(f.loading.value, MVVM_LOADING_NEXT_PAGE);
        /* More rows on screen while the page loads start no second load. */
        CHECK_OK(mvvm_user_list_did_display_row(f.vm, last - 1));
        CHECK_OK(mvvm_user_list_did_display_row(f.vm, last));
        CHECK_EQ(f.loading.calls, 1);
        finish_load(&f);
        CHECK_EQ(f.rows.change_sets, (size_t)page + 2);
        CHECK_EQ(f.rows.last_set_size, 1);
        CHECK_CHANGE(&f.rows, (size_t)page + 1, MVVM_LIST_INSERT, expected_starts[page], expected_counts[page]);
        CHECK_EQ(f.count.value, expected_starts[page] + expected_counts[page]);
    }
    CHECK_EQ(get_count(f.vm), 45);
    CHECK_EQ(f.has_more.calls, 1); /* 1 -> 0 once, with the last page */
    CHECK_EQ(f.has_more.value, 0);
    int32_t has_more = -1;
    CHECK_OK(mvvm_user_list_get_has_more_pages(f.vm, &has_more));
    CHECK_EQ(has_more, 0);
    /* Nothing after the last page. */
    f.loading.calls = 0;
    CHECK_OK(mvvm_user_list_did_display_row(f.vm, 44));
    CHECK_EQ(f.loading.calls, 0);
    /* Every row, in id order. */
    for (int64_t i = 0; i < 45; i++) {
        mvvm_user user;
        CHECK_OK(mvvm_user_list_get_row(f.vm, i, &user));
        CHECK_EQ(user.id, i + 1);
    }
    CHECK_EQ(f.rows.change_sets, 5);
    teardown(&f);
}

static void test_refresh_replaces_the_rows_with_the_first_page(void) {
    fixture f;
    setup(&f, 45, -1, -1);
    load_first_page(&f);
    CHECK_OK(mvvm_user_list_did_display_row(f.vm, 9));
    finish_load(&f);
    CHECK_EQ(get_count(f.vm), 20);
    f.loading.calls = 0;
    CHECK_OK(mvvm_user_list_refresh(f.vm));
    CHECK_EQ(f.loading.value, MVVM_LOADING_FULL_SCREEN);
    /* The rows stay until the first page replaces them. */
    CHECK_EQ(get_count(f.vm), 20);
    finish_load(&f);
    CHECK_EQ(f.rows.change_sets, 3);
    CHECK_CHANGE(&f.rows, 2, MVVM_LIST_RESET, 0, 10);
    CHECK_EQ(f.count.value, 10);
    /* More pages all along (1 -> 1): never notified. */
    CHECK_EQ(f.has_more.calls, 0);
    int32_t has_more = -1;
    CHECK_OK(mvvm_user_list_get_has_more_pages(f.vm, &has_more));
    CHECK_EQ(has_more, 1);
    CHECK_EQ(get_count(f.vm), 10);
    teardown(&f);
}

static void test_refresh_cancels_the_load_under_way(void) {
    fixture f;
    setup(&f, 45, 20, -1); /* each call takes 20 ms: loads overlap */
    load_first_page(&f);
    /* A next-page load, then a refresh before it lands: only the refresh's page lands. */
    CHECK_OK(mvvm_user_list_did_display_row(f.vm, 9));
    CHECK_EQ(f.loading.value, MVVM_LOADING_NEXT_PAGE);
    CHECK_OK(mvvm_user_list_refresh(f.vm));
    CHECK_OK(mvvm_user_list_refresh(f.vm));
    CHECK_EQ(f.loading.value, MVVM_LOADING_FULL_SCREEN);
    finish_load(&f);
    /* Give a superseded load every chance to land (it must not). */
    int32_t dispatched = 0;
    for (int i = 0; i < 4; i++) CHECK_OK(mvvm_run(30, &dispatched));
    CHECK_EQ(f.rows.change_sets, 2);
    CHECK_CHANGE(&f.rows, 1, MVVM_LIST_RESET, 0, 10);
    CHECK_EQ(get_count(f.vm), 10);
    CHECK_EQ(get_loading(f.vm), MVVM_LOADING_NONE);
    CHECK_EQ(f.error.calls, 0);
    teardown(&f);
}

static void test_selecting_a_row_emits_user_selected(void) {
    fixture f;
    setup(&f, 45, -1, -1);
    load_first_page(&f);
    CHECK_OK(mvvm_user_list_did_select_row(f.vm, 4));
    CHECK_EQ(f.selected.calls, 1); /* at the end of the command */
    CHECK_EQ(f.selected.value, 5);
    CHECK(f.selected.object == f.vm);
    CHECK_OK(mvvm_user_list_did_select_row(f.vm, 0));
    CHECK_EQ(f.selected.calls, 2);
    CHECK_EQ(f.selected.value, 1);
    CHECK_STATUS(mvvm_user_list_did_select_row(f.vm, 10), MVVM_E_OUT_OF_RANGE);
    CHECK_STATUS(mvvm_user_list_did_select_row(f.vm, -1), MVVM_E_OUT_OF_RANGE);
    CHECK_EQ(f.selected.calls, 2);
    /* Selecting changes no property. */
    CHECK_EQ(f.rows.change_sets, 1);
    teardown(&f);
}

static void test_a_failed_page_shows_an_error_until_dismissed(void) {
    fixture f;
    setup(&f, 45, -1, 2); /* every 2nd repository call fails: the first page works, the second fails */
    load_first_page(&f);
    CHECK_EQ(get_count(f.vm), 10);
    CHECK_OK(mvvm_user_list_did_display_row(f.vm, 9));
    finish_load(&f);
    CHECK_EQ(f.error.calls, 1);
    CHECK(!f.error.string_was_null);
    CHECK(f.error.text[0] != '\0');
    const char *message = NULL;
    CHECK_OK(mvvm_user_list_get_error_message(f.vm, &message));
    CHECK_STR_EQ(message, f.error.text);
    CHECK_EQ(get_count(f.vm), 10);
    CHECK_EQ(f.rows.change_sets, 1);
    /* While the error shows, scrolling does not retry. */
    f.loading.calls = 0;
    CHECK_OK(mvvm_user_list_did_display_row(f.vm, 9));
    CHECK_EQ(f.loading.calls, 0);
    /* Dismissing clears it; then scrolling loads again (and the 3rd call succeeds). */
    CHECK_OK(mvvm_user_list_dismiss_error(f.vm));
    CHECK_EQ(f.error.calls, 2);
    CHECK(f.error.string_was_null);
    CHECK_OK(mvvm_user_list_get_error_message(f.vm, &message));
    CHECK(message == NULL);
    CHECK_OK(mvvm_user_list_did_display_row(f.vm, 9));
    finish_load(&f);
    CHECK_CHANGE(&f.rows, 1, MVVM_LIST_INSERT, 10, 10);
    CHECK_EQ(get_count(f.vm), 20);
    /* Dismissing again is harmless: still no message, and no notification (NULL -> NULL). */
    int error_calls = f.error.calls;
    CHECK_OK(mvvm_user_list_dismiss_error(f.vm));
    CHECK_EQ(f.error.calls, error_calls);
    CHECK_OK(mvvm_user_list_get_error_message(f.vm, &message));
    CHECK(message == NULL);
    teardown(&f);
}

static void test_a_successful_load_clears_an_earlier_error(void) {
    fixture f;
    setup(&f, 45, -1, 2);
    load_first_page(&f);              /* call 1: fine */
    CHECK_OK(mvvm_user_list_refresh(f.vm)); /* call 2: fails */
    finish_load(&f);
    CHECK_EQ(f.error.calls, 1);
    CHECK(!f.error.string_was_null);
    CHECK_EQ(get_count(f.vm), 10); /* the old rows stay */
    f.loading.calls = 0;
    CHECK_OK(mvvm_user_list_refresh(f.vm)); /* call 3: fine */
    finish_load(&f);
    CHECK_EQ(f.error.calls, 2);
    CHECK(f.error.string_was_null);
    CHECK_CHANGE(&f.rows, 1, MVVM_LIST_RESET, 0, 10);
    teardown(&f);
}

static void test_a_failed_first_page_leaves_the_list_empty(void) {
    fixture f;
    setup(&f, 45, -1, 1); /* every call fails */
    load_first_page(&f);
    CHECK_EQ(get_count(f.vm), 0);
    CHECK_EQ(f.rows.calls, 0);
    CHECK_EQ(f.error.calls, 1);
    CHECK(!f.error.string_was_null);
    teardown(&f);
}

static void test_an_empty_repository_gives_an_empty_list_without_more_pages(void) {
    fixture f;
    setup(&f, 45, -1, -1);
    CHECK_OK(mvvm_object_destroy(f.vm));
    CHECK_OK(mvvm_object_destroy(f.repository));
    memset(&f, 0, sizeof f);
    mvvm_sample_options options;
    CHECK_OK(mvvm_sample_options_init(&options));
    options.user_count = 0;
    options.post_count = 0; /* posts need authors */
    CHECK_OK(mvvm_repository_new_sample(&options, &f.repository));
    CHECK_OK(mvvm_user_list_new(f.repository, &f.vm));
    CONNECT(f.vm, "notify::loading", on_int32, &f.loading);
    CONNECT(f.vm, "notify::error-message", on_string, &f.error);
    CONNECT(f.vm, "notify::count", on_int64, &f.count);
    CONNECT(f.vm, "notify::has-more-pages", on_int32, &f.has_more);
    CONNECT(f.vm, "rows-changed", on_changes, &f.rows);
    CONNECT(f.vm, "user-selected", on_int64, &f.selected);
    load_first_page(&f);
    CHECK_EQ(f.rows.change_sets, 1);
    CHECK_CHANGE(&f.rows, 0, MVVM_LIST_RESET, 0, 0);
    CHECK_EQ(get_count(f.vm), 0);
    CHECK_EQ(f.error.calls, 0);
    int32_t has_more = -1;
    CHECK_OK(mvvm_user_list_get_has_more_pages(f.vm, &has_more));
    CHECK_EQ(has_more, 0);
    CHECK_STATUS(mvvm_user_list_did_display_row(f.vm, 0), MVVM_E_OUT_OF_RANGE);
    teardown(&f);
}

static void test_destroying_the_list_during_a_load_lands_nothing(void) {
    fixture f;
    setup(&f, 45, 20, -1);
    CHECK_OK(mvvm_user_list_on_appear(f.vm));
    CHECK_EQ(f.loading.calls, 1);
    CHECK_OK(mvvm_object_destroy(f.vm));
    recorder *all[] = {&f.loading, &f.error, &f.count, &f.has_more, &f.rows, &f.selected};
    for (size_t i = 0; i < 6; i++) CHECK_EQ(all[i]->destroyed, 1);
    int32_t dispatched = 0;
    for (int i = 0; i < 4; i++) CHECK_OK(mvvm_run(30, &dispatched));
    CHECK_EQ(f.loading.calls, 1);
    CHECK_EQ(f.rows.calls, 0);
    CHECK_STATUS(mvvm_user_list_get_count(f.vm, &(int64_t){0}), MVVM_E_INVALID_HANDLE);
    CHECK_OK(mvvm_object_destroy(f.repository));
}

static void test_the_list_keeps_its_repository_alive(void) {
    fixture f;
    setup(&f, 45, -1, -1);
    CHECK_OK(mvvm_object_destroy(f.repository));
    load_first_page(&f);
    CHECK_EQ(get_count(f.vm), 10);
    CHECK_OK(mvvm_user_list_did_display_row(f.vm, 9));
    finish_load(&f);
    CHECK_EQ(get_count(f.vm), 20);
    CHECK_OK(mvvm_object_destroy(f.vm));
}

static void test_borrowed_row_strings_stay_valid_until_the_next_getter(void) {
    fixture f;
    setup(&f, 45, -1, -1);
    load_first_page(&f);
    mvvm_user first, second;
    CHECK_OK(mvvm_user_list_get_row(f.vm, 0, &first));
    char name[256], email[256];
    snprintf(name, sizeof name, "%s", first.name);
    snprintf(email, sizeof email, "%s", first.email);
    CHECK_OK(mvvm_user_list_get_row(f.vm, 1, &second));
    CHECK(strcmp(second.name, name) != 0 || strcmp(second.email, email) != 0);
    CHECK_OK(mvvm_user_list_get_row(f.vm, 0, &first));
    CHECK_STR_EQ(first.name, name);
    CHECK_STR_EQ(first.email, email);
    teardown(&f);
}

static void test_sample_options_have_the_documented_defaults(void) {
    mvvm_sample_options options;
    memset(&options, 0xA5, sizeof options);
    CHECK_OK(mvvm_sample_options_init(&options));
    CHECK_EQ(options.struct_size, sizeof(mvvm_sample_options));
    CHECK_EQ(options.user_count, 100);
    CHECK_EQ(options.page_size, 20);
    CHECK_EQ(options.post_count, 20);
    CHECK_EQ(options.comments_per_post, 5);
    CHECK_EQ(options.seed, 1);
    CHECK_EQ(options.latency_ms, 0);
    CHECK_EQ(options.fail_every_nth, 0);
    /* NULL options mean the defaults: the same rows as the initialised struct. */
    mvvm_object *from_null = NULL, *from_defaults = NULL, *other_seed = NULL;
    CHECK_OK(mvvm_repository_new_sample(NULL, &from_null));
    CHECK_OK(mvvm_repository_new_sample(&options, &from_defaults));
    options.seed = 2;
    CHECK_OK(mvvm_repository_new_sample(&options, &other_seed));
    mvvm_object *repositories[] = {from_null, from_defaults, other_seed};
    char first_names[3][256];
    int64_t counts[3] = {0, 0, 0};
    for (int i = 0; i < 3; i++) {
        mvvm_object *list = NULL;
        recorder rows;
        recorder_reset(&rows);
        CHECK_OK(mvvm_user_list_new(repositories[i], &list));
        CONNECT(list, "rows-changed", on_changes, &rows);
        CHECK_OK(mvvm_user_list_on_appear(list));
        PUMP_UNTIL(rows.calls == 1, HARNESS_PUMP_BUDGET);
        counts[i] = get_count(list);
        mvvm_user user = {0, "", ""};
        CHECK_OK(mvvm_user_list_get_row(list, 0, &user));
        snprintf(first_names[i], sizeof first_names[i], "%s", user.name);
        CHECK_OK(mvvm_object_destroy(list));
        CHECK_OK(mvvm_object_destroy(repositories[i]));
    }
    CHECK_EQ(counts[0], 20); /* one page of the default size */
    CHECK_EQ(counts[1], 20);
    CHECK_STR_EQ(first_names[0], first_names[1]);
    /* Another seed, other data (the first of 20 names differing is all but certain). */
    CHECK(strcmp(first_names[0], first_names[2]) != 0);
}

int main(void) {
    harness_init();
    RUN_TEST(test_a_new_list_is_empty_and_idle);
    RUN_TEST(test_on_appear_loads_the_first_page);
    RUN_TEST(test_the_same_seed_gives_the_same_rows);
    RUN_TEST(test_displaying_rows_near_the_end_loads_the_next_pages);
    RUN_TEST(test_refresh_replaces_the_rows_with_the_first_page);
    RUN_TEST(test_refresh_cancels_the_load_under_way);
    RUN_TEST(test_selecting_a_row_emits_user_selected);
    RUN_TEST(test_a_failed_page_shows_an_error_until_dismissed);
    RUN_TEST(test_a_successful_load_clears_an_earlier_error);
    RUN_TEST(test_a_failed_first_page_leaves_the_list_empty);
    RUN_TEST(test_an_empty_repository_gives_an_empty_list_without_more_pages);
    RUN_TEST(test_destroying_the_list_during_a_load_lands_nothing);
    RUN_TEST(test_the_list_keeps_its_repository_alive);
    RUN_TEST(test_borrowed_row_strings_stay_valid_until_the_next_getter);
    RUN_TEST(test_sample_options_have_the_documented_defaults);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
