/* test_misuse.c: the misuse table of the header, for every function. A NULL, destroyed,
 * never-issued or stale handle gives MVVM_E_INVALID_HANDLE; a handle of another type
 * MVVM_E_WRONG_TYPE; a NULL out-pointer MVVM_E_INVALID_ARGUMENT; another thread
 * MVVM_E_WRONG_THREAD; an index outside the rows MVVM_E_OUT_OF_RANGE; invalid UTF-8
 * MVVM_E_INVALID_UTF8; an unknown name MVVM_E_UNKNOWN_NAME; an unknown id MVVM_E_NOT_FOUND; the
 * loop functions inside a handler MVVM_E_REENTRANCY; anything before mvvm_init()
 * MVVM_E_NOT_INITIALIZED. Every failure leaves a message (CHECK_STATUS checks it), writes no
 * out-pointer, and loses nothing: every object still works afterwards. */
#include "harness.h"

#include <pthread.h>
#include <unistd.h>

/* The last type of the header's enumeration: types run from MVVM_TYPE_REPOSITORY to it. */
#define LAST_TYPE MVVM_TYPE_USER_SEARCH

/* ------------------------------------------------------------------------------------------
 * The table of functions that take an object handle
 * ---------------------------------------------------------------------------------------- */

typedef enum entry_kind {
    COMMAND,      /* fn(object)                                  */
    GETTER,       /* fn(object, out)       out required          */
    INDEXED,      /* fn(object, index)                           */
    INDEXED_GET,  /* fn(object, index, out) out required         */
    CONSTRUCTOR,  /* fn(repository, ..., out) out required       */
    SPECIAL,      /* other argument lists (see the wrapper)      */
} entry_kind;

typedef mvvm_status (*entry_call)(mvvm_object *object, void *out, int64_t index);

typedef struct entry {
    const char *name;
    mvvm_type type; /* the handle's required type; 0: any type */
    entry_kind kind;
    int out_required;
    int mutates; /* changes state or starts work when it succeeds: not used as a health check */
    entry_call call;
} entry;

/* Big enough for every out type (mvvm_post is the largest); filled with a sentinel. */
typedef union out_buffer {
    unsigned char bytes[96];
    mvvm_post post;
    mvvm_user user;
    mvvm_comment comment;
    int64_t i64;
    uint64_t u64;
    int32_t i32;
    const char *text;
    mvvm_object *object;
    mvvm_type type;
} out_buffer;

#define SENTINEL 0xA5

static void fill(out_buffer *out) { memset(out, SENTINEL, sizeof *out); }

static int untouched(const out_buffer *out) {
    for (size_t i = 0; i < sizeof out->bytes; i++) {
        if (out->bytes[i] != SENTINEL) return 0;
    }
    return 1;
}

#define WRAP_COMMAND(fn) \
    static mvvm_status call_##fn(mvvm_object *o, void *out, int64_t i) { (void)out; (void)i; return fn(o); }
#define WRAP_GETTER(fn) \
    static mvvm_status call_##fn(mvvm_object *o, void *out, int64_t i) { (void)i; return fn(o, out); }
#define WRAP_INDEXED(fn) \
    static mvvm_status call_##fn(mvvm_object *o, void *out, int64_t i) { (void)out; return fn(o, i); }
#define WRAP_INDEXED_GET(fn) \
    static mvvm_status call_##fn(mvvm_object *o, void *out, int64_t i) { return fn(o, i, out); }

WRAP_GETTER(mvvm_object_get_type)
WRAP_COMMAND(mvvm_object_destroy)

WRAP_GETTER(mvvm_user_list_new)
WRAP_COMMAND(mvvm_user_list_on_appear)
WRAP_COMMAND(mvvm_user_list_refresh)
WRAP_INDEXED(mvvm_user_list_did_display_row)
WRAP_INDEXED(mvvm_user_list_did_select_row)
WRAP_COMMAND(mvvm_user_list_dismiss_error)
WRAP_GETTER(mvvm_user_list_get_count)
WRAP_INDEXED_GET(mvvm_user_list_get_row)
WRAP_GETTER(mvvm_user_list_get_loading)
WRAP_GETTER(mvvm_user_list_get_has_more_pages)
WRAP_GETTER(mvvm_user_list_get_error_message)

static mvvm_status call_mvvm_user_detail_new(mvvm_object *o, void *out, int64_t i) { (void)i; return mvvm_user_detail_new(o, 1, out); }
WRAP_COMMAND(mvvm_user_detail_on_appear)
static mvvm_status call_mvvm_user_detail_set_draft_name(mvvm_object *o, void *out, int64_t i) {
    (void)out;
    (void)i;
    return mvvm_user_detail_set_draft_name(o, "A Valid Name");
}
WRAP_COMMAND(mvvm_user_detail_save)
/* Two out-pointers: the buffer holds both; out == NULL passes NULL for both. */
typedef struct user_out {
    int32_t loaded;
    mvvm_user user;
} user_out;
static mvvm_status call_mvvm_user_detail_get_user(mvvm_object *o, void *out, int64_t i) {
    (void)i;
    user_out *u = out;
    return mvvm_user_detail_get_user(o, u != NULL ? &u->loaded : NULL, u != NULL ? &u->user : NULL);
}
WRAP_GETTER(mvvm_user_detail_get_draft_name)
WRAP_GETTER(mvvm_user_detail_get_is_saving)
WRAP_GETTER(mvvm_user_detail_get_is_dirty)
WRAP_GETTER(mvvm_user_detail_get_can_save)
WRAP_GETTER(mvvm_user_detail_get_validation_message)
WRAP_GETTER(mvvm_user_detail_get_error_message)

static mvvm_status call_mvvm_post_detail_new(mvvm_object *o, void *out, int64_t i) { (void)i; return mvvm_post_detail_new(o, 1, out); }
WRAP_COMMAND(mvvm_post_detail_on_appear)
WRAP_COMMAND(mvvm_post_detail_toggle_like)
WRAP_GETTER(mvvm_post_detail_get_state)
WRAP_GETTER(mvvm_post_detail_get_post)
WRAP_GETTER(mvvm_post_detail_get_comment_count)
WRAP_INDEXED_GET(mvvm_post_detail_get_comment)
WRAP_GETTER(mvvm_post_detail_get_is_liked)
WRAP_GETTER(mvvm_post_detail_get_likes_count)
WRAP_GETTER(mvvm_post_detail_get_error_message)

WRAP_COMMAND(mvvm_sorted_integers_add_new_integer)
static mvvm_status call_mvvm_sorted_integers_add(mvvm_object *o, void *out, int64_t i) { (void)i; return mvvm_sorted_integers_add(o, 5, out); }
WRAP_INDEXED(mvvm_sorted_integers_remove_at)
WRAP_GETTER(mvvm_sorted_integers_get_count)
WRAP_INDEXED_GET(mvvm_sorted_integers_get_value)

WRAP_COMMAND(mvvm_stopwatch_button_tapped)
WRAP_COMMAND(mvvm_stopwatch_lap)
WRAP_COMMAND(mvvm_stopwatch_reset)
WRAP_GETTER(mvvm_stopwatch_get_elapsed_text)
WRAP_GETTER(mvvm_stopwatch_get_button_text)
WRAP_GETTER(mvvm_stopwatch_get_is_running)
WRAP_GETTER(mvvm_stopwatch_get_is_lap_enabled)
WRAP_GETTER(mvvm_stopwatch_get_lap_count)
WRAP_INDEXED_GET(mvvm_stopwatch_get_lap)

WRAP_GETTER(mvvm_coordinator_new)
WRAP_COMMAND(mvvm_coordinator_start)
WRAP_COMMAND(mvvm_coordinator_back)
WRAP_GETTER(mvvm_coordinator_get_depth)
WRAP_INDEXED_GET(mvvm_coordinator_get_screen)
WRAP_COMMAND(mvvm_coordinator_show_search)

WRAP_GETTER(mvvm_user_search_new)
WRAP_INDEXED(mvvm_user_search_did_display_row)
WRAP_INDEXED(mvvm_user_search_did_select_row)
WRAP_COMMAND(mvvm_user_search_dismiss_error)
static mvvm_status call_mvvm_user_search_set_query(mvvm_object *o, void *out, int64_t i) {
    (void)out;
    (void)i;
    return mvvm_user_search_set_query(o, "zzz-no-match");
}
WRAP_GETTER(mvvm_user_search_get_query)
WRAP_GETTER(mvvm_user_search_get_is_searching)
WRAP_GETTER(mvvm_user_search_get_is_query_empty)
WRAP_GETTER(mvvm_user_search_get_error_message)
WRAP_GETTER(mvvm_user_search_get_count)
WRAP_GETTER(mvvm_user_search_get_has_more_pages)
WRAP_INDEXED_GET(mvvm_user_search_get_row)

static mvvm_status call_mvvm_signal_connect(mvvm_object *o, void *out, int64_t i) {
    (void)i;
    /* "notify::count" exists on sorted integers and user lists; other types give UNKNOWN_NAME. */
    return mvvm_signal_connect(o, "notify::count", MVVM_CALLBACK(on_int64), NULL, NULL, out);
}
static mvvm_status call_mvvm_command_closure_new(mvvm_object *o, void *out, int64_t i) {
    (void)i;
    mvvm_command_fn fn = NULL;
    uint64_t *id = out;
    mvvm_status status = mvvm_command_closure_new(o, "add-new-integer", id != NULL ? &fn : NULL, id);
    if (status == MVVM_OK) mvvm_command_closure_free(*id);
    return status;
}

#define ENTRY(fn, type, kind, out_required, mutates) {#fn, type, kind, out_required, mutates, call_##fn}

static const entry entries[] = {
    ENTRY(mvvm_object_get_type, 0, GETTER, 1, 0),
    ENTRY(mvvm_object_destroy, 0, COMMAND, 0, 1),
    ENTRY(mvvm_signal_connect, MVVM_TYPE_SORTED_INTEGERS, SPECIAL, 0, 1),
    ENTRY(mvvm_command_closure_new, MVVM_TYPE_SORTED_INTEGERS, SPECIAL, 1, 1),

    ENTRY(mvvm_user_list_new, MVVM_TYPE_REPOSITORY, CONSTRUCTOR, 1, 1),
    ENTRY(mvvm_user_list_on_appear, MVVM_TYPE_USER_LIST, COMMAND, 0, 0),
    ENTRY(mvvm_user_list_refresh, MVVM_TYPE_USER_LIST, COMMAND, 0, 1),
    ENTRY(mvvm_user_list_did_display_row, MVVM_TYPE_USER_LIST, INDEXED, 0, 1),
    ENTRY(mvvm_user_list_did_select_row, MVVM_TYPE_USER_LIST, INDEXED, 0, 1),
    ENTRY(mvvm_user_list_dismiss_error, MVVM_TYPE_USER_LIST, COMMAND, 0, 0),
    ENTRY(mvvm_user_list_get_count, MVVM_TYPE_USER_LIST, GETTER, 1, 0),
    ENTRY(mvvm_user_list_get_row, MVVM_TYPE_USER_LIST, INDEXED_GET, 1, 0),
    ENTRY(mvvm_user_list_get_loading, MVVM_TYPE_USER_LIST, GETTER, 1, 0),
    ENTRY(mvvm_user_list_get_has_more_pages, MVVM_TYPE_USER_LIST, GETTER, 1, 0),
    ENTRY(mvvm_user_list_get_error_message, MVVM_TYPE_USER_LIST, GETTER, 1, 0),

    ENTRY(mvvm_user_detail_new, MVVM_TYPE_REPOSITORY, CONSTRUCTOR, 1, 1),
    ENTRY(mvvm_user_detail_on_appear, MVVM_TYPE_USER_DETAIL, COMMAND, 0, 0),
    ENTRY(mvvm_user_detail_set_draft_name, MVVM_TYPE_USER_DETAIL, SPECIAL, 0, 1),
    ENTRY(mvvm_user_detail_save, MVVM_TYPE_USER_DETAIL, COMMAND, 0, 1),
    ENTRY(mvvm_user_detail_get_user, MVVM_TYPE_USER_DETAIL, SPECIAL, 1, 0),
    ENTRY(mvvm_user_detail_get_draft_name, MVVM_TYPE_USER_DETAIL, GETTER, 1, 0),
    ENTRY(mvvm_user_detail_get_is_saving, MVVM_TYPE_USER_DETAIL, GETTER, 1, 0),
    ENTRY(mvvm_user_detail_get_is_dirty, MVVM_TYPE_USER_DETAIL, GETTER, 1, 0),
    ENTRY(mvvm_user_detail_get_can_save, MVVM_TYPE_USER_DETAIL, GETTER, 1, 0),
    ENTRY(mvvm_user_detail_get_validation_message, MVVM_TYPE_USER_DETAIL, GETTER, 1, 0),
    ENTRY(mvvm_user_detail_get_error_message, MVVM_TYPE_USER_DETAIL, GETTER, 1, 0),

    ENTRY(mvvm_post_detail_new, MVVM_TYPE_REPOSITORY, CONSTRUCTOR, 1, 1),
    ENTRY(mvvm_post_detail_on_appear, MVVM_TYPE_POST_DETAIL, COMMAND, 0, 0),
    ENTRY(mvvm_post_detail_toggle_like, MVVM_TYPE_POST_DETAIL, COMMAND, 0, 1),
    ENTRY(mvvm_post_detail_get_state, MVVM_TYPE_POST_DETAIL, GETTER, 1, 0),
    ENTRY(mvvm_post_detail_get_post, MVVM_TYPE_POST_DETAIL, GETTER, 1, 0),
    ENTRY(mvvm_post_detail_get_comment_count, MVVM_TYPE_POST_DETAIL, GETTER, 1, 0),
    ENTRY(mvvm_post_detail_get_comment, MVVM_TYPE_POST_DETAIL, INDEXED_GET, 1, 0),
    ENTRY(mvvm_post_detail_get_is_liked, MVVM_TYPE_POST_DETAIL, GETTER, 1, 0),
    ENTRY(mvvm_post_detail_get_likes_count, MVVM_TYPE_POST_DETAIL, GETTER, 1, 0),
    ENTRY(mvvm_post_detail_get_error_message, MVVM_TYPE_POST_DETAIL, GETTER, 1, 0),

    ENTRY(mvvm_sorted_integers_add_new_integer, MVVM_TYPE_SORTED_INTEGERS, COMMAND, 0, 1),
    ENTRY(mvvm_sorted_integers_add, MVVM_TYPE_SORTED_INTEGERS, SPECIAL, 0, 1),
    ENTRY(mvvm_sorted_integers_remove_at, MVVM_TYPE_SORTED_INTEGERS, INDEXED, 0, 1),
    ENTRY(mvvm_sorted_integers_get_count, MVVM_TYPE_SORTED_INTEGERS, GETTER, 1, 0),
    ENTRY(mvvm_sorted_integers_get_value, MVVM_TYPE_SORTED_INTEGERS, INDEXED_GET, 1, 0),

    ENTRY(mvvm_stopwatch_button_tapped, MVVM_TYPE_STOPWATCH, COMMAND, 0, 1),
    ENTRY(mvvm_stopwatch_lap, MVVM_TYPE_STOPWATCH, COMMAND, 0, 0),
    ENTRY(mvvm_stopwatch_reset, MVVM_TYPE_STOPWATCH, COMMAND, 0, 1),
    ENTRY(mvvm_stopwatch_get_elapsed_text, MVVM_TYPE_STOPWATCH, GETTER, 1, 0),
    ENTRY(mvvm_stopwatch_get_button_text, MVVM_TYPE_STOPWATCH, GETTER, 1, 0),
    ENTRY(mvvm_stopwatch_get_is_running, MVVM_TYPE_STOPWATCH, GETTER, 1, 0),
    ENTRY(mvvm_stopwatch_get_is_lap_enabled, MVVM_TYPE_STOPWATCH, GETTER, 1, 0),
    ENTRY(mvvm_stopwatch_get_lap_count, MVVM_TYPE_STOPWATCH, GETTER, 1, 0),
    ENTRY(mvvm_stopwatch_get_lap, MVVM_TYPE_STOPWATCH, INDEXED_GET, 1, 0),

    ENTRY(mvvm_coordinator_new, MVVM_TYPE_REPOSITORY, CONSTRUCTOR, 1, 1),
    ENTRY(mvvm_coordinator_start, MVVM_TYPE_COORDINATOR, COMMAND, 0, 0),
    ENTRY(mvvm_coordinator_back, MVVM_TYPE_COORDINATOR, COMMAND, 0, 0),
    ENTRY(mvvm_coordinator_get_depth, MVVM_TYPE_COORDINATOR, GETTER, 1, 0),
    ENTRY(mvvm_coordinator_get_screen, MVVM_TYPE_COORDINATOR, INDEXED_GET, 1, 0),
    ENTRY(mvvm_coordinator_show_search, MVVM_TYPE_COORDINATOR, COMMAND, 0, 1),

    ENTRY(mvvm_user_search_new, MVVM_TYPE_REPOSITORY, CONSTRUCTOR, 1, 1),
    ENTRY(mvvm_user_search_did_display_row, MVVM_TYPE_USER_SEARCH, INDEXED, 0, 1),
    ENTRY(mvvm_user_search_did_select_row, MVVM_TYPE_USER_SEARCH, INDEXED, 0, 1),
    ENTRY(mvvm_user_search_dismiss_error, MVVM_TYPE_USER_SEARCH, COMMAND, 0, 0),
    ENTRY(mvvm_user_search_set_query, MVVM_TYPE_USER_SEARCH, SPECIAL, 0, 1),
    ENTRY(mvvm_user_search_get_query, MVVM_TYPE_USER_SEARCH, GETTER, 1, 0),
    ENTRY(mvvm_user_search_get_is_searching, MVVM_TYPE_USER_SEARCH, GETTER, 1, 0),
    ENTRY(mvvm_user_search_get_is_query_empty, MVVM_TYPE_USER_SEARCH, GETTER, 1, 0),
    ENTRY(mvvm_user_search_get_error_message, MVVM_TYPE_USER_SEARCH, GETTER, 1, 0),
    ENTRY(mvvm_user_search_get_count, MVVM_TYPE_USER_SEARCH, GETTER, 1, 0),
    ENTRY(mvvm_user_search_get_has_more_pages, MVVM_TYPE_USER_SEARCH, GETTER, 1, 0),
    ENTRY(mvvm_user_search_get_row, MVVM_TYPE_USER_SEARCH, INDEXED_GET, 1, 0),
};
#define ENTRY_COUNT (sizeof entries / sizeof entries[0])

/* Runs one entry expecting `expected`; on failure the out buffer must be untouched. */
#define CHECK_ENTRY(e, object, index, expected)                                                 \
    do {                                                                                        \
        out_buffer out_;                                                                        \
        fill(&out_);                                                                            \
        mvvm_status status_ = (e)->call((object), &out_, (index));                              \
        harness_check_status(__FILE__, __LINE__, (e)->name, status_, (expected));               \
        if ((expected) != MVVM_OK && !untouched(&out_))                                         \
            harness_report(__FILE__, __LINE__, (e)->name, "wrote its out-pointer on failure");  \
    } while (0)

/* ------------------------------------------------------------------------------------------
 * A world with one live object of every type, in known states
 * ---------------------------------------------------------------------------------------- */

typedef struct world {
    mvvm_object *objects[LAST_TYPE + 1]; /* indexed by mvvm_type */
    recorder sorted_rows;
    recorder list_rows;
} world;

static world w;

static mvvm_object *of_type(mvvm_type type) { return w.objects[type]; }

static void build_world(void) {
    memset(&w, 0, sizeof w);
    mvvm_object *repository = make_sample_repository(30, 10, -1, -1);
    w.objects[MVVM_TYPE_REPOSITORY] = repository;
    CHECK_OK(mvvm_user_list_new(repository, &w.objects[MVVM_TYPE_USER_LIST]));
    CHECK_OK(mvvm_user_detail_new(repository, 2, &w.objects[MVVM_TYPE_USER_DETAIL]));
    CHECK_OK(mvvm_post_detail_new(repository, 1, &w.objects[MVVM_TYPE_POST_DETAIL]));
    int64_t values[] = {3, 1, 2};
    CHECK_OK(mvvm_sorted_integers_new(values, 3, 1, &w.objects[MVVM_TYPE_SORTED_INTEGERS]));
    CHECK_OK(mvvm_stopwatch_new(&w.objects[MVVM_TYPE_STOPWATCH]));
    CHECK_OK(mvvm_coordinator_new(repository, &w.objects[MVVM_TYPE_COORDINATOR]));
    CHECK_OK(mvvm_coordinator_start(w.objects[MVVM_TYPE_COORDINATOR]));
    CHECK_OK(mvvm_user_search_new(repository, &w.objects[MVVM_TYPE_USER_SEARCH]));
    recorder_reset(&w.sorted_rows);
    recorder_reset(&w.list_rows);
    CONNECT(of_type(MVVM_TYPE_SORTED_INTEGERS), "rows-changed", on_changes, &w.sorted_rows);
    CONNECT(of_type(MVVM_TYPE_USER_LIST), "rows-changed", on_changes, &w.list_rows);
    /* Load what can be loaded, so every getter has something to return. */
    CHECK_OK(mvvm_user_list_on_appear(of_type(MVVM_TYPE_USER_LIST)));
    CHECK_OK(mvvm_user_detail_on_appear(of_type(MVVM_TYPE_USER_DETAIL)));
    CHECK_OK(mvvm_post_detail_on_appear(of_type(MVVM_TYPE_POST_DETAIL)));
    int32_t state = 0, loaded = 0;
    mvvm_user user;
    for (int i = 0; i < HARNESS_PUMP_BUDGET; i++) {
        CHECK_OK(mvvm_post_detail_get_state(of_type(MVVM_TYPE_POST_DETAIL), &state));
        CHECK_OK(mvvm_user_detail_get_user(of_type(MVVM_TYPE_USER_DETAIL), &loaded, &user));
        if (w.list_rows.calls > 0 && state == MVVM_VIEW_STATE_LOADED && loaded) break;
        harness_pump_once();
    }
    CHECK(w.list_rows.calls > 0 && state == MVVM_VIEW_STATE_LOADED && loaded);
}

/* The number of rows an INDEXED entry's object has now. */
static int64_t rows_of(const entry *e) {
    mvvm_object *object = of_type(e->type);
    int64_t count = -1;
    switch (e->type) {
    case MVVM_TYPE_USER_LIST: CHECK_OK(mvvm_user_list_get_count(object, &count)); break;
    case MVVM_TYPE_POST_DETAIL: CHECK_OK(mvvm_post_detail_get_comment_count(object, &count)); break;
    case MVVM_TYPE_SORTED_INTEGERS: CHECK_OK(mvvm_sorted_integers_get_count(object, &count)); break;
    case MVVM_TYPE_STOPWATCH: CHECK_OK(mvvm_stopwatch_get_lap_count(object, &count)); break;
    case MVVM_TYPE_COORDINATOR: CHECK_OK(mvvm_coordinator_get_depth(object, &count)); break;
    case MVVM_TYPE_USER_SEARCH: CHECK_OK(mvvm_user_search_get_count(object, &count)); break;
    default: break;
    }
    return count;
}

/* Nothing lost: every object is alive, of its type, and every reading function answers. */
static void check_world_still_works(const char *after) {
    int failures = harness_current_failures;
    for (int type = MVVM_TYPE_REPOSITORY; type <= LAST_TYPE; type++) {
        mvvm_type actual = (mvvm_type)0;
        CHECK_OK(mvvm_object_get_type(w.objects[type], &actual));
        CHECK_EQ(actual, type);
    }
    for (size_t i = 0; i < ENTRY_COUNT; i++) {
        const entry *e = &entries[i];
        if (e->mutates || e->type == 0) continue;
        if ((e->kind == INDEXED || e->kind == INDEXED_GET) && rows_of(e) <= 0) continue;
        CHECK_ENTRY(e, of_type(e->type), 0, MVVM_OK);
    }
    /* And commands still act and announce. */
    size_t sets = w.sorted_rows.change_sets;
    int64_t index = -1;
    CHECK_OK(mvvm_sorted_integers_add(of_type(MVVM_TYPE_SORTED_INTEGERS), 2, &index));
    CHECK_EQ(w.sorted_rows.change_sets, sets + 1);
    CHECK_OK(mvvm_sorted_integers_remove_at(of_type(MVVM_TYPE_SORTED_INTEGERS), index));
    CHECK_EQ(w.sorted_rows.change_sets, sets + 2);
    if (harness_current_failures != failures) fprintf(stderr, "    (the world was damaged by: %s)\n", after);
}

/* ------------------------------------------------------------------------------------------
 * Before init
 * ---------------------------------------------------------------------------------------- */

static void test_everything_before_init_is_not_initialized(void) {
    mvvm_object *fake = (mvvm_object *)(uintptr_t)0x100000001u;
    for (size_t i = 0; i < ENTRY_COUNT; i++) {
        CHECK_ENTRY(&entries[i], NULL, 0, MVVM_E_NOT_INITIALIZED);
        CHECK_ENTRY(&entries[i], fake, 0, MVVM_E_NOT_INITIALIZED);
    }
    out_buffer out;
    fill(&out);
    CHECK_STATUS(mvvm_get_fd(&out.i32), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_dispatch(), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_run(0, &out.i32), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_signal_disconnect(1), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_signal_connect_flags(NULL, "x", MVVM_CALLBACK(on_int64), NULL, NULL, 0, &out.u64), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_command_closure_free(1), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_repository_new_sample(NULL, &out.object), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_repository_new_json_file("/nonexistent/x.json", &out.object), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_repository_new_sqlite("/nonexistent/x.sqlite", NULL, &out.object), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_repository_new_http("http://127.0.0.1:1", NULL, &out.object), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_repository_new_http_with_options("http://127.0.0.1:1", NULL, NULL, &out.object), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_sorted_integers_new(NULL, 0, 1, &out.object), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_stopwatch_new(&out.object), MVVM_E_NOT_INITIALIZED);
    CHECK(untouched(&out));
    /* The documented exceptions work. */
    CHECK_OK(mvvm_wakeup());
    CHECK_OK(mvvm_shutdown());
    mvvm_sample_options options;
    CHECK_OK(mvvm_sample_options_init(&options));
    mvvm_http_options http_options;
    CHECK_OK(mvvm_http_options_init(&http_options));
    const mvvm_type_info *info = NULL;
    CHECK_OK(mvvm_type_describe(MVVM_TYPE_COORDINATOR, &info));
    CHECK(mvvm_version() == MVVM_VERSION_NUMBER);
}

/* ------------------------------------------------------------------------------------------
 * Handles
 * ---------------------------------------------------------------------------------------- */

static void test_null_handles_are_invalid_handles(void) {
    for (size_t i = 0; i < ENTRY_COUNT; i++) CHECK_ENTRY(&entries[i], NULL, 0, MVVM_E_INVALID_HANDLE);
    check_world_still_works("NULL handles");
}

static void test_never_issued_handles_are_invalid_handles(void) {
    int on_the_stack = 0;
    mvvm_object *fakes[] = {
        (mvvm_object *)(uintptr_t)0x1,                  /* slot 0, generation 0: never issued */
        (mvvm_object *)(uintptr_t)0xFFFFFFFF00000000u,  /* no slot bits */
        (mvvm_object *)(uintptr_t)UINTPTR_MAX,
        (mvvm_object *)(uintptr_t)0x7FFFFFFF00001000u,  /* a far slot, a far generation */
        (mvvm_object *)&on_the_stack,                   /* a real pointer, not a handle */
        (mvvm_object *)&w,
    };
    for (size_t f = 0; f < sizeof fakes / sizeof fakes[0]; f++) {
        for (size_t i = 0; i < ENTRY_COUNT; i++) CHECK_ENTRY(&entries[i], fakes[f], 0, MVVM_E_INVALID_HANDLE);
    }
    check_world_still_works("never-issued handles");
}

static void test_destroyed_handles_are_invalid_handles(void) {
    /* One destroyed object of every type; then new objects that may reuse their slots. */
    mvvm_object *dead[LAST_TYPE + 1] = {NULL};
    mvvm_object *repository = make_sample_repository(-1, -1, -1, -1);
    dead[MVVM_TYPE_REPOSITORY] = make_sample_repository(-1, -1, -1, -1);
    CHECK_OK(mvvm_user_list_new(repository, &dead[MVVM_TYPE_USER_LIST]));
    CHECK_OK(mvvm_user_detail_new(repository, 1, &dead[MVVM_TYPE_USER_DETAIL]));
    CHECK_OK(mvvm_post_detail_new(repository, 1, &dead[MVVM_TYPE_POST_DETAIL]));
    CHECK_OK(mvvm_sorted_integers_new(NULL, 0, 1, &dead[MVVM_TYPE_SORTED_INTEGERS]));
    CHECK_OK(mvvm_stopwatch_new(&dead[MVVM_TYPE_STOPWATCH]));
    CHECK_OK(mvvm_coordinator_new(repository, &dead[MVVM_TYPE_COORDINATOR]));
    CHECK_OK(mvvm_user_search_new(repository, &dead[MVVM_TYPE_USER_SEARCH]));
    for (int t = MVVM_TYPE_REPOSITORY; t <= LAST_TYPE; t++) CHECK_OK(mvvm_object_destroy(dead[t]));
    mvvm_object *reusing[LAST_TYPE + 1] = {NULL};
    for (int t = MVVM_TYPE_REPOSITORY; t <= LAST_TYPE; t++) CHECK_OK(mvvm_stopwatch_new(&reusing[t]));
    for (size_t i = 0; i < ENTRY_COUNT; i++) {
        const entry *e = &entries[i];
        for (int t = MVVM_TYPE_REPOSITORY; t <= LAST_TYPE; t++) {
            if (e->type != 0 && e->type != (mvvm_type)t) continue;
            CHECK_ENTRY(e, dead[t], 0, MVVM_E_INVALID_HANDLE);
        }
    }
    for (int t = MVVM_TYPE_REPOSITORY; t <= LAST_TYPE; t++) {
        CHECK(reusing[t] != dead[t]);
        CHECK_OK(mvvm_object_destroy(reusing[t]));
    }
    CHECK_OK(mvvm_object_destroy(repository));
    check_world_still_works("destroyed handles");
}

static void test_wrong_type_handles_are_wrong_type(void) {
    for (size_t i = 0; i < ENTRY_COUNT; i++) {
        const entry *e = &entries[i];
        if (e->type == 0 || e->kind == SPECIAL) continue; /* any type / checked below */
        for (int t = MVVM_TYPE_REPOSITORY; t <= LAST_TYPE; t++) {
            if ((mvvm_type)t == e->type) continue;
            CHECK_ENTRY(e, w.objects[t], 0, MVVM_E_WRONG_TYPE);
        }
    }
    /* The functions with other argument lists. */
    static const char *const specials[] = {"mvvm_user_detail_set_draft_name", "mvvm_user_detail_get_user",
                                           "mvvm_sorted_integers_add", "mvvm_user_search_set_query"};
    for (size_t i = 0; i < ENTRY_COUNT; i++) {
        for (size_t s = 0; s < sizeof specials / sizeof specials[0]; s++) {
            if (strcmp(entries[i].name, specials[s]) != 0) continue;
            for (int t = MVVM_TYPE_REPOSITORY; t <= LAST_TYPE; t++) {
                if ((mvvm_type)t != entries[i].type) CHECK_ENTRY(&entries[i], w.objects[t], 0, MVVM_E_WRONG_TYPE);
            }
        }
    }
    /* A coordinator's screen is a ViewModel like any other: the wrong type elsewhere. */
    mvvm_object *screen = NULL;
    CHECK_OK(mvvm_coordinator_get_screen(of_type(MVVM_TYPE_COORDINATOR), 0, &screen));
    CHECK_STATUS(mvvm_stopwatch_lap(screen), MVVM_E_WRONG_TYPE);
    CHECK_STATUS(mvvm_coordinator_start(screen), MVVM_E_WRONG_TYPE);
    /* Signals and commands are per type: another type's names are unknown. */
    for (int t = MVVM_TYPE_REPOSITORY; t <= LAST_TYPE; t++) {
        /* These have notify::count. */
        if (t == MVVM_TYPE_SORTED_INTEGERS || t == MVVM_TYPE_USER_LIST || t == MVVM_TYPE_USER_SEARCH) continue;
        uint64_t id = 7;
        CHECK_STATUS(mvvm_signal_connect(w.objects[t], "notify::count", MVVM_CALLBACK(on_int64), NULL, NULL, &id), MVVM_E_UNKNOWN_NAME);
        CHECK_EQ(id, 7);
    }
    for (int t = MVVM_TYPE_REPOSITORY; t <= LAST_TYPE; t++) {
        if (t == MVVM_TYPE_SORTED_INTEGERS) continue;
        out_buffer out;
        fill(&out);
        mvvm_command_fn fn = (mvvm_command_fn)(uintptr_t)0x77;
        CHECK_STATUS(mvvm_command_closure_new(w.objects[t], "add-new-integer", &fn, &out.u64),
                     MVVM_E_UNKNOWN_NAME);
        CHECK(fn == (mvvm_command_fn)(uintptr_t)0x77);
        CHECK(untouched(&out));
    }
    check_world_still_works("wrong-type handles");
}

static void test_handles_from_before_a_shutdown_stay_invalid(void) {
    /* Called last but one: it restarts the runtime and rebuilds the world. */
    world old = w;
    CHECK_OK(mvvm_shutdown());
    for (size_t i = 0; i < ENTRY_COUNT; i++) {
        const entry *e = &entries[i];
        mvvm_object *object = e->type != 0 ? old.objects[e->type] : old.objects[MVVM_TYPE_STOPWATCH];
        CHECK_ENTRY(e, object, 0, MVVM_E_NOT_INITIALIZED);
    }
    CHECK_OK(mvvm_init());
    build_world();
    for (size_t i = 0; i < ENTRY_COUNT; i++) {
        const entry *e = &entries[i];
        if (e->type != 0) {
            CHECK_ENTRY(e, old.objects[e->type], 0, MVVM_E_INVALID_HANDLE);
        } else {
            for (int t = MVVM_TYPE_REPOSITORY; t <= LAST_TYPE; t++) CHECK_ENTRY(e, old.objects[t], 0, MVVM_E_INVALID_HANDLE);
        }
    }
    check_world_still_works("handles from before a shutdown");
}

/* ------------------------------------------------------------------------------------------
 * Arguments
 * ---------------------------------------------------------------------------------------- */

static void test_null_out_pointers_are_invalid_arguments(void) {
    for (size_t i = 0; i < ENTRY_COUNT; i++) {
        const entry *e = &entries[i];
        if (!e->out_required) continue;
        mvvm_object *object = e->type != 0 ? of_type(e->type) : of_type(MVVM_TYPE_STOPWATCH);
        mvvm_status status = e->call(object, NULL, 0);
        harness_check_status(__FILE__, __LINE__, e->name, status, MVVM_E_INVALID_ARGUMENT);
    }
    /* Each of get_user's two out-pointers on its own. */
    mvvm_object *detail = of_type(MVVM_TYPE_USER_DETAIL);
    int32_t loaded = 9;
    mvvm_user user = {99, NULL, NULL};
    CHECK_STATUS(mvvm_user_detail_get_user(detail, NULL, &user), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_user_detail_get_user(detail, &loaded, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_EQ(loaded, 9);
    CHECK_EQ(user.id, 99);
    /* The functions without a handle. */
    CHECK_STATUS(mvvm_get_fd(NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_type_describe(MVVM_TYPE_STOPWATCH, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_sample_options_init(NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_sample(NULL, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_json_file("/tmp/never-created.json", NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_sqlite("/tmp/never-created.sqlite", NULL, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_http_options_init(NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_http("http://127.0.0.1:1", NULL, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_http_with_options("http://127.0.0.1:1", NULL, NULL, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_sorted_integers_new(NULL, 0, 1, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_stopwatch_new(NULL), MVVM_E_INVALID_ARGUMENT);
    mvvm_command_fn fn = NULL;
    uint64_t id = 5;
    CHECK_STATUS(mvvm_command_closure_new(of_type(MVVM_TYPE_SORTED_INTEGERS), "add-new-integer", NULL, &id), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_command_closure_new(of_type(MVVM_TYPE_SORTED_INTEGERS), "add-new-integer", &fn, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_EQ(id, 5);
    CHECK(fn == NULL);
    /* NULL where a value (not an out-pointer) is required. */
    CHECK_STATUS(mvvm_signal_connect(of_type(MVVM_TYPE_SORTED_INTEGERS), NULL, MVVM_CALLBACK(on_int64), NULL, NULL, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_signal_connect(of_type(MVVM_TYPE_SORTED_INTEGERS), "notify::count", NULL, NULL, NULL, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_command_closure_new(of_type(MVVM_TYPE_SORTED_INTEGERS), NULL, &fn, &id), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_user_detail_set_draft_name(detail, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_user_search_set_query(of_type(MVVM_TYPE_USER_SEARCH), NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_json_file(NULL, &(mvvm_object *){NULL}), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_sqlite(NULL, NULL, &(mvvm_object *){NULL}), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_http(NULL, NULL, &(mvvm_object *){NULL}), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_http_with_options(NULL, NULL, NULL, &(mvvm_object *){NULL}), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_sorted_integers_new(NULL, 2, 1, &(mvvm_object *){NULL}), MVVM_E_INVALID_ARGUMENT);
    /* Out-pointers documented as optional may be NULL. */
    CHECK_OK(mvvm_run(0, NULL));
    CHECK_OK(mvvm_sorted_integers_add(of_type(MVVM_TYPE_SORTED_INTEGERS), 1, NULL));
    CHECK_OK(mvvm_sorted_integers_remove_at(of_type(MVVM_TYPE_SORTED_INTEGERS), 0));
    check_world_still_works("NULL out-pointers");
}

static void test_values_outside_their_domain_are_invalid_arguments(void) {
    const mvvm_type_info *info = (const mvvm_type_info *)(uintptr_t)0x5;
    CHECK_STATUS(mvvm_type_describe((mvvm_type)0, &info), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_type_describe((mvvm_type)(LAST_TYPE + 1), &info), MVVM_E_INVALID_ARGUMENT);
    CHECK(info == (const mvvm_type_info *)(uintptr_t)0x5);
    CHECK_STATUS(mvvm_signal_connect_flags(of_type(MVVM_TYPE_SORTED_INTEGERS), "notify::count", MVVM_CALLBACK(on_int64), NULL,
                                           NULL, 3, NULL),
                 MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_sorted_integers_new((int64_t[]){1}, (size_t)-1, 1, &(mvvm_object *){NULL}), MVVM_E_INVALID_ARGUMENT);

    /* Every field of the sample options is checked. */
    mvvm_sample_options base, options;
    CHECK_OK(mvvm_sample_options_init(&base));
    for (int variant = 0; variant < 12; variant++) {
        options = base;
        switch (variant) {
        case 0: options.struct_size = 0; break;
        case 1: options.struct_size = base.struct_size + 8; break;
        case 2: options.user_count = -1; break;
        case 3: options.user_count = 100000001; break;
        case 4: options.page_size = 0; break;
        case 5: options.page_size = 10001; break;
        case 6: options.post_count = -1; break;
        case 7: options.comments_per_post = -1; break;
        case 8: options.latency_ms = -1; break;
        case 9: options.fail_every_nth = -1; break;
        case 10: options.user_count = 0; break; /* posts (20 by default) without authors */
        case 11: options.latency_ms = 60001; break;
        }
        mvvm_object *repository = (mvvm_object *)(uintptr_t)0x9;
        mvvm_status status = mvvm_repository_new_sample(&options, &repository);
        char what[32];
        snprintf(what, sizeof what, "sample options variant %d", variant);
        harness_check_status(__FILE__, __LINE__, what, status, MVVM_E_INVALID_ARGUMENT);
        CHECK(repository == (mvvm_object *)(uintptr_t)0x9);
    }
    check_world_still_works("values outside their domain");
}

static void test_indices_outside_the_rows_are_out_of_range(void) {
    size_t sets = w.sorted_rows.change_sets;
    for (size_t i = 0; i < ENTRY_COUNT; i++) {
        const entry *e = &entries[i];
        if (e->kind != INDEXED && e->kind != INDEXED_GET) continue;
        int64_t count = rows_of(e);
        const int64_t bad[] = {count, count + 1, -1, INT64_MIN, INT64_MAX, 1000000};
        for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++) CHECK_ENTRY(e, of_type(e->type), bad[b], MVVM_E_OUT_OF_RANGE);
        CHECK_EQ(rows_of(e), count); /* nothing removed or added */
    }
    CHECK_EQ(w.sorted_rows.change_sets, sets);
    check_world_still_works("indices out of range");
}

static void test_invalid_utf8_is_refused(void) {
    static const char *const invalid[] = {"\xff", "abc\xc3", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\x80"};
    mvvm_object *detail = of_type(MVVM_TYPE_USER_DETAIL);
    mvvm_object *sorted = of_type(MVVM_TYPE_SORTED_INTEGERS);
    const char *before = NULL;
    char draft[256];
    CHECK_OK(mvvm_user_detail_get_draft_name(detail, &before));
    snprintf(draft, sizeof draft, "%s", before != NULL ? before : "");
    mvvm_object *search = of_type(MVVM_TYPE_USER_SEARCH);
    const char *query_before = NULL;
    char query[256];
    CHECK_OK(mvvm_user_search_get_query(search, &query_before));
    snprintf(query, sizeof query, "%s", query_before != NULL ? query_before : "");
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
        CHECK_STATUS(mvvm_user_detail_set_draft_name(detail, invalid[i]), MVVM_E_INVALID_UTF8);
        CHECK_STATUS(mvvm_user_search_set_query(search, invalid[i]), MVVM_E_INVALID_UTF8);
        uint64_t id = 3;
        CHECK_STATUS(mvvm_signal_connect(sorted, invalid[i], MVVM_CALLBACK(on_int64), NULL, NULL, &id), MVVM_E_INVALID_UTF8);
        CHECK_EQ(id, 3);
        mvvm_command_fn fn = NULL;
        CHECK_STATUS(mvvm_command_closure_new(sorted, invalid[i], &fn, &id), MVVM_E_INVALID_UTF8);
        CHECK(fn == NULL);
        mvvm_object *repository = NULL;
        char path[64];
        snprintf(path, sizeof path, "/tmp/%s.json", invalid[i]);
        CHECK_STATUS(mvvm_repository_new_json_file(path, &repository), MVVM_E_INVALID_UTF8);
        CHECK(repository == NULL);
        snprintf(path, sizeof path, "/tmp/%s.sqlite", invalid[i]);
        CHECK_STATUS(mvvm_repository_new_sqlite(path, NULL, &repository), MVVM_E_INVALID_UTF8);
        char url[64];
        snprintf(url, sizeof url, "http://%s/", invalid[i]);
        CHECK_STATUS(mvvm_repository_new_http(url, NULL, &repository), MVVM_E_INVALID_UTF8);
        CHECK_STATUS(mvvm_repository_new_http("http://127.0.0.1:1", path, &repository), MVVM_E_INVALID_UTF8);
        CHECK(repository == NULL);
    }
    const char *after = NULL;
    CHECK_OK(mvvm_user_detail_get_draft_name(detail, &after));
    CHECK_STR_EQ(after, draft);
    const char *query_after = NULL;
    CHECK_OK(mvvm_user_search_get_query(search, &query_after));
    CHECK_STR_EQ(query_after, query);
    check_world_still_works("invalid UTF-8");
}

static void test_unknown_names_and_ids(void) {
    mvvm_object *sorted = of_type(MVVM_TYPE_SORTED_INTEGERS);
    uint64_t id = 8;
    CHECK_STATUS(mvvm_signal_connect(sorted, "no-such-signal", MVVM_CALLBACK(on_int64), NULL, NULL, &id), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_signal_connect_flags(sorted, "notify::nothing", MVVM_CALLBACK(on_int64), NULL, NULL,
                                           MVVM_CONNECT_SWAPPED, &id), MVVM_E_UNKNOWN_NAME);
    mvvm_command_fn fn = NULL;
    CHECK_STATUS(mvvm_command_closure_new(sorted, "no-such-command", &fn, &id), MVVM_E_UNKNOWN_NAME);
    CHECK_EQ(id, 8);
    CHECK(fn == NULL);
    /* Unknown ids: never issued, 0, the other kind of id, already released. */
    CHECK_STATUS(mvvm_signal_disconnect(0), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_signal_disconnect(UINT64_MAX), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_command_closure_free(0), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_command_closure_free(UINT64_MAX), MVVM_E_NOT_FOUND);
    uint64_t connection = 0, closure = 0;
    CHECK_OK(mvvm_signal_connect(sorted, "notify::count", MVVM_CALLBACK(on_int64), NULL, NULL, &connection));
    CHECK_OK(mvvm_command_closure_new(sorted, "add-new-integer", &fn, &closure));
    CHECK_OK(mvvm_signal_disconnect(connection));
    CHECK_OK(mvvm_command_closure_free(closure));
    CHECK_STATUS(mvvm_signal_disconnect(connection), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_command_closure_free(closure), MVVM_E_NOT_FOUND);
    check_world_still_works("unknown names and ids");
}

static void test_state_errors(void) {
    /* A screen the coordinator owns cannot be destroyed by the host. */
    mvvm_object *screen = NULL;
    CHECK_OK(mvvm_coordinator_get_screen(of_type(MVVM_TYPE_COORDINATOR), 0, &screen));
    CHECK_STATUS(mvvm_object_destroy(screen), MVVM_E_STATE);
    CHECK(handle_is_live(screen));
    /* A post that is not loaded cannot be read. */
    mvvm_object *post = NULL;
    CHECK_OK(mvvm_post_detail_new(of_type(MVVM_TYPE_REPOSITORY), 2, &post));
    out_buffer out;
    fill(&out);
    CHECK_STATUS(mvvm_post_detail_get_post(post, &out.post), MVVM_E_STATE);
    CHECK_STATUS(mvvm_post_detail_get_comment_count(post, &out.i64), MVVM_E_STATE);
    CHECK_STATUS(mvvm_post_detail_get_comment(post, 0, &out.comment), MVVM_E_STATE);
    CHECK(untouched(&out));
    CHECK_OK(mvvm_object_destroy(post));
    check_world_still_works("state errors");
}

static void test_a_corrupt_json_file_is_a_system_error_and_stays_untouched(void) {
    char path[] = "/tmp/mvvm-cabi-corrupt-XXXXXX";
    int fd = mkstemp(path);
    REQUIRE(fd >= 0);
    static const char garbage[] = "{ this is not json";
    CHECK_EQ(write(fd, garbage, sizeof garbage - 1), (long)(sizeof garbage - 1));
    close(fd);
    mvvm_object *repository = (mvvm_object *)(uintptr_t)0x3;
    CHECK_STATUS(mvvm_repository_new_json_file(path, &repository), MVVM_E_SYSTEM);
    CHECK(repository == (mvvm_object *)(uintptr_t)0x3);
    CHECK_STATUS(mvvm_repository_new_json_file("", &repository), MVVM_E_INVALID_ARGUMENT);
    /* A file that is not a SQLite database is no cache: refused, and left as it is. */
    CHECK_STATUS(mvvm_repository_new_http("http://127.0.0.1:1", path, &repository), MVVM_E_SYSTEM);
    CHECK(repository == (mvvm_object *)(uintptr_t)0x3);
    char content[64] = {0};
    FILE *file = fopen(path, "r");
    CHECK(file != NULL);
    if (file != NULL) {
        size_t length = fread(content, 1, sizeof content - 1, file);
        fclose(file);
        CHECK_EQ(length, sizeof garbage - 1);
        CHECK_STR_EQ(content, garbage);
    }
    unlink(path);
    check_world_still_works("a corrupt JSON file");
}

/* ------------------------------------------------------------------------------------------
 * Threads
 * ---------------------------------------------------------------------------------------- */

static int thread_passed_checks;

static void *misuse_from_another_thread(void *argument) {
    (void)argument;
    for (size_t i = 0; i < ENTRY_COUNT; i++) {
        const entry *e = &entries[i];
        mvvm_object *object = e->type != 0 ? of_type(e->type) : of_type(MVVM_TYPE_STOPWATCH);
        CHECK_ENTRY(e, object, 0, MVVM_E_WRONG_THREAD);
    }
    out_buffer out;
    fill(&out);
    CHECK_STATUS(mvvm_init(), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_shutdown(), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_get_fd(&out.i32), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_dispatch(), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_run(0, &out.i32), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_signal_connect_flags(of_type(MVVM_TYPE_SORTED_INTEGERS), "notify::count", MVVM_CALLBACK(on_int64), NULL,
                                           NULL, MVVM_CONNECT_SWAPPED, &out.u64), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_signal_disconnect(1), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_command_closure_free(1), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_repository_new_sample(NULL, &out.object), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_repository_new_json_file("/tmp/never.json", &out.object), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_repository_new_sqlite("/tmp/never.sqlite", NULL, &out.object), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_repository_new_http("http://127.0.0.1:1", NULL, &out.object), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_repository_new_http_with_options("http://127.0.0.1:1", NULL, NULL, &out.object), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_sorted_integers_new(NULL, 0, 1, &out.object), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_stopwatch_new(&out.object), MVVM_E_WRONG_THREAD);
    CHECK(untouched(&out));
    /* This thread's message is its own. */
    CHECK(mvvm_last_error_message()[0] != '\0');
    /* The any-thread functions work here. */
    CHECK_OK(mvvm_wakeup());
    const mvvm_type_info *info = NULL;
    CHECK_OK(mvvm_type_describe(MVVM_TYPE_USER_LIST, &info));
    mvvm_sample_options options;
    CHECK_OK(mvvm_sample_options_init(&options));
    CHECK(mvvm_abi_version() == MVVM_ABI_VERSION);
    CHECK(strcmp(mvvm_status_name(MVVM_E_WRONG_THREAD), "MVVM_E_WRONG_THREAD") == 0);
    thread_passed_checks = 1;
    return NULL;
}

static void test_calls_from_another_thread_are_wrong_thread_and_change_nothing(void) {
    int64_t sorted_count = -1, depth = -1;
    int32_t running = -1;
    CHECK_OK(mvvm_sorted_integers_get_count(of_type(MVVM_TYPE_SORTED_INTEGERS), &sorted_count));
    CHECK_OK(mvvm_coordinator_get_depth(of_type(MVVM_TYPE_COORDINATOR), &depth));
    CHECK_OK(mvvm_stopwatch_get_is_running(of_type(MVVM_TYPE_STOPWATCH), &running));
    CHECK_STR_EQ(mvvm_last_error_message(), "");
    pthread_t thread;
    thread_passed_checks = 0;
    CHECK_EQ(pthread_create(&thread, NULL, misuse_from_another_thread, NULL), 0);
    pthread_join(thread, NULL);
    CHECK(thread_passed_checks);
    /* The other thread's failures did not touch this thread's message. */
    CHECK_STR_EQ(mvvm_last_error_message(), "");
    int64_t count_after = -1, depth_after = -1;
    int32_t running_after = -1;
    CHECK_OK(mvvm_sorted_integers_get_count(of_type(MVVM_TYPE_SORTED_INTEGERS), &count_after));
    CHECK_OK(mvvm_coordinator_get_depth(of_type(MVVM_TYPE_COORDINATOR), &depth_after));
    CHECK_OK(mvvm_stopwatch_get_is_running(of_type(MVVM_TYPE_STOPWATCH), &running_after));
    CHECK_EQ(count_after, sorted_count);
    CHECK_EQ(depth_after, depth);
    CHECK_EQ(running_after, running);
    /* Nothing was destroyed, connected or created over there. */
    CHECK_EQ(w.sorted_rows.destroyed, 0);
    pump_until_idle(5); /* the thread's wakeup */
    check_world_still_works("calls from another thread");
}

/* ------------------------------------------------------------------------------------------
 * Re-entrancy
 * ---------------------------------------------------------------------------------------- */

typedef struct reentry {
    int calls;
    mvvm_status dispatch, run, shutdown;
    int32_t dispatched;
} reentry;

static void reenter(reentry *r) {
    r->calls++;
    r->dispatched = -3;
    r->dispatch = mvvm_dispatch();
    harness_check_status(__FILE__, __LINE__, "mvvm_dispatch() in a handler", r->dispatch, MVVM_E_REENTRANCY);
    r->run = mvvm_run(0, &r->dispatched);
    harness_check_status(__FILE__, __LINE__, "mvvm_run() in a handler", r->run, MVVM_E_REENTRANCY);
    r->shutdown = mvvm_shutdown();
    harness_check_status(__FILE__, __LINE__, "mvvm_shutdown() in a handler", r->shutdown, MVVM_E_REENTRANCY);
    /* Everything else is allowed in a handler. */
    int64_t count = -1;
    harness_check_status(__FILE__, __LINE__, "a getter in a handler",
                         mvvm_sorted_integers_get_count(of_type(MVVM_TYPE_SORTED_INTEGERS), &count), MVVM_OK);
}

static void reenter_from_count(mvvm_object *object, int64_t count, void *user_data) {
    (void)object;
    (void)count;
    reenter(user_data);
}

static void reenter_from_rows(mvvm_object *object, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)object;
    (void)changes;
    (void)count;
    reenter(user_data);
}

static void test_loop_calls_inside_handlers_are_reentrancy(void) {
    /* A handler delivered at the end of a command. */
    reentry r;
    memset(&r, 0, sizeof r);
    uint64_t id = 0;
    CHECK_OK(mvvm_signal_connect(of_type(MVVM_TYPE_SORTED_INTEGERS), "notify::count", MVVM_CALLBACK(reenter_from_count), &r, NULL, &id));
    CHECK_OK(mvvm_sorted_integers_add(of_type(MVVM_TYPE_SORTED_INTEGERS), 9, NULL));
    CHECK_EQ(r.calls, 1);
    CHECK_EQ(r.dispatched, -3); /* out-pointer untouched on failure */
    CHECK_OK(mvvm_signal_disconnect(id));
    CHECK_OK(mvvm_sorted_integers_remove_at(of_type(MVVM_TYPE_SORTED_INTEGERS), 3));

    /* A handler delivered inside mvvm_run(), after asynchronous work. */
    reentry async;
    memset(&async, 0, sizeof async);
    CHECK_OK(mvvm_signal_connect(of_type(MVVM_TYPE_USER_LIST), "rows-changed", MVVM_CALLBACK(reenter_from_rows), &async, NULL, &id));
    CHECK_OK(mvvm_user_list_refresh(of_type(MVVM_TYPE_USER_LIST)));
    PUMP_UNTIL(async.calls == 1, HARNESS_PUMP_BUDGET);
    CHECK_EQ(async.dispatched, -3);
    CHECK_OK(mvvm_signal_disconnect(id));

    /* The runtime is still running and the loop functions work outside handlers. */
    CHECK_OK(mvvm_dispatch());
    CHECK_OK(mvvm_run(0, NULL));
    check_world_still_works("loop calls inside handlers");
}

int main(void) {
    RUN_TEST(test_everything_before_init_is_not_initialized);
    harness_init();
    build_world();
    RUN_TEST(test_null_handles_are_invalid_handles);
    RUN_TEST(test_never_issued_handles_are_invalid_handles);
    RUN_TEST(test_destroyed_handles_are_invalid_handles);
    RUN_TEST(test_wrong_type_handles_are_wrong_type);
    RUN_TEST(test_null_out_pointers_are_invalid_arguments);
    RUN_TEST(test_values_outside_their_domain_are_invalid_arguments);
    RUN_TEST(test_indices_outside_the_rows_are_out_of_range);
    RUN_TEST(test_invalid_utf8_is_refused);
    RUN_TEST(test_unknown_names_and_ids);
    RUN_TEST(test_state_errors);
    RUN_TEST(test_a_corrupt_json_file_is_a_system_error_and_stays_untouched);
    RUN_TEST(test_calls_from_another_thread_are_wrong_thread_and_change_nothing);
    RUN_TEST(test_loop_calls_inside_handlers_are_reentrancy);
    RUN_TEST(test_handles_from_before_a_shutdown_stay_invalid);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
