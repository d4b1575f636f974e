/* test_post_detail.c: the post detail screen (seed 002): post and comments loaded together,
 * the optimistic like toggle, and its rollback to the server's truth when the request fails;
 * a server answer that confirms what is shown announces nothing ("notify::NAME" means the
 * value changed), and "notify::post" carries the live like state. */
#include "harness.h"

typedef struct fixture {
    mvvm_object *repository;
    mvvm_object *vm;
    recorder state, is_liked, likes, error;
} fixture;

static mvvm_object *make_repository(int32_t fail_every_nth) {
    mvvm_sample_options options;
    mvvm_object *repository = NULL;
    CHECK_OK(mvvm_sample_options_init(&options));
    options.user_count = 10;
    options.post_count = 5;
    options.comments_per_post = 4;
    if (fail_every_nth >= 0) options.fail_every_nth = fail_every_nth;
    CHECK_OK(mvvm_repository_new_sample(&options, &repository));
    return repository;
}

static void attach(fixture *f, int64_t post_id) {
    recorder_reset(&f->state);
    recorder_reset(&f->is_liked);
    recorder_reset(&f->likes);
    recorder_reset(&f->error);
    CHECK_OK(mvvm_post_detail_new(f->repository, post_id, &f->vm));
    CONNECT(f->vm, "notify::state", on_int32, &f->state);
    CONNECT(f->vm, "notify::is-liked", on_int32, &f->is_liked);
    CONNECT(f->vm, "notify::likes-count", on_int64, &f->likes);
    CONNECT(f->vm, "notify::error-message", on_string, &f->error);
}

static void setup(fixture *f, int64_t post_id, int32_t fail_every_nth) {
    f->repository = make_repository(fail_every_nth);
    attach(f, post_id);
}

static void teardown(fixture *f) {
    CHECK_OK(mvvm_object_destroy(f->vm));
    CHECK_OK(mvvm_object_destroy(f->repository));
    CHECK_EQ(f->state.destroyed + f->is_liked.destroyed + f->likes.destroyed + f->error.destroyed, 4);
}

static int32_t get_state(mvvm_object *vm) {
    int32_t state = -1;
    CHECK_OK(mvvm_post_detail_get_state(vm, &state));
    return state;
}

static void load(fixture *f) {
    CHECK_OK(mvvm_post_detail_on_appear(f->vm));
    PUMP_UNTIL(f->state.value == MVVM_VIEW_STATE_LOADED || f->state.value == MVVM_VIEW_STATE_FAILED, HARNESS_PUMP_BUDGET);
}

typedef struct like_state {
    int32_t liked;
    int64_t likes;
} like_state;

static like_state read_like(mvvm_object *vm) {
    like_state s = {-1, -1};
    CHECK_OK(mvvm_post_detail_get_is_liked(vm, &s.liked));
    CHECK_OK(mvvm_post_detail_get_likes_count(vm, &s.likes));
    return s;
}

/* Lets the like request under way answer. An answer that confirms what is shown changes
 * nothing and so announces nothing: there is no signal to wait for, so this pumps until the
 * loop stays idle for a whole slice (the sample repository answers at once). */
static void settle_like(void) { pump_until_idle(20); }

static void test_before_loading_the_post_is_not_readable(void) {
    fixture f;
    setup(&f, 1, -1);
    mvvm_type type;
    CHECK_OK(mvvm_object_get_type(f.vm, &type));
    CHECK_EQ(type, MVVM_TYPE_POST_DETAIL);
    CHECK_EQ(get_state(f.vm), MVVM_VIEW_STATE_IDLE);
    mvvm_post post = {.id = 99};
    CHECK_STATUS(mvvm_post_detail_get_post(f.vm, &post), MVVM_E_STATE);
    CHECK_EQ(post.id, 99);
    int64_t count = 99;
    CHECK_STATUS(mvvm_post_detail_get_comment_count(f.vm, &count), MVVM_E_STATE);
    CHECK_EQ(count, 99);
    mvvm_comment comment = {.id = 99};
    CHECK_STATUS(mvvm_post_detail_get_comment(f.vm, 0, &comment), MVVM_E_STATE);
    CHECK_EQ(comment.id, 99);
    like_state like = read_like(f.vm);
    CHECK_EQ(like.liked, 0);
    CHECK_EQ(like.likes, 0);
    const char *error = (const char *)(uintptr_t)1;
    CHECK_OK(mvvm_post_detail_get_error_message(f.vm, &error));
    CHECK(error == NULL);
    /* Liking before the post is loaded does nothing. */
    CHECK_OK(mvvm_post_detail_toggle_like(f.vm));
    CHECK_EQ(f.is_liked.calls, 0);
    teardown(&f);
}

static void test_on_appear_loads_the_post_and_its_comments_together(void) {
    fixture f;
    setup(&f, 2, -1);
    CHECK_OK(mvvm_post_detail_on_appear(f.vm));
    CHECK_EQ(f.state.calls, 1); /* LOADING, at the end of the command */
    CHECK_EQ(f.state.value, MVVM_VIEW_STATE_LOADING);
    CHECK_EQ(get_state(f.vm), MVVM_VIEW_STATE_LOADING);
    CHECK_STATUS(mvvm_post_detail_get_post(f.vm, &(mvvm_post){0}), MVVM_E_STATE);
    PUMP_UNTIL(f.state.value == MVVM_VIEW_STATE_LOADED, HARNESS_PUMP_BUDGET);
    CHECK_EQ(f.state.calls, 2); /* LOADING -> LOADED in one step */
    mvvm_post post;
    CHECK_OK(mvvm_post_detail_get_post(f.vm, &post));
    CHECK_EQ(post.id, 2);
    CHECK(post.title != NULL && post.title[0] != '\0');
    CHECK(post.body != NULL && post.body[0] != '\0');
    CHECK(post.author_name != NULL && post.author_name[0] != '\0');
    CHECK(post.created_at > 1.0e9); /* seconds since 1970: after 2001 */
    CHECK(post.liked_by_current_user == 0 || post.liked_by_current_user == 1);
    like_state like = read_like(f.vm);
    CHECK_EQ(post.likes_count, like.likes);
    CHECK_EQ(post.liked_by_current_user, like.liked);
    /* The like values were announced with the load (before the state, same delivery). */
    CHECK_EQ(f.likes.calls, 1);
    CHECK_EQ(f.likes.value, like.likes);
    int64_t comment_count = -1;
    CHECK_OK(mvvm_post_detail_get_comment_count(f.vm, &comment_count));
    CHECK_EQ(comment_count, 4);
    CHECK_EQ(post.comments_count, comment_count);
    int64_t previous_id = -1;
    for (int64_t i = 0; i < comment_count; i++) {
        mvvm_comment comment;
        CHECK_OK(mvvm_post_detail_get_comment(f.vm, i, &comment));
        CHECK(comment.id != previous_id);
        previous_id = comment.id;
        CHECK(comment.author_name != NULL && comment.author_name[0] != '\0');
        CHECK(comment.body != NULL && comment.body[0] != '\0');
    }
    mvvm_comment untouched = {.id = 1234};
    CHECK_STATUS(mvvm_post_detail_get_comment(f.vm, comment_count, &untouched), MVVM_E_OUT_OF_RANGE);
    CHECK_STATUS(mvvm_post_detail_get_comment(f.vm, -1, &untouched), MVVM_E_OUT_OF_RANGE);
    CHECK_EQ(untouched.id, 1234);
    /* Appearing again keeps what is shown. */
    CHECK_OK(mvvm_post_detail_on_appear(f.vm));
    pump_until_idle(5);
    CHECK_EQ(f.state.calls, 2);
    teardown(&f);
}

static void test_toggling_like_changes_at_once_and_persists(void) {
    fixture f;
    setup(&f, 3, -1);
    load(&f);
    like_state before = read_like(f.vm);
    int calls = f.is_liked.calls;
    CHECK_OK(mvvm_post_detail_toggle_like(f.vm));
    /* Optimistic: announced at the end of the command. */
    CHECK_EQ(f.is_liked.calls, calls + 1);
    CHECK_EQ(f.is_liked.value, !before.liked);
    CHECK_EQ(f.likes.value, before.likes + (before.liked ? -1 : 1));
    int likes_calls = f.likes.calls;
    settle_like();
    /* The server's answer confirms the optimistic values: nothing changed, nothing announced. */
    CHECK_EQ(f.is_liked.calls, calls + 1);
    CHECK_EQ(f.likes.calls, likes_calls);
    like_state after = read_like(f.vm);
    CHECK_EQ(after.liked, !before.liked);
    CHECK_EQ(after.likes, before.likes + (before.liked ? -1 : 1));
    const char *error = (const char *)(uintptr_t)1;
    CHECK_OK(mvvm_post_detail_get_error_message(f.vm, &error));
    CHECK(error == NULL);
    CHECK(f.error.calls == 0 || f.error.string_was_null);
    /* The server kept it: a new screen over the same repository loads the new truth. */
    fixture g;
    g.repository = f.repository;
    attach(&g, 3);
    load(&g);
    like_state reloaded = read_like(g.vm);
    CHECK_EQ(reloaded.liked, after.liked);
    CHECK_EQ(reloaded.likes, after.likes);
    CHECK_OK(mvvm_object_destroy(g.vm));
    /* And back. */
    calls = f.is_liked.calls;
    CHECK_OK(mvvm_post_detail_toggle_like(f.vm));
    CHECK_EQ(f.is_liked.calls, calls + 1);
    CHECK_EQ(f.is_liked.value, before.liked);
    settle_like();
    CHECK_EQ(f.is_liked.calls, calls + 1);
    like_state back = read_like(f.vm);
    CHECK_EQ(back.liked, before.liked);
    CHECK_EQ(back.likes, before.likes);
    teardown(&f);
}

static void test_a_failed_like_rolls_back_to_the_server_truth(void) {
    fixture f;
    setup(&f, 4, 3); /* calls 1 and 2 load the post and comments; call 3 (the like) fails */
    load(&f);
    CHECK_EQ(get_state(f.vm), MVVM_VIEW_STATE_LOADED);
    like_state before = read_like(f.vm);
    int liked_calls = f.is_liked.calls;
    CHECK_OK(mvvm_post_detail_toggle_like(f.vm));
    CHECK_EQ(f.is_liked.calls, liked_calls + 1);
    CHECK_EQ(f.is_liked.value, !before.liked);
    PUMP_UNTIL(f.error.calls > 0, HARNESS_PUMP_BUDGET);
    pump_until_idle(5);
    /* Both values are restored exactly (not a running sum), then the error is reported. */
    like_state after = read_like(f.vm);
    CHECK_EQ(after.liked, before.liked);
    CHECK_EQ(after.likes, before.likes);
    /* The rollback is a real change back: announced once more. */
    CHECK_EQ(f.is_liked.calls, liked_calls + 2);
    CHECK_EQ(f.is_liked.value, before.liked);
    CHECK_EQ(f.likes.value, before.likes);
    CHECK_EQ(f.error.calls, 1);
    CHECK(!f.error.string_was_null);
    CHECK(f.error.text[0] != '\0');
    const char *error = NULL;
    CHECK_OK(mvvm_post_detail_get_error_message(f.vm, &error));
    CHECK_STR_EQ(error, f.error.text);
    CHECK_EQ(get_state(f.vm), MVVM_VIEW_STATE_LOADED); /* a like failure is not a load failure */
    /* The next toggle (call 4) goes through. */
    int calls = f.is_liked.calls;
    CHECK_OK(mvvm_post_detail_toggle_like(f.vm));
    CHECK_EQ(f.is_liked.calls, calls + 1);
    settle_like();
    CHECK_EQ(f.is_liked.calls, calls + 1);
    like_state liked = read_like(f.vm);
    CHECK_EQ(liked.liked, !before.liked);
    CHECK_EQ(liked.likes, before.likes + (before.liked ? -1 : 1));
    teardown(&f);
}

static void test_rapid_toggles_settle_on_the_last_intent(void) {
    fixture f;
    setup(&f, 5, -1);
    load(&f);
    like_state before = read_like(f.vm);
    int calls = f.is_liked.calls;
    for (int i = 0; i < 5; i++) CHECK_OK(mvvm_post_detail_toggle_like(f.vm)); /* odd: the opposite */
    CHECK_EQ(f.is_liked.calls, calls + 5); /* each tap shows at once */
    CHECK_EQ(f.is_liked.value, !before.liked);
    /* One request went out (the taps meanwhile only moved the intent); its answer already
     * matches the last intent, so it settles everything, nothing more is sent, and since
     * nothing shown changes, nothing more is announced. */
    settle_like();
    CHECK_EQ(f.is_liked.calls, calls + 5);
    CHECK_EQ(f.is_liked.value, !before.liked);
    like_state after = read_like(f.vm);
    CHECK_EQ(after.liked, !before.liked);
    CHECK_EQ(after.likes, before.likes + (before.liked ? -1 : 1));
    fixture g;
    g.repository = f.repository;
    attach(&g, 5);
    load(&g);
    like_state server = read_like(g.vm);
    CHECK_EQ(server.liked, after.liked);
    CHECK_EQ(server.likes, after.likes);
    CHECK_OK(mvvm_object_destroy(g.vm));
    teardown(&f);
}

static void test_an_unknown_post_fails_to_load(void) {
    fixture f;
    setup(&f, 999, -1);
    load(&f);
    CHECK_EQ(f.state.value, MVVM_VIEW_STATE_FAILED);
    CHECK_EQ(get_state(f.vm), MVVM_VIEW_STATE_FAILED);
    CHECK_STATUS(mvvm_post_detail_get_post(f.vm, &(mvvm_post){0}), MVVM_E_STATE);
    CHECK_STATUS(mvvm_post_detail_get_comment_count(f.vm, &(int64_t){0}), MVVM_E_STATE);
    teardown(&f);
}

static void test_a_repository_failure_fails_the_load(void) {
    fixture f;
    setup(&f, 1, 1);
    load(&f);
    CHECK_EQ(get_state(f.vm), MVVM_VIEW_STATE_FAILED);
    /* Toggling a post that never loaded does nothing. */
    int calls = f.is_liked.calls;
    CHECK_OK(mvvm_post_detail_toggle_like(f.vm));
    CHECK_EQ(f.is_liked.calls, calls);
    teardown(&f);
}

static void test_destroying_the_screen_during_a_load_lands_nothing(void) {
    fixture f;
    setup(&f, 1, -1);
    CHECK_OK(mvvm_post_detail_on_appear(f.vm));
    CHECK_OK(mvvm_object_destroy(f.vm));
    pump_until_idle(10);
    CHECK_EQ(f.state.calls, 1);
    CHECK_EQ(f.state.destroyed, 1);
    CHECK_OK(mvvm_object_destroy(f.repository));
}

/* ------------------------------------------------------------------------------------------
 * The server's answers, under the test's control (a host repository)
 * ---------------------------------------------------------------------------------------- */

typedef struct post_host {
    mvvm_request *pending_like;
    int set_liked_calls;
    int32_t last_liked;
} post_host;

static void ph_fetch_users(void *user_data, mvvm_request *request, int64_t page) {
    (void)user_data;
    (void)page;
    mvvm_request_fail(request, "no users here");
}
static void ph_fetch_user(void *user_data, mvvm_request *request, int64_t id) {
    (void)user_data;
    (void)id;
    mvvm_request_fail(request, "no users here");
}
static void ph_update_user(void *user_data, mvvm_request *request, const mvvm_user *user) {
    (void)user_data;
    (void)user;
    mvvm_request_fail(request, "no users here");
}

static mvvm_status ph_answer_post(mvvm_request *request, int64_t id, int32_t liked, int64_t likes) {
    mvvm_post post = {
        .id = id, .title = "Title", .body = "Body", .author_name = "Author",
        .created_at = 1700000000.0, .likes_count = likes, .liked_by_current_user = liked, .comments_count = 1,
    };
    return mvvm_request_resolve_post(request, &post);
}

static void ph_fetch_post(void *user_data, mvvm_request *request, int64_t post_id) {
    (void)user_data;
    CHECK_OK(ph_answer_post(request, post_id, 0, 10));
}
static void ph_fetch_comments(void *user_data, mvvm_request *request, int64_t post_id) {
    (void)user_data;
    (void)post_id;
    mvvm_comment comment = {.id = 1, .author_name = "Ada", .body = "Hello."};
    CHECK_OK(mvvm_request_resolve_comments(request, &comment, 1));
}
static void ph_set_liked(void *user_data, mvvm_request *request, int64_t post_id, int32_t liked) {
    (void)post_id;
    post_host *h = user_data;
    h->set_liked_calls++;
    h->last_liked = liked;
    h->pending_like = request; /* answered by the test */
}

typedef struct post_recorder {
    int calls;
    int64_t id;
    int32_t liked;
    int64_t likes;
    char title[64];
} post_recorder;

static void on_post(mvvm_object *object, const mvvm_post *post, void *user_data) {
    (void)object;
    post_recorder *r = user_data;
    r->calls++;
    r->id = post != NULL ? post->id : -1;
    r->liked = post != NULL ? post->liked_by_current_user : -1;
    r->likes = post != NULL ? post->likes_count : -1;
    snprintf(r->title, sizeof r->title, "%s", post != NULL && post->title != NULL ? post->title : "(null)");
}

static void test_an_answer_confirming_the_shown_like_announces_only_what_changed(void) {
    post_host h;
    memset(&h, 0, sizeof h);
    mvvm_user_repository_vtable users;
    memset(&users, 0, sizeof users);
    users.struct_size = sizeof users;
    users.fetch_users = ph_fetch_users;
    users.fetch_user = ph_fetch_user;
    users.update_user = ph_update_user;
    mvvm_post_repository_vtable posts;
    memset(&posts, 0, sizeof posts);
    posts.struct_size = sizeof posts;
    posts.fetch_post = ph_fetch_post;
    posts.fetch_comments = ph_fetch_comments;
    posts.set_liked = ph_set_liked;
    fixture f;
    REQUIRE_OK(mvvm_repository_new_host(&users, &posts, &h, NULL, &f.repository));
    attach(&f, 6);
    post_recorder post;
    memset(&post, 0, sizeof post);
    CHECK_OK(mvvm_signal_connect(f.vm, "notify::post", MVVM_CALLBACK(on_post), &post, NULL, NULL));
    load(&f);
    REQUIRE(get_state(f.vm) == MVVM_VIEW_STATE_LOADED);
    /* The load announced the post (absent -> loaded) and the like count (0 -> 10); is-liked
     * stayed 0, so it was not announced. */
    CHECK_EQ(post.calls, 1);
    CHECK_EQ(post.id, 6);
    CHECK_STR_EQ(post.title, "Title");
    CHECK_EQ(post.likes, 10);
    CHECK_EQ(f.likes.calls, 1);
    CHECK_EQ(f.likes.value, 10);
    CHECK_EQ(f.is_liked.calls, 0);

    /* Optimistic: liked, 11; the post carries the live like state. */
    CHECK_OK(mvvm_post_detail_toggle_like(f.vm));
    CHECK_EQ(f.is_liked.calls, 1);
    CHECK_EQ(f.is_liked.value, 1);
    CHECK_EQ(f.likes.calls, 2);
    CHECK_EQ(f.likes.value, 11);
    CHECK_EQ(post.calls, 2);
    CHECK_EQ(post.liked, 1);
    CHECK_EQ(post.likes, 11);
    PUMP_UNTIL(h.pending_like != NULL, HARNESS_PUMP_BUDGET);
    REQUIRE(h.pending_like != NULL);
    CHECK_EQ(h.last_liked, 1);

    /* The server agrees on "liked" but counts 42 (others liked it meanwhile): only the count
     * (and the post that carries it) changed, so only they are announced. */
    CHECK_OK(ph_answer_post(h.pending_like, 6, 1, 42));
    h.pending_like = NULL;
    PUMP_UNTIL(f.likes.calls == 3, HARNESS_PUMP_BUDGET);
    pump_until_idle(5);
    CHECK_EQ(f.likes.value, 42);
    CHECK_EQ(f.is_liked.calls, 1);
    CHECK_EQ(post.calls, 3);
    CHECK_EQ(post.likes, 42);
    CHECK_EQ(f.error.calls, 0);

    /* Unlike, then the server confirms exactly what is shown: nothing more is announced. */
    CHECK_OK(mvvm_post_detail_toggle_like(f.vm));
    CHECK_EQ(f.is_liked.calls, 2);
    CHECK_EQ(f.is_liked.value, 0);
    CHECK_EQ(f.likes.calls, 4);
    CHECK_EQ(f.likes.value, 41);
    PUMP_UNTIL(h.pending_like != NULL, HARNESS_PUMP_BUDGET);
    REQUIRE(h.pending_like != NULL);
    CHECK_EQ(h.set_liked_calls, 2);
    CHECK_OK(ph_answer_post(h.pending_like, 6, 0, 41));
    h.pending_like = NULL;
    pump_until_idle(10);
    CHECK_EQ(f.is_liked.calls, 2);
    CHECK_EQ(f.likes.calls, 4);
    CHECK_EQ(post.calls, 4);
    CHECK_EQ(h.set_liked_calls, 2); /* settled: nothing more sent */
    like_state shown = read_like(f.vm);
    CHECK_EQ(shown.liked, 0);
    CHECK_EQ(shown.likes, 41);

    /* Two taps in one go (like, unlike) end where they started: each tap is its own call, so
     * each is announced; then the server's answer to the first settles back, sending the last
     * intent once more. */
    CHECK_OK(mvvm_post_detail_toggle_like(f.vm));
    CHECK_OK(mvvm_post_detail_toggle_like(f.vm));
    CHECK_EQ(f.is_liked.calls, 4);
    CHECK_EQ(f.is_liked.value, 0);
    PUMP_UNTIL(h.pending_like != NULL, HARNESS_PUMP_BUDGET);
    REQUIRE(h.pending_like != NULL);
    CHECK_EQ(h.last_liked, 1);
    CHECK_OK(ph_answer_post(h.pending_like, 6, 1, 42));
    h.pending_like = NULL;
    /* The answer (liked) differs from the intent (not liked): one more request goes out. */
    PUMP_UNTIL(h.pending_like != NULL, HARNESS_PUMP_BUDGET);
    REQUIRE(h.pending_like != NULL);
    CHECK_EQ(h.last_liked, 0);
    /* Meanwhile the screen shows the intent, unchanged: nothing was announced. */
    CHECK_EQ(f.is_liked.calls, 4);
    shown = read_like(f.vm);
    CHECK_EQ(shown.liked, 0);
    CHECK_EQ(shown.likes, 41);
    CHECK_OK(ph_answer_post(h.pending_like, 6, 0, 41));
    h.pending_like = NULL;
    pump_until_idle(10);
    CHECK_EQ(f.is_liked.calls, 4);
    CHECK_EQ(h.set_liked_calls, 4);

    CHECK_OK(mvvm_object_destroy(f.vm));
    CHECK_OK(mvvm_object_destroy(f.repository));
    pump_until_idle(5);
}

int main(void) {
    harness_init();
    RUN_TEST(test_before_loading_the_post_is_not_readable);
    RUN_TEST(test_on_appear_loads_the_post_and_its_comments_together);
    RUN_TEST(test_toggling_like_changes_at_once_and_persists);
    RUN_TEST(test_a_failed_like_rolls_back_to_the_server_truth);
    RUN_TEST(test_rapid_toggles_settle_on_the_last_intent);
    RUN_TEST(test_an_unknown_post_fails_to_load);
    RUN_TEST(test_a_repository_failure_fails_the_load);
    RUN_TEST(test_destroying_the_screen_during_a_load_lands_nothing);
    RUN_TEST(test_an_answer_confirming_the_shown_like_announces_only_what_changed);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
