/* test_coordinator.c: the app coordinator (seed 001): start pushes the user list, selecting a
 * row pushes the user's detail ("user-selected" delivered before that "navigate"), saving pops
 * it and updates the list row in place, back pops; show-search pushes the search over the
 * list, whose selection pushes the detail and saving pops back to the search; screens are
 * handles the coordinator owns. */
#include "harness.h"

/* Records every navigation, and whether a popped handle was already invalid in the handler. */
typedef struct navigation_log {
    int calls;
    int32_t actions[16];
    mvvm_object *screens[16];
    int popped_handle_was_invalid[16];
    int destroyed;
} navigation_log;

static void on_navigate_logged(mvvm_object *coordinator, int32_t action, mvvm_object *screen, void *user_data) {
    (void)coordinator;
    navigation_log *log = user_data;
    if (log->calls >= 16) return;
    log->actions[log->calls] = action;
    log->screens[log->calls] = screen;
    mvvm_type type;
    log->popped_handle_was_invalid[log->calls] = mvvm_object_get_type(screen, &type) == MVVM_E_INVALID_HANDLE;
    log->calls++;
}

static void navigation_log_destroyed(void *user_data) { ((navigation_log *)user_data)->destroyed++; }

typedef struct fixture {
    mvvm_object *repository;
    mvvm_object *coordinator;
    navigation_log navigation;
} fixture;

static void setup(fixture *f) {
    memset(f, 0, sizeof *f);
    f->repository = make_sample_repository(30, 10, -1, -1);
    CHECK_OK(mvvm_coordinator_new(f->repository, &f->coordinator));
    CHECK_OK(mvvm_signal_connect(f->coordinator, "navigate", MVVM_CALLBACK(on_navigate_logged), &f->navigation,
                                 navigation_log_destroyed, NULL));
}

static void teardown(fixture *f) {
    CHECK_OK(mvvm_object_destroy(f->coordinator));
    CHECK_OK(mvvm_object_destroy(f->repository));
    CHECK_EQ(f->navigation.destroyed, 1);
}

static int64_t depth_of(mvvm_object *coordinator) {
    int64_t depth = -1;
    CHECK_OK(mvvm_coordinator_get_depth(coordinator, &depth));
    return depth;
}

static mvvm_object *screen_at(mvvm_object *coordinator, int64_t index) {
    mvvm_object *screen = NULL;
    CHECK_OK(mvvm_coordinator_get_screen(coordinator, index, &screen));
    return screen;
}

static mvvm_type type_of(mvvm_object *object) {
    mvvm_type type = (mvvm_type)0;
    CHECK_OK(mvvm_object_get_type(object, &type));
    return type;
}

/* Loads the list's first page. */
static void load_list(mvvm_object *list, recorder *rows) {
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(rows->calls >= 1, HARNESS_PUMP_BUDGET);
}

static void test_a_new_coordinator_has_no_screens(void) {
    fixture f;
    setup(&f);
    CHECK_EQ(type_of(f.coordinator), MVVM_TYPE_COORDINATOR);
    CHECK_EQ(depth_of(f.coordinator), 0);
    mvvm_object *screen = (mvvm_object *)(uintptr_t)0x1;
    CHECK_STATUS(mvvm_coordinator_get_screen(f.coordinator, 0, &screen), MVVM_E_OUT_OF_RANGE);
    CHECK(screen == (mvvm_object *)(uintptr_t)0x1);
    CHECK_OK(mvvm_coordinator_back(f.coordinator));
    CHECK_EQ(f.navigation.calls, 0);
    teardown(&f);
}

static void test_start_pushes_the_user_list_once(void) {
    fixture f;
    setup(&f);
    CHECK_OK(mvvm_coordinator_start(f.coordinator));
    CHECK_EQ(f.navigation.calls, 1); /* at the end of the command */
    CHECK_EQ(f.navigation.actions[0], MVVM_NAVIGATION_PUSH);
    mvvm_object *list = f.navigation.screens[0];
    CHECK(list != NULL);
    CHECK_EQ(type_of(list), MVVM_TYPE_USER_LIST);
    CHECK_EQ(depth_of(f.coordinator), 1);
    CHECK(screen_at(f.coordinator, 0) == list);
    CHECK_STATUS(mvvm_coordinator_get_screen(f.coordinator, 1, &(mvvm_object *){NULL}), MVVM_E_OUT_OF_RANGE);
    CHECK_STATUS(mvvm_coordinator_get_screen(f.coordinator, -1, &(mvvm_object *){NULL}), MVVM_E_OUT_OF_RANGE);
    /* Later starts do nothing; back never pops the root. */
    CHECK_OK(mvvm_coordinator_start(f.coordinator));
    CHECK_OK(mvvm_coordinator_back(f.coordinator));
    CHECK_EQ(f.navigation.calls, 1);
    CHECK_EQ(depth_of(f.coordinator), 1);
    CHECK(handle_is_live(list));
    teardown(&f);
}

static void test_screens_are_owned_by_the_coordinator(void) {
    fixture f;
    setup(&f);
    CHECK_OK(mvvm_coordinator_start(f.coordinator));
    mvvm_object *list = screen_at(f.coordinator, 0);
    CHECK_STATUS(mvvm_object_destroy(list), MVVM_E_STATE);
    CHECK(handle_is_live(list));
    /* The host still uses the screen normally. */
    recorder rows;
    recorder_reset(&rows);
    CONNECT(list, "rows-changed", on_changes, &rows);
    load_list(list, &rows);
    CHECK_CHANGE(&rows, 0, MVVM_LIST_RESET, 0, 10);
    /* Destroying the coordinator frees its screens (and their connections). */
    CHECK_OK(mvvm_object_destroy(f.coordinator));
    CHECK(!handle_is_live(list));
    CHECK_EQ(rows.destroyed, 1);
    CHECK_EQ(f.navigation.destroyed, 1);
    CHECK_OK(mvvm_object_destroy(f.repository));
}

static void test_the_whole_flow_select_edit_save_and_back(void) {
    fixture f;
    setup(&f);
    CHECK_OK(mvvm_coordinator_start(f.coordinator));
    mvvm_object *list = screen_at(f.coordinator, 0);
    recorder rows, selected;
    recorder_reset(&rows);
    recorder_reset(&selected);
    CONNECT(list, "rows-changed", on_changes, &rows);
    CONNECT(list, "user-selected", on_int64, &selected);
    load_list(list, &rows);

    /* Selecting row 2 pushes the detail of user 3, within the same command. */
    CHECK_OK(mvvm_user_list_did_select_row(list, 2));
    CHECK_EQ(selected.calls, 1);
    CHECK_EQ(selected.value, 3);
    CHECK_EQ(f.navigation.calls, 2);
    CHECK_EQ(f.navigation.actions[1], MVVM_NAVIGATION_PUSH);
    mvvm_object *detail = f.navigation.screens[1];
    CHECK_EQ(type_of(detail), MVVM_TYPE_USER_DETAIL);
    CHECK_EQ(depth_of(f.coordinator), 2);
    CHECK(screen_at(f.coordinator, 1) == detail);
    CHECK(screen_at(f.coordinator, 0) == list);
    CHECK_STATUS(mvvm_object_destroy(detail), MVVM_E_STATE);

    /* Only the visible list navigates: a second selection under the detail is ignored. */
    CHECK_OK(mvvm_user_list_did_select_row(list, 4));
    CHECK_EQ(f.navigation.calls, 2);
    CHECK_EQ(depth_of(f.coordinator), 2);

    /* Edit and save. */
    recorder user, did_save;
    recorder_reset(&user);
    recorder_reset(&did_save);
    CONNECT(detail, "notify::user", on_user, &user);
    CONNECT(detail, "did-save", on_user, &did_save);
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    PUMP_UNTIL(user.calls >= 1, HARNESS_PUMP_BUDGET);
    CHECK_EQ(user.user_id, 3);
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Renamed User"));
    CHECK_OK(mvvm_user_detail_save(detail));
    size_t sets_before = rows.change_sets;
    PUMP_UNTIL(f.navigation.calls == 3, HARNESS_PUMP_BUDGET);

    /* did-save reached the host, then the detail was popped: the pop carries the handle,
     * already invalid. */
    CHECK_EQ(did_save.calls, 1);
    CHECK_STR_EQ(did_save.text, "Renamed User");
    CHECK_EQ(f.navigation.actions[2], MVVM_NAVIGATION_POP);
    CHECK(f.navigation.screens[2] == detail);
    CHECK(f.navigation.popped_handle_was_invalid[2]);
    CHECK(!handle_is_live(detail));
    CHECK_STATUS(mvvm_user_detail_save(detail), MVVM_E_INVALID_HANDLE);
    CHECK_EQ(user.destroyed, 1);
    CHECK_EQ(did_save.destroyed, 1);
    CHECK_EQ(depth_of(f.coordinator), 1);

    /* The list row was updated in place: one UPDATE of row 2, no reload. */
    CHECK_EQ(rows.change_sets, sets_before + 1);
    CHECK_CHANGE(&rows, rows.change_count - 1, MVVM_LIST_UPDATE, 2, 1);
    mvvm_user row;
    CHECK_OK(mvvm_user_list_get_row(list, 2, &row));
    CHECK_EQ(row.id, 3);
    CHECK_STR_EQ(row.name, "Renamed User");
    int64_t count = 0;
    CHECK_OK(mvvm_user_list_get_count(list, &count));
    CHECK_EQ(count, 10);

    /* Select another user, then go back without saving. */
    CHECK_OK(mvvm_user_list_did_select_row(list, 5));
    CHECK_EQ(f.navigation.calls, 4);
    mvvm_object *second = f.navigation.screens[3];
    CHECK(second != detail); /* a fresh handle; the popped one stays invalid */
    CHECK(!handle_is_live(detail));
    CHECK_EQ(type_of(second), MVVM_TYPE_USER_DETAIL);
    recorder second_user;
    recorder_reset(&second_user);
    CONNECT(second, "notify::user", on_user, &second_user);
    CHECK_OK(mvvm_coordinator_back(f.coordinator));
    CHECK_EQ(f.navigation.calls, 5);
    CHECK_EQ(f.navigation.actions[4], MVVM_NAVIGATION_POP);
    CHECK(f.navigation.screens[4] == second);
    CHECK(f.navigation.popped_handle_was_invalid[4]);
    CHECK(!handle_is_live(second));
    CHECK_EQ(second_user.destroyed, 1);
    CHECK_EQ(depth_of(f.coordinator), 1);
    CHECK_EQ(rows.change_sets, sets_before + 1); /* nothing saved, nothing updated */
    teardown(&f);
    CHECK_EQ(rows.destroyed, 1);
    CHECK_EQ(selected.destroyed, 1);
}

static int detail_is_loaded(void *detail) {
    int32_t loaded = 0;
    mvvm_user user;
    return mvvm_user_detail_get_user(detail, &loaded, &user) == MVVM_OK && loaded;
}

static void test_did_save_reaches_a_host_that_listens_only_to_it(void) {
    /* The detail's save both emits did-save and makes the coordinator pop (destroy) that very
     * screen, in one delivery: the event must still reach the host first. */
    fixture f;
    setup(&f);
    CHECK_OK(mvvm_coordinator_start(f.coordinator));
    mvvm_object *list = screen_at(f.coordinator, 0);
    recorder rows;
    recorder_reset(&rows);
    CONNECT(list, "rows-changed", on_changes, &rows);
    load_list(list, &rows);
    CHECK_OK(mvvm_user_list_did_select_row(list, 1));
    mvvm_object *detail = screen_at(f.coordinator, 1);
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    REQUIRE(pump_until(detail_is_loaded, detail, HARNESS_PUMP_BUDGET));
    recorder did_save;
    recorder_reset(&did_save);
    CONNECT(detail, "did-save", on_user, &did_save);
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Only Did Save"));
    CHECK_OK(mvvm_user_detail_save(detail));
    PUMP_UNTIL(f.navigation.calls == 3, HARNESS_PUMP_BUDGET);
    CHECK_EQ(did_save.calls, 1);
    CHECK_EQ(did_save.user_id, 2);
    CHECK_STR_EQ(did_save.text, "Only Did Save");
    CHECK(did_save.object == detail);
    CHECK_EQ(did_save.destroyed, 1);
    CHECK(!handle_is_live(detail));
    teardown(&f);
}

static void test_a_failed_save_stays_on_the_detail(void) {
    fixture f;
    memset(&f, 0, sizeof f);
    /* Repository calls: 1 = list page, 2 = detail load, 3 = save (fails). */
    f.repository = make_sample_repository(30, 10, -1, 3);
    CHECK_OK(mvvm_coordinator_new(f.repository, &f.coordinator));
    CHECK_OK(mvvm_signal_connect(f.coordinator, "navigate", MVVM_CALLBACK(on_navigate_logged), &f.navigation,
                                 navigation_log_destroyed, NULL));
    CHECK_OK(mvvm_coordinator_start(f.coordinator));
    mvvm_object *list = screen_at(f.coordinator, 0);
    recorder rows;
    recorder_reset(&rows);
    CONNECT(list, "rows-changed", on_changes, &rows);
    load_list(list, &rows);
    CHECK_OK(mvvm_user_list_did_select_row(list, 0));
    mvvm_object *detail = screen_at(f.coordinator, 1);
    recorder user, error;
    recorder_reset(&user);
    recorder_reset(&error);
    CONNECT(detail, "notify::user", on_user, &user);
    CONNECT(detail, "notify::error-message", on_string, &error);
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    PUMP_UNTIL(user.calls >= 1, HARNESS_PUMP_BUDGET);
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Never Stored"));
    CHECK_OK(mvvm_user_detail_save(detail));
    PUMP_UNTIL(error.calls >= 1 && !error.string_was_null, HARNESS_PUMP_BUDGET);
    pump_until_idle(5);
    CHECK_EQ(f.navigation.calls, 2); /* no pop */
    CHECK_EQ(depth_of(f.coordinator), 2);
    CHECK(handle_is_live(detail));
    CHECK_EQ(rows.change_sets, 1);
    teardown(&f);
}

static void test_the_coordinator_keeps_its_repository_alive(void) {
    fixture f;
    setup(&f);
    CHECK_OK(mvvm_object_destroy(f.repository));
    CHECK_OK(mvvm_coordinator_start(f.coordinator));
    mvvm_object *list = screen_at(f.coordinator, 0);
    recorder rows;
    recorder_reset(&rows);
    CONNECT(list, "rows-changed", on_changes, &rows);
    load_list(list, &rows);
    CHECK_CHANGE(&rows, 0, MVVM_LIST_RESET, 0, 10);
    CHECK_OK(mvvm_object_destroy(f.coordinator));
    CHECK_EQ(f.navigation.destroyed, 1);
}

static void destroy_coordinator_on_push(mvvm_object *coordinator, int32_t action, mvvm_object *screen, void *user_data) {
    (void)action;
    (void)screen;
    *(mvvm_status *)user_data = mvvm_object_destroy(coordinator);
}

static void test_a_navigate_handler_may_destroy_the_coordinator(void) {
    fixture f;
    setup(&f);
    mvvm_status status = MVVM_E_SYSTEM;
    CHECK_OK(mvvm_signal_connect(f.coordinator, "navigate", MVVM_CALLBACK(destroy_coordinator_on_push), &status, NULL, NULL));
    CHECK_OK(mvvm_coordinator_start(f.coordinator));
    CHECK_EQ(status, MVVM_OK);
    CHECK(!handle_is_live(f.coordinator));
    CHECK(!handle_is_live(f.navigation.screens[0]));
    CHECK_EQ(f.navigation.destroyed, 1);
    CHECK_OK(mvvm_object_destroy(f.repository));
}

/* ------------------------------------------------------------------------------------------
 * The order of a selection and its push
 * ---------------------------------------------------------------------------------------- */

/* One log for the screens' "user-selected" and the coordinator's "navigate", in arrival order. */
typedef struct order_log {
    int count;
    char kinds[16];         /* 's' selected, 'p' push, 'o' pop */
    int64_t values[16];     /* the selected id; the depth seen by the navigate handler */
    mvvm_object *coordinator;
} order_log;

static void order_selected(mvvm_object *screen, int64_t id, void *user_data) {
    (void)screen;
    order_log *log = user_data;
    if (log->count >= 16) return;
    log->kinds[log->count] = 's';
    log->values[log->count] = id;
    log->count++;
}

static void order_navigate(mvvm_object *coordinator, int32_t action, mvvm_object *screen, void *user_data) {
    (void)screen;
    order_log *log = user_data;
    if (log->count >= 16) return;
    int64_t depth = -1;
    CHECK_OK(mvvm_coordinator_get_depth(coordinator, &depth));
    log->kinds[log->count] = action == MVVM_NAVIGATION_PUSH ? 'p' : action == MVVM_NAVIGATION_POP ? 'o' : '?';
    log->values[log->count] = depth;
    log->count++;
}

static void test_user_selected_is_delivered_before_the_push_it_causes(void) {
    fixture f;
    setup(&f);
    order_log log;
    memset(&log, 0, sizeof log);
    /* The host connects to navigate before it even starts, and to user-selected only later:
     * connection order must not matter, the selection comes first. */
    CHECK_OK(mvvm_signal_connect(f.coordinator, "navigate", MVVM_CALLBACK(order_navigate), &log, NULL, NULL));
    CHECK_OK(mvvm_coordinator_start(f.coordinator));
    REQUIRE(log.count == 1);
    CHECK_EQ(log.kinds[0], 'p');
    mvvm_object *list = screen_at(f.coordinator, 0);
    recorder rows;
    recorder_reset(&rows);
    CONNECT(list, "rows-changed", on_changes, &rows);
    CHECK_OK(mvvm_signal_connect(list, "user-selected", MVVM_CALLBACK(order_selected), &log, NULL, NULL));
    load_list(list, &rows);

    CHECK_OK(mvvm_user_list_did_select_row(list, 6));
    /* Both within the command, selection first, then the push (of the stack already grown). */
    REQUIRE(log.count == 3);
    CHECK_EQ(log.kinds[1], 's');
    CHECK_EQ(log.values[1], 7);
    CHECK_EQ(log.kinds[2], 'p');
    CHECK_EQ(log.values[2], 2);
    CHECK_EQ(f.navigation.calls, 2);

    /* The same through the search: list -> search -> (select) detail. */
    CHECK_OK(mvvm_coordinator_back(f.coordinator));
    CHECK_EQ(log.count, 4);
    CHECK_EQ(log.kinds[3], 'o');
    CHECK_OK(mvvm_coordinator_show_search(f.coordinator));
    REQUIRE(log.count == 5);
    CHECK_EQ(log.kinds[4], 'p');
    mvvm_object *search = screen_at(f.coordinator, 1);
    CHECK_EQ(type_of(search), MVVM_TYPE_USER_SEARCH);
    recorder results;
    recorder_reset(&results);
    CONNECT(search, "rows-changed", on_changes, &results);
    CHECK_OK(mvvm_signal_connect(search, "user-selected", MVVM_CALLBACK(order_selected), &log, NULL, NULL));
    CHECK_OK(mvvm_user_search_set_query(search, "a"));
    PUMP_UNTIL(results.calls >= 1, HARNESS_PUMP_BUDGET);
    int64_t found = 0;
    CHECK_OK(mvvm_user_search_get_count(search, &found));
    REQUIRE(found > 0);
    mvvm_user first;
    CHECK_OK(mvvm_user_search_get_row(search, 0, &first));
    int64_t first_id = first.id;
    CHECK_OK(mvvm_user_search_did_select_row(search, 0));
    REQUIRE(log.count == 7);
    CHECK_EQ(log.kinds[5], 's');
    CHECK_EQ(log.values[5], first_id);
    CHECK_EQ(log.kinds[6], 'p');
    CHECK_EQ(log.values[6], 3);
    CHECK_EQ(type_of(screen_at(f.coordinator, 2)), MVVM_TYPE_USER_DETAIL);
    teardown(&f);
}

/* ------------------------------------------------------------------------------------------
 * The search
 * ---------------------------------------------------------------------------------------- */

static void test_show_search_pushes_the_search_only_over_the_list(void) {
    fixture f;
    setup(&f);
    /* Before start there is no list: nothing happens. */
    CHECK_OK(mvvm_coordinator_show_search(f.coordinator));
    CHECK_EQ(f.navigation.calls, 0);
    CHECK_EQ(depth_of(f.coordinator), 0);
    CHECK_OK(mvvm_coordinator_start(f.coordinator));
    CHECK_OK(mvvm_coordinator_show_search(f.coordinator));
    CHECK_EQ(f.navigation.calls, 2); /* at the end of the command */
    CHECK_EQ(f.navigation.actions[1], MVVM_NAVIGATION_PUSH);
    mvvm_object *search = f.navigation.screens[1];
    CHECK_EQ(type_of(search), MVVM_TYPE_USER_SEARCH);
    CHECK_EQ(depth_of(f.coordinator), 2);
    CHECK(screen_at(f.coordinator, 1) == search);
    CHECK_STATUS(mvvm_object_destroy(search), MVVM_E_STATE);
    /* Not over the search itself. */
    CHECK_OK(mvvm_coordinator_show_search(f.coordinator));
    CHECK_EQ(f.navigation.calls, 2);
    CHECK_EQ(depth_of(f.coordinator), 2);
    /* Back pops it (its handle invalid by the time navigate reports it); then again. */
    recorder query;
    recorder_reset(&query);
    CONNECT(search, "notify::query", on_string, &query);
    CHECK_OK(mvvm_coordinator_back(f.coordinator));
    CHECK_EQ(f.navigation.calls, 3);
    CHECK_EQ(f.navigation.actions[2], MVVM_NAVIGATION_POP);
    CHECK(f.navigation.screens[2] == search);
    CHECK(f.navigation.popped_handle_was_invalid[2]);
    CHECK(!handle_is_live(search));
    CHECK_EQ(query.destroyed, 1);
    CHECK_OK(mvvm_coordinator_show_search(f.coordinator));
    CHECK_EQ(f.navigation.calls, 4);
    CHECK(f.navigation.screens[3] != search);
    CHECK_EQ(type_of(f.navigation.screens[3]), MVVM_TYPE_USER_SEARCH);
    /* Not over a detail. */
    CHECK_OK(mvvm_coordinator_back(f.coordinator));
    mvvm_object *list = screen_at(f.coordinator, 0);
    recorder rows;
    recorder_reset(&rows);
    CONNECT(list, "rows-changed", on_changes, &rows);
    load_list(list, &rows);
    CHECK_OK(mvvm_user_list_did_select_row(list, 0));
    CHECK_EQ(depth_of(f.coordinator), 2);
    int calls = f.navigation.calls;
    CHECK_OK(mvvm_coordinator_show_search(f.coordinator));
    CHECK_EQ(f.navigation.calls, calls);
    CHECK_EQ(depth_of(f.coordinator), 2);
    CHECK_EQ(type_of(screen_at(f.coordinator, 1)), MVVM_TYPE_USER_DETAIL);
    teardown(&f);
}

static void test_list_search_detail_and_saving_pops_back_to_the_search(void) {
    fixture f;
    setup(&f);
    CHECK_OK(mvvm_coordinator_start(f.coordinator));
    mvvm_object *list = screen_at(f.coordinator, 0);
    recorder rows;
    recorder_reset(&rows);
    CONNECT(list, "rows-changed", on_changes, &rows);
    load_list(list, &rows);
    CHECK_OK(mvvm_coordinator_show_search(f.coordinator));
    mvvm_object *search = screen_at(f.coordinator, 1);
    recorder results, selected;
    recorder_reset(&results);
    recorder_reset(&selected);
    CONNECT(search, "rows-changed", on_changes, &results);
    CONNECT(search, "user-selected", on_int64, &selected);

    /* Search for the name of the list's row 3 (user 4): it is among the results. */
    mvvm_user row;
    CHECK_OK(mvvm_user_list_get_row(list, 3, &row));
    REQUIRE(row.id == 4);
    char name[128];
    snprintf(name, sizeof name, "%s", row.name);
    CHECK_OK(mvvm_user_search_set_query(search, name));
    PUMP_UNTIL(results.calls >= 1, HARNESS_PUMP_BUDGET);
    int64_t found = 0, index = -1;
    CHECK_OK(mvvm_user_search_get_count(search, &found));
    for (int64_t i = 0; i < found; i++) {
        mvvm_user user;
        CHECK_OK(mvvm_user_search_get_row(search, i, &user));
        if (user.id == 4) index = i;
    }
    REQUIRE(index >= 0);

    /* A selection on the covered list navigates nowhere. */
    CHECK_OK(mvvm_user_list_did_select_row(list, 0));
    CHECK_EQ(f.navigation.calls, 2);
    CHECK_EQ(depth_of(f.coordinator), 2);

    /* Selecting the result pushes the detail of user 4. */
    CHECK_OK(mvvm_user_search_did_select_row(search, index));
    CHECK_EQ(selected.calls, 1);
    CHECK_EQ(selected.value, 4);
    CHECK_EQ(f.navigation.calls, 3);
    CHECK_EQ(f.navigation.actions[2], MVVM_NAVIGATION_PUSH);
    mvvm_object *detail = f.navigation.screens[2];
    CHECK_EQ(type_of(detail), MVVM_TYPE_USER_DETAIL);
    CHECK_EQ(depth_of(f.coordinator), 3);
    /* The covered search does not navigate either. */
    CHECK_OK(mvvm_user_search_did_select_row(search, index));
    CHECK_EQ(selected.calls, 2);
    CHECK_EQ(f.navigation.calls, 3);

    /* Save: the detail pops back to the search, and the list row is updated in place. */
    recorder user;
    recorder_reset(&user);
    CONNECT(detail, "notify::user", on_user, &user);
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    PUMP_UNTIL(user.calls >= 1, HARNESS_PUMP_BUDGET);
    CHECK_EQ(user.user_id, 4);
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Found And Renamed"));
    size_t sets_before = rows.change_sets;
    CHECK_OK(mvvm_user_detail_save(detail));
    PUMP_UNTIL(f.navigation.calls == 4, HARNESS_PUMP_BUDGET);
    CHECK_EQ(f.navigation.actions[3], MVVM_NAVIGATION_POP);
    CHECK(f.navigation.screens[3] == detail);
    CHECK(f.navigation.popped_handle_was_invalid[3]);
    CHECK_EQ(depth_of(f.coordinator), 2);
    CHECK(screen_at(f.coordinator, 1) == search);
    CHECK(handle_is_live(search));
    CHECK_EQ(rows.change_sets, sets_before + 1);
    CHECK_CHANGE(&rows, rows.change_count - 1, MVVM_LIST_UPDATE, 3, 1);
    CHECK_OK(mvvm_user_list_get_row(list, 3, &row));
    CHECK_STR_EQ(row.name, "Found And Renamed");
    /* The search result showing the user is updated in place too. */
    CHECK_CHANGE(&results, results.change_count - 1, MVVM_LIST_UPDATE, index, 1);
    mvvm_user result = {0, NULL, NULL};
    CHECK_OK(mvvm_user_search_get_row(search, index, &result));
    CHECK_EQ(result.id, 4);
    CHECK_STR_EQ(result.name, "Found And Renamed");

    /* Back to the list. */
    CHECK_OK(mvvm_coordinator_back(f.coordinator));
    CHECK_EQ(f.navigation.calls, 5);
    CHECK(f.navigation.screens[4] == search);
    CHECK(!handle_is_live(search));
    CHECK_EQ(depth_of(f.coordinator), 1);
    CHECK_EQ(results.destroyed, 1);
    CHECK_EQ(selected.destroyed, 1);
    teardown(&f);
}

int main(void) {
    harness_init();
    RUN_TEST(test_a_new_coordinator_has_no_screens);
    RUN_TEST(test_start_pushes_the_user_list_once);
    RUN_TEST(test_screens_are_owned_by_the_coordinator);
    RUN_TEST(test_the_whole_flow_select_edit_save_and_back);
    RUN_TEST(test_did_save_reaches_a_host_that_listens_only_to_it);
    RUN_TEST(test_a_failed_save_stays_on_the_detail);
    RUN_TEST(test_the_coordinator_keeps_its_repository_alive);
    RUN_TEST(test_a_navigate_handler_may_destroy_the_coordinator);
    RUN_TEST(test_user_selected_is_delivered_before_the_push_it_causes);
    RUN_TEST(test_show_search_pushes_the_search_only_over_the_list);
    RUN_TEST(test_list_search_detail_and_saving_pops_back_to_the_search);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
