/* test_host_repository.c: repositories implemented by the host (mvvm_repository_new_host):
 * the runtime calls the host's function tables on the host thread and the host answers each
 * mvvm_request at once, later from the loop, or from another thread; failures show the
 * host's message; requests nobody waits for are cancelled (refresh, destroy, shutdown, a
 * superseded search); answers are checked (twice, after cancel, wrong type, bad strings);
 * the destroy notifier runs exactly once. The user table's sizes: sizeof and the 0.1 size
 * (before search_users) are accepted; a table without search_users fails searches with a
 * message the search shows. */
#include "harness.h"

#include <pthread.h>

/* ------------------------------------------------------------------------------------------
 * A fake host repository: records every call and answers now or later.
 * ---------------------------------------------------------------------------------------- */

enum call_kind {
    CALL_FETCH_USERS = 1, CALL_FETCH_USER, CALL_UPDATE_USER, CALL_FETCH_POST, CALL_FETCH_COMMENTS, CALL_SET_LIKED,
    CALL_SEARCH_USERS,
};

#define MAX_CALLS 64
#define PAGE_SIZE 3
#define TOTAL_PAGES 3

typedef struct host_call {
    int kind;
    mvvm_request *request;
    int64_t argument; /* page, user id or post id */
    int32_t liked;
    char name[64];    /* update_user: the borrowed user's name; search_users: the query (copied during the call) */
} host_call;

typedef struct host {
    int answer_now;              /* answer inside the vtable call */
    mvvm_status inline_status;   /* what the last answer inside a call returned */
    host_call calls[MAX_CALLS];
    int call_count;
    mvvm_request *cancelled[MAX_CALLS];
    int user_cancels;
    int post_cancels;
    int destroyed;
    mvvm_object *touch_on_destroy; /* the notifier adds to this sorted-integers object, if set */
    mvvm_status touch_status;
    int64_t likes;
    int32_t liked;
} host;

static void host_reset(host *h) { memset(h, 0, sizeof *h); h->likes = 10; }

static host_call *record_call(host *h, int kind, mvvm_request *request, int64_t argument) {
    if (h->call_count >= MAX_CALLS) {
        harness_report(__FILE__, __LINE__, "too many host calls", NULL);
        return &h->calls[MAX_CALLS - 1];
    }
    host_call *call = &h->calls[h->call_count++];
    memset(call, 0, sizeof *call);
    call->kind = kind;
    call->request = request;
    call->argument = argument;
    return call;
}

/* The latest call of `kind`, or NULL. */
static host_call *last_call(host *h, int kind) {
    for (int i = h->call_count - 1; i >= 0; i--) {
        if (h->calls[i].kind == kind) return &h->calls[i];
    }
    return NULL;
}

static int count_calls(host *h, int kind) {
    int n = 0;
    for (int i = 0; i < h->call_count; i++) n += h->calls[i].kind == kind;
    return n;
}

/* Names and e-mails of generated users live here while an answer is built. */
typedef struct user_rows {
    mvvm_user users[PAGE_SIZE];
    char names[PAGE_SIZE][32];
    char emails[PAGE_SIZE][48];
} user_rows;

static void fill_user(mvvm_user *user, char *name, char *email, int64_t id) {
    snprintf(name, 32, "User %" PRId64, id);
    snprintf(email, 48, "user%" PRId64 "@example.com", id);
    user->id = id;
    user->name = name;
    user->email = email;
}

static mvvm_status answer_users(mvvm_request *request, int64_t page) {
    user_rows rows;
    for (int i = 0; i < PAGE_SIZE; i++) {
        fill_user(&rows.users[i], rows.names[i], rows.emails[i], (page - 1) * PAGE_SIZE + i + 1);
    }
    return mvvm_request_resolve_user_page(request, rows.users, PAGE_SIZE, page, TOTAL_PAGES);
}

static mvvm_status answer_user(mvvm_request *request, int64_t id) {
    char name[32], email[48];
    mvvm_user user;
    fill_user(&user, name, email, id);
    return mvvm_request_resolve_user(request, &user);
}

static mvvm_status answer_post(host *h, mvvm_request *request, int64_t id) {
    char title[32];
    snprintf(title, sizeof title, "Post %" PRId64, id);
    mvvm_post post = {
        .id = id, .title = title, .body = "The body.", .author_name = "Grace Hopper",
        .created_at = 1700000000.0, .likes_count = h->likes, .liked_by_current_user = h->liked,
        .comments_count = 2,
    };
    return mvvm_request_resolve_post(request, &post);
}

static mvvm_status answer_comments(mvvm_request *request) {
    mvvm_comment comments[2] = {
        {.id = 7, .author_name = "Ada", .body = "First!"},
        {.id = 8, .author_name = "Alan", .body = "Second."},
    };
    return mvvm_request_resolve_comments(request, comments, 2);
}

static void host_fetch_users(void *user_data, mvvm_request *request, int64_t page) {
    host *h = user_data;
    record_call(h, CALL_FETCH_USERS, request, page);
    if (h->answer_now) h->inline_status = answer_users(request, page);
}

static void host_fetch_user(void *user_data, mvvm_request *request, int64_t user_id) {
    host *h = user_data;
    record_call(h, CALL_FETCH_USER, request, user_id);
    if (h->answer_now) h->inline_status = answer_user(request, user_id);
}

static void host_update_user(void *user_data, mvvm_request *request, const mvvm_user *user) {
    host *h = user_data;
    host_call *call = record_call(h, CALL_UPDATE_USER, request, user->id);
    snprintf(call->name, sizeof call->name, "%s", user->name);
    if (h->answer_now) h->inline_status = mvvm_request_resolve_user(request, user);
}

/* search_users: records the query and answers (when answering now) with PAGE_SIZE users
 * named after it, page `page` of TOTAL_PAGES. */
static mvvm_status answer_search(mvvm_request *request, const char *query, int64_t page) {
    user_rows rows;
    for (int i = 0; i < PAGE_SIZE; i++) {
        int64_t id = 100 + (page - 1) * PAGE_SIZE + i + 1;
        snprintf(rows.names[i], sizeof rows.names[i], "%.20s %" PRId64, query, id);
        snprintf(rows.emails[i], sizeof rows.emails[i], "found%" PRId64 "@example.com", id);
        rows.users[i].id = id;
        rows.users[i].name = rows.names[i];
        rows.users[i].email = rows.emails[i];
    }
    return mvvm_request_resolve_user_page(request, rows.users, PAGE_SIZE, page, TOTAL_PAGES);
}

static void host_search_users(void *user_data, mvvm_request *request, const char *query, int64_t page) {
    host *h = user_data;
    host_call *call = record_call(h, CALL_SEARCH_USERS, request, page);
    snprintf(call->name, sizeof call->name, "%s", query != NULL ? query : "(null)");
    if (h->answer_now) h->inline_status = answer_search(request, query, page);
}

/* Stands in the search_users slot of a 0.1-sized table: the library must not read it. */
static void search_users_beyond_the_table(void *user_data, mvvm_request *request, const char *query, int64_t page) {
    (void)user_data;
    (void)request;
    (void)query;
    (void)page;
    harness_report(__FILE__, __LINE__, "search_users of a 0.1-sized table", "called: read past the host's table");
}

static void host_user_cancel(void *user_data, mvvm_request *request) {
    host *h = user_data;
    if (h->user_cancels + h->post_cancels < MAX_CALLS) h->cancelled[h->user_cancels + h->post_cancels] = request;
    h->user_cancels++;
    /* The request is finished already. */
    CHECK_STATUS(answer_users(request, 1), MVVM_E_NOT_FOUND);
}

static void host_fetch_post(void *user_data, mvvm_request *request, int64_t post_id) {
    host *h = user_data;
    record_call(h, CALL_FETCH_POST, request, post_id);
    if (h->answer_now) h->inline_status = answer_post(h, request, post_id);
}

static void host_fetch_comments(void *user_data, mvvm_request *request, int64_t post_id) {
    host *h = user_data;
    record_call(h, CALL_FETCH_COMMENTS, request, post_id);
    if (h->answer_now) h->inline_status = answer_comments(request);
}

static void host_set_liked(void *user_data, mvvm_request *request, int64_t post_id, int32_t liked) {
    host *h = user_data;
    host_call *call = record_call(h, CALL_SET_LIKED, request, post_id);
    call->liked = liked;
    if (h->answer_now) {
        if (liked != h->liked) h->likes += liked ? 1 : -1;
        h->liked = liked;
        h->inline_status = answer_post(h, request, post_id);
    }
}

static void host_post_cancel(void *user_data, mvvm_request *request) {
    host *h = user_data;
    if (h->user_cancels + h->post_cancels < MAX_CALLS) h->cancelled[h->user_cancels + h->post_cancels] = request;
    h->post_cancels++;
}

static void host_destroy(void *user_data) {
    host *h = user_data;
    h->destroyed++;
    /* A notifier may call back into the API (test_a_destroy_notifier_may_call_back_into_the_api). */
    if (h->touch_on_destroy) h->touch_status = mvvm_sorted_integers_add(h->touch_on_destroy, 7, NULL);
}

static mvvm_user_repository_vtable user_table(void) {
    mvvm_user_repository_vtable table;
    memset(&table, 0, sizeof table);
    table.struct_size = sizeof table;
    table.fetch_users = host_fetch_users;
    table.fetch_user = host_fetch_user;
    table.update_user = host_update_user;
    table.cancel = host_user_cancel;
    table.search_users = host_search_users;
    return table;
}

static mvvm_post_repository_vtable post_table(void) {
    mvvm_post_repository_vtable table;
    memset(&table, 0, sizeof table);
    table.struct_size = sizeof table;
    table.fetch_post = host_fetch_post;
    table.fetch_comments = host_fetch_comments;
    table.set_liked = host_set_liked;
    table.cancel = host_post_cancel;
    return table;
}

/* A host repository over `h` with both tables and the destroy notifier. */
static mvvm_object *make_host_repository(host *h) {
    mvvm_user_repository_vtable users = user_table();
    mvvm_post_repository_vtable posts = post_table();
    mvvm_object *repository = NULL;
    CHECK_OK(mvvm_repository_new_host(&users, &posts, h, host_destroy, &repository));
    /* The tables were copied: scribbling over ours changes nothing. */
    memset(&users, 0xA5, sizeof users);
    memset(&posts, 0xA5, sizeof posts);
    return repository;
}

/* ------------------------------------------------------------------------------------------
 * Small readers
 * ---------------------------------------------------------------------------------------- */

static int64_t list_count(mvvm_object *list) {
    int64_t count = -1;
    CHECK_OK(mvvm_user_list_get_count(list, &count));
    return count;
}

static int32_t list_loading(mvvm_object *list) {
    int32_t loading = -1;
    CHECK_OK(mvvm_user_list_get_loading(list, &loading));
    return loading;
}

/* Checks the list shows users 1..count in order. */
static void check_rows(mvvm_object *list, int64_t count) {
    CHECK_EQ(list_count(list), count);
    for (int64_t i = 0; i < count; i++) {
        mvvm_user user;
        char name[32];
        CHECK_OK(mvvm_user_list_get_row(list, i, &user));
        snprintf(name, sizeof name, "User %" PRId64, i + 1);
        CHECK_EQ(user.id, i + 1);
        CHECK_STR_EQ(user.name, name);
    }
}

/* ------------------------------------------------------------------------------------------
 * Creation
 * ---------------------------------------------------------------------------------------- */

static void *create_on_thread(void *argument) {
    mvvm_user_repository_vtable users = user_table();
    mvvm_object *repository = NULL;
    *(mvvm_status *)argument = mvvm_repository_new_host(&users, NULL, NULL, NULL, &repository);
    return NULL;
}

/* The two tables are declared host interfaces: mvvm_interface_find() describes them as the
 * header declares them, though the repository is made by its own constructor. */
static void test_the_tables_are_found_by_name_as_the_header_declares_them(void) {
    const mvvm_interface_info *users = NULL;
    CHECK_OK(mvvm_interface_find("UserRepository", &users));
    CHECK_STR_EQ(users->c_type, "mvvm_user_repository_vtable");
    CHECK_EQ(users->size, sizeof(mvvm_user_repository_vtable));
    CHECK_EQ(users->type, MVVM_TYPE_REPOSITORY);
    CHECK_EQ(users->member_count, (size_t)5);
    CHECK_STR_EQ(users->members[4].name, "search_users");
    CHECK_EQ(users->members[4].offset, offsetof(mvvm_user_repository_vtable, search_users));
    CHECK_EQ(users->members[4].optional, 1);
    CHECK_EQ(users->members[2].answer, MVVM_HOST_ANSWER_CUSTOM);
    CHECK_EQ(users->members[2].arguments[0].kind, MVVM_VALUE_USER);
    const mvvm_interface_info *posts = NULL;
    CHECK_OK(mvvm_interface_find("PostRepository", &posts));
    CHECK_EQ(posts->size, sizeof(mvvm_post_repository_vtable));
    CHECK_EQ(posts->members[2].offset, offsetof(mvvm_post_repository_vtable, set_liked));
    /* Not a table of mvvm_object_new_host(): the repository has its own constructor. */
    const mvvm_interface_info *described = NULL;
    CHECK_STATUS(mvvm_interface_describe(MVVM_TYPE_REPOSITORY, &described), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_interface_find("NoSuchRepository", &described), MVVM_E_NOT_FOUND);
    CHECK(strstr(mvvm_last_error_message(), "UserRepository, PostRepository") != NULL);
    CHECK_STATUS(mvvm_interface_find(NULL, &described), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_interface_find("UserRepository", NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK(described == NULL);
}

static void test_new_host_validates_its_arguments(void) {
    host h;
    host_reset(&h);
    mvvm_user_repository_vtable users = user_table();
    mvvm_post_repository_vtable posts = post_table();
    mvvm_object *repository = (mvvm_object *)(uintptr_t)0x1;

    CHECK_STATUS(mvvm_repository_new_host(NULL, &posts, &h, host_destroy, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_host(&users, &posts, &h, host_destroy, NULL), MVVM_E_INVALID_ARGUMENT);

    /* The sizes accepted are sizeof (0.2) and MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1 (the table
     * before search_users, which is exactly one pointer shorter); anything else is refused. */
    CHECK_EQ(MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1, sizeof users - sizeof(void (*)(void)));
    const uint32_t refused_sizes[] = {
        0, 4, (uint32_t)sizeof users - 4, (uint32_t)sizeof users + 8, (uint32_t)MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1 - 8,
        (uint32_t)MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1 + 4, UINT32_MAX,
    };
    for (size_t i = 0; i < sizeof refused_sizes / sizeof refused_sizes[0]; i++) {
        users.struct_size = refused_sizes[i];
        CHECK_STATUS(mvvm_repository_new_host(&users, &posts, &h, host_destroy, &repository), MVVM_E_INVALID_ARGUMENT);
        CHECK(strstr(mvvm_last_error_message(), "struct_size") != NULL);
    }
    users = user_table();

    users.fetch_user = NULL;
    CHECK_STATUS(mvvm_repository_new_host(&users, &posts, &h, host_destroy, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "fetch_user") != NULL);
    users = user_table();
    users.fetch_users = NULL;
    CHECK_STATUS(mvvm_repository_new_host(&users, &posts, &h, host_destroy, &repository), MVVM_E_INVALID_ARGUMENT);
    users = user_table();
    users.update_user = NULL;
    CHECK_STATUS(mvvm_repository_new_host(&users, &posts, &h, host_destroy, &repository), MVVM_E_INVALID_ARGUMENT);
    users = user_table();

    posts.struct_size = sizeof posts + 8;
    CHECK_STATUS(mvvm_repository_new_host(&users, &posts, &h, host_destroy, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "posts->struct_size") != NULL);
    posts = post_table();
    posts.set_liked = NULL;
    CHECK_STATUS(mvvm_repository_new_host(&users, &posts, &h, host_destroy, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "set_liked") != NULL);
    posts = post_table();

    /* Nothing was created, so nothing is destroyed. */
    CHECK(repository == (mvvm_object *)(uintptr_t)0x1);
    CHECK_EQ(h.destroyed, 0);

    /* A 0.1-sized table (sizeof - 8 on this platform) is valid: made, then destroyed. */
    users.struct_size = (uint32_t)MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1;
    CHECK_OK(mvvm_repository_new_host(&users, &posts, &h, host_destroy, &repository));
    CHECK(repository != (mvvm_object *)(uintptr_t)0x1 && handle_is_live(repository));
    CHECK_OK(mvvm_object_destroy(repository));
    CHECK_EQ(h.destroyed, 1);
    users.struct_size = (uint32_t)(sizeof users - 8);
    CHECK_OK(mvvm_repository_new_host(&users, &posts, &h, host_destroy, &repository));
    CHECK_OK(mvvm_object_destroy(repository));
    CHECK_EQ(h.destroyed, 2);
    /* search_users is optional in a full-sized table too. */
    users = user_table();
    users.search_users = NULL;
    CHECK_OK(mvvm_repository_new_host(&users, &posts, &h, host_destroy, &repository));
    CHECK_OK(mvvm_object_destroy(repository));
    CHECK_EQ(h.destroyed, 3);
    users = user_table();
    host_reset(&h);
    repository = (mvvm_object *)(uintptr_t)0x1;

    /* The host thread only. */
    mvvm_status status = MVVM_OK;
    pthread_t thread;
    REQUIRE(pthread_create(&thread, NULL, create_on_thread, &status) == 0);
    pthread_join(thread, NULL);
    CHECK_EQ(status, MVVM_E_WRONG_THREAD);

    /* cancel is optional, posts may be NULL, destroy may be NULL. */
    users.cancel = NULL;
    CHECK_OK(mvvm_repository_new_host(&users, NULL, NULL, NULL, &repository));
    mvvm_type type;
    CHECK_OK(mvvm_object_get_type(repository, &type));
    CHECK_EQ(type, MVVM_TYPE_REPOSITORY);
    CHECK_OK(mvvm_object_destroy(repository));

    repository = make_host_repository(&h);
    CHECK_EQ(h.call_count, 0); /* nothing is fetched until a ViewModel needs it */
    CHECK_OK(mvvm_object_destroy(repository));
    CHECK_EQ(h.destroyed, 1);
}

/* ------------------------------------------------------------------------------------------
 * User list
 * ---------------------------------------------------------------------------------------- */

static void test_user_list_answered_inside_the_call(void) {
    host h;
    host_reset(&h);
    h.answer_now = 1;
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *list = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    recorder rows;
    recorder_reset(&rows);
    CONNECT(list, "rows-changed", on_changes, &rows);

    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(rows.calls >= 1, HARNESS_PUMP_BUDGET);
    CHECK_EQ(h.inline_status, MVVM_OK);
    CHECK_EQ(count_calls(&h, CALL_FETCH_USERS), 1);
    CHECK_EQ(h.calls[0].argument, 1);
    CHECK_CHANGE(&rows, 0, MVVM_LIST_RESET, 0, PAGE_SIZE);
    check_rows(list, PAGE_SIZE);
    CHECK_EQ(list_loading(list), MVVM_LOADING_NONE);
    /* An answered request is finished. */
    CHECK_STATUS(answer_users(h.calls[0].request, 1), MVVM_E_NOT_FOUND);

    /* Paging: page 2, then the last page. */
    CHECK_OK(mvvm_user_list_did_display_row(list, PAGE_SIZE - 1));
    PUMP_UNTIL(list_count(list) == 2 * PAGE_SIZE, HARNESS_PUMP_BUDGET);
    CHECK_EQ(last_call(&h, CALL_FETCH_USERS)->argument, 2);
    CHECK_OK(mvvm_user_list_did_display_row(list, 2 * PAGE_SIZE - 1));
    PUMP_UNTIL(list_count(list) == 3 * PAGE_SIZE, HARNESS_PUMP_BUDGET);
    check_rows(list, 3 * PAGE_SIZE);
    int32_t has_more = -1;
    CHECK_OK(mvvm_user_list_get_has_more_pages(list, &has_more));
    CHECK_EQ(has_more, 0);
    CHECK_EQ(h.user_cancels, 0);

    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(5);
    CHECK_EQ(h.destroyed, 1);
    CHECK_EQ(h.user_cancels, 0);
}

static void test_user_list_answered_later_from_the_loop(void) {
    host h;
    host_reset(&h);
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *list = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    recorder loading;
    recorder_reset(&loading);
    CONNECT(list, "notify::loading", on_int32, &loading);

    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(h.call_count == 1, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 1);
    CHECK_EQ(h.calls[0].kind, CALL_FETCH_USERS);
    CHECK_EQ(h.calls[0].argument, 1);
    CHECK(h.calls[0].request != NULL);
    CHECK_EQ(list_loading(list), MVVM_LOADING_FULL_SCREEN);
    pump_until_idle(3); /* nothing lands without an answer */
    CHECK_EQ(list_count(list), 0);

    CHECK_OK(answer_users(h.calls[0].request, 1));
    /* The answer reaches the ViewModel through the loop, not inside the resolve call. */
    CHECK_EQ(list_count(list), 0);
    PUMP_UNTIL(list_count(list) == PAGE_SIZE, HARNESS_PUMP_BUDGET);
    check_rows(list, PAGE_SIZE);
    CHECK_EQ(list_loading(list), MVVM_LOADING_NONE);
    CHECK_EQ(loading.value, MVVM_LOADING_NONE);

    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(5);
    CHECK_EQ(h.user_cancels, 0);
    CHECK_EQ(h.destroyed, 1);
}

typedef struct thread_answer {
    mvvm_request *request;
    int64_t page;
    mvvm_status status;
    mvvm_status second_status;
    int message_empty_after_success;
    int message_set_after_failure;
} thread_answer;

static void *answer_on_thread(void *argument) {
    thread_answer *a = argument;
    a->status = answer_users(a->request, a->page);
    a->message_empty_after_success = mvvm_last_error_message()[0] == '\0';
    a->second_status = answer_users(a->request, a->page);
    a->message_set_after_failure = mvvm_last_error_message()[0] != '\0';
    return NULL;
}

static void test_user_list_answered_from_another_thread(void) {
    host h;
    host_reset(&h);
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *list = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    recorder count;
    recorder_reset(&count);
    CONNECT(list, "notify::count", on_int64, &count);

    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(h.call_count == 1, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 1);

    thread_answer a = {.request = h.calls[0].request, .page = 1};
    pthread_t thread;
    REQUIRE(pthread_create(&thread, NULL, answer_on_thread, &a) == 0);
    /* The main thread just keeps pumping: the answer arrives through the descriptor. */
    PUMP_UNTIL(count.value == PAGE_SIZE, HARNESS_PUMP_BUDGET);
    pthread_join(thread, NULL);
    CHECK_EQ(a.status, MVVM_OK);
    CHECK(a.message_empty_after_success);
    CHECK_EQ(a.second_status, MVVM_E_NOT_FOUND);
    CHECK(a.message_set_after_failure);
    check_rows(list, PAGE_SIZE);

    /* The next page from a thread too, while the main thread waits on the descriptor alone. */
    CHECK_OK(mvvm_user_list_did_display_row(list, PAGE_SIZE - 1));
    PUMP_UNTIL(h.call_count == 2, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 2);
    thread_answer b = {.request = h.calls[1].request, .page = 2};
    REQUIRE(pthread_create(&thread, NULL, answer_on_thread, &b) == 0);
    pthread_join(thread, NULL);
    CHECK_EQ(b.status, MVVM_OK);
    PUMP_UNTIL(list_count(list) == 2 * PAGE_SIZE, HARNESS_PUMP_BUDGET);
    check_rows(list, 2 * PAGE_SIZE);

    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(5);
    CHECK_EQ(h.destroyed, 1);
}

static void test_a_failed_request_shows_the_host_message(void) {
    host h;
    host_reset(&h);
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *list = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    recorder error;
    recorder_reset(&error);
    CONNECT(list, "notify::error-message", on_string, &error);

    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(h.call_count == 1, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 1);
    CHECK_OK(mvvm_request_fail(h.calls[0].request, "The server is on fire."));
    CHECK_STATUS(mvvm_request_fail(h.calls[0].request, "again"), MVVM_E_NOT_FOUND);
    PUMP_UNTIL(error.calls >= 1, HARNESS_PUMP_BUDGET);
    CHECK_STR_EQ(error.text, "The server is on fire.");
    const char *message = NULL;
    CHECK_OK(mvvm_user_list_get_error_message(list, &message));
    CHECK_STR_EQ(message, "The server is on fire.");
    CHECK_EQ(list_loading(list), MVVM_LOADING_NONE);
    CHECK_EQ(list_count(list), 0);

    /* The user detail shows it too. */
    mvvm_object *detail = NULL;
    REQUIRE_OK(mvvm_user_detail_new(repository, 5, &detail));
    recorder detail_error;
    recorder_reset(&detail_error);
    CONNECT(detail, "notify::error-message", on_string, &detail_error);
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    PUMP_UNTIL(h.call_count == 2, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 2);
    CHECK_EQ(h.calls[1].kind, CALL_FETCH_USER);
    CHECK_EQ(h.calls[1].argument, 5);
    CHECK_OK(mvvm_request_fail(h.calls[1].request, "No such user here: caf\xc3\xa9."));
    PUMP_UNTIL(detail_error.calls >= 1, HARNESS_PUMP_BUDGET);
    CHECK_STR_EQ(detail_error.text, "No such user here: caf\xc3\xa9.");

    CHECK_OK(mvvm_object_destroy(detail));
    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(5);
    CHECK_EQ(h.destroyed, 1);
    CHECK_EQ(h.user_cancels, 0);
}

/* ------------------------------------------------------------------------------------------
 * Cancellation
 * ---------------------------------------------------------------------------------------- */

static void test_refresh_cancels_the_superseded_request(void) {
    host h;
    host_reset(&h);
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *list = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list));

    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(h.call_count == 1, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 1);
    mvvm_request *first = h.calls[0].request;

    CHECK_OK(mvvm_user_list_refresh(list));
    PUMP_UNTIL(h.user_cancels == 1 && h.call_count == 2, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 2);
    CHECK(h.cancelled[0] == first);
    mvvm_request *second = h.calls[1].request;
    CHECK(second != first);
    /* The superseded request is finished: answering it changes nothing. */
    CHECK_STATUS(answer_users(first, 1), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_request_fail(first, "late"), MVVM_E_NOT_FOUND);
    pump_until_idle(3);
    CHECK_EQ(list_count(list), 0);
    CHECK_EQ(list_loading(list), MVVM_LOADING_FULL_SCREEN);

    CHECK_OK(answer_users(second, 1));
    PUMP_UNTIL(list_count(list) == PAGE_SIZE, HARNESS_PUMP_BUDGET);
    CHECK_EQ(h.user_cancels, 1);

    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(5);
    CHECK_EQ(h.user_cancels, 1);
    CHECK_EQ(h.destroyed, 1);
}

static void test_destroying_the_view_model_cancels_its_requests(void) {
    host h;
    host_reset(&h);
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *list = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(h.call_count == 1, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 1);
    CHECK_OK(mvvm_object_destroy(list));
    PUMP_UNTIL(h.user_cancels == 1, HARNESS_PUMP_BUDGET);
    CHECK(h.cancelled[0] == h.calls[0].request);
    CHECK_STATUS(answer_users(h.calls[0].request, 1), MVVM_E_NOT_FOUND);

    /* The post detail's two requests (post and comments, in flight together). */
    mvvm_object *post = NULL;
    REQUIRE_OK(mvvm_post_detail_new(repository, 4, &post));
    CHECK_OK(mvvm_post_detail_on_appear(post));
    PUMP_UNTIL(h.call_count == 3, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 3);
    CHECK_EQ(count_calls(&h, CALL_FETCH_POST), 1);
    CHECK_EQ(count_calls(&h, CALL_FETCH_COMMENTS), 1);
    CHECK_EQ(last_call(&h, CALL_FETCH_POST)->argument, 4);
    CHECK_EQ(last_call(&h, CALL_FETCH_COMMENTS)->argument, 4);
    /* One answered, one still pending when the screen goes away. */
    CHECK_OK(answer_comments(last_call(&h, CALL_FETCH_COMMENTS)->request));
    CHECK_OK(mvvm_object_destroy(post));
    PUMP_UNTIL(h.post_cancels == 1, HARNESS_PUMP_BUDGET);
    CHECK(h.cancelled[1] == last_call(&h, CALL_FETCH_POST)->request);
    CHECK_STATUS(answer_post(&h, last_call(&h, CALL_FETCH_POST)->request, 4), MVVM_E_NOT_FOUND);

    /* The repository handle went first: the ViewModels kept the host repository alive. */
    CHECK_EQ(h.destroyed, 0);
    CHECK_OK(mvvm_object_destroy(repository));
    PUMP_UNTIL(h.destroyed == 1, HARNESS_PUMP_BUDGET);
    pump_until_idle(5);
    CHECK_EQ(h.user_cancels, 1);
    CHECK_EQ(h.post_cancels, 1);
    CHECK_EQ(h.destroyed, 1);
}

static void *answer_once_on_thread(void *argument) {
    thread_answer *a = argument;
    a->status = answer_users(a->request, a->page);
    return NULL;
}

/* A thread answers while the host thread cancels the same request (refresh): exactly one of
 * them wins, every time. */
static void test_an_answer_racing_a_cancellation_ends_the_request_once(void) {
    host h;
    host_reset(&h);
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *list = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(h.call_count == 1, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 1);

    enum { ROUNDS = 40 };
    int answered = 0;
    for (int i = 0; i < ROUNDS; i++) {
        thread_answer a = {.request = h.calls[h.call_count - 1].request, .page = 1};
        pthread_t thread;
        REQUIRE(pthread_create(&thread, NULL, answer_once_on_thread, &a) == 0);
        CHECK_OK(mvvm_user_list_refresh(list));
        pthread_join(thread, NULL);
        if (a.status == MVVM_OK) answered++;
        else CHECK_EQ(a.status, MVVM_E_NOT_FOUND);
        PUMP_UNTIL(h.call_count == i + 2, HARNESS_PUMP_BUDGET);
        REQUIRE(h.call_count == i + 2);
    }
    pump_until_idle(5);
    CHECK_EQ(answered + h.user_cancels, ROUNDS);
    /* Superseded answers never landed. */
    CHECK_EQ(list_count(list), 0);
    CHECK_OK(answer_users(h.calls[h.call_count - 1].request, 1));
    PUMP_UNTIL(list_count(list) == PAGE_SIZE, HARNESS_PUMP_BUDGET);

    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(5);
    CHECK_EQ(answered + h.user_cancels, ROUNDS);
    CHECK_EQ(h.destroyed, 1);
}

/* ------------------------------------------------------------------------------------------
 * Checked answers
 * ---------------------------------------------------------------------------------------- */

static void test_answers_to_unknown_or_finished_requests_are_not_found(void) {
    host h;
    host_reset(&h);
    h.answer_now = 1;
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *detail = NULL;
    REQUIRE_OK(mvvm_user_detail_new(repository, 2, &detail));
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    PUMP_UNTIL(h.call_count == 1, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 1);
    CHECK_EQ(h.inline_status, MVVM_OK);
    /* Answered inside the call: a second answer, of any kind, is not found. */
    CHECK_STATUS(answer_user(h.calls[0].request, 2), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_request_fail(h.calls[0].request, "too late"), MVVM_E_NOT_FOUND);

    /* Requests never issued. */
    CHECK_STATUS(answer_user((mvvm_request *)(uintptr_t)0x12345, 2), MVVM_E_NOT_FOUND);
    CHECK_STATUS(answer_user((mvvm_request *)(uintptr_t)0xFFFFFFFF00000001ull, 2), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_request_fail((mvvm_request *)(uintptr_t)0x7, "x"), MVVM_E_NOT_FOUND);
    /* NULL is no request at all. */
    CHECK_STATUS(answer_user(NULL, 2), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_request_fail(NULL, "x"), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_request_resolve_comments(NULL, NULL, 0), MVVM_E_INVALID_ARGUMENT);

    int32_t loaded = 0;
    mvvm_user user;
    PUMP_UNTIL((mvvm_user_detail_get_user(detail, &loaded, &user), loaded == 1), HARNESS_PUMP_BUDGET);
    CHECK_STR_EQ(user.name, "User 2");

    CHECK_OK(mvvm_object_destroy(detail));
    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(5);
    CHECK_EQ(h.destroyed, 1);
}

static void test_a_wrong_answer_type_is_refused_and_the_request_stays_pending(void) {
    host h;
    host_reset(&h);
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *list = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(h.call_count == 1, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 1);
    mvvm_request *request = h.calls[0].request;

    CHECK_STATUS(answer_post(&h, request, 1), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "mvvm_request_resolve_user_page") != NULL);
    CHECK_STATUS(answer_user(request, 1), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(answer_comments(request), MVVM_E_INVALID_ARGUMENT);
    /* The framework's generic answers do not fit a request of the seeds' own shapes. */
    mvvm_value none = {.kind = MVVM_VALUE_NONE};
    CHECK_STATUS(mvvm_request_resolve(request, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "mvvm_request_resolve_user_page") != NULL);
    CHECK_STATUS(mvvm_request_resolve(request, &none), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_request_resolve_list(request, NULL, 0), MVVM_E_INVALID_ARGUMENT);
    pump_until_idle(3);
    CHECK_EQ(list_count(list), 0);
    CHECK_EQ(list_loading(list), MVVM_LOADING_FULL_SCREEN);
    CHECK_EQ(h.user_cancels, 0);

    /* Still pending: the right answer lands. */
    CHECK_OK(answer_users(request, 1));
    PUMP_UNTIL(list_count(list) == PAGE_SIZE, HARNESS_PUMP_BUDGET);

    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(5);
    CHECK_EQ(h.destroyed, 1);
}

/* The generic answers check their arguments before any request is looked up. */
static void test_generic_answers_refuse_bad_arguments(void) {
    mvvm_value value = {.kind = MVVM_VALUE_INT64, .as.int64 = 1};
    CHECK_STATUS(mvvm_request_resolve(NULL, &value), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_request_resolve_list(NULL, &value, 1), MVVM_E_INVALID_ARGUMENT);
    mvvm_request *unknown = (mvvm_request *)(uintptr_t)0x7777000000001ull;
    CHECK_STATUS(mvvm_request_resolve(unknown, &value), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_request_resolve_list(unknown, NULL, 3), MVVM_E_INVALID_ARGUMENT); /* NULL items, count 3 */
    mvvm_value bad = {.kind = 999};
    CHECK_STATUS(mvvm_request_resolve(unknown, &bad), MVVM_E_INVALID_ARGUMENT);
    /* The seeds' app has no host interface: introspection and the generic constructor say so. */
    const mvvm_interface_info *info = NULL;
    CHECK_STATUS(mvvm_interface_describe(MVVM_TYPE_USER_LIST, &info), MVVM_E_NOT_FOUND);
    CHECK(strstr(mvvm_last_error_message(), "no host interfaces") != NULL);
    CHECK_STATUS(mvvm_interface_describe(MVVM_TYPE_USER_LIST, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_interface_describe((mvvm_type)999, &info), MVVM_E_INVALID_ARGUMENT);
    mvvm_object *object = NULL;
    uint32_t table[4] = {sizeof table};
    CHECK_STATUS(mvvm_object_new_host(MVVM_TYPE_USER_LIST, table, NULL, NULL, &object), MVVM_E_STATE);
    CHECK_STATUS(mvvm_object_new_host((mvvm_type)999, table, NULL, NULL, &object), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_new_host(MVVM_TYPE_USER_LIST, table, NULL, NULL, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK(object == NULL);
}

static void test_invalid_answers_are_refused_and_change_nothing(void) {
    host h;
    host_reset(&h);
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *list = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(h.call_count == 1, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 1);
    mvvm_request *request = h.calls[0].request;

    mvvm_user users[2] = {
        {.id = 1, .name = "Valid", .email = "valid@example.com"},
        {.id = 2, .name = "Bad \xff\xfe name", .email = "bad@example.com"},
    };
    CHECK_STATUS(mvvm_request_resolve_user_page(request, users, 2, 1, 1), MVVM_E_INVALID_UTF8);
    CHECK(strstr(mvvm_last_error_message(), "users[1].name") != NULL);
    users[1].name = "Fine";
    users[1].email = NULL;
    CHECK_STATUS(mvvm_request_resolve_user_page(request, users, 2, 1, 1), MVVM_E_INVALID_ARGUMENT);
    users[1].email = "fine@example.com";
    CHECK_STATUS(mvvm_request_resolve_user_page(request, NULL, 2, 1, 1), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_request_resolve_user_page(request, users, 2, 0, 1), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_request_resolve_user_page(request, users, 2, 1, 0), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_request_fail(request, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_request_fail(request, "bad \xc3("), MVVM_E_INVALID_UTF8);
    CHECK_STATUS(mvvm_request_resolve_user(request, NULL), MVVM_E_INVALID_ARGUMENT);
    pump_until_idle(3);
    CHECK_EQ(list_count(list), 0);

    /* An empty page: NULL rows with count 0 are fine. */
    CHECK_OK(mvvm_request_resolve_user_page(request, NULL, 0, 1, 1));
    PUMP_UNTIL(list_loading(list) == MVVM_LOADING_NONE, HARNESS_PUMP_BUDGET);
    CHECK_EQ(list_count(list), 0);

    /* Rows are copied before the call returns: the host may reuse its buffers at once. */
    CHECK_OK(mvvm_user_list_refresh(list));
    PUMP_UNTIL(h.call_count == 2, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 2);
    char name[16] = "Copied";
    users[0].name = name;
    CHECK_OK(mvvm_request_resolve_user_page(h.calls[1].request, users, 2, 1, 1));
    memset(name, 'X', sizeof name - 1);
    PUMP_UNTIL(list_count(list) == 2, HARNESS_PUMP_BUDGET);
    mvvm_user row;
    CHECK_OK(mvvm_user_list_get_row(list, 0, &row));
    CHECK_STR_EQ(row.name, "Copied");

    /* Post and comment rows are checked the same way. */
    mvvm_object *post = NULL;
    REQUIRE_OK(mvvm_post_detail_new(repository, 1, &post));
    CHECK_OK(mvvm_post_detail_on_appear(post));
    PUMP_UNTIL(count_calls(&h, CALL_FETCH_COMMENTS) == 1 && count_calls(&h, CALL_FETCH_POST) == 1, HARNESS_PUMP_BUDGET);
    mvvm_request *comments_request = last_call(&h, CALL_FETCH_COMMENTS)->request;
    mvvm_request *post_request = last_call(&h, CALL_FETCH_POST)->request;
    mvvm_comment comments[1] = {{.id = 1, .author_name = "\xc0\x80", .body = "x"}};
    CHECK_STATUS(mvvm_request_resolve_comments(comments_request, comments, 1), MVVM_E_INVALID_UTF8);
    CHECK_STATUS(mvvm_request_resolve_comments(comments_request, NULL, 1), MVVM_E_INVALID_ARGUMENT);
    mvvm_post bad = {.id = 1, .title = NULL, .body = "b", .author_name = "a"};
    CHECK_STATUS(mvvm_request_resolve_post(post_request, &bad), MVVM_E_INVALID_ARGUMENT);
    bad.title = "t";
    bad.body = "\xed\xa0\x80"; /* an encoded surrogate */
    CHECK_STATUS(mvvm_request_resolve_post(post_request, &bad), MVVM_E_INVALID_UTF8);
    CHECK_STATUS(mvvm_request_resolve_post(post_request, NULL), MVVM_E_INVALID_ARGUMENT);
    /* Both still pending. */
    CHECK_OK(answer_comments(comments_request));
    CHECK_OK(answer_post(&h, post_request, 1));
    int32_t state = -1;
    PUMP_UNTIL((mvvm_post_detail_get_state(post, &state), state == MVVM_VIEW_STATE_LOADED), HARNESS_PUMP_BUDGET);

    CHECK_OK(mvvm_object_destroy(post));
    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(5);
    CHECK_EQ(h.destroyed, 1);
    CHECK_EQ(h.user_cancels + h.post_cancels, 0);
}

/* ------------------------------------------------------------------------------------------
 * Detail screens and the coordinator
 * ---------------------------------------------------------------------------------------- */

static void test_user_detail_loads_and_saves_through_the_host(void) {
    host h;
    host_reset(&h);
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *detail = NULL;
    REQUIRE_OK(mvvm_user_detail_new(repository, 42, &detail));
    recorder saved;
    recorder_reset(&saved);
    CONNECT(detail, "did-save", on_user, &saved);

    CHECK_OK(mvvm_user_detail_on_appear(detail));
    PUMP_UNTIL(h.call_count == 1, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 1);
    CHECK_EQ(h.calls[0].kind, CALL_FETCH_USER);
    CHECK_EQ(h.calls[0].argument, 42);
    CHECK_OK(answer_user(h.calls[0].request, 42));
    int32_t loaded = 0;
    mvvm_user user;
    PUMP_UNTIL((mvvm_user_detail_get_user(detail, &loaded, &user), loaded == 1), HARNESS_PUMP_BUDGET);
    CHECK_EQ(user.id, 42);
    CHECK_STR_EQ(user.name, "User 42");
    CHECK_STR_EQ(user.email, "user42@example.com");

    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Ada Lovelace"));
    CHECK_OK(mvvm_user_detail_save(detail));
    PUMP_UNTIL(h.call_count == 2, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 2);
    CHECK_EQ(h.calls[1].kind, CALL_UPDATE_USER);
    CHECK_EQ(h.calls[1].argument, 42);
    CHECK_STR_EQ(h.calls[1].name, "Ada Lovelace");
    int32_t saving = 0;
    CHECK_OK(mvvm_user_detail_get_is_saving(detail, &saving));
    CHECK_EQ(saving, 1);
    /* The stored version wins. */
    mvvm_user stored = {.id = 42, .name = "Ada King", .email = "ada@example.com"};
    CHECK_OK(mvvm_request_resolve_user(h.calls[1].request, &stored));
    PUMP_UNTIL(saved.calls == 1, HARNESS_PUMP_BUDGET);
    CHECK_EQ(saved.user_id, 42);
    CHECK_STR_EQ(saved.text, "Ada King");
    CHECK_STR_EQ(saved.email, "ada@example.com");

    /* A failed save keeps the draft and shows the message. */
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Ada Byron"));
    CHECK_OK(mvvm_user_detail_save(detail));
    PUMP_UNTIL(h.call_count == 3, HARNESS_PUMP_BUDGET);
    REQUIRE(h.call_count == 3);
    CHECK_OK(mvvm_request_fail(h.calls[2].request, "Read-only today."));
    const char *message = NULL;
    PUMP_UNTIL((mvvm_user_detail_get_error_message(detail, &message), message != NULL), HARNESS_PUMP_BUDGET);
    CHECK_STR_EQ(message, "Read-only today.");
    const char *draft = NULL;
    CHECK_OK(mvvm_user_detail_get_draft_name(detail, &draft));
    CHECK_STR_EQ(draft, "Ada Byron");

    CHECK_OK(mvvm_object_destroy(detail));
    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(5);
    CHECK_EQ(h.destroyed, 1);
    CHECK_EQ(h.user_cancels, 0);
}

static void test_post_detail_loads_and_likes_through_the_host(void) {
    host h;
    host_reset(&h);
    h.answer_now = 1;
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *vm = NULL;
    REQUIRE_OK(mvvm_post_detail_new(repository, 9, &vm));
    CHECK_OK(mvvm_post_detail_on_appear(vm));
    int32_t state = -1;
    PUMP_UNTIL((mvvm_post_detail_get_state(vm, &state), state == MVVM_VIEW_STATE_LOADED || state == MVVM_VIEW_STATE_FAILED),
               HARNESS_PUMP_BUDGET);
    CHECK_EQ(state, MVVM_VIEW_STATE_LOADED);
    CHECK_EQ(h.inline_status, MVVM_OK);
    mvvm_post post;
    REQUIRE_OK(mvvm_post_detail_get_post(vm, &post));
    CHECK_EQ(post.id, 9);
    CHECK_STR_EQ(post.title, "Post 9");
    CHECK_STR_EQ(post.body, "The body.");
    CHECK_STR_EQ(post.author_name, "Grace Hopper");
    CHECK(post.created_at == 1700000000.0);
    CHECK_EQ(post.likes_count, 10);
    CHECK_EQ(post.liked_by_current_user, 0);
    CHECK_EQ(post.comments_count, 2);
    int64_t comment_count = -1;
    CHECK_OK(mvvm_post_detail_get_comment_count(vm, &comment_count));
    CHECK_EQ(comment_count, 2);
    mvvm_comment comment;
    CHECK_OK(mvvm_post_detail_get_comment(vm, 1, &comment));
    CHECK_EQ(comment.id, 8);
    CHECK_STR_EQ(comment.author_name, "Alan");
    CHECK_STR_EQ(comment.body, "Second.");

    recorder likes;
    recorder_reset(&likes);
    CONNECT(vm, "notify::likes-count", on_int64, &likes);
    CHECK_OK(mvvm_post_detail_toggle_like(vm));
    PUMP_UNTIL(count_calls(&h, CALL_SET_LIKED) == 1, HARNESS_PUMP_BUDGET);
    CHECK_EQ(last_call(&h, CALL_SET_LIKED)->argument, 9);
    CHECK_EQ(last_call(&h, CALL_SET_LIKED)->liked, 1);
    pump_until_idle(5);
    int32_t liked = -1;
    int64_t count = -1;
    CHECK_OK(mvvm_post_detail_get_is_liked(vm, &liked));
    CHECK_OK(mvvm_post_detail_get_likes_count(vm, &count));
    CHECK_EQ(liked, 1);
    CHECK_EQ(count, 11);

    /* A failed like rolls back and shows the host's message. */
    h.answer_now = 0;
    CHECK_OK(mvvm_post_detail_toggle_like(vm));
    PUMP_UNTIL(count_calls(&h, CALL_SET_LIKED) == 2, HARNESS_PUMP_BUDGET);
    CHECK_EQ(last_call(&h, CALL_SET_LIKED)->liked, 0);
    CHECK_OK(mvvm_request_fail(last_call(&h, CALL_SET_LIKED)->request, "Likes are paused."));
    const char *message = NULL;
    PUMP_UNTIL((mvvm_post_detail_get_error_message(vm, &message), message != NULL), HARNESS_PUMP_BUDGET);
    CHECK_STR_EQ(message, "Likes are paused.");
    CHECK_OK(mvvm_post_detail_get_is_liked(vm, &liked));
    CHECK_EQ(liked, 1);

    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(5);
    CHECK_EQ(h.destroyed, 1);
    CHECK_EQ(h.post_cancels, 0);
}

static void test_post_calls_without_a_post_table_fail_with_a_message(void) {
    host h;
    host_reset(&h);
    mvvm_user_repository_vtable users = user_table();
    mvvm_object *repository = NULL;
    REQUIRE_OK(mvvm_repository_new_host(&users, NULL, &h, host_destroy, &repository));
    mvvm_object *vm = NULL;
    REQUIRE_OK(mvvm_post_detail_new(repository, 1, &vm));
    CHECK_OK(mvvm_post_detail_on_appear(vm));
    int32_t state = -1;
    PUMP_UNTIL((mvvm_post_detail_get_state(vm, &state), state == MVVM_VIEW_STATE_FAILED), HARNESS_PUMP_BUDGET);
    /* (A failed load is reported through the state; its message is not readable from C.)
     * Nothing called the host. */
    CHECK_EQ(h.call_count, 0);
    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(5);
    CHECK_EQ(h.destroyed, 1);
}

typedef struct navigation {
    int calls;
    int32_t actions[8];
    mvvm_object *screens[8];
} navigation;

static void on_navigate_recorded(mvvm_object *coordinator, int32_t action, mvvm_object *screen, void *user_data) {
    (void)coordinator;
    navigation *n = user_data;
    if (n->calls < 8) {
        n->actions[n->calls] = action;
        n->screens[n->calls] = screen;
    }
    n->calls++;
}

static void test_coordinator_flow_over_a_host_repository(void) {
    host h;
    host_reset(&h);
    h.answer_now = 1;
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *coordinator = NULL;
    REQUIRE_OK(mvvm_coordinator_new(repository, &coordinator));
    CHECK_OK(mvvm_object_destroy(repository)); /* the coordinator keeps it alive */
    navigation nav;
    memset(&nav, 0, sizeof nav);
    CHECK_OK(mvvm_signal_connect(coordinator, "navigate", MVVM_CALLBACK(on_navigate_recorded), &nav, NULL, NULL));

    CHECK_OK(mvvm_coordinator_start(coordinator));
    REQUIRE(nav.calls == 1);
    mvvm_object *list = nav.screens[0];
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(list_count(list) == PAGE_SIZE, HARNESS_PUMP_BUDGET);

    CHECK_OK(mvvm_user_list_did_select_row(list, 1));
    PUMP_UNTIL(nav.calls == 2, HARNESS_PUMP_BUDGET);
    REQUIRE(nav.calls == 2);
    CHECK_EQ(nav.actions[1], MVVM_NAVIGATION_PUSH);
    mvvm_object *detail = nav.screens[1];
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    int32_t loaded = 0;
    mvvm_user user;
    PUMP_UNTIL((mvvm_user_detail_get_user(detail, &loaded, &user), loaded == 1), HARNESS_PUMP_BUDGET);
    CHECK_EQ(user.id, 2);
    CHECK_EQ(last_call(&h, CALL_FETCH_USER)->argument, 2);

    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Renamed Person"));
    CHECK_OK(mvvm_user_detail_save(detail));
    PUMP_UNTIL(nav.calls == 3, HARNESS_PUMP_BUDGET);
    REQUIRE(nav.calls == 3);
    CHECK_EQ(nav.actions[2], MVVM_NAVIGATION_POP);
    CHECK_STR_EQ(last_call(&h, CALL_UPDATE_USER)->name, "Renamed Person");
    int64_t depth = -1;
    CHECK_OK(mvvm_coordinator_get_depth(coordinator, &depth));
    CHECK_EQ(depth, 1);
    mvvm_user row;
    CHECK_OK(mvvm_user_list_get_row(list, 1, &row));
    CHECK_STR_EQ(row.name, "Renamed Person");

    CHECK_EQ(h.destroyed, 0);
    CHECK_OK(mvvm_object_destroy(coordinator));
    PUMP_UNTIL(h.destroyed == 1, HARNESS_PUMP_BUDGET);
    pump_until_idle(5);
    CHECK_EQ(h.destroyed, 1);
    CHECK_EQ(h.user_cancels, 0);
}

/* ------------------------------------------------------------------------------------------
 * User search
 * ---------------------------------------------------------------------------------------- */

typedef struct search_fixture {
    mvvm_object *repository;
    mvvm_object *search;
    recorder rows, searching, error, count;
} search_fixture;

static void search_setup(search_fixture *f, host *h, const mvvm_user_repository_vtable *users) {
    memset(f, 0, sizeof *f);
    mvvm_post_repository_vtable posts = post_table();
    CHECK_OK(mvvm_repository_new_host(users, &posts, h, host_destroy, &f->repository));
    CHECK_OK(mvvm_user_search_new(f->repository, &f->search));
    CONNECT(f->search, "rows-changed", on_changes, &f->rows);
    CONNECT(f->search, "notify::is-searching", on_int32, &f->searching);
    CONNECT(f->search, "notify::error-message", on_string, &f->error);
    CONNECT(f->search, "notify::count", on_int64, &f->count);
}

static void search_teardown(search_fixture *f, host *h) {
    CHECK_OK(mvvm_object_destroy(f->search));
    CHECK_OK(mvvm_object_destroy(f->repository));
    PUMP_UNTIL(h->destroyed == 1, HARNESS_PUMP_BUDGET);
    pump_until_idle(5);
    CHECK_EQ(h->destroyed, 1);
    CHECK_EQ(f->rows.destroyed + f->searching.destroyed + f->error.destroyed + f->count.destroyed, 4);
}

static int64_t search_count(mvvm_object *search) {
    int64_t count = -1;
    CHECK_OK(mvvm_user_search_get_count(search, &count));
    return count;
}

/* The search failed: its error message is shown, nothing is searching, no rows. */
static void check_search_failed_with_a_message(search_fixture *f) {
    PUMP_UNTIL(f->error.calls >= 1, HARNESS_PUMP_BUDGET);
    CHECK_EQ(f->error.calls, 1);
    CHECK(!f->error.string_was_null);
    CHECK(f->error.text[0] != '\0');
    const char *message = NULL;
    CHECK_OK(mvvm_user_search_get_error_message(f->search, &message));
    CHECK_STR_EQ(message, f->error.text);
    int32_t searching = -1;
    CHECK_OK(mvvm_user_search_get_is_searching(f->search, &searching));
    CHECK_EQ(searching, 0);
    CHECK_EQ(search_count(f->search), 0);
    CHECK_EQ(f->rows.calls, 0);
}

static void test_a_0_1_sized_table_lists_users_and_its_searches_fail_with_a_message(void) {
    host h;
    host_reset(&h);
    h.answer_now = 1;
    mvvm_user_repository_vtable users = user_table();
    users.struct_size = (uint32_t)MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1;
    users.search_users = search_users_beyond_the_table; /* beyond its size: never read */
    search_fixture f;
    search_setup(&f, &h, &users);

    /* The 0.1 functions work: a user list pages through it. */
    mvvm_object *list = NULL;
    REQUIRE_OK(mvvm_user_list_new(f.repository, &list));
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(list_count(list) == PAGE_SIZE, HARNESS_PUMP_BUDGET);
    check_rows(list, PAGE_SIZE);
    CHECK_OK(mvvm_user_list_did_display_row(list, PAGE_SIZE - 1));
    PUMP_UNTIL(list_count(list) == 2 * PAGE_SIZE, HARNESS_PUMP_BUDGET);
    check_rows(list, 2 * PAGE_SIZE);
    CHECK_OK(mvvm_object_destroy(list));

    /* A search has nothing to call: it fails with a message the search screen shows. */
    CHECK_OK(mvvm_user_search_set_query(f.search, "Ada"));
    check_search_failed_with_a_message(&f);
    CHECK_EQ(count_calls(&h, CALL_SEARCH_USERS), 0);
    CHECK_EQ(count_calls(&h, CALL_FETCH_USERS), 2);
    search_teardown(&f, &h);
    CHECK_EQ(h.user_cancels, 0);
}

static void test_a_table_without_search_users_fails_searches_with_a_message(void) {
    host h;
    host_reset(&h);
    h.answer_now = 1;
    mvvm_user_repository_vtable users = user_table();
    users.search_users = NULL;
    search_fixture f;
    search_setup(&f, &h, &users);
    CHECK_OK(mvvm_user_search_set_query(f.search, "Grace"));
    check_search_failed_with_a_message(&f);
    CHECK_EQ(h.call_count, 0);
    search_teardown(&f, &h);
}

/* Checks the search shows `count` results of `query` (ids from 101 on). */
static void check_search_rows(mvvm_object *search, const char *query, int64_t count) {
    CHECK_EQ(search_count(search), count);
    for (int64_t i = 0; i < count; i++) {
        mvvm_user user;
        char name[64];
        CHECK_OK(mvvm_user_search_get_row(search, i, &user));
        snprintf(name, sizeof name, "%s %" PRId64, query, 101 + i);
        CHECK_EQ(user.id, 101 + i);
        CHECK_STR_EQ(user.name, name);
    }
}

static void test_searches_go_to_search_users_and_a_superseded_one_is_cancelled(void) {
    host h;
    host_reset(&h);
    mvvm_user_repository_vtable users = user_table();
    search_fixture f;
    search_setup(&f, &h, &users);

    /* The query reaches the host trimmed, after the debounce, page 1. */
    CHECK_OK(mvvm_user_search_set_query(f.search, "  Ada \t"));
    CHECK_EQ(h.call_count, 0); /* debounced: nothing at once */
    PUMP_UNTIL(count_calls(&h, CALL_SEARCH_USERS) == 1, HARNESS_PUMP_BUDGET);
    REQUIRE(count_calls(&h, CALL_SEARCH_USERS) == 1);
    host_call *first = last_call(&h, CALL_SEARCH_USERS);
    CHECK_STR_EQ(first->name, "Ada");
    CHECK_EQ(first->argument, 1);
    CHECK_EQ(f.searching.value, 1);
    pump_until_idle(3); /* nothing lands without an answer */
    CHECK_EQ(search_count(f.search), 0);

    CHECK_OK(answer_search(first->request, "Ada", 1));
    PUMP_UNTIL(search_count(f.search) == PAGE_SIZE, HARNESS_PUMP_BUDGET);
    check_search_rows(f.search, "Ada", PAGE_SIZE);
    CHECK_EQ(f.rows.change_sets, 1);
    CHECK_CHANGE(&f.rows, 0, MVVM_LIST_RESET, 0, PAGE_SIZE);
    CHECK_EQ(f.count.value, PAGE_SIZE);
    CHECK_EQ(f.searching.value, 0);
    CHECK_STATUS(answer_search(first->request, "Ada", 1), MVVM_E_NOT_FOUND);

    /* The next page of the same query. */
    CHECK_OK(mvvm_user_search_did_display_row(f.search, PAGE_SIZE - 1));
    PUMP_UNTIL(count_calls(&h, CALL_SEARCH_USERS) == 2, HARNESS_PUMP_BUDGET);
    REQUIRE(count_calls(&h, CALL_SEARCH_USERS) == 2);
    CHECK_STR_EQ(last_call(&h, CALL_SEARCH_USERS)->name, "Ada");
    CHECK_EQ(last_call(&h, CALL_SEARCH_USERS)->argument, 2);
    CHECK_OK(answer_search(last_call(&h, CALL_SEARCH_USERS)->request, "Ada", 2));
    PUMP_UNTIL(search_count(f.search) == 2 * PAGE_SIZE, HARNESS_PUMP_BUDGET);
    check_search_rows(f.search, "Ada", 2 * PAGE_SIZE);
    CHECK_CHANGE(&f.rows, 1, MVVM_LIST_INSERT, PAGE_SIZE, PAGE_SIZE);

    /* A new query while its search is pending, then another: the first is cancelled (the
     * host's cancel runs, answering it is not found) and only the last one's results land. */
    CHECK_OK(mvvm_user_search_set_query(f.search, "Grace"));
    PUMP_UNTIL(count_calls(&h, CALL_SEARCH_USERS) == 3, HARNESS_PUMP_BUDGET);
    REQUIRE(count_calls(&h, CALL_SEARCH_USERS) == 3);
    mvvm_request *grace = last_call(&h, CALL_SEARCH_USERS)->request;
    CHECK_STR_EQ(last_call(&h, CALL_SEARCH_USERS)->name, "Grace");
    CHECK_EQ(h.user_cancels, 0);
    CHECK_OK(mvvm_user_search_set_query(f.search, "Alan"));
    PUMP_UNTIL(count_calls(&h, CALL_SEARCH_USERS) == 4 && h.user_cancels == 1, HARNESS_PUMP_BUDGET);
    REQUIRE(count_calls(&h, CALL_SEARCH_USERS) == 4);
    CHECK_EQ(h.user_cancels, 1);
    CHECK(h.cancelled[0] == grace);
    CHECK_STATUS(answer_search(grace, "Grace", 1), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_request_fail(grace, "late"), MVVM_E_NOT_FOUND);
    host_call *alan = last_call(&h, CALL_SEARCH_USERS);
    CHECK_STR_EQ(alan->name, "Alan");
    CHECK_EQ(alan->argument, 1);
    pump_until_idle(3);
    check_search_rows(f.search, "Ada", 2 * PAGE_SIZE); /* the old results stay until then */
    CHECK_OK(answer_search(alan->request, "Alan", 1));
    PUMP_UNTIL(f.rows.change_sets == 3, HARNESS_PUMP_BUDGET);
    CHECK_CHANGE(&f.rows, 2, MVVM_LIST_RESET, 0, PAGE_SIZE);
    check_search_rows(f.search, "Alan", PAGE_SIZE);
    CHECK_EQ(f.error.calls, 0);

    /* A failed search shows the host's message. */
    CHECK_OK(mvvm_user_search_set_query(f.search, "Edsger"));
    PUMP_UNTIL(count_calls(&h, CALL_SEARCH_USERS) == 5, HARNESS_PUMP_BUDGET);
    REQUIRE(count_calls(&h, CALL_SEARCH_USERS) == 5);
    CHECK_OK(mvvm_request_fail(last_call(&h, CALL_SEARCH_USERS)->request, "Search is down."));
    PUMP_UNTIL(f.error.calls == 1, HARNESS_PUMP_BUDGET);
    CHECK_STR_EQ(f.error.text, "Search is down.");
    check_search_rows(f.search, "Alan", PAGE_SIZE); /* a failure keeps the results shown */

    /* Destroying the search with a search pending cancels it. */
    CHECK_OK(mvvm_user_search_dismiss_error(f.search));
    CHECK_OK(mvvm_user_search_set_query(f.search, "Barbara"));
    PUMP_UNTIL(count_calls(&h, CALL_SEARCH_USERS) == 6, HARNESS_PUMP_BUDGET);
    REQUIRE(count_calls(&h, CALL_SEARCH_USERS) == 6);
    mvvm_request *barbara = last_call(&h, CALL_SEARCH_USERS)->request;
    CHECK_OK(mvvm_object_destroy(f.search));
    PUMP_UNTIL(h.user_cancels == 2, HARNESS_PUMP_BUDGET);
    CHECK(h.cancelled[1] == barbara);
    CHECK_OK(mvvm_object_destroy(f.repository));
    PUMP_UNTIL(h.destroyed == 1, HARNESS_PUMP_BUDGET);
    CHECK_EQ(h.user_cancels, 2);
}

/* ------------------------------------------------------------------------------------------
 * Lifetime
 * ---------------------------------------------------------------------------------------- */

static void test_the_destroy_notifier_runs_once_when_the_last_user_is_gone(void) {
    host h;
    host_reset(&h);
    h.answer_now = 1;
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *list = NULL, *detail = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    REQUIRE_OK(mvvm_user_detail_new(repository, 1, &detail));
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(list_count(list) == PAGE_SIZE, HARNESS_PUMP_BUDGET);

    CHECK_OK(mvvm_object_destroy(repository));
    pump_until_idle(3);
    CHECK_EQ(h.destroyed, 0);
    CHECK_STATUS(mvvm_object_destroy(repository), MVVM_E_INVALID_HANDLE);
    CHECK_OK(mvvm_object_destroy(list));
    pump_until_idle(3);
    CHECK_EQ(h.destroyed, 0); /* the detail still uses it */
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    int32_t loaded = 0;
    mvvm_user user;
    PUMP_UNTIL((mvvm_user_detail_get_user(detail, &loaded, &user), loaded == 1), HARNESS_PUMP_BUDGET);
    CHECK_OK(mvvm_object_destroy(detail));
    PUMP_UNTIL(h.destroyed == 1, HARNESS_PUMP_BUDGET);
    pump_until_idle(5);
    CHECK_EQ(h.destroyed, 1);
}

typedef struct late_answer {
    mvvm_request *request;
    mvvm_status status;
} late_answer;

static void *answer_late_on_thread(void *argument) {
    late_answer *a = argument;
    a->status = answer_users(a->request, 1);
    return NULL;
}

/* Last: it shuts the runtime down (and starts it again). */
static void store_count(mvvm_object *object, int64_t count, void *user_data) {
    (void)object;
    *(int64_t *)user_data = count;
}

static void test_a_destroy_notifier_may_call_back_into_the_api(void) {
    host h;
    host_reset(&h);
    h.answer_now = 1;
    mvvm_object *sorted = NULL;
    REQUIRE_OK(mvvm_sorted_integers_new(NULL, 0, 1, &sorted));
    int64_t seen = -1;
    CHECK_OK(mvvm_signal_connect(sorted, "notify::count", MVVM_CALLBACK(store_count), &seen, NULL, NULL));
    h.touch_on_destroy = sorted;
    h.touch_status = MVVM_E_SYSTEM;
    mvvm_object *repository = make_host_repository(&h);
    /* Its only user: the notifier runs inside this call or a later dispatch. */
    CHECK_OK(mvvm_object_destroy(repository));
    PUMP_UNTIL(h.destroyed == 1, HARNESS_PUMP_BUDGET);
    CHECK_EQ(h.touch_status, MVVM_OK);
    /* What the notifier changed was delivered before the call that ran it returned. */
    CHECK_EQ(seen, 1);
    CHECK_OK(mvvm_object_destroy(sorted));
}

static void test_shutdown_ends_pending_requests_and_destroys_host_repositories(void) {
    host h;
    host_reset(&h);
    mvvm_object *repository = make_host_repository(&h);
    mvvm_object *list = NULL, *detail = NULL, *post = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    REQUIRE_OK(mvvm_user_detail_new(repository, 3, &detail));
    REQUIRE_OK(mvvm_post_detail_new(repository, 3, &post));

    /* The detail loads, then a save is left pending, and its screen is closed: the save
     * request outlives the ViewModel (a write is not abandoned) until shutdown. */
    h.answer_now = 1;
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    int32_t loaded = 0;
    mvvm_user user;
    PUMP_UNTIL((mvvm_user_detail_get_user(detail, &loaded, &user), loaded == 1), HARNESS_PUMP_BUDGET);
    h.answer_now = 0;
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Pending Save"));
    CHECK_OK(mvvm_user_detail_save(detail));
    PUMP_UNTIL(count_calls(&h, CALL_UPDATE_USER) == 1, HARNESS_PUMP_BUDGET);
    CHECK_OK(mvvm_object_destroy(detail));

    /* A list load and the post loads, pending. */
    CHECK_OK(mvvm_user_list_on_appear(list));
    CHECK_OK(mvvm_post_detail_on_appear(post));
    PUMP_UNTIL(count_calls(&h, CALL_FETCH_USERS) == 1 && count_calls(&h, CALL_FETCH_POST) == 1 &&
                   count_calls(&h, CALL_FETCH_COMMENTS) == 1,
               HARNESS_PUMP_BUDGET);
    pump_until_idle(3);
    CHECK_EQ(h.user_cancels + h.post_cancels, 0);
    int calls_before = h.call_count;

    CHECK_OK(mvvm_shutdown());
    /* Every pending request was cancelled, then the repository destroyed, all inside. */
    CHECK_EQ(h.user_cancels, 2); /* the save and the page */
    CHECK_EQ(h.post_cancels, 2);
    CHECK_EQ(h.destroyed, 1);

    /* Answers after shutdown: not found, from any thread, and no crash. */
    CHECK_STATUS(answer_users(last_call(&h, CALL_FETCH_USERS)->request, 1), MVVM_E_NOT_FOUND);
    CHECK_STATUS(answer_user(last_call(&h, CALL_UPDATE_USER)->request, 3), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_request_fail(last_call(&h, CALL_FETCH_POST)->request, "x"), MVVM_E_NOT_FOUND);
    late_answer late = {.request = last_call(&h, CALL_FETCH_USERS)->request, .status = MVVM_OK};
    pthread_t thread;
    REQUIRE(pthread_create(&thread, NULL, answer_late_on_thread, &late) == 0);
    pthread_join(thread, NULL);
    CHECK_EQ(late.status, MVVM_E_NOT_FOUND);

    /* A new runtime: the old tasks wind down without touching the host again. */
    harness_init();
    pump_until_idle(10);
    CHECK_EQ(h.call_count, calls_before);
    CHECK_EQ(h.user_cancels, 2);
    CHECK_EQ(h.post_cancels, 2);
    CHECK_EQ(h.destroyed, 1);
    CHECK_STATUS(answer_users(last_call(&h, CALL_FETCH_USERS)->request, 1), MVVM_E_NOT_FOUND);

    /* And host repositories work in it. */
    host h2;
    host_reset(&h2);
    h2.answer_now = 1;
    mvvm_object *repository2 = make_host_repository(&h2);
    mvvm_object *list2 = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository2, &list2));
    CHECK_OK(mvvm_user_list_on_appear(list2));
    PUMP_UNTIL(list_count(list2) == PAGE_SIZE, HARNESS_PUMP_BUDGET);
    /* Shutdown with nothing pending: only the destroy notifier. */
    CHECK_OK(mvvm_shutdown());
    CHECK_EQ(h2.user_cancels, 0);
    CHECK_EQ(h2.destroyed, 1);
}

int main(void) {
    harness_init();
    RUN_TEST(test_the_tables_are_found_by_name_as_the_header_declares_them);
    RUN_TEST(test_new_host_validates_its_arguments);
    RUN_TEST(test_user_list_answered_inside_the_call);
    RUN_TEST(test_user_list_answered_later_from_the_loop);
    RUN_TEST(test_user_list_answered_from_another_thread);
    RUN_TEST(test_a_failed_request_shows_the_host_message);
    RUN_TEST(test_refresh_cancels_the_superseded_request);
    RUN_TEST(test_destroying_the_view_model_cancels_its_requests);
    RUN_TEST(test_an_answer_racing_a_cancellation_ends_the_request_once);
    RUN_TEST(test_answers_to_unknown_or_finished_requests_are_not_found);
    RUN_TEST(test_a_wrong_answer_type_is_refused_and_the_request_stays_pending);
    RUN_TEST(test_generic_answers_refuse_bad_arguments);
    RUN_TEST(test_invalid_answers_are_refused_and_change_nothing);
    RUN_TEST(test_user_detail_loads_and_saves_through_the_host);
    RUN_TEST(test_post_detail_loads_and_likes_through_the_host);
    RUN_TEST(test_post_calls_without_a_post_table_fail_with_a_message);
    RUN_TEST(test_coordinator_flow_over_a_host_repository);
    RUN_TEST(test_a_0_1_sized_table_lists_users_and_its_searches_fail_with_a_message);
    RUN_TEST(test_a_table_without_search_users_fails_searches_with_a_message);
    RUN_TEST(test_searches_go_to_search_users_and_a_superseded_one_is_cancelled);
    RUN_TEST(test_the_destroy_notifier_runs_once_when_the_last_user_is_gone);
    RUN_TEST(test_a_destroy_notifier_may_call_back_into_the_api);
    RUN_TEST(test_shutdown_ends_pending_requests_and_destroys_host_repositories);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
