/*
 * api_fuzzer.c: a libFuzzer harness over the whole C API of libmvvm (Include/mvvm.h is the
 * spec). The input bytes are a program: each operation is one byte (the opcode) followed by
 * the bytes its arguments need; a missing byte reads as 0, so every input is a valid program.
 *
 * The harness checks invariants, not only "no crash", and abort()s on a violation:
 *   - every status is a value of mvvm_status;
 *   - a failing call leaves a non-empty mvvm_last_error_message(), a succeeding one "";
 *   - a failing call does not write its out-pointers (they hold sentinels);
 *   - strings handed out are NUL-terminated valid UTF-8 (NULL only where documented);
 *   - counts are non-negative, enums and booleans in range, list change sets well formed;
 *   - NULL / destroyed / never-issued handles never succeed (get_type says
 *     MVVM_E_INVALID_HANDLE), wrong-type handles give MVVM_E_WRONG_TYPE, and nothing but
 *     MVVM_E_NOT_INITIALIZED comes back between mvvm_shutdown() and mvvm_init();
 *   - handlers get their own object, are never called after their disconnect or destroy
 *     notifier, and every destroy notifier runs exactly once (checked after the shutdown
 *     that ends each input); dispatch/run/shutdown from a handler give MVVM_E_REENTRANCY;
 *   - a host repository's destroy notifier runs exactly once; search_users gets a trimmed,
 *     non-empty, valid query and is never called through a table of the 0.1 struct_size
 *     (MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1, which ends before it);
 *   - the generic entry points agree with the type descriptions: mvvm_member_find() finds
 *     each listed name at its index; get/set/invoke/count/get_item give MVVM_E_UNKNOWN_NAME
 *     for an id the object's type lacks, MVVM_E_INVALID_ARGUMENT for reading a member that is
 *     not a property (a list), a wrong argument count or a value of the wrong kind (invalid
 *     kinds, booleans
 *     outside 0/1, NULL strings, NULL arrays with a count), MVVM_E_INVALID_UTF8 for bad
 *     strings, MVVM_E_STATE for a read-only property, MVVM_E_OUT_OF_RANGE outside a list;
 *     values handed out have the member's kind (NONE only where it may be absent); a string
 *     set is copied (read back intact after the caller's buffer was overwritten); a list's
 *     count equals the property that counts it; mvvm_object_new() of well-formed arguments
 *     makes an object of that type, and of anything else nothing.
 *
 * Operations: create every object type (typed constructors and mvvm_object_new(); sample and
 * host repositories, the host answering at once, later, never or with failures, sometimes
 * with a 0.1-sized or search-less table), destroy, connect and disconnect every signal in
 * all three layouts, every typed command and getter on live, stale, bogus, NULL and
 * wrong-type handles, the generic entry points with member ids of the object's own type, of
 * other types and random ones, libffi closures, dispatch/run, shutdown/init, late answers,
 * and re-entrant calls from handlers. A search runs only 300 ms after its query's last
 * change: op_settle() waits that out, rationed to a few inputs (it costs a hundred inputs'
 * time). MVVM_FUZZ_TRACE=1 prints every checked call and its status (to check a seed).
 *
 * Coverage: `make fuzz` and `make test-fuzz` link the library built with its Swift modules
 * instrumented for libFuzzer (`make fuzz-library`, scripts/env.sh MVVM_FUZZ_SWIFT_FLAGS:
 * edge counters, traced comparisons, AddressSanitizer), so libFuzzer follows the library's
 * own branches as well as this harness's (one branch per status code and per operation
 * outcome). Against a plain library (MVVM_LIB_DIR=.build/debug) only the harness's branches
 * count, and ASan's allocator and LeakSanitizer still cover the library's allocations.
 *
 * Per-input work is bounded (MAX_OPS operations, a budget of handler actions) and
 * deterministic as far as the library allows: the sample repositories have latency 0 and
 * nothing sleeps but op_settle() (decided by the input's bytes and hash); background loads,
 * the search debounce and stopwatch ticks still depend on thread timing.
 * Every input ends with destroying what it created and mvvm_shutdown() + mvvm_init(), so no
 * state or memory carries over between inputs.
 */
#define _POSIX_C_SOURCE 200809L

#include "mvvm_seeds.h"
#include "fuzz_support.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_OPS 200
#define MAX_SLOTS 24
#define MAX_STALE 32
#define MAX_CONNS 64
#define MAX_CLOSURES 16
#define MAX_HOSTS 4
#define MAX_REQUESTS 32
#define ACTION_BUDGET 64
#define MAX_DEPTH 3

/* ------------------------------------------------------------------------------------------
 * Failure reporting
 * ---------------------------------------------------------------------------------------- */

#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            fprintf(stderr, "INVARIANT VIOLATED at %s:%d: %s: ", __FILE__, __LINE__, #cond);  \
            fprintf(stderr, __VA_ARGS__);                                                     \
            fprintf(stderr, "\n");                                                            \
            abort();                                                                          \
        }                                                                                     \
    } while (0)

static int64_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}


static void check_string(const char *s, int nullable, const char *what) {
    if (s == NULL) {
        CHECK(nullable, "%s is NULL", what);
        return;
    }
    CHECK(fuzz_valid_utf8(s), "%s is not valid UTF-8", what);
}

static int g_initialized;   /* our view: mvvm_init() succeeded and no shutdown since */
static int g_handler_depth; /* > 0 while one of our handlers runs */

/* Every status: in the enum, and the error message agrees with it. */
static int g_any_thread; /* the call being checked needs no mvvm_init() */
static int g_trace;      /* MVVM_FUZZ_TRACE=1: print every checked call and its status (to debug seeds) */

static mvvm_status chk(mvvm_status st, const char *call) {
    if (g_trace) fprintf(stderr, "%*s%s -> %s\n", 2 + 2 * g_handler_depth, "", call, mvvm_status_name(st));
    CHECK((int)st >= 0 && (int)st <= MVVM_E_SCHEMA, "%s returned %d", call, (int)st);
    const char *msg = mvvm_last_error_message();
    CHECK(msg != NULL, "%s: last error message is NULL", call);
    CHECK(fuzz_valid_utf8(msg), "%s: last error message is not UTF-8", call);
    if (st == MVVM_OK) {
        CHECK(msg[0] == 0, "%s succeeded but message is \"%s\"", call, msg);
    } else {
        CHECK(msg[0] != 0, "%s failed with %s and an empty message", call, mvvm_status_name(st));
    }
    if (!g_initialized && g_handler_depth == 0 && !g_any_thread) {
        CHECK(st == MVVM_E_NOT_INITIALIZED, "%s: %s while not initialised", call,
              mvvm_status_name(st));
    }
    return st;
}

#define CALL(expr) chk((expr), #expr)
/* For the functions documented "Any thread" (they need no mvvm_init()). */
#define CALLX(expr) (g_any_thread = 1, chkx(chk((expr), #expr)))
static mvvm_status chkx(mvvm_status st) { g_any_thread = 0; return st; }

/* ------------------------------------------------------------------------------------------
 * Input reader
 * ---------------------------------------------------------------------------------------- */

static const uint8_t *g_data;
static size_t g_size, g_pos;

static uint8_t u8(void) { return g_pos < g_size ? g_data[g_pos++] : 0; }
static int64_t i64(void) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)u8() << (8 * i);
    return (int64_t)v;
}

/* An index: mostly interesting values around `count`. */
static int64_t pick_index(int64_t count) {
    switch (u8() % 10) {
    case 0: return -1;
    case 1: return 0;
    case 2: return count - 1;
    case 3: return count;
    case 4: return INT64_MIN;
    case 5: return INT64_MAX;
    case 6: return (int64_t)(u8() % 64);
    case 7: return i64();
    default: return count > 0 ? (int64_t)(u8() % (uint64_t)count) : 0;
    }
}

/* A string from the input (up to 15 bytes, may be invalid UTF-8), into buf. */
static char *pick_string(char *buf, size_t cap) {
    size_t n = u8() % 16;
    if (n >= cap) n = cap - 1;
    for (size_t i = 0; i < n; i++) {
        uint8_t b = u8();
        buf[i] = (char)(b ? b : 'a');
    }
    buf[n] = 0;
    return buf;
}

/* ------------------------------------------------------------------------------------------
 * Objects
 * ---------------------------------------------------------------------------------------- */

typedef struct slot {
    mvvm_object *h;
    int type;  /* mvvm_type */
    int owned; /* created by us (else a coordinator's screen: validity unknown) */
    int alive;
} slot;

static slot g_slots[MAX_SLOTS];
static int g_nslots;
static mvvm_object *g_stale[MAX_STALE];
static int g_nstale;

enum pick_kind { PK_NULL, PK_STALE, PK_BOGUS, PK_LIVE, PK_UNKNOWN };

typedef struct picked {
    mvvm_object *h;
    int kind;
    int slot;
    int type;
} picked;

static void add_stale(mvvm_object *h) {
    if (g_nstale < MAX_STALE) g_stale[g_nstale++] = h;
    else g_stale[u8() % MAX_STALE] = h;
}

static void mark_destroyed(int i) {
    if (!g_slots[i].alive) return;
    g_slots[i].alive = 0;
    add_stale(g_slots[i].h);
}

static int add_slot(mvvm_object *h, int type, int owned) {
    CHECK(h != NULL, "new object handle is NULL");
    for (int i = 0; i < g_nslots; i++) {
        if (g_slots[i].alive && g_slots[i].h == h) {
            CHECK(!owned && !g_slots[i].owned, "handle issued twice");
            return i;
        }
    }
    for (int i = 0; i < g_nstale; i++) CHECK(g_stale[i] != h, "a destroyed handle was reissued");
    if (g_nslots == MAX_SLOTS) {
        if (owned) {
            mvvm_status st = CALL(mvvm_object_destroy(h));
            CHECK(st == MVVM_OK, "destroy of a fresh object: %s", mvvm_status_name(st));
            add_stale(h);
        }
        return -1;
    }
    g_slots[g_nslots] = (slot){h, type, owned, 1};
    return g_nslots++;
}

static picked pick_object(void) {
    uint8_t b = u8();
    picked p = {NULL, PK_NULL, -1, 0};
    switch (b % 16) {
    case 0: return p;
    case 1:
        if (g_nstale) { p.h = g_stale[u8() % g_nstale]; p.kind = PK_STALE; }
        return p;
    case 2:
        p.h = (mvvm_object *)(uintptr_t)(0x1000u + (uintptr_t)u8() * 0x10001u);
        p.kind = PK_BOGUS;
        return p;
    default:
        if (g_nslots == 0) return p;
        p.slot = (b / 16 + u8()) % g_nslots;
        p.h = g_slots[p.slot].h;
        p.type = g_slots[p.slot].type;
        p.kind = !g_slots[p.slot].owned ? PK_UNKNOWN : g_slots[p.slot].alive ? PK_LIVE : PK_STALE;
        return p;
    }
}

/* The handle rules: `args_ok` says every other argument was valid (1), one was not (0), or
 * the harness cannot tell (-1). */
static void check_handle_rule(const picked *p, int want_type, mvvm_status st, int args_ok,
                              const char *call) {
    if (!g_initialized) return; /* chk() already demands NOT_INITIALIZED */
    switch (p->kind) {
    case PK_NULL: case PK_STALE: case PK_BOGUS:
        CHECK(st != MVVM_OK, "%s succeeded on a NULL/stale/bogus handle", call);
        if (args_ok == 1) CHECK(st == MVVM_E_INVALID_HANDLE, "%s: bad handle gave %s", call, mvvm_status_name(st));
        break;
    case PK_LIVE:
        if (want_type && p->type != want_type) {
            CHECK(st != MVVM_OK, "%s succeeded on a wrong-type handle", call);
            if (args_ok == 1) CHECK(st == MVVM_E_WRONG_TYPE, "%s: wrong type gave %s", call, mvvm_status_name(st));
        } else if (args_ok == 0) {
            CHECK(st != MVVM_OK, "%s succeeded with an invalid argument", call);
        }
        break;
    default:
        break;
    }
}

/* ------------------------------------------------------------------------------------------
 * Signals and handlers
 * ---------------------------------------------------------------------------------------- */

enum sig_kind { SK_I32, SK_I64, SK_STR, SK_STRN, SK_CHANGES, SK_USER, SK_USERN, SK_NAV, SK_POSTN };

typedef struct sig_desc {
    const char *name;
    int kind;
    int64_t lo, hi; /* for SK_I32 */
} sig_desc;

static const sig_desc sig_user_list[] = {
    {"notify::loading", SK_I32, 0, 2}, {"notify::error-message", SK_STRN, 0, 0},
    {"notify::count", SK_I64, 0, 0}, {"notify::has-more-pages", SK_I32, 0, 1},
    {"rows-changed", SK_CHANGES, 0, 0}, {"user-selected", SK_I64, INT64_MIN, 0},
};
static const sig_desc sig_user_detail[] = {
    {"notify::user", SK_USERN, 0, 0}, {"notify::draft-name", SK_STR, 0, 0},
    {"notify::is-saving", SK_I32, 0, 1}, {"notify::is-dirty", SK_I32, 0, 1},
    {"notify::can-save", SK_I32, 0, 1}, {"notify::validation-message", SK_STRN, 0, 0},
    {"notify::error-message", SK_STRN, 0, 0}, {"did-save", SK_USER, 0, 0},
};
static const sig_desc sig_post_detail[] = {
    {"notify::state", SK_I32, 0, 4}, {"notify::is-liked", SK_I32, 0, 1},
    {"notify::likes-count", SK_I64, INT64_MIN, 0}, {"notify::error-message", SK_STRN, 0, 0},
    {"notify::post", SK_POSTN, 0, 0},
};
static const sig_desc sig_sorted[] = {
    {"notify::count", SK_I64, 0, 0}, {"rows-changed", SK_CHANGES, 0, 0},
};
static const sig_desc sig_stopwatch[] = {
    {"notify::elapsed-text", SK_STR, 0, 0}, {"notify::button-text", SK_STR, 0, 0},
    {"notify::is-running", SK_I32, 0, 1}, {"notify::is-lap-enabled", SK_I32, 0, 1},
    {"notify::lap-count", SK_I64, 0, 0}, {"laps-changed", SK_CHANGES, 0, 0},
};
static const sig_desc sig_coordinator[] = {{"navigate", SK_NAV, 1, 2}};
static const sig_desc sig_user_search[] = {
    {"notify::query", SK_STR, 0, 0}, {"notify::is-searching", SK_I32, 0, 1},
    {"notify::is-query-empty", SK_I32, 0, 1}, {"notify::error-message", SK_STRN, 0, 0},
    {"notify::count", SK_I64, 0, 0}, {"notify::has-more-pages", SK_I32, 0, 1},
    {"rows-changed", SK_CHANGES, 0, 0}, {"user-selected", SK_I64, INT64_MIN, 0},
};

static const sig_desc *signals_of(int type, size_t *n) {
#define RET(a) do { *n = sizeof(a) / sizeof(a[0]); return a; } while (0)
    switch (type) {
    case MVVM_TYPE_USER_LIST: RET(sig_user_list);
    case MVVM_TYPE_USER_DETAIL: RET(sig_user_detail);
    case MVVM_TYPE_POST_DETAIL: RET(sig_post_detail);
    case MVVM_TYPE_SORTED_INTEGERS: RET(sig_sorted);
    case MVVM_TYPE_STOPWATCH: RET(sig_stopwatch);
    case MVVM_TYPE_COORDINATOR: RET(sig_coordinator);
    case MVVM_TYPE_USER_SEARCH: RET(sig_user_search);
    default: *n = 0; return NULL;
    }
#undef RET
}

typedef struct conn {
    int used;
    int slot;          /* the object's slot */
    mvvm_object *obj;
    const sig_desc *sig;
    uint32_t flags;
    uint8_t action;
    uint64_t id;
    int disconnected;  /* we disconnected it successfully */
    int notified;      /* destroy notifier ran */
    int calls;
} conn;

static conn g_conns[MAX_CONNS];
static int g_nconns;
static int g_action_budget;
static unsigned long g_handler_calls; /* every handler call: a call during which none ran saw no re-entry */

static void conn_destroy_notify(void *user_data) {
    conn *c = user_data;
    CHECK(c >= g_conns && c < g_conns + MAX_CONNS && c->used, "destroy notifier: bad user_data");
    CHECK(!c->notified, "destroy notifier of connection %llu ran twice", (unsigned long long)c->id);
    c->notified = 1;
}

static void check_changes(const mvvm_list_change *ch, size_t n) {
    CHECK(n == 0 || ch != NULL, "change set of %zu with NULL array", n);
    for (size_t i = 0; i < n; i++) {
        CHECK(ch[i].kind >= MVVM_LIST_RESET && ch[i].kind <= MVVM_LIST_MOVE, "change kind %d", ch[i].kind);
        CHECK(ch[i].start >= 0 && ch[i].count >= 0, "change %lld/%lld", (long long)ch[i].start,
              (long long)ch[i].count);
    }
}

static void check_user(const mvvm_user *u, int nullable) {
    if (!u) { CHECK(nullable, "user is NULL"); return; }
    check_string(u->name, 0, "user name");
    check_string(u->email, 0, "user email");
}

static void check_post(const mvvm_post *post, int nullable) {
    if (!post) { CHECK(nullable, "post is NULL"); return; }
    check_string(post->title, 0, "post title");
    check_string(post->body, 0, "post body");
    check_string(post->author_name, 0, "post author");
    CHECK(post->likes_count >= 0 && post->comments_count >= 0, "post counts");
    CHECK(post->liked_by_current_user == 0 || post->liked_by_current_user == 1, "post liked");
}

static void check_comment(const mvvm_comment *c) {
    check_string(c->author_name, 0, "comment author");
    check_string(c->body, 0, "comment body");
}

static void handler_action(conn *c);

/* The common part of every handler: arguments were checked by the caller. */
static void on_signal(conn *c, mvvm_object *obj, int has_obj) {
    CHECK(c >= g_conns && c < g_conns + MAX_CONNS && c->used, "handler: bad user_data");
    CHECK(!c->disconnected, "handler of disconnected connection %llu called", (unsigned long long)c->id);
    CHECK(!c->notified, "handler called after its destroy notifier");
    if (has_obj) CHECK(obj == c->obj, "handler got object %p, connected to %p", (void *)obj, (void *)c->obj);
    c->calls++;
    g_handler_calls++;
    if (g_handler_depth >= MAX_DEPTH || g_action_budget <= 0) return;
    g_action_budget--;
    g_handler_depth++;
    handler_action(c);
    g_handler_depth--;
}

static void check_i32(conn *c, int32_t v) {
    if (c->sig->kind == SK_I32 || c->sig->kind == SK_NAV)
        CHECK(v >= c->sig->lo && v <= c->sig->hi, "%s: value %d", c->sig->name, v);
}
static void check_i64(conn *c, int64_t v) {
    if (c->sig->lo == 0) CHECK(v >= 0, "%s: value %lld", c->sig->name, (long long)v);
}
static void check_str(conn *c, const char *s) { check_string(s, c->sig->kind == SK_STRN, c->sig->name); }

/* Default layout: (object, args..., user_data). */
static void h_i32(mvvm_object *o, int32_t v, void *ud) { check_i32(ud, v); on_signal(ud, o, 1); }
static void h_i64(mvvm_object *o, int64_t v, void *ud) { check_i64(ud, v); on_signal(ud, o, 1); }
static void h_str(mvvm_object *o, const char *s, void *ud) { check_str(ud, s); on_signal(ud, o, 1); }
static void h_ch(mvvm_object *o, const mvvm_list_change *ch, size_t n, void *ud) { check_changes(ch, n); on_signal(ud, o, 1); }
static void h_user(mvvm_object *o, const mvvm_user *u, void *ud) { check_user(u, ((conn *)ud)->sig->kind == SK_USERN); on_signal(ud, o, 1); }
static void h_nav(mvvm_object *o, int32_t a, mvvm_object *s, void *ud) { (void)s; check_i32(ud, a); on_signal(ud, o, 1); }
static void h_post(mvvm_object *o, const mvvm_post *p, void *ud) { check_post(p, 1); on_signal(ud, o, 1); }
/* Swapped: (user_data, args..., object). */
static void s_i32(void *ud, int32_t v, mvvm_object *o) { check_i32(ud, v); on_signal(ud, o, 1); }
static void s_i64(void *ud, int64_t v, mvvm_object *o) { check_i64(ud, v); on_signal(ud, o, 1); }
static void s_str(void *ud, const char *s, mvvm_object *o) { check_str(ud, s); on_signal(ud, o, 1); }
static void s_ch(void *ud, const mvvm_list_change *ch, size_t n, mvvm_object *o) { check_changes(ch, n); on_signal(ud, o, 1); }
static void s_user(void *ud, const mvvm_user *u, mvvm_object *o) { check_user(u, ((conn *)ud)->sig->kind == SK_USERN); on_signal(ud, o, 1); }
static void s_nav(void *ud, int32_t a, mvvm_object *s, mvvm_object *o) { (void)s; check_i32(ud, a); on_signal(ud, o, 1); }
static void s_post(void *ud, const mvvm_post *p, mvvm_object *o) { check_post(p, 1); on_signal(ud, o, 1); }
/* No object: (args..., user_data). */
static void n_i32(int32_t v, void *ud) { check_i32(ud, v); on_signal(ud, NULL, 0); }
static void n_i64(int64_t v, void *ud) { check_i64(ud, v); on_signal(ud, NULL, 0); }
static void n_str(const char *s, void *ud) { check_str(ud, s); on_signal(ud, NULL, 0); }
static void n_ch(const mvvm_list_change *ch, size_t n, void *ud) { check_changes(ch, n); on_signal(ud, NULL, 0); }
static void n_user(const mvvm_user *u, void *ud) { check_user(u, ((conn *)ud)->sig->kind == SK_USERN); on_signal(ud, NULL, 0); }
static void n_nav(int32_t a, mvvm_object *s, void *ud) { (void)s; check_i32(ud, a); on_signal(ud, NULL, 0); }
static void n_post(const mvvm_post *p, void *ud) { check_post(p, 1); on_signal(ud, NULL, 0); }

static mvvm_callback handler_for(int kind, uint32_t flags) {
    static const mvvm_callback table[3][9] = {
        {MVVM_CALLBACK(h_i32), MVVM_CALLBACK(h_i64), MVVM_CALLBACK(h_str), MVVM_CALLBACK(h_str),
         MVVM_CALLBACK(h_ch), MVVM_CALLBACK(h_user), MVVM_CALLBACK(h_user), MVVM_CALLBACK(h_nav),
         MVVM_CALLBACK(h_post)},
        {MVVM_CALLBACK(s_i32), MVVM_CALLBACK(s_i64), MVVM_CALLBACK(s_str), MVVM_CALLBACK(s_str),
         MVVM_CALLBACK(s_ch), MVVM_CALLBACK(s_user), MVVM_CALLBACK(s_user), MVVM_CALLBACK(s_nav),
         MVVM_CALLBACK(s_post)},
        {MVVM_CALLBACK(n_i32), MVVM_CALLBACK(n_i64), MVVM_CALLBACK(n_str), MVVM_CALLBACK(n_str),
         MVVM_CALLBACK(n_ch), MVVM_CALLBACK(n_user), MVVM_CALLBACK(n_user), MVVM_CALLBACK(n_nav),
         MVVM_CALLBACK(n_post)},
    };
    return table[flags][kind];
}

/* ------------------------------------------------------------------------------------------
 * Getters (all of them, per type), with their invariants
 * ---------------------------------------------------------------------------------------- */

#define SENT_PTR ((const char *)(uintptr_t)0x5e5e5e5e)
#define SENT_I64 ((int64_t)0x5e5e5e5e5e5e5e5eLL)
#define SENT_I32 ((int32_t)0x5e5e5e5e)

static void check_unwritten_i64(mvvm_status st, int64_t v, const char *w) {
    if (st != MVVM_OK) CHECK(v == SENT_I64, "%s: failed call wrote its out-pointer", w);
}
static void check_unwritten_i32(mvvm_status st, int32_t v, const char *w) {
    if (st != MVVM_OK) CHECK(v == SENT_I32, "%s: failed call wrote its out-pointer", w);
}
static void check_unwritten_ptr(mvvm_status st, const void *v, const char *w) {
    if (st != MVVM_OK) CHECK(v == (const void *)SENT_PTR, "%s: failed call wrote its out-pointer", w);
}

#define GET_I32(fn, lo, hi)                                                               \
    do {                                                                                  \
        int32_t v = SENT_I32;                                                             \
        int nul = (u8() % 8) == 0;                                                        \
        mvvm_status st = CALL(fn(p.h, nul ? NULL : &v));                                  \
        check_handle_rule(&p, want, st, !nul, #fn);                                       \
        check_unwritten_i32(st, v, #fn);                                                  \
        if (st == MVVM_OK) CHECK(v >= (lo) && v <= (hi), #fn " gave %d", v);              \
    } while (0)

#define GET_I64(fn, nonneg)                                                               \
    do {                                                                                  \
        int64_t v = SENT_I64;                                                             \
        int nul = (u8() % 8) == 0;                                                        \
        mvvm_status st = CALL(fn(p.h, nul ? NULL : &v));                                  \
        check_handle_rule(&p, want, st, !nul, #fn);                                       \
        check_unwritten_i64(st, v, #fn);                                                  \
        if (st == MVVM_OK && (nonneg)) CHECK(v >= 0, #fn " gave %lld", (long long)v);     \
        if (st == MVVM_OK) last = v;                                                      \
    } while (0)

#define GET_STR(fn, nullable)                                                             \
    do {                                                                                  \
        const char *s = SENT_PTR;                                                         \
        int nul = (u8() % 8) == 0;                                                        \
        mvvm_status st = CALL(fn(p.h, nul ? NULL : &s));                                  \
        check_handle_rule(&p, want, st, !nul, #fn);                                       \
        check_unwritten_ptr(st, s, #fn);                                                  \
        if (st == MVVM_OK) check_string(s, nullable, #fn);                                \
    } while (0)

/* A simple command (object only). */
#define CMD(fn)                                                                           \
    do {                                                                                  \
        mvvm_status st = CALL(fn(p.h));                                                   \
        check_handle_rule(&p, want, st, 1, #fn);                                          \
    } while (0)

/* An index into 0..count-1, with its out-of-range rule (count read just before). */
static void check_range(mvvm_status st, const picked *p, int want, int64_t count, int64_t idx,
                        const char *w) {
    if (g_initialized && p->kind == PK_LIVE && p->type == want && count >= 0) {
        if (idx < 0 || idx >= count)
            CHECK(st == MVVM_E_OUT_OF_RANGE || st == MVVM_E_INVALID_ARGUMENT,
                  "%s(%lld) with count %lld gave %s", w, (long long)idx, (long long)count,
                  mvvm_status_name(st));
    }
}

static void op_user_list(picked p, uint8_t sub) {
    const int want = MVVM_TYPE_USER_LIST;
    int64_t last = -1;
    switch (sub % 11) {
    case 0: CMD(mvvm_user_list_on_appear); break;
    case 1: CMD(mvvm_user_list_refresh); break;
    case 2: case 3: {
        GET_I64(mvvm_user_list_get_count, 1);
        int64_t idx = pick_index(last);
        mvvm_status st = (sub % 11) == 2 ? CALL(mvvm_user_list_did_display_row(p.h, idx))
                                         : CALL(mvvm_user_list_did_select_row(p.h, idx));
        check_handle_rule(&p, want, st, 1, "user_list row command");
        if (last >= 0 && g_handler_depth == 0) check_range(st, &p, want, last, idx, "user_list row command");
        break;
    }
    case 4: CMD(mvvm_user_list_dismiss_error); break;
    case 5: GET_I64(mvvm_user_list_get_count, 1); break;
    case 6: {
        GET_I64(mvvm_user_list_get_count, 1);
        int64_t idx = pick_index(last);
        mvvm_user u = {SENT_I64, SENT_PTR, SENT_PTR};
        int nul = (u8() % 8) == 0;
        mvvm_status st = CALL(mvvm_user_list_get_row(p.h, idx, nul ? NULL : &u));
        check_handle_rule(&p, want, st, !nul && (last < 0 || (idx >= 0 && idx < last)), "get_row");
        if (!nul && last >= 0) check_range(st, &p, want, last, idx, "get_row");
        if (st == MVVM_OK) check_user(&u, 0);
        else check_unwritten_ptr(st, u.name, "get_row");
        break;
    }
    case 7: GET_I32(mvvm_user_list_get_loading, 0, 2); break;
    case 8: GET_I32(mvvm_user_list_get_has_more_pages, 0, 1); break;
    case 9: GET_STR(mvvm_user_list_get_error_message, 1); break;
    default: break;
    }
}

static void op_user_detail(picked p, uint8_t sub) {
    const int want = MVVM_TYPE_USER_DETAIL;
    int64_t last = -1;
    (void)last;
    switch (sub % 12) {
    case 0: CMD(mvvm_user_detail_on_appear); break;
    case 1: {
        char buf[32];
        const char *s;
        int r = u8() % 6;
        if (r == 0) s = NULL;
        else if (r == 1) s = "";
        else if (r == 2) s = "Ada Lovelace";
        else if (r == 3) s = "\xff\xfe";
        else s = pick_string(buf, sizeof buf);
        mvvm_status st = CALL(mvvm_user_detail_set_draft_name(p.h, s));
        int ok = s != NULL && fuzz_valid_utf8(s);
        check_handle_rule(&p, want, st, ok, "set_draft_name");
        if (p.kind == PK_LIVE && p.type == want && g_initialized) {
            if (s == NULL) CHECK(st == MVVM_E_INVALID_ARGUMENT, "set_draft_name(NULL) gave %s", mvvm_status_name(st));
            else if (!ok) CHECK(st == MVVM_E_INVALID_UTF8, "set_draft_name(bad utf8) gave %s", mvvm_status_name(st));
            else CHECK(st == MVVM_OK, "set_draft_name gave %s", mvvm_status_name(st));
        }
        break;
    }
    case 2: CMD(mvvm_user_detail_save); break;
    case 3: {
        int32_t loaded = SENT_I32;
        mvvm_user u = {SENT_I64, SENT_PTR, SENT_PTR};
        int nul = u8() % 4;
        mvvm_status st = CALL(mvvm_user_detail_get_user(p.h, nul == 1 ? NULL : &loaded, nul == 2 ? NULL : &u));
        check_handle_rule(&p, want, st, nul != 1 && nul != 2, "get_user");
        check_unwritten_i32(st, loaded, "get_user");
        if (st == MVVM_OK) {
            CHECK(loaded == 0 || loaded == 1, "loaded %d", loaded);
            if (loaded) check_user(&u, 0);
            else CHECK(u.name == SENT_PTR, "get_user wrote the user while not loaded");
        }
        break;
    }
    case 4: GET_STR(mvvm_user_detail_get_draft_name, 0); break;
    case 5: GET_I32(mvvm_user_detail_get_is_saving, 0, 1); break;
    case 6: GET_I32(mvvm_user_detail_get_is_dirty, 0, 1); break;
    case 7: GET_I32(mvvm_user_detail_get_can_save, 0, 1); break;
    case 8: GET_STR(mvvm_user_detail_get_validation_message, 1); break;
    case 9: GET_STR(mvvm_user_detail_get_error_message, 1); break;
    default: break;
    }
}

static void op_post_detail(picked p, uint8_t sub) {
    const int want = MVVM_TYPE_POST_DETAIL;
    int64_t last = -1;
    switch (sub % 10) {
    case 0: CMD(mvvm_post_detail_on_appear); break;
    case 1: CMD(mvvm_post_detail_toggle_like); break;
    case 2: GET_I32(mvvm_post_detail_get_state, 0, 4); break;
    case 3: {
        mvvm_post post;
        memset(&post, 0, sizeof post);
        post.title = SENT_PTR;
        int nul = (u8() % 8) == 0;
        mvvm_status st = CALL(mvvm_post_detail_get_post(p.h, nul ? NULL : &post));
        check_handle_rule(&p, want, st, nul ? 0 : -1, "get_post");
        check_unwritten_ptr(st, post.title, "get_post");
        if (st == MVVM_OK) check_post(&post, 0);
        break;
    }
    case 4: GET_I64(mvvm_post_detail_get_comment_count, 1); break;
    case 5: {
        GET_I64(mvvm_post_detail_get_comment_count, 1);
        int64_t idx = pick_index(last);
        mvvm_comment c = {SENT_I64, SENT_PTR, SENT_PTR};
        int nul = (u8() % 8) == 0;
        mvvm_status st = CALL(mvvm_post_detail_get_comment(p.h, idx, nul ? NULL : &c));
        check_handle_rule(&p, want, st, !nul && (last < 0 || (idx >= 0 && idx < last)), "get_comment");
        if (!nul && last >= 0) check_range(st, &p, want, last, idx, "get_comment");
        check_unwritten_ptr(st, c.body, "get_comment");
        if (st == MVVM_OK) {
            check_string(c.author_name, 0, "comment author");
            check_string(c.body, 0, "comment body");
        }
        break;
    }
    case 6: GET_I32(mvvm_post_detail_get_is_liked, 0, 1); break;
    case 7: GET_I64(mvvm_post_detail_get_likes_count, 1); break;
    case 8: GET_STR(mvvm_post_detail_get_error_message, 1); break;
    default: break;
    }
}

static void op_sorted(picked p, uint8_t sub) {
    const int want = MVVM_TYPE_SORTED_INTEGERS;
    int64_t last = -1;
    switch (sub % 6) {
    case 0: CMD(mvvm_sorted_integers_add_new_integer); break;
    case 1: {
        int64_t value = (u8() % 2) ? (int64_t)(int8_t)u8() : i64();
        int64_t idx = SENT_I64;
        int nul = u8() % 2;
        GET_I64(mvvm_sorted_integers_get_count, 1);
        mvvm_status st = CALL(mvvm_sorted_integers_add(p.h, value, nul ? NULL : &idx));
        check_handle_rule(&p, want, st, 1, "sorted add");
        if (st == MVVM_OK && !nul && last >= 0 && g_handler_depth == 0)
            CHECK(idx >= 0 && idx <= last, "add index %lld of %lld", (long long)idx, (long long)last);
        check_unwritten_i64(st, idx, "sorted add");
        break;
    }
    case 2: {
        GET_I64(mvvm_sorted_integers_get_count, 1);
        int64_t idx = pick_index(last);
        mvvm_status st = CALL(mvvm_sorted_integers_remove_at(p.h, idx));
        check_handle_rule(&p, want, st, last < 0 || (idx >= 0 && idx < last), "remove_at");
        if (last >= 0 && g_handler_depth == 0) check_range(st, &p, want, last, idx, "remove_at");
        break;
    }
    case 3: GET_I64(mvvm_sorted_integers_get_count, 1); break;
    case 4: {
        GET_I64(mvvm_sorted_integers_get_count, 1);
        int64_t n = last;
        int64_t idx = pick_index(n);
        int64_t v = SENT_I64, prev = SENT_I64;
        int nul = (u8() % 8) == 0;
        mvvm_status st = CALL(mvvm_sorted_integers_get_value(p.h, idx, nul ? NULL : &v));
        check_handle_rule(&p, want, st, !nul && (n < 0 || (idx >= 0 && idx < n)), "get_value");
        if (!nul && n >= 0) check_range(st, &p, want, n, idx, "get_value");
        check_unwritten_i64(st, v, "get_value");
        /* sortedness of neighbours */
        if (st == MVVM_OK && idx > 0 && CALL(mvvm_sorted_integers_get_value(p.h, idx - 1, &prev)) == MVVM_OK)
            CHECK(prev <= v, "sorted integers not sorted at %lld", (long long)idx);
        break;
    }
    default: break;
    }
}

static void op_stopwatch(picked p, uint8_t sub) {
    const int want = MVVM_TYPE_STOPWATCH;
    int64_t last = -1;
    switch (sub % 11) {
    case 0: CMD(mvvm_stopwatch_button_tapped); break;
    case 1: CMD(mvvm_stopwatch_lap); break;
    case 2: CMD(mvvm_stopwatch_reset); break;
    case 3: GET_STR(mvvm_stopwatch_get_elapsed_text, 0); break;
    case 4: GET_STR(mvvm_stopwatch_get_button_text, 0); break;
    case 5: GET_I32(mvvm_stopwatch_get_is_running, 0, 1); break;
    case 6: GET_I32(mvvm_stopwatch_get_is_lap_enabled, 0, 1); break;
    case 7: GET_I64(mvvm_stopwatch_get_lap_count, 1); break;
    case 8: {
        GET_I64(mvvm_stopwatch_get_lap_count, 1);
        int64_t idx = pick_index(last);
        const char *s = SENT_PTR;
        int nul = (u8() % 8) == 0;
        mvvm_status st = CALL(mvvm_stopwatch_get_lap(p.h, idx, nul ? NULL : &s));
        check_handle_rule(&p, want, st, !nul && (last < 0 || (idx >= 0 && idx < last)), "get_lap");
        if (!nul && last >= 0) check_range(st, &p, want, last, idx, "get_lap");
        check_unwritten_ptr(st, s, "get_lap");
        if (st == MVVM_OK) check_string(s, 0, "lap");
        break;
    }
    default: break;
    }
}

static void op_coordinator(picked p, uint8_t sub) {
    const int want = MVVM_TYPE_COORDINATOR;
    int64_t last = -1;
    switch (sub % 6) {
    case 0: CMD(mvvm_coordinator_start); break;
    case 5: CMD(mvvm_coordinator_show_search); break;
    case 1: CMD(mvvm_coordinator_back); break;
    case 2: GET_I64(mvvm_coordinator_get_depth, 1); break;
    case 3: case 4: {
        GET_I64(mvvm_coordinator_get_depth, 1);
        int64_t idx = pick_index(last);
        mvvm_object *s = (mvvm_object *)(uintptr_t)SENT_PTR;
        int nul = (u8() % 8) == 0;
        mvvm_status st = CALL(mvvm_coordinator_get_screen(p.h, idx, nul ? NULL : &s));
        check_handle_rule(&p, want, st, !nul && (last < 0 || (idx >= 0 && idx < last)), "get_screen");
        if (!nul && last >= 0) check_range(st, &p, want, last, idx, "get_screen");
        check_unwritten_ptr(st, s, "get_screen");
        if (st == MVVM_OK) {
            mvvm_type t = 0;
            CHECK(CALL(mvvm_object_get_type(s, &t)) == MVVM_OK, "screen handle invalid");
            CHECK(t == MVVM_TYPE_USER_LIST || t == MVVM_TYPE_USER_DETAIL || t == MVVM_TYPE_USER_SEARCH, "screen type %d", (int)t);
            if (g_handler_depth == 0) add_slot(s, (int)t, 0);
        }
        break;
    }
    }
}

/* Set when a search's query changed: op_settle() then has a debounce to wait for. */
static int g_query_changed;
/* Whether this input may still wait out a debounce (see op_settle()). */
static int g_settle_allowed;
#ifndef SETTLE_GATE
#define SETTLE_GATE 16
#endif

/* FNV-1a of the whole input: decides, per input, whether op_settle() may wait. */
static uint32_t input_hash(const uint8_t *data, size_t size) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; i++) h = (h ^ data[i]) * 16777619u;
    return h;
}

static void op_user_search(picked p, uint8_t sub) {
    const int want = MVVM_TYPE_USER_SEARCH;
    int64_t last = -1;
    switch (sub % 13) {
    case 0: case 1: {
        char buf[32];
        const char *s;
        int r = u8() % 9;
        if (r == 0) s = NULL;
        else if (r == 1) s = "";
        else if (r == 2) s = "an";
        else if (r == 3) s = "  Ada \n";
        else if (r == 4) s = "\xff\xfe";
        else if (r == 5) s = "\xc3\x28";
        else if (r == 6) s = "\xc3\xbc\xe2\x9c\x93"; /* "ü✓" */
        else s = pick_string(buf, sizeof buf);
        unsigned long calls = g_handler_calls;
        mvvm_status st = CALL(mvvm_user_search_set_query(p.h, s));
        int ok = s != NULL && fuzz_valid_utf8(s);
        check_handle_rule(&p, want, st, ok, "set_query");
        if (p.kind == PK_LIVE && p.type == want && g_initialized) {
            if (s == NULL) CHECK(st == MVVM_E_INVALID_ARGUMENT, "set_query(NULL) gave %s", mvvm_status_name(st));
            else if (!ok) CHECK(st == MVVM_E_INVALID_UTF8, "set_query(bad utf8) gave %s", mvvm_status_name(st));
            else CHECK(st == MVVM_OK, "set_query gave %s", mvvm_status_name(st));
        }
        if (st == MVVM_OK) g_query_changed = 1;
        if (st == MVVM_OK && calls == g_handler_calls) {
            /* "The query as typed" (no handler ran, so nothing changed it since) */
            const char *q = SENT_PTR;
            CHECK(CALL(mvvm_user_search_get_query(p.h, &q)) == MVVM_OK, "get_query after set_query");
            check_string(q, 0, "query");
            CHECK(strcmp(q, s) == 0, "get_query gave \"%s\" after set_query(\"%s\")", q, s);
        }
        break;
    }
    case 2: case 3: {
        GET_I64(mvvm_user_search_get_count, 1);
        int64_t idx = pick_index(last);
        mvvm_status st = (sub % 13) == 2 ? CALL(mvvm_user_search_did_display_row(p.h, idx))
                                          : CALL(mvvm_user_search_did_select_row(p.h, idx));
        check_handle_rule(&p, want, st, 1, "user_search row command");
        if (last >= 0 && g_handler_depth == 0) check_range(st, &p, want, last, idx, "user_search row command");
        break;
    }
    case 4: CMD(mvvm_user_search_dismiss_error); break;
    case 5: GET_STR(mvvm_user_search_get_query, 0); break;
    case 6: GET_I32(mvvm_user_search_get_is_searching, 0, 1); break;
    case 7: GET_I32(mvvm_user_search_get_is_query_empty, 0, 1); break;
    case 8: GET_STR(mvvm_user_search_get_error_message, 1); break;
    case 9: GET_I64(mvvm_user_search_get_count, 1); break;
    case 10: GET_I32(mvvm_user_search_get_has_more_pages, 0, 1); break;
    case 11: {
        GET_I64(mvvm_user_search_get_count, 1);
        int64_t idx = pick_index(last);
        mvvm_user u = {SENT_I64, SENT_PTR, SENT_PTR};
        int nul = (u8() % 8) == 0;
        mvvm_status st = CALL(mvvm_user_search_get_row(p.h, idx, nul ? NULL : &u));
        check_handle_rule(&p, want, st, !nul && (last < 0 || (idx >= 0 && idx < last)), "search get_row");
        if (!nul && last >= 0) check_range(st, &p, want, last, idx, "search get_row");
        if (st == MVVM_OK) check_user(&u, 0);
        else check_unwritten_ptr(st, u.name, "search get_row");
        break;
    }
    default: break;
    }
}

/* Calls some operation on an object of its type (used by handlers, too). */
static void op_on_object(picked p, uint8_t sub) {
    int type = p.type;
    if ((p.kind != PK_LIVE && p.kind != PK_UNKNOWN) || (sub & 0x80)) type = 2 + sub % 7; /* wrong types too */
    switch (type) {
    case MVVM_TYPE_USER_LIST: op_user_list(p, sub / 7); break;
    case MVVM_TYPE_USER_DETAIL: op_user_detail(p, sub / 7); break;
    case MVVM_TYPE_POST_DETAIL: op_post_detail(p, sub / 7); break;
    case MVVM_TYPE_SORTED_INTEGERS: op_sorted(p, sub / 7); break;
    case MVVM_TYPE_STOPWATCH: op_stopwatch(p, sub / 7); break;
    case MVVM_TYPE_COORDINATOR: op_coordinator(p, sub / 7); break;
    case MVVM_TYPE_USER_SEARCH: op_user_search(p, sub / 7); break;
    default: break;
    }
}

/* ------------------------------------------------------------------------------------------
 * Generic access: mvvm_member_find(), mvvm_object_new/get/set/invoke/count/get_item and the
 * _by_name forms, with member ids of the object's own type, of other types and random ones,
 * and values of every kind (invalid kinds, NULL strings and arrays, booleans outside 0/1)
 * ---------------------------------------------------------------------------------------- */

#define SENT_U32 ((uint32_t)0x5e5e5e5e)
#define MAX_ARGS 4

/* The description of `type`, or NULL for a type the library does not have. */
static const mvvm_type_info *info_of(int type) {
    const mvvm_type_info *info = NULL;
    if (type < MVVM_TYPE_REPOSITORY || type > MVVM_TYPE_USER_SEARCH) return NULL;
    if (mvvm_type_describe((mvvm_type)type, &info) != MVVM_OK) return NULL;
    return info;
}

static const mvvm_member_shape *shape_of(const mvvm_type_info *info, uint32_t member) {
    if (!info || !info->shapes || member >= info->member_count) return NULL;
    return &info->shapes[member];
}

/* A type: mostly a real one, sometimes one the library does not have. */
static int pick_type(void) {
    uint8_t b = u8();
    switch (b % 12) {
    case 0: return 0;
    case 1: return MVVM_TYPE_USER_SEARCH + 1;
    case 2: return (int)(int8_t)u8();
    case 3: return MVVM_TYPE_REPOSITORY;
    default: return MVVM_TYPE_USER_LIST + b % 7;
    }
}

/* A member id of `type`: mostly one of kind `kind` (0: any), sometimes one past the end, a
 * huge one or a random one. */
static uint32_t pick_member(int type, int kind) {
    const mvvm_type_info *info = info_of(type);
    size_t n = info ? info->member_count : 0;
    uint8_t b = u8();
    switch (b % 8) {
    case 0: return (uint32_t)n;
    case 1: return UINT32_MAX;
    case 2: return (uint32_t)u8();
    default: {
        if (n == 0) return (uint32_t)(b % 4);
        size_t k = u8();
        for (size_t t = 0; t < n; t++) {
            size_t i = (k + t) % n;
            if (!kind || (int)info->members[i].kind == kind) return (uint32_t)i;
        }
        return (uint32_t)(k % n);
    }
    }
}

/* A member name for the _by_name functions: one of `type`'s (kind `kind` preferred), a name no
 * type has, invalid UTF-8, or NULL. *real is set when it is a real name of `type`. */
static const char *pick_member_name(int type, int kind, char *buf, size_t cap) {
    const mvvm_type_info *info = info_of(type);
    uint8_t b = u8();
    if (b % 16 == 0) return NULL;
    if (b % 16 == 1) return "\xc3\x28";
    if (b % 4 == 2 || !info || info->member_count == 0) {
        buf[0] = 'X';
        pick_string(buf + 1, cap - 1);
        return buf;
    }
    return info->members[pick_member(type, kind) % info->member_count].name;
}

/* The index of the member named `name` in `info`, or member_count. */
static uint32_t member_index(const mvvm_type_info *info, const char *name) {
    if (!info) return 0;
    if (name)
        for (size_t i = 0; i < info->member_count; i++)
            if (strcmp(info->members[i].name, name) == 0) return (uint32_t)i;
    return (uint32_t)info->member_count;
}

/* Storage a value's pointers point into. */
typedef struct value_buf {
    char str[32];
    char email[8];
    int64_t ints[8];
} value_buf;

/* What make_value() made. */
typedef struct made_value {
    int self_valid; /* a value of a real kind with a well-formed payload */
    int matches;    /* self_valid and of the wanted kind (an object: a live one of want_object) */
    picked object;  /* for MVVM_VALUE_OBJECT */
} made_value;

/* Fills *v: mostly a value of kind `want`, sometimes one of another or an invalid kind, with
 * a well-formed payload or not (NULL or invalid UTF-8 strings, booleans outside 0/1, arrays
 * with a NULL pointer and a non-zero count). Deterministic in the input bytes. */
static made_value make_value(mvvm_value *v, value_buf *b, int want, int want_object) {
    made_value made = {1, 0, {NULL, PK_NULL, -1, 0}};
    static const int odd_kinds[] = {-1, 12, 13, 0x7fffffff, (int)0x80000000};
    uint8_t m = u8();
    int kind = want;
    memset(v, 0, sizeof *v);
    if (m % 8 == 0) kind = (int)(u8() % 12);
    else if (m % 8 == 1) { kind = odd_kinds[u8() % 5]; made.self_valid = 0; }
    v->kind = kind;
    switch (kind) {
    case MVVM_VALUE_NONE: break;
    case MVVM_VALUE_BOOL: {
        static const int32_t bools[] = {0, 1, 2, -1, 255, INT32_MIN};
        v->as.boolean = bools[u8() % 6];
        made.self_valid = v->as.boolean == 0 || v->as.boolean == 1;
        break;
    }
    case MVVM_VALUE_INT32: v->as.int32 = (int32_t)(u8() % 2 ? (int8_t)u8() : i64()); break;
    case MVVM_VALUE_INT64: v->as.int64 = u8() % 2 ? (int64_t)(u8() % 48) - 2 : pick_index(40); break;
    case MVVM_VALUE_UINT64: v->as.uint64 = (uint64_t)(u8() % 2 ? u8() : i64()); break;
    case MVVM_VALUE_DOUBLE: {
        static const double reals[] = {0.0, 1.5, -0.0, 1e308, -1e-308};
        uint8_t r = u8() % 7;
        v->as.real = r < 5 ? reals[r] : r == 5 ? __builtin_nan("") : __builtin_inf();
        break;
    }
    case MVVM_VALUE_STRING: {
        uint8_t r = u8() % 8;
        if (r == 0) { v->as.string = NULL; made.self_valid = 0; break; }
        if (r == 1) strcpy(b->str, "");
        else if (r == 2) strcpy(b->str, "an");
        else if (r == 3) strcpy(b->str, " Grace Hopper ");
        else if (r == 4) strcpy(b->str, "\xff\xfe");
        else if (r == 5) strcpy(b->str, "\xc3\xbc\xe2\x9c\x93");
        else pick_string(b->str, sizeof b->str);
        v->as.string = b->str;
        made.self_valid = fuzz_valid_utf8(b->str);
        break;
    }
    case MVVM_VALUE_USER: case MVVM_VALUE_POST: case MVVM_VALUE_COMMENT: {
        uint8_t r = u8() % 4;
        const char *name = r == 0 ? NULL : r == 1 ? "\xe2\x28\xa1" : "Ada";
        strcpy(b->email, "a@b.c");
        if (kind == MVVM_VALUE_USER) *MVVM_VALUE_RECORD(v, mvvm_user) = (mvvm_user){(int64_t)(u8() % 12), name, b->email};
        else if (kind == MVVM_VALUE_POST) *MVVM_VALUE_RECORD(v, mvvm_post) = (mvvm_post){1, name, b->email, "Author", 0.0, 1, 0, 0};
        else *MVVM_VALUE_RECORD(v, mvvm_comment) = (mvvm_comment){1, name, b->email};
        /* Handed out only: no command or property takes one, so the library refuses them as
         * input values whatever their strings (INVALID_ARGUMENT). */
        made.self_valid = 0;
        break;
    }
    case MVVM_VALUE_OBJECT:
        made.object = pick_object();
        v->as.object = made.object.h;
        break;
    case MVVM_VALUE_INT64_ARRAY: {
        uint8_t r = u8() % 6;
        if (r == 0) v->as.int64_array = (mvvm_int64_array){NULL, 0};
        else if (r == 1) { v->as.int64_array = (mvvm_int64_array){NULL, 3}; made.self_valid = 0; }
        else if (r == 2) { v->as.int64_array = (mvvm_int64_array){NULL, SIZE_MAX}; made.self_valid = 0; }
        else {
            size_t n = u8() % 9;
            for (size_t i = 0; i < n; i++) b->ints[i] = r == 3 ? i64() : (int64_t)(int8_t)u8();
            v->as.int64_array = (mvvm_int64_array){b->ints, n};
        }
        break;
    }
    default: made.self_valid = 0; break;
    }
    made.matches = made.self_valid && kind == want;
    if (made.matches && kind == MVVM_VALUE_OBJECT)
        made.matches = made.object.kind == PK_LIVE && (!want_object || made.object.type == want_object);
    return made;
}

/* A value handed out by a getter: of its member's kind (or NONE where the member may be
 * absent), with valid strings and an in-range payload. `member_kind` is -1 when unknown. */
static void check_value_out(const mvvm_value *v, const mvvm_member_shape *shape, const char *what) {
    CHECK(v->kind >= MVVM_VALUE_NONE && v->kind <= MVVM_VALUE_OBJECT, "%s: value kind %d", what, v->kind);
    if (shape)
        CHECK(v->kind == (int)shape->value_kind || (v->kind == MVVM_VALUE_NONE && (shape->flags & MVVM_MEMBER_NULLABLE)),
              "%s: value kind %d, the member's is %d (flags %u)", what, v->kind, (int)shape->value_kind, shape->flags);
    switch (v->kind) {
    case MVVM_VALUE_BOOL: CHECK(v->as.boolean == 0 || v->as.boolean == 1, "%s: bool %d", what, v->as.boolean); break;
    case MVVM_VALUE_STRING: check_string(v->as.string, 0, what); break;
    case MVVM_VALUE_USER: check_user(MVVM_VALUE_RECORD(v, mvvm_user), 0); break;
    case MVVM_VALUE_POST: check_post(MVVM_VALUE_RECORD(v, mvvm_post), 0); break;
    case MVVM_VALUE_COMMENT: check_comment(MVVM_VALUE_RECORD(v, mvvm_comment)); break;
    case MVVM_VALUE_OBJECT: {
        mvvm_type t = 0;
        CHECK(v->as.object != NULL, "%s: NULL object", what);
        CHECK(CALL(mvvm_object_get_type(v->as.object, &t)) == MVVM_OK, "%s: the object handed out is invalid", what);
        break;
    }
    default: break;
    }
}

static int value_unwritten(const mvvm_value *v) { return v->kind == SENT_I32; }

static void sentinel_value(mvvm_value *v) {
    memset(v, 0x5e, sizeof *v);
    v->kind = SENT_I32;
}

static void op_member_find(void) {
    int type = pick_type();
    const mvvm_type_info *info = info_of(type);
    char buf[32];
    uint8_t m = u8();
    const char *name;
    int real = 0;
    uint32_t want = 0;
    if (info && info->member_count && m % 4 != 0) {
        want = (uint32_t)(u8() % info->member_count);
        name = info->members[want].name;
        real = 1;
    } else if (m % 16 == 4) {
        name = NULL;
    } else if (m % 16 == 8) {
        name = "\xf0\x28\x8c\x28";
    } else {
        buf[0] = 'X';
        pick_string(buf + 1, sizeof buf - 1);
        name = buf;
    }
    uint32_t id = SENT_U32;
    int nul = u8() % 8 == 0;
    mvvm_status st = CALLX(mvvm_member_find((mvvm_type)type, name, nul ? NULL : &id));
    if (st == MVVM_OK) {
        CHECK(!nul && info && id < info->member_count && strcmp(info->members[id].name, name) == 0,
              "member_find(%d, %s) gave %u", type, name ? name : "NULL", id);
    } else {
        CHECK(id == SENT_U32, "failed member_find wrote its out-pointer");
    }
    if (!g_initialized && st == MVVM_E_NOT_INITIALIZED) return;
    if (!info || nul || !name) {
        CHECK(st != MVVM_OK, "member_find of a bad type or with a NULL pointer succeeded");
        if (name && fuzz_valid_utf8(name) && !nul)
            CHECK(st == MVVM_E_INVALID_ARGUMENT, "member_find(type %d, \"%s\") gave %s", type, name, mvvm_status_name(st));
        else
            CHECK(st == MVVM_E_INVALID_ARGUMENT || st == MVVM_E_INVALID_UTF8, "member_find(type %d, %s, %s) gave %s", type,
                  name ? "bad UTF-8" : "NULL", nul ? "NULL" : "&id", mvvm_status_name(st));
    }
    else if (real) CHECK(st == MVVM_OK && id == want, "member_find(%d, %s) gave %s, id %u (want %u)", type, name, mvvm_status_name(st), id, want);
    else CHECK(st == MVVM_E_UNKNOWN_NAME || st == MVVM_E_INVALID_UTF8, "member_find(%d, \"%s\") gave %s", type, name, mvvm_status_name(st));
}

/* The object's real type when the harness knows it is valid (a live object of ours, or a
 * coordinator screen that get_type still accepts); 0 otherwise. */
static int known_type(const picked *p) {
    if (!g_initialized) return 0;
    if (p->kind == PK_LIVE) return p->type;
    if (p->kind == PK_UNKNOWN) {
        mvvm_type t = 0;
        if (mvvm_object_get_type(p->h, &t) == MVVM_OK) return (int)t;
    }
    return 0;
}

/* The handle rule of the generic functions: they look the member up in the object's type,
 * so with a NULL/stale/bogus handle and otherwise well-formed pointers and values, the
 * handle is all they can complain about. */
static void generic_handle_rule(const picked *p, mvvm_status st, int args_ok, const char *call) {
    if (!g_initialized) return;
    if (p->kind == PK_NULL || p->kind == PK_STALE || p->kind == PK_BOGUS) {
        CHECK(st != MVVM_OK, "%s succeeded on a NULL/stale/bogus handle", call);
        if (args_ok == 1) CHECK(st == MVVM_E_INVALID_HANDLE, "%s: bad handle gave %s", call, mvvm_status_name(st));
    }
}

static void generic_get(const picked *p, int type, int by_name) {
    int lookup = (u8() % 4 == 0 || !type) ? pick_type() : type;
    const mvvm_type_info *info = info_of(type);
    char buf[32];
    const char *name = NULL;
    uint32_t m;
    if (by_name) {
        name = pick_member_name(lookup, MVVM_MEMBER_PROPERTY, buf, sizeof buf);
        m = member_index(info, name);
    } else {
        m = pick_member(lookup, MVVM_MEMBER_PROPERTY);
    }
    mvvm_value out;
    sentinel_value(&out);
    int nul = u8() % 8 == 0;
    mvvm_status st = by_name ? CALL(mvvm_object_get_by_name(p->h, name, nul ? NULL : &out))
                             : CALL(mvvm_object_get(p->h, m, nul ? NULL : &out));
    const char *call = by_name ? "object_get_by_name" : "object_get";
    generic_handle_rule(p, st, nul || (by_name && (!name || !fuzz_valid_utf8(name))) ? -1 : 1, call);
    if (st != MVVM_OK) CHECK(value_unwritten(&out), "%s: a failed call wrote its out-value", call);
    if (!type || !info) {
        if (st == MVVM_OK) check_value_out(&out, NULL, call);
        return;
    }
    const mvvm_member_shape *shape = shape_of(info, m);
    if (st == MVVM_OK) {
        CHECK(m < info->member_count && info->members[m].kind == MVVM_MEMBER_PROPERTY, "%s of a non-property succeeded", call);
        check_value_out(&out, shape, call);
    }
    if (nul || (by_name && !name)) CHECK(st != MVVM_OK, "%s with a NULL pointer gave %s", call, mvvm_status_name(st));
    else if (m >= info->member_count) CHECK(st == MVVM_E_UNKNOWN_NAME || (by_name && st == MVVM_E_INVALID_UTF8),
                                            "%s of unknown member %u of %s gave %s", call, m, info->name, mvvm_status_name(st));
    else if (info->members[m].kind != MVVM_MEMBER_PROPERTY) CHECK(st == MVVM_E_INVALID_ARGUMENT,
                                            "%s of %s.%s (kind %d) gave %s", call, info->name, info->members[m].name,
                                            (int)info->members[m].kind, mvvm_status_name(st));
    else CHECK(st == MVVM_OK, "%s of %s.%s gave %s (%s)", call, info->name, info->members[m].name,
               mvvm_status_name(st), mvvm_last_error_message());
}

static void generic_set(const picked *p, int type, int by_name) {
    int lookup = (u8() % 4 == 0 || !type) ? pick_type() : type;
    const mvvm_type_info *info = info_of(type);
    const mvvm_type_info *linfo = info_of(lookup);
    char buf[32];
    const char *name = NULL;
    uint32_t m, lm;
    if (by_name) {
        name = pick_member_name(lookup, MVVM_MEMBER_PROPERTY, buf, sizeof buf);
        m = member_index(info, name);
        lm = member_index(linfo, name);
    } else {
        m = lm = pick_member(lookup, MVVM_MEMBER_PROPERTY);
    }
    /* mostly a value of the kind the member (as looked up) has */
    const mvvm_member_shape *lshape = shape_of(linfo, lm);
    mvvm_value v;
    value_buf b;
    made_value made = make_value(&v, &b, lshape ? (int)lshape->value_kind : (int)(u8() % 12), 0);
    char saved[sizeof b.str];
    memcpy(saved, b.str, sizeof saved);
    int nul = u8() % 8 == 0;
    unsigned long calls = g_handler_calls;
    mvvm_status st = by_name ? CALL(mvvm_object_set_by_name(p->h, name, nul ? NULL : &v))
                             : CALL(mvvm_object_set(p->h, m, nul ? NULL : &v));
    const char *call = by_name ? "object_set_by_name" : "object_set";
    generic_handle_rule(p, st, nul || !made.self_valid || (by_name && (!name || !fuzz_valid_utf8(name))) ? -1 : 1, call);
    if (!type || !info) return;
    const mvvm_member_shape *shape = shape_of(info, m);
    int settable = m < info->member_count && info->members[m].kind == MVVM_MEMBER_PROPERTY && shape &&
                   (shape->flags & MVVM_MEMBER_SETTABLE);
    if (st == MVVM_OK) CHECK(settable && !nul, "%s succeeded on a member that is not a settable property", call);
    if (nul || (by_name && !name)) {
        CHECK(st != MVVM_OK, "%s with a NULL pointer gave %s", call, mvvm_status_name(st));
    } else if (m >= info->member_count) {
        CHECK(st != MVVM_OK, "%s of an unknown member succeeded", call);
        if (made.self_valid) CHECK(st == MVVM_E_UNKNOWN_NAME || (by_name && st == MVVM_E_INVALID_UTF8),
                                   "%s of unknown member %u of %s gave %s", call, m, info->name, mvvm_status_name(st));
    } else if (info->members[m].kind != MVVM_MEMBER_PROPERTY) {
        CHECK(st != MVVM_OK, "%s of a non-property succeeded", call);
    } else if (!settable) {
        if (made.self_valid && v.kind == (int)shape->value_kind)
            CHECK(st == MVVM_E_STATE, "%s of read-only %s.%s gave %s", call, info->name, info->members[m].name, mvvm_status_name(st));
    } else if (v.kind != (int)shape->value_kind) {
        CHECK(st == MVVM_E_INVALID_ARGUMENT, "%s of %s.%s with kind %d gave %s", call, info->name, info->members[m].name,
              v.kind, mvvm_status_name(st));
    } else if (!made.self_valid) {
        CHECK(st == (v.kind == MVVM_VALUE_STRING && v.as.string ? MVVM_E_INVALID_UTF8 : MVVM_E_INVALID_ARGUMENT),
              "%s of %s.%s with a malformed value gave %s", call, info->name, info->members[m].name, mvvm_status_name(st));
    } else {
        CHECK(st == MVVM_OK, "%s of %s.%s gave %s (%s)", call, info->name, info->members[m].name, mvvm_status_name(st),
              mvvm_last_error_message());
    }
    /* The value was copied: scribble over ours, then read it back (when no handler ran, nothing
     * else changed it). */
    if (st == MVVM_OK && v.kind == MVVM_VALUE_STRING && calls == g_handler_calls) {
        mvvm_value out;
        memset(b.str, 'Z', sizeof b.str - 1);
        sentinel_value(&out);
        mvvm_status st2 = CALL(mvvm_object_get(p->h, m, &out));
        CHECK(st2 == MVVM_OK && out.kind == MVVM_VALUE_STRING, "get after set gave %s", mvvm_status_name(st2));
        CHECK(strcmp(out.as.string, saved) == 0, "%s.%s reads \"%s\" after set to \"%s\"", info->name,
              info->members[m].name, out.as.string, saved);
    }
    if (st == MVVM_OK && type == MVVM_TYPE_USER_SEARCH) g_query_changed = 1;
}

static void generic_invoke(const picked *p, int type, int by_name) {
    int lookup = (u8() % 4 == 0 || !type) ? pick_type() : type;
    const mvvm_type_info *info = info_of(type);
    const mvvm_type_info *linfo = info_of(lookup);
    char buf[32];
    const char *name = NULL;
    uint32_t m, lm;
    if (by_name) {
        name = pick_member_name(lookup, MVVM_MEMBER_COMMAND, buf, sizeof buf);
        m = member_index(info, name);
        lm = member_index(linfo, name);
    } else {
        m = lm = pick_member(lookup, MVVM_MEMBER_COMMAND);
    }
    const mvvm_member_shape *lshape = shape_of(linfo, lm);
    size_t nargs = (lshape && u8() % 4) ? lshape->argument_count : (size_t)(u8() % 4);
    if (nargs > MAX_ARGS) nargs = MAX_ARGS;
    mvvm_value args[MAX_ARGS];
    value_buf bufs[MAX_ARGS];
    made_value made[MAX_ARGS];
    int all_self_valid = 1;
    for (size_t i = 0; i < nargs; i++) {
        int want = lshape && i < lshape->argument_count ? (int)lshape->arguments[i].kind : (int)(u8() % 12);
        made[i] = make_value(&args[i], &bufs[i], want, 0);
        all_self_valid &= made[i].self_valid;
    }
    int null_args = nargs > 0 && u8() % 16 == 0;
    int nul_out = u8() % 4 == 0;
    mvvm_value out;
    sentinel_value(&out);
    mvvm_status st = by_name ? CALL(mvvm_object_invoke_by_name(p->h, name, null_args ? NULL : args, nargs, nul_out ? NULL : &out))
                             : CALL(mvvm_object_invoke(p->h, m, null_args ? NULL : args, nargs, nul_out ? NULL : &out));
    const char *call = by_name ? "object_invoke_by_name" : "object_invoke";
    generic_handle_rule(p, st, null_args || !all_self_valid || (by_name && (!name || !fuzz_valid_utf8(name))) ? -1 : 1, call);
    if (st != MVVM_OK) CHECK(value_unwritten(&out), "%s: a failed call wrote its result", call);
    if (!type || !info) return;
    const mvvm_member_shape *shape = shape_of(info, m);
    int is_command = m < info->member_count && info->members[m].kind == MVVM_MEMBER_COMMAND && shape;
    if (st == MVVM_OK) {
        CHECK(is_command, "%s of a non-command succeeded", call);
        if (!nul_out) check_value_out(&out, shape, call);
    }
    if (by_name && !name) {
        CHECK(st != MVVM_OK, "%s(NULL) gave %s", call, mvvm_status_name(st));
    } else if (m >= info->member_count) {
        CHECK(st != MVVM_OK, "%s of an unknown member succeeded", call);
        if (!null_args && all_self_valid)
            CHECK(st == MVVM_E_UNKNOWN_NAME || (by_name && st == MVVM_E_INVALID_UTF8), "%s of unknown member %u of %s gave %s",
                  call, m, info->name, mvvm_status_name(st));
    } else if (!is_command) {
        CHECK(st != MVVM_OK, "%s of a non-command succeeded", call);
    } else if (nargs != shape->argument_count || null_args) {
        CHECK(st == MVVM_E_INVALID_ARGUMENT, "%s of %s.%s with %zu argument(s)%s gave %s", call, info->name,
              info->members[m].name, nargs, null_args ? " (NULL)" : "", mvvm_status_name(st));
    } else {
        int all_match = 1, index_arg = 0;
        for (size_t i = 0; i < nargs; i++) {
            int k = (int)shape->arguments[i].kind;
            all_match &= made[i].self_valid && args[i].kind == k;
            index_arg |= k == MVVM_VALUE_INT64 && strcmp(shape->arguments[i].name, "index") == 0;
        }
        if (!all_match)
            CHECK(st == MVVM_E_INVALID_ARGUMENT || st == MVVM_E_INVALID_UTF8, "%s of %s.%s with a malformed argument gave %s",
                  call, info->name, info->members[m].name, mvvm_status_name(st));
        else
            CHECK(st == MVVM_OK || (index_arg && st == MVVM_E_OUT_OF_RANGE), "%s of %s.%s gave %s (%s)", call, info->name,
                  info->members[m].name, mvvm_status_name(st), mvvm_last_error_message());
    }
    if (st == MVVM_OK && type == MVVM_TYPE_USER_SEARCH) g_query_changed = 1;
}

/* mvvm_object_count(), then mvvm_object_get_item() of an index around the count. */
static void generic_list(const picked *p, int type, int item) {
    int lookup = (u8() % 4 == 0 || !type) ? pick_type() : type;
    const mvvm_type_info *info = info_of(type);
    uint32_t m = pick_member(lookup, MVVM_MEMBER_LIST);
    int64_t count = SENT_I64;
    int nul = u8() % 8 == 0;
    mvvm_status st = CALL(mvvm_object_count(p->h, m, nul && !item ? NULL : &count));
    generic_handle_rule(p, st, nul && !item ? -1 : 1, "object_count");
    check_unwritten_i64(st, count, "object_count");
    if (st == MVVM_OK) CHECK(count >= 0, "object_count gave %lld", (long long)count);
    const mvvm_member_shape *shape = info ? shape_of(info, m) : NULL;
    int is_list = info && m < info->member_count && info->members[m].kind == MVVM_MEMBER_LIST;
    if (info && !(nul && !item)) {
        if (m >= info->member_count) CHECK(st == MVVM_E_UNKNOWN_NAME, "object_count of unknown member %u of %s gave %s", m, info->name, mvvm_status_name(st));
        else if (!is_list) CHECK(st == MVVM_E_INVALID_ARGUMENT, "object_count of %s.%s gave %s", info->name, info->members[m].name, mvvm_status_name(st));
        else CHECK(st == MVVM_OK || (type == MVVM_TYPE_POST_DETAIL && st == MVVM_E_STATE), "object_count of %s.%s gave %s (%s)",
                   info->name, info->members[m].name, mvvm_status_name(st), mvvm_last_error_message());
    }
    /* The count agrees with the property that counts the list. */
    if (st == MVVM_OK && is_list && shape && shape->count) {
        uint32_t cm = member_index(info, shape->count);
        if (cm < info->member_count && info->members[cm].kind == MVVM_MEMBER_PROPERTY) {
            mvvm_value c;
            sentinel_value(&c);
            CHECK(CALL(mvvm_object_get(p->h, cm, &c)) == MVVM_OK && c.kind == MVVM_VALUE_INT64 && c.as.int64 == count,
                  "%s.%s: count %lld, property %s %lld", info->name, info->members[m].name, (long long)count, shape->count,
                  (long long)c.as.int64);
        } else if (type == MVVM_TYPE_COORDINATOR) {
            int64_t depth = -1;
            CHECK(CALL(mvvm_coordinator_get_depth(p->h, &depth)) == MVVM_OK && depth == count, "screens %lld, depth %lld",
                  (long long)count, (long long)depth);
        }
    }
    if (!item) return;
    int64_t last = st == MVVM_OK ? count : -1;
    int64_t idx = pick_index(last);
    mvvm_value out;
    sentinel_value(&out);
    nul = u8() % 8 == 0;
    st = CALL(mvvm_object_get_item(p->h, m, idx, nul ? NULL : &out));
    generic_handle_rule(p, st, nul ? -1 : 1, "object_get_item");
    if (st != MVVM_OK) CHECK(value_unwritten(&out), "object_get_item: a failed call wrote its out-value");
    if (st == MVVM_OK) {
        CHECK(!info || is_list, "object_get_item of a non-list succeeded");
        check_value_out(&out, shape, "object_get_item");
        if (out.kind == MVVM_VALUE_OBJECT && g_handler_depth == 0) {
            mvvm_type t = 0;
            if (mvvm_object_get_type(out.as.object, &t) == MVVM_OK) add_slot(out.as.object, (int)t, 0);
        }
    }
    if (info && !nul && m >= info->member_count)
        CHECK(st == MVVM_E_UNKNOWN_NAME, "object_get_item of unknown member %u of %s gave %s", m, info->name, mvvm_status_name(st));
    else if (info && !nul && !is_list)
        CHECK(st == MVVM_E_INVALID_ARGUMENT, "object_get_item of %s.%s gave %s", info->name, info->members[m].name,
              mvvm_status_name(st));
    if (info && is_list && !nul && last >= 0) {
        if (idx < 0 || idx >= last) CHECK(st == MVVM_E_OUT_OF_RANGE, "object_get_item(%s.%s, %lld) of %lld gave %s", info->name,
                                          info->members[m].name, (long long)idx, (long long)last, mvvm_status_name(st));
        else CHECK(st == MVVM_OK, "object_get_item(%s.%s, %lld) of %lld gave %s", info->name, info->members[m].name,
                   (long long)idx, (long long)last, mvvm_status_name(st));
    }
}

/* One generic operation on a picked object (a live one of any type, a coordinator screen, a
 * stale, bogus or NULL handle). */
static void op_generic(uint8_t sub) {
    picked p = pick_object();
    int type = known_type(&p);
    switch (sub % 10) {
    case 0: generic_get(&p, type, 0); break;
    case 1: generic_set(&p, type, 0); break;
    case 2: generic_invoke(&p, type, 0); break;
    case 3: generic_list(&p, type, 0); break;
    case 4: generic_list(&p, type, 1); break;
    case 5: generic_get(&p, type, 1); break;
    case 6: generic_set(&p, type, 1); break;
    case 7: generic_invoke(&p, type, 1); break;
    default: op_member_find(); break;
    }
}

/* mvvm_object_new() of a random type with its constructor's arguments, well-formed or not. */
static void op_object_new(void) {
    int type = pick_type();
    const mvvm_type_info *info = info_of(type);
    const mvvm_member_shape *ctor = NULL;
    if (info && info->shapes)
        for (size_t i = 0; i < info->member_count; i++)
            if (info->members[i].kind == MVVM_MEMBER_CONSTRUCTOR) ctor = &info->shapes[i];
    size_t nargs = (ctor && u8() % 4) ? ctor->argument_count : (size_t)(u8() % 3);
    if (nargs > MAX_ARGS) nargs = MAX_ARGS;
    mvvm_value args[MAX_ARGS];
    value_buf bufs[MAX_ARGS];
    int all_match = 1, all_self_valid = 1;
    for (size_t i = 0; i < nargs; i++) {
        int want = ctor && i < ctor->argument_count ? (int)ctor->arguments[i].kind : (int)(u8() % 12);
        made_value made = make_value(&args[i], &bufs[i], want, MVVM_TYPE_REPOSITORY);
        all_match &= made.matches;
        all_self_valid &= made.self_valid;
    }
    int null_args = nargs > 0 && u8() % 16 == 0;
    int nul_out = u8() % 16 == 0;
    mvvm_object *o = (mvvm_object *)(uintptr_t)SENT_PTR;
    mvvm_status st = CALL(mvvm_object_new((mvvm_type)type, null_args ? NULL : args, nargs, nul_out ? NULL : &o));
    if (st != MVVM_OK) {
        check_unwritten_ptr(st, o, "object_new");
    } else {
        mvvm_type t = 0;
        CHECK(CALL(mvvm_object_get_type(o, &t)) == MVVM_OK && (int)t == type, "object_new(%d) made a %d", type, (int)t);
        if (type == MVVM_TYPE_SORTED_INTEGERS && nargs >= 1 && args[0].kind == MVVM_VALUE_INT64_ARRAY) {
            int64_t c = -1;
            CHECK(CALL(mvvm_sorted_integers_get_count(o, &c)) == MVVM_OK && c == (int64_t)args[0].as.int64_array.count,
                  "sorted integers from %zu values count %lld", args[0].as.int64_array.count, (long long)c);
        }
        add_slot(o, type, 1);
    }
    if (!g_initialized) return;
    if (!info) CHECK(st == MVVM_E_INVALID_ARGUMENT, "object_new(type %d) gave %s", type, mvvm_status_name(st));
    else if (!ctor) {
        CHECK(st != MVVM_OK, "object_new(%s) succeeded", info->name);
        if (!nul_out && !null_args && all_self_valid) CHECK(st == MVVM_E_STATE, "object_new(%s) gave %s", info->name, mvvm_status_name(st));
    }
    else if (nul_out || null_args || nargs != ctor->argument_count || !all_match)
        CHECK(st != MVVM_OK, "object_new(%s) with bad arguments succeeded", info->name);
    else CHECK(st == MVVM_OK, "object_new(%s) gave %s (%s)", info->name, mvvm_status_name(st), mvvm_last_error_message());
}

/* Waits out the search debounce (300 ms) so searches reach the repositories, then lets their
 * answers land. That costs a hundred inputs' time, so it is rationed, deterministically per
 * input: a magic byte, a query changed since, at most once per input, and only in inputs
 * whose hash passes SETTLE_GATE (1 in SETTLE_GATE; make_corpus.py pads its seeds to pass).
 * Not from handlers (mvvm_run() is refused there). */
static void op_settle(void) {
    if (u8() != 0xD3 || !g_query_changed || !g_settle_allowed || !g_initialized || g_handler_depth > 0) return;
    g_query_changed = 0;
    g_settle_allowed = 0;
    int64_t deadline = now_ms() + 330;
    for (int i = 0; i < 200; i++) {
        int64_t left = deadline - now_ms();
        if (left <= 0) break;
        CHECK(CALL(mvvm_run((int32_t)left, NULL)) == MVVM_OK, "run(%lld)", (long long)left);
    }
    for (int i = 0, idle = 0; i < 32 && idle < 2; i++) {
        int32_t d = 0;
        CHECK(CALL(mvvm_run(5, &d)) == MVVM_OK, "run(5)");
        idle = d ? 0 : idle + 1;
    }
}

/* ------------------------------------------------------------------------------------------
 * Host repositories
 * ---------------------------------------------------------------------------------------- */

enum host_mode { HM_IMMEDIATE, HM_NEVER, HM_FAIL, HM_LATER };

typedef struct host {
    int used;
    int mode;
    int notified;
    int v01; /* its table has the 0.1 struct_size: search_users must never be called */
} host;

static host g_hosts[MAX_HOSTS];
static mvvm_request *g_requests[MAX_REQUESTS];
static int g_nrequests;

static const char *const k_names[] = {"Ada", "Grace Hopper", "Ünïcødé ✓", ""};
static const char *g_search_query; /* the query of the search_users call being answered */

static void answer(host *h, mvvm_request *r, int what, int64_t arg) {
    mvvm_status st;
    if (h->mode == HM_FAIL) {
        st = CALLX(mvvm_request_fail(r, "injected failure"));
    } else if (what == 0) {
        mvvm_user users[3];
        size_t n = (size_t)(arg % 4 == 0 ? 0 : 3);
        for (size_t i = 0; i < 3; i++) users[i] = (mvvm_user){(int64_t)(arg * 10 + (int64_t)i + 1), k_names[i], "a@b.c"};
        st = CALLX(mvvm_request_resolve_user_page(r, users, n, arg, 3));
    } else if (what == 1) {
        mvvm_user u = {arg, k_names[(uint64_t)arg % 4], "x@y.z"};
        st = CALLX(mvvm_request_resolve_user(r, &u));
    } else if (what == 4) {
        /* a search page: the first user is named after the query (borrowed from the library
         * for the duration of search_users, copied by the resolve) */
        mvvm_user users[2] = {{arg * 10 + 1, g_search_query ? g_search_query : "Ann", "s@x.y"},
                              {arg * 10 + 2, "Ann Other", "t@x.y"}};
        st = CALLX(mvvm_request_resolve_user_page(r, users, arg % 3 == 0 ? 0 : 2, arg, 2 + arg % 2));
    } else if (what == 2) {
        mvvm_post post = {arg, "Title", "Body", "Author", 0.0, 3, 0, 1};
        st = CALLX(mvvm_request_resolve_post(r, &post));
    } else {
        mvvm_comment c = {1, "Commenter", "Nice"};
        st = CALLX(mvvm_request_resolve_comments(r, &c, 1));
    }
    /* resolve with the wrong kind of answer may be refused; the runtime decides */
    (void)st;
}

static void hold_or_answer(host *h, mvvm_request *r, int what, int64_t arg) {
    CHECK(r != NULL, "host repository got a NULL request");
    switch (h->mode) {
    case HM_IMMEDIATE: case HM_FAIL: answer(h, r, what, arg); break;
    case HM_NEVER: break;
    default:
        if (g_nrequests < MAX_REQUESTS) g_requests[g_nrequests++] = r;
        break;
    }
}

static void v_fetch_users(void *ud, mvvm_request *r, int64_t page) {
    CHECK(page >= 1, "fetch_users page %lld", (long long)page);
    hold_or_answer(ud, r, 0, page);
}
static void v_fetch_user(void *ud, mvvm_request *r, int64_t id) { hold_or_answer(ud, r, 1, id); }
static void v_update_user(void *ud, mvvm_request *r, const mvvm_user *u) {
    check_user(u, 0);
    hold_or_answer(ud, r, 1, u->id);
}
static void v_cancel(void *ud, mvvm_request *r) {
    (void)ud;
    /* cancelled: answering it must now give NOT_FOUND */
    mvvm_status st = CALLX(mvvm_request_fail(r, "late"));
    CHECK(st == MVVM_E_NOT_FOUND, "answer to a cancelled request gave %s", mvvm_status_name(st));
}
static int ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
static void v_search_users(void *ud, mvvm_request *r, const char *query, int64_t page) {
    host *h = ud;
    CHECK(!h->v01, "search_users called through a table of the 0.1 struct_size, which ends before it");
    check_string(query, 0, "search_users query");
    size_t n = strlen(query);
    CHECK(n > 0, "search_users with an empty query");
    CHECK(!ascii_space(query[0]) && !ascii_space(query[n - 1]), "search_users query \"%s\" is not trimmed", query);
    CHECK(page >= 1, "search_users page %lld", (long long)page);
    g_search_query = query;
    hold_or_answer(h, r, 4, page);
    g_search_query = NULL;
}
static void v_fetch_post(void *ud, mvvm_request *r, int64_t id) { hold_or_answer(ud, r, 2, id); }
static void v_fetch_comments(void *ud, mvvm_request *r, int64_t id) { hold_or_answer(ud, r, 3, id); }
static void v_set_liked(void *ud, mvvm_request *r, int64_t id, int32_t liked) {
    CHECK(liked == 0 || liked == 1, "set_liked %d", liked);
    hold_or_answer(ud, r, 2, id);
}
static void host_destroy_notify(void *ud) {
    host *h = ud;
    CHECK(h >= g_hosts && h < g_hosts + MAX_HOSTS && h->used, "host destroy: bad user_data");
    CHECK(!h->notified, "host repository destroy notifier ran twice");
    h->notified = 1;
}

/* ------------------------------------------------------------------------------------------
 * Closures
 * ---------------------------------------------------------------------------------------- */

typedef struct closure {
    mvvm_command_fn fn;
    uint64_t id;
    int live;
} closure;

static closure g_closures[MAX_CLOSURES];
static int g_nclosures;

/* The argument-less commands of a type, from its description. */
static const char *pick_command(int type) {
    const mvvm_type_info *info = NULL;
    if (mvvm_type_describe((mvvm_type)type, &info) != MVVM_OK || !info) return "refresh";
    size_t k = u8();
    for (size_t tries = 0; tries < info->member_count; tries++) {
        const mvvm_member_info *m = &info->members[(k + tries) % info->member_count];
        if (m->kind == MVVM_MEMBER_COMMAND) return m->name;
    }
    return "refresh";
}

/* ------------------------------------------------------------------------------------------
 * Handler actions: the API called back from inside a handler
 * ---------------------------------------------------------------------------------------- */

static void handler_action(conn *c) {
    mvvm_status st;
    switch (c->action % 10) {
    case 0: break;
    case 1: { /* disconnect itself (if it knows its id: out_id may have been NULL) */
        if (!c->id) break;
        st = CALL(mvvm_signal_disconnect(c->id));
        CHECK(st == MVVM_OK, "self-disconnect gave %s", mvvm_status_name(st));
        c->disconnected = 1;
        /* the destroy notifier waits until this handler returns (Connection.swift) */
        CHECK(!c->notified, "destroy notifier ran while its handler was running");
        break;
    }
    case 2: /* destroy its object, if we own it */
        if (c->slot >= 0 && g_slots[c->slot].owned && g_slots[c->slot].alive && g_slots[c->slot].h == c->obj) {
            st = CALL(mvvm_object_destroy(c->obj));
            CHECK(st == MVVM_OK, "destroy from a handler gave %s", mvvm_status_name(st));
            mark_destroyed(c->slot);
            mvvm_type t;
            CHECK(CALL(mvvm_object_get_type(c->obj, &t)) == MVVM_E_INVALID_HANDLE, "destroyed handle still valid");
        }
        break;
    case 3:
        st = CALL(mvvm_dispatch());
        CHECK(st == MVVM_E_REENTRANCY, "dispatch in a handler gave %s", mvvm_status_name(st));
        break;
    case 4:
        st = CALL(mvvm_run(0, NULL));
        CHECK(st == MVVM_E_REENTRANCY, "run in a handler gave %s", mvvm_status_name(st));
        break;
    case 5:
        st = CALL(mvvm_shutdown());
        CHECK(st == MVVM_E_REENTRANCY, "shutdown in a handler gave %s", mvvm_status_name(st));
        break;
    case 6:
        CHECK(CALLX(mvvm_wakeup()) == MVVM_OK, "wakeup");
        break;
    default: { /* an operation on its own object or another one */
        picked p;
        if (c->slot >= 0 && (c->action & 0x80)) {
            p = (picked){c->obj, g_slots[c->slot].owned ? (g_slots[c->slot].alive ? PK_LIVE : PK_STALE) : PK_UNKNOWN,
                         c->slot, g_slots[c->slot].type};
        } else {
            p = pick_object();
        }
        if (c->action & 0x40) op_generic(u8()); /* the generic entry points, on a random object */
        else op_on_object(p, u8());
        break;
    }
    }
}

/* ------------------------------------------------------------------------------------------
 * Runtime reset
 * ---------------------------------------------------------------------------------------- */

static void do_shutdown(void) {
    mvvm_status st = CALL(mvvm_shutdown());
    CHECK(st == MVVM_OK || (!g_initialized && st == MVVM_E_NOT_INITIALIZED), "shutdown gave %s",
          mvvm_status_name(st));
    if (g_initialized) {
        for (int i = 0; i < g_nconns; i++)
            CHECK(!g_conns[i].used || g_conns[i].notified, "shutdown left connection %d without destroy notify", i);
        for (int i = 0; i < MAX_HOSTS; i++)
            CHECK(!g_hosts[i].used || g_hosts[i].notified, "shutdown left host repository %d without destroy notify", i);
    }
    g_initialized = 0;
    for (int i = 0; i < g_nslots; i++) {
        if (g_slots[i].owned) mark_destroyed(i);
        else g_slots[i].alive = 0;
    }
    for (int i = 0; i < g_nstale; i++) {
        /* every old handle: still invalid after the next init */
    }
    for (int i = 0; i < g_nclosures; i++) g_closures[i].live = 0;
    g_nrequests = 0; /* finished at shutdown: answering gives NOT_FOUND; we simply drop them */
    memset(g_conns, 0, sizeof g_conns);
    g_nconns = 0;
    memset(g_hosts, 0, sizeof g_hosts);
}

static void do_init(void) {
    mvvm_status st = mvvm_init();
    CHECK(st == MVVM_OK, "mvvm_init gave %s", mvvm_status_name(st));
    g_initialized = 1;
    chk(st, "mvvm_init");
}

/* LeakSanitizer false positive: Swift keeps a weak reference's side table pointer encoded
 * (shifted) in the object's refcount word, so a side table of an object that is still
 * alive looks unreferenced. A really leaked object is still reported (its own allocation
 * is not suppressed). */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:formWeakReference\n"; }

size_t __sanitizer_get_current_allocated_bytes(void);
static int g_debug_alloc; /* MVVM_FUZZ_DEBUG_ALLOC=1: print the heap size every 500 inputs */

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    g_debug_alloc = getenv("MVVM_FUZZ_DEBUG_ALLOC") != NULL;
    g_trace = getenv("MVVM_FUZZ_TRACE") != NULL;
    CHECK(mvvm_abi_version() == MVVM_ABI_VERSION, "ABI version");
    do_init();
    return 0;
}

/* ------------------------------------------------------------------------------------------
 * The interpreter
 * ---------------------------------------------------------------------------------------- */

static void op_new_sample(void) {
    mvvm_sample_options o;
    CHECK(mvvm_sample_options_init(&o) == MVVM_OK, "sample_options_init");
    uint8_t m = u8();
    int use_null = m % 5 == 0;
    int bad_size = m % 23 == 7;
    o.user_count = u8() % 48;
    o.page_size = 1 + u8() % 10;
    o.post_count = u8() % 8;
    o.comments_per_post = u8() % 6;
    o.seed = u8();
    o.latency_ms = 0;
    o.fail_every_nth = u8() % 5;
    if (bad_size) o.struct_size = 3;
    if (m % 29 == 11) o.page_size = 0; /* out of domain */
    int valid = !bad_size && o.page_size >= 1 && !(o.post_count > 0 && o.user_count == 0);
    if (use_null) valid = 1;
    mvvm_object *r = (mvvm_object *)(uintptr_t)SENT_PTR;
    mvvm_status st = CALL(mvvm_repository_new_sample(use_null ? NULL : &o, &r));
    if (g_initialized) {
        if (valid) CHECK(st == MVVM_OK, "new_sample gave %s", mvvm_status_name(st));
        else CHECK(st == MVVM_E_INVALID_ARGUMENT, "new_sample with bad options gave %s", mvvm_status_name(st));
    }
    check_unwritten_ptr(st, r, "new_sample");
    if (st == MVVM_OK) add_slot(r, MVVM_TYPE_REPOSITORY, 1);
}

static void op_new_host(void) {
    int i;
    for (i = 0; i < MAX_HOSTS && g_hosts[i].used; i++) {}
    if (i == MAX_HOSTS) return;
    uint8_t m = u8();
    int v01 = (m & 0x10) != 0, no_search = (m & 0x20) != 0;
    mvvm_user_repository_vtable uv = {sizeof uv, v_fetch_users, v_fetch_user, v_update_user,
                                      (m & 4) ? v_cancel : NULL, no_search ? NULL : v_search_users};
    /* A host built against 0.1: its table ends before search_users. The field is set anyway
     * (to a function that fails the run if called): the library must not read past struct_size. */
    if (v01) uv.struct_size = (uint32_t)MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1;
    mvvm_post_repository_vtable pv = {sizeof pv, v_fetch_post, v_fetch_comments, v_set_liked,
                                      (m & 4) ? v_cancel : NULL};
    int no_posts = (m & 8) != 0;
    int bad = (m % 31) == 5 || (m % 37) == 9;
    if ((m % 31) == 5) uv.struct_size = 1;
    else if (bad) uv.struct_size = (uint32_t)MVVM_USER_REPOSITORY_VTABLE_SIZE_0_1 + 4; /* neither size */
    g_hosts[i] = (host){1, m % 4, 0, v01};
    mvvm_object *r = (mvvm_object *)(uintptr_t)SENT_PTR;
    mvvm_status st = CALL(mvvm_repository_new_host(&uv, no_posts ? NULL : &pv, &g_hosts[i], host_destroy_notify, &r));
    if (g_initialized) {
        if (bad) CHECK(st == MVVM_E_INVALID_ARGUMENT, "new_host bad size gave %s", mvvm_status_name(st));
        else CHECK(st == MVVM_OK, "new_host gave %s", mvvm_status_name(st));
    }
    check_unwritten_ptr(st, r, "new_host");
    if (st == MVVM_OK) add_slot(r, MVVM_TYPE_REPOSITORY, 1);
    else g_hosts[i].used = 0;
}

static void op_new_vm(uint8_t which) {
    picked repo = pick_object();
    mvvm_object *vm = (mvvm_object *)(uintptr_t)SENT_PTR;
    mvvm_status st;
    int type;
    int64_t id = (u8() % 4 == 0) ? i64() : (int64_t)(u8() % 12);
    switch (which % 5) {
    case 0: type = MVVM_TYPE_USER_LIST; st = CALL(mvvm_user_list_new(repo.h, &vm)); break;
    case 1: type = MVVM_TYPE_USER_DETAIL; st = CALL(mvvm_user_detail_new(repo.h, id, &vm)); break;
    case 2: type = MVVM_TYPE_POST_DETAIL; st = CALL(mvvm_post_detail_new(repo.h, id, &vm)); break;
    case 3: type = MVVM_TYPE_COORDINATOR; st = CALL(mvvm_coordinator_new(repo.h, &vm)); break;
    default: type = MVVM_TYPE_USER_SEARCH; st = CALL(mvvm_user_search_new(repo.h, &vm)); break;
    }
    check_handle_rule(&repo, MVVM_TYPE_REPOSITORY, st, 1, "vm_new");
    check_unwritten_ptr(st, vm, "vm_new");
    if (st == MVVM_OK) add_slot(vm, type, 1);
}

static void op_new_local(uint8_t which) {
    mvvm_object *vm = (mvvm_object *)(uintptr_t)SENT_PTR;
    mvvm_status st;
    int type;
    if (which % 2) {
        type = MVVM_TYPE_STOPWATCH;
        st = CALL(mvvm_stopwatch_new(u8() % 16 == 0 ? NULL : &vm));
    } else {
        type = MVVM_TYPE_SORTED_INTEGERS;
        int64_t vals[8];
        size_t n = u8() % 9;
        for (size_t i = 0; i < n; i++) vals[i] = (int64_t)(int8_t)u8();
        int null_vals = u8() % 16 == 0;
        st = CALL(mvvm_sorted_integers_new(null_vals ? NULL : vals, n, (uint64_t)u8(), &vm));
        if (g_initialized) {
            if (null_vals && n > 0) CHECK(st == MVVM_E_INVALID_ARGUMENT, "sorted_new(NULL, %zu) gave %s", n, mvvm_status_name(st));
            else CHECK(st == MVVM_OK, "sorted_new gave %s", mvvm_status_name(st));
        }
        if (st == MVVM_OK) {
            int64_t c = -1;
            CHECK(CALL(mvvm_sorted_integers_get_count(vm, &c)) == MVVM_OK && c == (int64_t)n, "sorted count");
        }
    }
    if (st == MVVM_OK && vm != (mvvm_object *)(uintptr_t)SENT_PTR) add_slot(vm, type, 1);
    else check_unwritten_ptr(st, vm, "new_local");
}

static void op_destroy(void) {
    picked p = pick_object();
    mvvm_status st = CALL(mvvm_object_destroy(p.h));
    check_handle_rule(&p, 0, st, 1, "destroy");
    if (p.kind == PK_UNKNOWN) {
        CHECK(st == MVVM_E_STATE || st == MVVM_E_INVALID_HANDLE || !g_initialized,
              "destroying a coordinator's screen gave %s", mvvm_status_name(st));
    }
    if (p.kind == PK_LIVE && g_initialized) {
        CHECK(st == MVVM_OK, "destroy of a live object gave %s", mvvm_status_name(st));
        mark_destroyed(p.slot);
        mvvm_type t = 0;
        st = CALL(mvvm_object_get_type(p.h, &t));
        CHECK(st == MVVM_E_INVALID_HANDLE, "after destroy, get_type gave %s", mvvm_status_name(st));
        st = CALL(mvvm_object_destroy(p.h));
        CHECK(st == MVVM_E_INVALID_HANDLE, "second destroy gave %s", mvvm_status_name(st));
    }
}

static void op_get_type(void) {
    picked p = pick_object();
    mvvm_type t = (mvvm_type)SENT_I32;
    int nul = u8() % 8 == 0;
    mvvm_status st = CALL(mvvm_object_get_type(p.h, nul ? NULL : &t));
    check_handle_rule(&p, 0, st, !nul, "get_type");
    if (st == MVVM_OK) {
        CHECK(t >= MVVM_TYPE_REPOSITORY && t <= MVVM_TYPE_USER_SEARCH, "type %d", (int)t);
        if (p.kind == PK_LIVE || p.kind == PK_UNKNOWN) CHECK((int)t == p.type, "type changed");
    } else {
        CHECK((int)t == SENT_I32, "get_type wrote on failure");
    }
}

static void op_connect(void) {
    picked p = pick_object();
    uint8_t m = u8();
    uint32_t flags = m % 3;
    int use_flags_fn = (m & 0x80) != 0;
    size_t n = 0;
    const sig_desc *sigs = signals_of(p.type, &n);
    const sig_desc *sig = NULL;
    char buf[32];
    const char *name;
    static const sig_desc fake = {"X", SK_I32, 0, 0};
    if (n && (m & 0x40) == 0) {
        sig = &sigs[u8() % n];
        name = sig->name;
    } else {
        /* a name no type has (starts with 'X'), or invalid UTF-8 */
        sig = &fake;
        buf[0] = 'X';
        pick_string(buf + 1, sizeof buf - 1);
        name = buf;
    }
    if (g_nconns >= MAX_CONNS) return;
    conn *c = &g_conns[g_nconns];
    memset(c, 0, sizeof *c);
    c->used = 1;
    c->slot = p.slot;
    c->obj = p.h;
    c->sig = sig;
    c->flags = flags;
    c->action = u8();
    uint64_t id = 0;
    int nul_id = u8() % 8 == 0;
    int bad_flags = (m & 0x30) == 0x30 && use_flags_fn;
    mvvm_callback cb = handler_for(sig->kind, flags);
    mvvm_status st;
    if (use_flags_fn || flags != 0)
        st = CALL(mvvm_signal_connect_flags(p.h, name, cb, c, conn_destroy_notify, bad_flags ? 77u : flags, nul_id ? NULL : &id));
    else
        st = CALL(mvvm_signal_connect(p.h, name, cb, c, conn_destroy_notify, nul_id ? NULL : &id));
    int name_ok = sig != &fake;
    check_handle_rule(&p, 0, st, 1, "connect");
    if (g_initialized && (p.kind == PK_LIVE)) {
        if (!name_ok) CHECK(st == MVVM_E_UNKNOWN_NAME || st == MVVM_E_INVALID_UTF8, "connect(%s) gave %s", name, mvvm_status_name(st));
        else if (bad_flags) CHECK(st == MVVM_E_INVALID_ARGUMENT, "connect with flags 77 gave %s", mvvm_status_name(st));
        else CHECK(st == MVVM_OK, "connect(%s) gave %s", name, mvvm_status_name(st));
    }
    if (st == MVVM_OK) {
        CHECK(nul_id || id != 0, "connection id 0");
        for (int i = 0; i < g_nconns; i++) CHECK(nul_id || g_conns[i].id != id, "connection id reused");
        c->id = id;
        g_nconns++;
        if (nul_id) c->disconnected = 0; /* cannot disconnect it by id; it ends with the object */
    } else {
        CHECK(!c->notified, "failed connect called the destroy notifier");
        c->used = 0;
    }
}

static void op_disconnect(void) {
    uint8_t m = u8();
    if (g_nconns && m % 4) {
        conn *c = &g_conns[u8() % g_nconns];
        if (!c->id) return;
        int was_notified = c->notified;
        mvvm_status st = CALL(mvvm_signal_disconnect(c->id));
        if (g_initialized) {
            if (was_notified) CHECK(st == MVVM_E_NOT_FOUND, "disconnect of an ended connection gave %s", mvvm_status_name(st));
            else CHECK(st == MVVM_OK, "disconnect gave %s", mvvm_status_name(st));
        }
        if (st == MVVM_OK) {
            CHECK(c->notified, "disconnect did not call the destroy notifier");
            c->disconnected = 1;
        }
    } else {
        uint64_t id = m % 8 == 0 ? 0 : (uint64_t)i64() | (1ull << 62);
        mvvm_status st = CALL(mvvm_signal_disconnect(id));
        if (g_initialized) CHECK(st == MVVM_E_NOT_FOUND, "disconnect(%llu) gave %s", (unsigned long long)id, mvvm_status_name(st));
    }
}

static void op_closure(uint8_t sub) {
    switch (sub % 3) {
    case 0: {
        if (g_nclosures >= MAX_CLOSURES) return;
        picked p = pick_object();
        char buf[24];
        const char *name;
        uint8_t m = u8();
        if (m % 4 == 0) { buf[0] = 'X'; pick_string(buf + 1, sizeof buf - 1); name = buf; }
        else if (m % 16 == 1) name = NULL;
        else name = pick_command(p.type ? p.type : 2 + m % 7);
        mvvm_command_fn fn = NULL;
        uint64_t id = 0;
        int nul = u8() % 8 == 0;
        mvvm_status st = CALL(mvvm_command_closure_new(p.h, name, nul ? NULL : &fn, &id));
        check_handle_rule(&p, 0, st, (nul || !name) ? 0 : -1, "closure_new");
        if (g_initialized && p.kind == PK_LIVE && !nul && name && name[0] == 'X')
            CHECK(st == MVVM_E_UNKNOWN_NAME || st == MVVM_E_INVALID_UTF8, "closure for %s gave %s", name, mvvm_status_name(st));
        if (st == MVVM_OK) {
            CHECK(fn != NULL && id != 0, "closure_new gave NULL/0");
            g_closures[g_nclosures++] = (closure){fn, id, 1};
        } else {
            CHECK(fn == NULL && id == 0, "failed closure_new wrote out-pointers");
        }
        break;
    }
    case 1:
        if (g_nclosures) {
            closure *c = &g_closures[u8() % g_nclosures];
            if (c->live) c->fn();
        }
        break;
    default: {
        if (g_nclosures && u8() % 4) {
            closure *c = &g_closures[u8() % g_nclosures];
            mvvm_status st = CALL(mvvm_command_closure_free(c->id));
            if (g_initialized) CHECK(st == (c->live ? MVVM_OK : MVVM_E_NOT_FOUND), "closure_free gave %s", mvvm_status_name(st));
            c->live = 0;
        } else {
            mvvm_status st = CALL(mvvm_command_closure_free((uint64_t)i64() | (1ull << 61)));
            if (g_initialized) CHECK(st == MVVM_E_NOT_FOUND, "closure_free(random) gave %s", mvvm_status_name(st));
        }
        break;
    }
    }
}

static void op_answer_later(void) {
    if (!g_nrequests) return;
    int i = u8() % g_nrequests;
    mvvm_request *r = g_requests[i];
    g_requests[i] = g_requests[--g_nrequests];
    uint8_t m = u8();
    mvvm_status st;
    if (m % 3 == 0) {
        char buf[24];
        st = CALLX(mvvm_request_fail(r, (m & 8) ? NULL : pick_string(buf, sizeof buf)));
    } else if (m % 3 == 1) {
        mvvm_user u = {1, (m & 8) ? "\xc3\x28" : "Later", "l@t.er"};
        st = CALLX(mvvm_request_resolve_user(r, &u));
    } else {
        mvvm_user users[2] = {{1, "A", "a@a"}, {2, "B", "b@b"}};
        st = CALLX(mvvm_request_resolve_user_page(r, (m & 8) ? NULL : users, 2, 1, 1));
    }
    (void)st; /* may be NOT_FOUND (cancelled/finished) or refused for the wrong kind */
}

/* A member's shape (since 0.2): kinds in range, strings valid, arguments consistent. */
static void check_shape(const mvvm_type_info *info, size_t i) {
    const mvvm_member_shape *s = &info->shapes[i];
    const mvvm_member_info *m = &info->members[i];
    CHECK(s->value_kind >= MVVM_VALUE_NONE && s->value_kind <= MVVM_VALUE_INT64_ARRAY, "%s.%s value kind %d", info->name,
          m->name, (int)s->value_kind);
    CHECK(s->argument_count == 0 || s->arguments != NULL, "%s.%s: %zu arguments, NULL array", info->name, m->name, s->argument_count);
    CHECK(s->argument_count <= MAX_ARGS, "%s.%s: %zu arguments (the harness passes at most %d)", info->name, m->name,
          s->argument_count, MAX_ARGS);
    for (size_t a = 0; a < s->argument_count; a++) {
        check_string(s->arguments[a].name, 0, "argument name");
        CHECK(s->arguments[a].kind >= MVVM_VALUE_BOOL && s->arguments[a].kind <= MVVM_VALUE_INT64_ARRAY, "%s.%s argument kind %d",
              info->name, m->name, (int)s->arguments[a].kind);
    }
    check_string(s->enum_name, 1, "enum name");
    check_string(s->related, 1, "related");
    check_string(s->count, 1, "count");
    check_string(s->doc, 0, "doc");
    if (m->kind == MVVM_MEMBER_PROPERTY) {
        uint32_t r = member_index(info, s->related);
        CHECK(s->related && r < info->member_count && info->members[r].kind == MVVM_MEMBER_SIGNAL,
              "%s.%s: its notify signal %s is not a signal", info->name, m->name, s->related ? s->related : "NULL");
    }
    if (m->kind == MVVM_MEMBER_CONSTRUCTOR) CHECK(s->value_kind == MVVM_VALUE_OBJECT, "constructor kind");
    if (m->kind == MVVM_MEMBER_SIGNAL) CHECK(s->value_kind == MVVM_VALUE_NONE, "signal kind");
}

static void op_misc(uint8_t sub) {
    switch (sub % 6) {
    case 0: {
        const mvvm_type_info *info = (const mvvm_type_info *)SENT_PTR;
        int t = (int)(int8_t)u8();
        mvvm_status st = CALLX(mvvm_type_describe((mvvm_type)t, &info));
        if (t >= MVVM_TYPE_REPOSITORY && t <= MVVM_TYPE_USER_SEARCH) {
            CHECK(st == MVVM_OK || !g_initialized, "type_describe(%d) gave %s", t, mvvm_status_name(st));
        } else {
            CHECK(st == MVVM_E_INVALID_ARGUMENT || (!g_initialized && st == MVVM_E_NOT_INITIALIZED), "type_describe(%d) gave %s", t, mvvm_status_name(st));
        }
        if (st == MVVM_OK) {
            CHECK((int)info->type == t, "describe type");
            check_string(info->name, 0, "type name");
            for (size_t i = 0; i < info->member_count; i++) {
                check_string(info->members[i].name, 0, "member name");
                check_string(info->members[i].c_signature, 0, "member signature");
                CHECK(info->members[i].kind >= MVVM_MEMBER_PROPERTY && info->members[i].kind <= MVVM_MEMBER_CONSTRUCTOR, "member kind");
                if (info->shapes) check_shape(info, i);
                if (info->members[i].kind == MVVM_MEMBER_SIGNAL) {
                    size_t n;
                    const sig_desc *sigs = signals_of(t, &n);
                    int found = 0;
                    for (size_t k = 0; k < n; k++) found |= strcmp(sigs[k].name, info->members[i].name) == 0;
                    CHECK(found, "signal %s not in the harness's table", info->members[i].name);
                }
            }
        }
        break;
    }
    case 1: {
        const char *s = mvvm_status_name((mvvm_status)(int8_t)u8());
        check_string(s, 0, "status name");
        check_string(mvvm_version_string(), 0, "version");
        CHECK(mvvm_version() == MVVM_VERSION_NUMBER, "version number");
        break;
    }
    case 2: {
        int fd = -7;
        mvvm_status st = CALL(mvvm_get_fd(u8() % 8 == 0 ? NULL : &fd));
        if (st == MVVM_OK) CHECK(fd >= 0, "fd %d", fd);
        break;
    }
    case 3: {
        const mvvm_api *api = NULL;
        int32_t v = (u8() % 4 == 0) ? 99 : MVVM_ABI_VERSION;
        mvvm_status st = CALLX(mvvm_get_api(v, &api));
        if (v == MVVM_ABI_VERSION) {
            CHECK(st == MVVM_OK && api && api->struct_size >= sizeof(mvvm_api) && api->init == mvvm_init, "get_api");
        } else {
            CHECK(st == MVVM_E_INVALID_ARGUMENT, "get_api(99) gave %s", mvvm_status_name(st));
        }
        break;
    }
    case 4: {
        mvvm_sample_options o;
        CHECK(CALLX(mvvm_sample_options_init(&o)) == MVVM_OK && o.struct_size == sizeof o, "options_init");
        CHECK(CALLX(mvvm_sample_options_init(NULL)) == MVVM_E_INVALID_ARGUMENT, "options_init(NULL)");
        break;
    }
    default:
        CHECK(CALLX(mvvm_wakeup()) == MVVM_OK, "wakeup");
        break;
    }
}

static void run_op(uint8_t op) {
    switch (op % 24) {
    case 0: op_new_sample(); break;
    case 1: op_new_host(); break;
    case 2: case 3: op_new_vm(u8()); break;
    case 4: op_new_local(u8()); break;
    case 5: op_destroy(); break;
    case 6: op_get_type(); break;
    case 7: case 8: op_connect(); break;
    case 9: op_disconnect(); break;
    case 10: op_closure(u8()); break;
    case 11: {
        mvvm_status st = CALL(mvvm_dispatch());
        if (g_initialized) CHECK(st == MVVM_OK, "dispatch gave %s", mvvm_status_name(st));
        break;
    }
    case 12: {
        int32_t d = SENT_I32;
        int nul = u8() % 4 == 0;
        mvvm_status st = CALL(mvvm_run(0, nul ? NULL : &d));
        if (g_initialized) {
            CHECK(st == MVVM_OK, "run(0) gave %s", mvvm_status_name(st));
            if (!nul) CHECK(d == 0 || d == 1, "dispatched %d", d);
        }
        break;
    }
    case 13: op_misc(u8()); break;
    case 14: /* shutdown, then (mostly) init again */
        if (u8() % 4 == 0) {
            do_shutdown();
            if (u8() % 2) {
                /* a few calls while stopped: all NOT_INITIALIZED (checked in chk) */
                picked p = pick_object();
                op_on_object(p, u8());
                op_misc(0);
                run_op(11);
            }
            do_init();
        }
        break;
    case 15: op_answer_later(); break;
    case 20: case 21: op_generic(u8()); break;
    case 22: op_object_new(); break;
    case 23: op_settle(); break;
    default: { /* an operation on an object */
        picked p = pick_object();
        op_on_object(p, u8());
        break;
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    g_data = data;
    g_size = size;
    g_pos = 0;
    g_nslots = 0;
    g_nstale = 0;
    g_nclosures = 0;
    g_nrequests = 0;
    g_nconns = 0;
    g_action_budget = ACTION_BUDGET;
    g_query_changed = 0;
    g_settle_allowed = input_hash(data, size) % SETTLE_GATE == 0;
    memset(g_conns, 0, sizeof g_conns);
    memset(g_hosts, 0, sizeof g_hosts);
    if (!g_initialized) do_init();

    for (int ops = 0; ops < MAX_OPS && g_pos < g_size; ops++) {
        if (g_trace) fprintf(stderr, "op %d (byte %zu: %u)\n", ops, g_pos, g_pos < g_size ? g_data[g_pos] % 24 : 0);
        run_op(u8());
    }

    /* Destroy what this input created (from the newest), then pump and reset the runtime. */
    g_action_budget = 0;
    for (int i = g_nslots - 1; i >= 0; i--) {
        if (g_slots[i].owned && g_slots[i].alive) {
            mvvm_status st = CALL(mvvm_object_destroy(g_slots[i].h));
            CHECK(st == MVVM_OK, "final destroy gave %s", mvvm_status_name(st));
            mark_destroyed(i);
        }
    }
    CALL(mvvm_run(0, NULL));
    for (int i = 0; i < g_nclosures; i++)
        if (g_closures[i].live) CALL(mvvm_command_closure_free(g_closures[i].id));
    do_shutdown();
    do_init();
    /* Work cancelled by the shutdown (Swift tasks that still hold objects) finishes on the
     * main queue: pump it (bounded, never waiting) so this input's memory is gone before
     * libFuzzer's leak check and nothing carries over into the next input. */
    for (int i = 0, idle = 0; i < 64 && idle < 3; i++) {
        int32_t d = 0;
        CHECK(CALL(mvvm_run(0, &d)) == MVVM_OK, "run(0) after init");
        idle = d ? 0 : idle + 1;
    }
    if (g_debug_alloc) {
        static unsigned long n;
        if (++n % 500 == 0) fprintf(stderr, "alloc after %lu inputs: %zu bytes\n", n, __sanitizer_get_current_allocated_bytes());
    }
    return 0;
}
