/*
 * soak.c: a long mixed workload over every object type, watching resident memory.
 *
 * Runs COMMANDS random operations (argv[1], default 1000000; argv[2] is the RNG seed, default
 * 1) against a pool of objects of every type -- user lists, user details, post details,
 * sorted integer lists, stopwatches, coordinators and user searches over sample repositories
 * (latency 0; one of them injects a failure every 7th call so the error paths run too), plus
 * command closures. Operations: create objects (through their typed constructors or
 * mvvm_object_new()) and destroy them and repositories, connect a handler to a random signal
 * of the object (found through mvvm_type_describe(), so every signal of every type is
 * reachable; handlers are picked by the signal's C signature, in all three layouts),
 * disconnect a random connection, run commands, read every getter, type search queries,
 * drive the coordinator's screens (select a row, edit, save, open the search, back), and
 * reach every member through the generic entry points (mvvm_object_get/set/invoke/count/
 * get_item and the _by_name forms, member ids looked up once with mvvm_member_find()).
 * mvvm_dispatch() runs every 8 operations, so loads, saves and stopwatch ticks complete and
 * deliver their signals. A search runs 300 ms after its query's last change, longer than most
 * objects live here: every PAUSE_EVERY operations the loop waits PAUSE_MS (dispatching), so
 * the searches of the live search screens run and their results arrive.
 *
 * Memory: VmRSS (/proc/self/status) after a warm-up of 10% of the operations, and at the
 * end, both after draining the pending work. Growth is allowed up to the larger of 5% of the
 * warm RSS and 8 MiB: the workload's live set is bounded (at most POOL_SIZE objects, each
 * with at most MAX_CONNECTIONS connections, lists trimmed to MAX_VALUES values, stopwatch laps
 * reset at MAX_LAPS), so a steady state exists, but malloc arenas (libdispatch's worker
 * threads each get one), fragmentation and the Swift runtime's caches (metadata, conformance
 * lookups) settle slowly; a real leak of even a few dozen bytes per operation shows up as
 * tens of MiB over a million operations, well past that bound.
 *
 * Also checks: every connection's destroy notifier runs exactly once (the last ones at
 * mvvm_shutdown()), no API call fails with an unexpected status, and every type saw
 * commands, connections and signal deliveries. Prints per-type counts, "bench soak_rss_start
 * N KiB", "bench soak_rss_end N KiB", the growth, and operations per second. Exit status 0
 * when all is well.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mvvm_seeds.h"

#define POOL_SIZE 32
#define MAX_CONNECTIONS 6
#define REPO_COUNT 3
#define MAX_VALUES 200
#define MAX_LAPS 50
#define TYPE_SLOTS 9 /* indexed by mvvm_type (1..8) */
#define LAST_TYPE MVVM_TYPE_USER_SEARCH
#define GROWTH_PERCENT 5
#define GROWTH_MIN_KIB (8 * 1024)
#define PAUSE_EVERY 50000
#define PAUSE_MS 350

/* ------------------------------------------------------------------------------------------
 * Counters
 * ---------------------------------------------------------------------------------------- */

typedef struct type_stats {
    uint64_t created, destroyed, commands, getters, connects, disconnects, deliveries;
} type_stats;

static type_stats stats[TYPE_SLOTS];
static uint64_t destroy_notifies;
static uint64_t connections_made;
static uint64_t closures_made, closures_called, closures_freed;
static uint64_t unexpected;
static uint64_t generic_calls, objects_new;
static uint64_t pauses, search_results_seen; /* reads of a search that had results */
static double paused_seconds, paused_after_warmup; /* left out of the operations/s figures */
static uint64_t rng_state;

static const char *type_names[TYPE_SLOTS] = {
    "?", "Repository", "UserList", "UserDetail", "PostDetail", "SortedIntegers", "Stopwatch", "Coordinator", "UserSearch",
};

static uint64_t next_random(void) { /* SplitMix64 */
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static uint64_t below(uint64_t n) { return n == 0 ? 0 : next_random() % n; }

/* A status is fine when it is OK or one of the statuses the operation may legitimately give
 * in a random state (MVVM_E_STATE, MVVM_E_OUT_OF_RANGE). */
static void check(mvvm_status status, const char *what) {
    if (status == MVVM_OK || status == MVVM_E_STATE || status == MVVM_E_OUT_OF_RANGE) return;
    if (unexpected < 10)
        fprintf(stderr, "soak: %s: %s (%s)\n", what, mvvm_status_name(status), mvvm_last_error_message());
    unexpected++;
}

/* ------------------------------------------------------------------------------------------
 * Handlers: one per C signature and layout; user_data is the type's counters.
 * ---------------------------------------------------------------------------------------- */

static void count_delivery(void *user_data) { ((type_stats *)user_data)->deliveries++; }

static void on_int32(mvvm_object *o, int32_t v, void *ud) { (void)o; (void)v; count_delivery(ud); }
static void on_int64(mvvm_object *o, int64_t v, void *ud) { (void)o; (void)v; count_delivery(ud); }
static void on_string(mvvm_object *o, const char *s, void *ud) {
    (void)o;
    if (s != NULL && strlen(s) > 100000) unexpected++; /* touch the string */
    count_delivery(ud);
}
static void on_user(mvvm_object *o, const mvvm_user *u, void *ud) {
    (void)o;
    if (u != NULL && (u->name == NULL || u->email == NULL)) unexpected++;
    count_delivery(ud);
}
static void on_changes(mvvm_object *o, const mvvm_list_change *c, size_t n, void *ud) {
    (void)o;
    for (size_t i = 0; i < n; i++)
        if (c[i].kind < MVVM_LIST_RESET || c[i].kind > MVVM_LIST_MOVE) unexpected++;
    count_delivery(ud);
}
static void on_post(mvvm_object *o, const mvvm_post *p, void *ud) {
    (void)o;
    if (p != NULL && (p->title == NULL || p->body == NULL || p->author_name == NULL)) unexpected++;
    count_delivery(ud);
}
static void on_navigate(mvvm_object *o, int32_t action, mvvm_object *screen, void *ud) {
    (void)o;
    (void)screen;
    if (action != MVVM_NAVIGATION_PUSH && action != MVVM_NAVIGATION_POP) unexpected++;
    count_delivery(ud);
}
/* MVVM_CONNECT_SWAPPED and MVVM_CONNECT_NO_OBJECT forms of the scalar shapes. */
static void on_int32_swapped(void *ud, int32_t v, mvvm_object *o) { (void)o; (void)v; count_delivery(ud); }
static void on_int64_swapped(void *ud, int64_t v, mvvm_object *o) { (void)o; (void)v; count_delivery(ud); }
static void on_string_swapped(void *ud, const char *s, mvvm_object *o) { (void)o; (void)s; count_delivery(ud); }
static void on_int32_no_object(int32_t v, void *ud) { (void)v; count_delivery(ud); }
static void on_int64_no_object(int64_t v, void *ud) { (void)v; count_delivery(ud); }
static void on_string_no_object(const char *s, void *ud) { (void)s; count_delivery(ud); }

static void on_destroy_notify(void *ud) { (void)ud; destroy_notifies++; }

/* ------------------------------------------------------------------------------------------
 * The pool
 * ---------------------------------------------------------------------------------------- */

typedef struct slot {
    mvvm_object *object; /* NULL: empty */
    mvvm_type type;
    uint64_t connections[MAX_CONNECTIONS];
    int connection_count;
    uint64_t closure_id; /* 0: none */
    mvvm_command_fn closure;
} slot;

static slot pool[POOL_SIZE];
static mvvm_object *repos[REPO_COUNT];

static void new_repository(int index) {
    mvvm_sample_options options;
    check(mvvm_sample_options_init(&options), "sample_options_init");
    options.latency_ms = 0;
    options.seed = next_random();
    options.user_count = 60;
    options.post_count = 10;
    if (index == REPO_COUNT - 1) options.fail_every_nth = 7;
    mvvm_object *repository = NULL;
    check(mvvm_repository_new_sample(&options, &repository), "repository_new_sample");
    if (repos[index] != NULL) {
        check(mvvm_object_destroy(repos[index]), "destroy repository");
        stats[MVVM_TYPE_REPOSITORY].destroyed++;
    }
    repos[index] = repository;
    stats[MVVM_TYPE_REPOSITORY].created++;
}

static mvvm_object *any_repository(void) { return repos[below(REPO_COUNT)]; }

/* Makes an object of `type` through mvvm_object_new(), from its constructor's arguments. */
static mvvm_status create_generic(mvvm_type type, mvvm_object **out) {
    mvvm_value args[2];
    size_t count = 0;
    int64_t values[8];
    memset(args, 0, sizeof args);
    switch (type) {
    case MVVM_TYPE_USER_LIST: case MVVM_TYPE_COORDINATOR: case MVVM_TYPE_USER_SEARCH:
        args[count].kind = MVVM_VALUE_OBJECT;
        args[count++].as.object = any_repository();
        break;
    case MVVM_TYPE_USER_DETAIL: case MVVM_TYPE_POST_DETAIL:
        args[count].kind = MVVM_VALUE_OBJECT;
        args[count++].as.object = any_repository();
        args[count].kind = MVVM_VALUE_INT64;
        args[count++].as.int64 = 1 + (int64_t)below(type == MVVM_TYPE_USER_DETAIL ? 70 : 12);
        break;
    case MVVM_TYPE_SORTED_INTEGERS: {
        size_t n = below(9);
        for (size_t i = 0; i < n; i++) values[i] = (int64_t)below(100);
        args[count].kind = MVVM_VALUE_INT64_ARRAY;
        args[count++].as.int64_array = (mvvm_int64_array){n ? values : NULL, n};
        args[count].kind = MVVM_VALUE_UINT64;
        args[count++].as.uint64 = next_random();
        break;
    }
    default: break;
    }
    objects_new++;
    return mvvm_object_new(type, count ? args : NULL, count, out);
}

static void create_in(slot *s) {
    mvvm_type type = (mvvm_type)(MVVM_TYPE_USER_LIST + below(7)); /* USER_LIST..USER_SEARCH */
    mvvm_object *object = NULL;
    mvvm_status status = MVVM_OK;
    if (below(3) == 0) type = (mvvm_type)(-(int)type); /* a third through mvvm_object_new() */
    switch ((int)type) {
    case MVVM_TYPE_USER_LIST: status = mvvm_user_list_new(any_repository(), &object); break;
    case MVVM_TYPE_USER_DETAIL: status = mvvm_user_detail_new(any_repository(), 1 + (int64_t)below(70), &object); break;
    case MVVM_TYPE_POST_DETAIL: status = mvvm_post_detail_new(any_repository(), 1 + (int64_t)below(12), &object); break;
    case MVVM_TYPE_SORTED_INTEGERS: {
        int64_t values[8];
        size_t count = below(9);
        for (size_t i = 0; i < count; i++) values[i] = (int64_t)below(100);
        status = mvvm_sorted_integers_new(count ? values : NULL, count, next_random(), &object);
        break;
    }
    case MVVM_TYPE_STOPWATCH: status = mvvm_stopwatch_new(&object); break;
    case MVVM_TYPE_COORDINATOR: status = mvvm_coordinator_new(any_repository(), &object); break;
    case MVVM_TYPE_USER_SEARCH: status = mvvm_user_search_new(any_repository(), &object); break;
    default:
        type = (mvvm_type)(-(int)type);
        status = create_generic(type, &object);
        break;
    }
    check(status, "create");
    if (status != MVVM_OK) return;
    memset(s, 0, sizeof *s);
    s->object = object;
    s->type = type;
    stats[type].created++;
}

static void destroy_slot(slot *s) {
    if (s->closure_id != 0) {
        check(mvvm_command_closure_free(s->closure_id), "closure_free");
        closures_freed++;
    }
    check(mvvm_object_destroy(s->object), "destroy");
    stats[s->type].destroyed++;
    memset(s, 0, sizeof *s);
}

static void connect_random(slot *s) {
    if (s->connection_count == MAX_CONNECTIONS) return;
    const mvvm_type_info *info = NULL;
    check(mvvm_type_describe(s->type, &info), "type_describe");
    if (info == NULL) return;
    const mvvm_member_info *signals[32];
    size_t n = 0;
    for (size_t i = 0; i < info->member_count && n < 32; i++)
        if (info->members[i].kind == MVVM_MEMBER_SIGNAL) signals[n++] = &info->members[i];
    if (n == 0) return;
    const mvvm_member_info *signal = signals[below(n)];
    const char *sig = signal->c_signature;
    uint32_t layout = (uint32_t)below(3);
    mvvm_callback handler = NULL;
    if (strcmp(sig, "void (*)(mvvm_object *, int32_t, void *)") == 0) {
        handler = layout == 0 ? MVVM_CALLBACK(on_int32) : layout == 1 ? MVVM_CALLBACK(on_int32_swapped) : MVVM_CALLBACK(on_int32_no_object);
    } else if (strcmp(sig, "void (*)(mvvm_object *, int64_t, void *)") == 0) {
        handler = layout == 0 ? MVVM_CALLBACK(on_int64) : layout == 1 ? MVVM_CALLBACK(on_int64_swapped) : MVVM_CALLBACK(on_int64_no_object);
    } else if (strcmp(sig, "void (*)(mvvm_object *, const char *, void *)") == 0) {
        handler = layout == 0 ? MVVM_CALLBACK(on_string) : layout == 1 ? MVVM_CALLBACK(on_string_swapped) : MVVM_CALLBACK(on_string_no_object);
    } else {
        layout = MVVM_CONNECT_DEFAULT;
        if (strcmp(sig, "void (*)(mvvm_object *, const mvvm_user *, void *)") == 0) handler = MVVM_CALLBACK(on_user);
        else if (strcmp(sig, "void (*)(mvvm_object *, const mvvm_list_change *, size_t, void *)") == 0) handler = MVVM_CALLBACK(on_changes);
        else if (strcmp(sig, "void (*)(mvvm_object *, int32_t, mvvm_object *, void *)") == 0) handler = MVVM_CALLBACK(on_navigate);
        else if (strcmp(sig, "void (*)(mvvm_object *, const mvvm_post *, void *)") == 0) handler = MVVM_CALLBACK(on_post);
    }
    if (handler == NULL) {
        fprintf(stderr, "soak: no handler for signal %s of %s: %s\n", signal->name, info->name, sig);
        unexpected++;
        return;
    }
    uint64_t id = 0;
    mvvm_status status = mvvm_signal_connect_flags(s->object, signal->name, handler, &stats[s->type],
                                                   on_destroy_notify, layout, &id);
    check(status, "signal_connect");
    if (status != MVVM_OK) return;
    s->connections[s->connection_count++] = id;
    stats[s->type].connects++;
    connections_made++;
}

static void disconnect_random(slot *s) {
    if (s->connection_count == 0) return;
    int i = (int)below((uint64_t)s->connection_count);
    check(mvvm_signal_disconnect(s->connections[i]), "signal_disconnect");
    s->connections[i] = s->connections[--s->connection_count];
    stats[s->type].disconnects++;
}

static void closure_random(slot *s) {
    static const char *commands[TYPE_SLOTS] = {NULL, NULL, "refresh", "save", "toggle-like", "add-new-integer", "lap", "back",
                                               "dismiss-error"};
    if (s->closure_id != 0) {
        if (below(2) == 0) {
            s->closure();
            closures_called++;
        } else {
            check(mvvm_command_closure_free(s->closure_id), "closure_free");
            closures_freed++;
            s->closure_id = 0;
            s->closure = NULL;
        }
        return;
    }
    check(mvvm_command_closure_new(s->object, commands[s->type], &s->closure, &s->closure_id), "closure_new");
    if (s->closure_id != 0) closures_made++;
}

/* ------------------------------------------------------------------------------------------
 * Commands and getters per type
 * ---------------------------------------------------------------------------------------- */

static void user_list_op(mvvm_object *vm, uint64_t r) {
    int64_t count = 0;
    check(mvvm_user_list_get_count(vm, &count), "user_list_get_count");
    switch (r % 6) {
    case 0: check(mvvm_user_list_on_appear(vm), "user_list_on_appear"); break;
    case 1: if (below(4) == 0) check(mvvm_user_list_refresh(vm), "user_list_refresh"); break;
    case 2: if (count > 0) check(mvvm_user_list_did_display_row(vm, (int64_t)below((uint64_t)count)), "did_display_row"); break;
    case 3: if (count > 0) check(mvvm_user_list_did_select_row(vm, (int64_t)below((uint64_t)count)), "did_select_row"); break;
    case 4: check(mvvm_user_list_dismiss_error(vm), "dismiss_error"); break;
    default: {
        int32_t v;
        const char *message;
        mvvm_user user;
        check(mvvm_user_list_get_loading(vm, &v), "get_loading");
        check(mvvm_user_list_get_has_more_pages(vm, &v), "get_has_more_pages");
        check(mvvm_user_list_get_error_message(vm, &message), "get_error_message");
        if (count > 0) check(mvvm_user_list_get_row(vm, (int64_t)below((uint64_t)count), &user), "get_row");
        stats[MVVM_TYPE_USER_LIST].getters++;
        return;
    }
    }
    stats[MVVM_TYPE_USER_LIST].commands++;
}

static void user_detail_op(mvvm_object *vm, uint64_t r) {
    static const char *names[] = {"Ada", "Grace Hopper", "", "  ", "Émile Zola", "x", "A very long name indeed"};
    switch (r % 4) {
    case 0: check(mvvm_user_detail_on_appear(vm), "user_detail_on_appear"); break;
    case 1: check(mvvm_user_detail_set_draft_name(vm, names[below(7)]), "set_draft_name"); break;
    case 2: check(mvvm_user_detail_save(vm), "user_detail_save"); break;
    default: {
        int32_t v;
        const char *text;
        mvvm_user user;
        check(mvvm_user_detail_get_user(vm, &v, &user), "get_user");
        check(mvvm_user_detail_get_draft_name(vm, &text), "get_draft_name");
        check(mvvm_user_detail_get_is_saving(vm, &v), "get_is_saving");
        check(mvvm_user_detail_get_is_dirty(vm, &v), "get_is_dirty");
        check(mvvm_user_detail_get_can_save(vm, &v), "get_can_save");
        check(mvvm_user_detail_get_validation_message(vm, &text), "get_validation_message");
        check(mvvm_user_detail_get_error_message(vm, &text), "get_error_message");
        stats[MVVM_TYPE_USER_DETAIL].getters++;
        return;
    }
    }
    stats[MVVM_TYPE_USER_DETAIL].commands++;
}

static void post_detail_op(mvvm_object *vm, uint64_t r) {
    switch (r % 3) {
    case 0: check(mvvm_post_detail_on_appear(vm), "post_detail_on_appear"); break;
    case 1: check(mvvm_post_detail_toggle_like(vm), "toggle_like"); break;
    default: {
        int32_t v;
        int64_t n = 0;
        const char *text;
        mvvm_post post;
        mvvm_comment comment;
        check(mvvm_post_detail_get_state(vm, &v), "get_state");
        if (v == MVVM_VIEW_STATE_LOADED) check(mvvm_post_detail_get_post(vm, &post), "get_post");
        check(mvvm_post_detail_get_comment_count(vm, &n), "get_comment_count");
        if (n > 0) check(mvvm_post_detail_get_comment(vm, (int64_t)below((uint64_t)n), &comment), "get_comment");
        check(mvvm_post_detail_get_is_liked(vm, &v), "get_is_liked");
        check(mvvm_post_detail_get_likes_count(vm, &n), "get_likes_count");
        check(mvvm_post_detail_get_error_message(vm, &text), "get_error_message");
        stats[MVVM_TYPE_POST_DETAIL].getters++;
        return;
    }
    }
    stats[MVVM_TYPE_POST_DETAIL].commands++;
}

static void sorted_integers_op(mvvm_object *vm, uint64_t r) {
    int64_t count = 0, value, index;
    check(mvvm_sorted_integers_get_count(vm, &count), "sorted_get_count");
    switch (r % 4) {
    case 0: if (count < MAX_VALUES) check(mvvm_sorted_integers_add_new_integer(vm), "add_new_integer"); break;
    case 1: if (count < MAX_VALUES) check(mvvm_sorted_integers_add(vm, (int64_t)below(1000) - 500, &index), "add"); break;
    case 2: if (count > 0) check(mvvm_sorted_integers_remove_at(vm, (int64_t)below((uint64_t)count)), "remove_at"); break;
    default:
        if (count > 0) check(mvvm_sorted_integers_get_value(vm, (int64_t)below((uint64_t)count), &value), "get_value");
        stats[MVVM_TYPE_SORTED_INTEGERS].getters++;
        return;
    }
    stats[MVVM_TYPE_SORTED_INTEGERS].commands++;
}

static void stopwatch_op(mvvm_object *vm, uint64_t r) {
    int64_t laps = 0;
    check(mvvm_stopwatch_get_lap_count(vm, &laps), "get_lap_count");
    switch (r % 4) {
    case 0: check(mvvm_stopwatch_button_tapped(vm), "button_tapped"); break;
    case 1: check(laps >= MAX_LAPS ? mvvm_stopwatch_reset(vm) : mvvm_stopwatch_lap(vm), "lap"); break;
    case 2: if (below(4) == 0) check(mvvm_stopwatch_reset(vm), "reset"); break;
    default: {
        int32_t v;
        const char *text;
        check(mvvm_stopwatch_get_elapsed_text(vm, &text), "get_elapsed_text");
        check(mvvm_stopwatch_get_button_text(vm, &text), "get_button_text");
        check(mvvm_stopwatch_get_is_running(vm, &v), "get_is_running");
        check(mvvm_stopwatch_get_is_lap_enabled(vm, &v), "get_is_lap_enabled");
        if (laps > 0) check(mvvm_stopwatch_get_lap(vm, (int64_t)below((uint64_t)laps), &text), "get_lap");
        stats[MVVM_TYPE_STOPWATCH].getters++;
        return;
    }
    }
    stats[MVVM_TYPE_STOPWATCH].commands++;
}

static const char *const search_queries[] = {"a", "an", "Ada", "er", "", "  ", " son ", "\xc3\xbc", "Grace H", "zzz"};

static void user_search_op(mvvm_object *vm, uint64_t r) {
    int64_t count = 0;
    check(mvvm_user_search_get_count(vm, &count), "user_search_get_count");
    switch (r % 6) {
    case 0: case 1: check(mvvm_user_search_set_query(vm, search_queries[below(10)]), "set_query"); break;
    case 2: if (count > 0) check(mvvm_user_search_did_display_row(vm, (int64_t)below((uint64_t)count)), "search_did_display_row"); break;
    case 3: if (count > 0) check(mvvm_user_search_did_select_row(vm, (int64_t)below((uint64_t)count)), "search_did_select_row"); break;
    case 4: check(mvvm_user_search_dismiss_error(vm), "search_dismiss_error"); break;
    default: {
        int32_t v;
        const char *text;
        mvvm_user user;
        check(mvvm_user_search_get_query(vm, &text), "get_query");
        check(mvvm_user_search_get_is_searching(vm, &v), "get_is_searching");
        check(mvvm_user_search_get_is_query_empty(vm, &v), "get_is_query_empty");
        check(mvvm_user_search_get_has_more_pages(vm, &v), "search_get_has_more_pages");
        check(mvvm_user_search_get_error_message(vm, &text), "search_get_error_message");
        if (count > 0) check(mvvm_user_search_get_row(vm, (int64_t)below((uint64_t)count), &user), "search_get_row");
        if (count > 0) search_results_seen++;
        stats[MVVM_TYPE_USER_SEARCH].getters++;
        return;
    }
    }
    stats[MVVM_TYPE_USER_SEARCH].commands++;
}

static void coordinator_op(mvvm_object *coordinator, uint64_t r) {
    int64_t depth = 0;
    check(mvvm_coordinator_get_depth(coordinator, &depth), "get_depth");
    mvvm_object *top = NULL;
    mvvm_type type = 0;
    if (depth > 0) {
        check(mvvm_coordinator_get_screen(coordinator, depth - 1, &top), "get_screen");
        check(mvvm_object_get_type(top, &type), "object_get_type");
    }
    stats[MVVM_TYPE_COORDINATOR].getters++;
    switch (r % 5) {
    case 0: check(mvvm_coordinator_start(coordinator), "coordinator_start"); break;
    case 1: check(mvvm_coordinator_back(coordinator), "coordinator_back"); break;
    case 2: check(mvvm_coordinator_show_search(coordinator), "coordinator_show_search"); break;
    default:
        /* Drive the screen on top: the list selects rows (pushing a detail), the search types
         * and selects results (pushing a detail), the detail edits and saves (popping itself
         * on did-save). */
        if (type == MVVM_TYPE_USER_LIST) user_list_op(top, below(6));
        else if (type == MVVM_TYPE_USER_SEARCH) user_search_op(top, below(6));
        else if (type == MVVM_TYPE_USER_DETAIL) user_detail_op(top, below(4));
        break;
    }
    stats[MVVM_TYPE_COORDINATOR].commands++;
}

/* ------------------------------------------------------------------------------------------
 * Generic access: any member of any type by id (as the Python package calls the library)
 * ---------------------------------------------------------------------------------------- */

static const mvvm_type_info *infos[TYPE_SLOTS];

/* Describes every type and checks that mvvm_member_find() gives each member its index: the ids
 * a binding looks up once and then calls by. */
static void look_up_members(void) {
    for (int t = MVVM_TYPE_REPOSITORY; t <= LAST_TYPE; t++) {
        check(mvvm_type_describe((mvvm_type)t, &infos[t]), "type_describe");
        if (infos[t] == NULL) continue;
        for (size_t i = 0; i < infos[t]->member_count; i++) {
            uint32_t id = UINT32_MAX;
            check(mvvm_member_find((mvvm_type)t, infos[t]->members[i].name, &id), "member_find");
            if (id != i) unexpected++;
        }
    }
}

/* Checks a value handed out and touches its strings. */
static void touch_value(const mvvm_value *v, const mvvm_member_shape *shape) {
    if (shape != NULL && v->kind != (int32_t)shape->value_kind &&
        !(v->kind == MVVM_VALUE_NONE && (shape->flags & MVVM_MEMBER_NULLABLE)))
        unexpected++;
    switch (v->kind) {
    case MVVM_VALUE_STRING: if (v->as.string == NULL || strlen(v->as.string) > 100000) unexpected++; break;
    case MVVM_VALUE_USER: if (MVVM_VALUE_RECORD(v, mvvm_user)->name == NULL || MVVM_VALUE_RECORD(v, mvvm_user)->email == NULL) unexpected++; break;
    case MVVM_VALUE_POST: if (MVVM_VALUE_RECORD(v, mvvm_post)->title == NULL || MVVM_VALUE_RECORD(v, mvvm_post)->author_name == NULL) unexpected++; break;
    case MVVM_VALUE_COMMENT: if (MVVM_VALUE_RECORD(v, mvvm_comment)->body == NULL) unexpected++; break;
    case MVVM_VALUE_BOOL: if (v->as.boolean != 0 && v->as.boolean != 1) unexpected++; break;
    default: break;
    }
}

/* The number of items of the type's first list (for an index argument), or -1. */
static int64_t first_list_count(slot *s, const mvvm_type_info *info) {
    for (size_t i = 0; i < info->member_count; i++) {
        if (info->members[i].kind != MVVM_MEMBER_LIST) continue;
        int64_t count = -1;
        mvvm_status status = mvvm_object_count(s->object, (uint32_t)i, &count);
        check(status, "object_count");
        return status == MVVM_OK ? count : -1;
    }
    return -1;
}

/* One member of the object through the generic entry points: read a property, set a settable
 * one, run a command with arguments of its shape, count and read a list, or look a signal or
 * the constructor up by name. Growth stays bounded as in the typed operations. */
static void generic_op(slot *s, uint64_t r) {
    const mvvm_type_info *info = infos[s->type];
    if (info == NULL || info->member_count == 0 || info->shapes == NULL) return;
    uint32_t id = (uint32_t)(r % info->member_count);
    const mvvm_member_info *member = &info->members[id];
    const mvvm_member_shape *shape = &info->shapes[id];
    int by_name = (r >> 16) % 4 == 0;
    mvvm_value value;
    generic_calls++;
    switch (member->kind) {
    case MVVM_MEMBER_PROPERTY:
        if ((shape->flags & MVVM_MEMBER_SETTABLE) && shape->value_kind == MVVM_VALUE_STRING && below(2) == 0) {
            static const char *names[] = {"Ada", "Grace Hopper", "", "  ", "\xc3\x89mile Zola", "x"};
            value.kind = MVVM_VALUE_STRING;
            value.as.string = s->type == MVVM_TYPE_USER_SEARCH ? search_queries[below(10)] : names[below(6)];
            check(by_name ? mvvm_object_set_by_name(s->object, member->name, &value) : mvvm_object_set(s->object, id, &value),
                  "object_set");
            stats[s->type].commands++;
        } else {
            check(by_name ? mvvm_object_get_by_name(s->object, member->name, &value) : mvvm_object_get(s->object, id, &value),
                  "object_get");
            touch_value(&value, shape);
            stats[s->type].getters++;
        }
        return;
    case MVVM_MEMBER_COMMAND: {
        mvvm_value args[4];
        size_t n = shape->argument_count < 4 ? shape->argument_count : 4;
        int64_t items = -1;
        /* bounded growth: no adds past MAX_VALUES values, no laps past MAX_LAPS */
        if (s->type == MVVM_TYPE_SORTED_INTEGERS || (s->type == MVVM_TYPE_STOPWATCH && strcmp(member->name, "lap") == 0) ||
            n > 0)
            items = first_list_count(s, info);
        if (s->type == MVVM_TYPE_SORTED_INTEGERS && strncmp(member->name, "add", 3) == 0 && items >= MAX_VALUES) return;
        if (s->type == MVVM_TYPE_STOPWATCH && strcmp(member->name, "lap") == 0 && items >= MAX_LAPS) return;
        for (size_t i = 0; i < n; i++) {
            memset(&args[i], 0, sizeof args[i]);
            args[i].kind = (int32_t)shape->arguments[i].kind;
            switch (shape->arguments[i].kind) {
            case MVVM_VALUE_INT64:
                if (strcmp(shape->arguments[i].name, "index") == 0) {
                    if (items <= 0) return;
                    args[i].as.int64 = (int64_t)below((uint64_t)items);
                } else {
                    args[i].as.int64 = (int64_t)below(1000) - 500;
                }
                break;
            case MVVM_VALUE_STRING: args[i].as.string = search_queries[below(10)]; break;
            default: return; /* no command takes another kind today */
            }
        }
        mvvm_value result;
        check(by_name ? mvvm_object_invoke_by_name(s->object, member->name, n ? args : NULL, n, &result)
                      : mvvm_object_invoke(s->object, id, n ? args : NULL, n, &result),
              "object_invoke");
        stats[s->type].commands++;
        return;
    }
    case MVVM_MEMBER_LIST: {
        int64_t count = -1;
        mvvm_status status = mvvm_object_count(s->object, id, &count);
        check(status, "object_count");
        if (status == MVVM_OK && count > 0) {
            check(mvvm_object_get_item(s->object, id, (int64_t)below((uint64_t)count), &value), "object_get_item");
            touch_value(&value, shape);
        }
        stats[s->type].getters++;
        return;
    }
    default: { /* a signal or the constructor: its id by name, as a binding looks it up */
        uint32_t found = UINT32_MAX;
        check(mvvm_member_find(s->type, member->name, &found), "member_find");
        if (found != id) unexpected++;
        return;
    }
    }
}

/* ------------------------------------------------------------------------------------------
 * Driver
 * ---------------------------------------------------------------------------------------- */

static long rss_kib(void) {
    FILE *f = fopen("/proc/self/status", "r");
    if (f == NULL) return -1;
    char line[256];
    long kib = -1;
    while (fgets(line, sizeof line, f) != NULL)
        if (sscanf(line, "VmRSS: %ld kB", &kib) == 1) break;
    fclose(f);
    return kib;
}

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Waits PAUSE_MS, dispatching: the debounced searches run and their results land. */
static void pause_for_searches(void) {
    double start = now_seconds(), deadline = start + PAUSE_MS / 1000.0;
    for (int i = 0; i < 100000; i++) {
        double left = deadline - now_seconds();
        if (left <= 0) break;
        check(mvvm_run((int32_t)(left * 1000) + 1, NULL), "mvvm_run");
    }
    pauses++;
    paused_seconds += now_seconds() - start;
}

/* Runs the pending work until none is left (bounded). */
static void drain(void) {
    for (int i = 0; i < 1000; i++) {
        int32_t dispatched = 0;
        check(mvvm_run(0, &dispatched), "mvvm_run");
        if (!dispatched) break;
    }
}

static void one_operation(void) {
    uint64_t r = next_random();
    slot *s = &pool[r % POOL_SIZE];
    r >>= 8;
    if (s->object == NULL) {
        create_in(s);
        return;
    }
    switch (r % 100) {
    case 0: case 1: destroy_slot(s); return;
    case 2: new_repository((int)below(REPO_COUNT)); return;
    case 3: case 4: case 5: case 6: case 7: case 8: connect_random(s); return;
    case 9: case 10: case 11: case 12: case 13: disconnect_random(s); return;
    case 14: case 15: closure_random(s); return;
    case 16: case 17: case 18: case 19: case 20: case 21: generic_op(s, r >> 8); return;
    default: break;
    }
    r >>= 8;
    switch (s->type) {
    case MVVM_TYPE_USER_LIST: user_list_op(s->object, r); break;
    case MVVM_TYPE_USER_DETAIL: user_detail_op(s->object, r); break;
    case MVVM_TYPE_POST_DETAIL: post_detail_op(s->object, r); break;
    case MVVM_TYPE_SORTED_INTEGERS: sorted_integers_op(s->object, r); break;
    case MVVM_TYPE_STOPWATCH: stopwatch_op(s->object, r); break;
    case MVVM_TYPE_COORDINATOR: coordinator_op(s->object, r); break;
    case MVVM_TYPE_USER_SEARCH: user_search_op(s->object, r); break;
    default: unexpected++; break;
    }
}

int main(int argc, char **argv) {
    long long total = argc > 1 ? atoll(argv[1]) : 1000000;
    rng_state = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    if (total < 10) total = 10;
    long long warmup = total / 10;

    if (mvvm_init() != MVVM_OK) {
        fprintf(stderr, "soak: mvvm_init failed\n");
        return 1;
    }
    for (int i = 0; i < REPO_COUNT; i++) new_repository(i);
    look_up_members();

    long rss_start = 0;
    double start = now_seconds(), warm_time = 0;
    for (long long i = 0; i < total; i++) {
        one_operation();
        if (i % 8 == 7) check(mvvm_dispatch(), "mvvm_dispatch");
        if (i % PAUSE_EVERY == PAUSE_EVERY - 1) pause_for_searches();
        if (i + 1 == warmup) {
            paused_after_warmup = -paused_seconds;
            drain();
            rss_start = rss_kib();
            warm_time = now_seconds();
        }
    }
    drain();
    long rss_end = rss_kib();
    paused_after_warmup += paused_seconds;
    double elapsed = now_seconds() - start - paused_seconds;
    double measured = now_seconds() - warm_time - paused_after_warmup;

    /* Leave nothing behind: every destroy notifier must have run once by the end. */
    for (int i = 0; i < POOL_SIZE; i++)
        if (pool[i].object != NULL) destroy_slot(&pool[i]);
    for (int i = 0; i < REPO_COUNT; i++) check(mvvm_object_destroy(repos[i]), "destroy repository");
    check(mvvm_shutdown(), "mvvm_shutdown");

    printf("soak: %lld operations (seed %s), %.1f s (plus %.1f s of pauses for searches), %.0f operations/s\n", total,
           argc > 2 ? argv[2] : "1", elapsed, paused_seconds, (double)total / elapsed);
    printf("%-15s %8s %8s %9s %9s %9s %9s %11s\n", "type", "created", "destroy", "commands", "getters", "connects",
           "disconn", "deliveries");
    int missing = 0;
    for (int t = MVVM_TYPE_REPOSITORY; t <= LAST_TYPE; t++) {
        type_stats *x = &stats[t];
        printf("%-15s %8" PRIu64 " %8" PRIu64 " %9" PRIu64 " %9" PRIu64 " %9" PRIu64 " %9" PRIu64 " %11" PRIu64 "\n",
               type_names[t], x->created, x->destroyed, x->commands, x->getters, x->connects, x->disconnects,
               x->deliveries);
        if (t != MVVM_TYPE_REPOSITORY && (x->created == 0 || x->commands == 0 || x->connects == 0 || x->deliveries == 0)) {
            fprintf(stderr, "soak: %s was not exercised fully\n", type_names[t]);
            missing++;
        }
    }
    printf("soak: closures made %" PRIu64 ", called %" PRIu64 ", freed %" PRIu64 "\n", closures_made,
           closures_called, closures_freed);
    printf("soak: connections %" PRIu64 ", destroy notifications %" PRIu64 "\n", connections_made, destroy_notifies);
    printf("soak: generic calls %" PRIu64 ", objects made with mvvm_object_new() %" PRIu64 "\n", generic_calls, objects_new);
    printf("soak: %" PRIu64 " pauses of %d ms, %" PRIu64 " reads of searches with results\n", pauses, PAUSE_MS,
           search_results_seen);
    long growth = rss_end - rss_start;
    long tolerance = rss_start * GROWTH_PERCENT / 100;
    if (tolerance < GROWTH_MIN_KIB) tolerance = GROWTH_MIN_KIB;
    printf("bench soak_rss_start %ld KiB\n", rss_start);
    printf("bench soak_rss_end %ld KiB\n", rss_end);
    printf("bench soak_rss_growth %ld KiB (tolerance %ld KiB) over %lld operations after warm-up\n", growth,
           tolerance, total - warmup);
    printf("bench soak_ops_per_second %.0f (%.0f after warm-up)\n", (double)total / elapsed,
           (double)(total - warmup) / measured);

    int failed = 0;
    if (unexpected != 0) { printf("soak: FAIL %" PRIu64 " unexpected statuses or values\n", unexpected); failed = 1; }
    if (destroy_notifies != connections_made) {
        printf("soak: FAIL %" PRIu64 " connections but %" PRIu64 " destroy notifications\n", connections_made, destroy_notifies);
        failed = 1;
    }
    if (missing) { printf("soak: FAIL %d types not fully exercised\n", missing); failed = 1; }
    if (pauses > 0 && search_results_seen == 0) { printf("soak: FAIL no search ever had results\n"); failed = 1; }
    if (rss_start <= 0 || rss_end <= 0) { printf("soak: FAIL could not read VmRSS\n"); failed = 1; }
    else if (growth > tolerance) { printf("soak: FAIL resident memory grew by %ld KiB (> %ld KiB)\n", growth, tolerance); failed = 1; }
    printf("soak: %s\n", failed ? "FAILED" : "passed");
    return failed;
}
