/* test_generic.c: the header's "Generic access": mvvm_member_find (any thread, unknown names),
 * mvvm_object_new for every ViewModel type (arguments by kind; wrong count, kind or NULL),
 * and mvvm_object_get/set/invoke/count/get_item, by id and by name, agreeing with the typed
 * functions on every type; values passed in are copied and values handed out borrowed; wrong
 * member kinds, unknown ids, read-only properties, invalid UTF-8, indexes out of range, other
 * threads and booleans outside 0/1 give the documented statuses and change nothing. */
#include "harness.h"

#include <dlfcn.h>
#include <pthread.h>

/* The last type of the header's enumeration. */
#define LAST_TYPE MVVM_TYPE_USER_SEARCH

/* ------------------------------------------------------------------------------------------
 * Values and ids
 * ---------------------------------------------------------------------------------------- */

static mvvm_value v_kind(int32_t kind) {
    mvvm_value v;
    memset(&v, 0, sizeof v);
    v.kind = kind;
    return v;
}

static mvvm_value v_int64(int64_t x) {
    mvvm_value v = v_kind(MVVM_VALUE_INT64);
    v.as.int64 = x;
    return v;
}

static mvvm_value v_uint64(uint64_t x) {
    mvvm_value v = v_kind(MVVM_VALUE_UINT64);
    v.as.uint64 = x;
    return v;
}

static mvvm_value v_bool(int32_t x) {
    mvvm_value v = v_kind(MVVM_VALUE_BOOL);
    v.as.boolean = x;
    return v;
}

static mvvm_value v_string(const char *s) {
    mvvm_value v = v_kind(MVVM_VALUE_STRING);
    v.as.string = s;
    return v;
}

static mvvm_value v_object(mvvm_object *o) {
    mvvm_value v = v_kind(MVVM_VALUE_OBJECT);
    v.as.object = o;
    return v;
}

static mvvm_value v_array(const int64_t *items, size_t count) {
    mvvm_value v = v_kind(MVVM_VALUE_INT64_ARRAY);
    v.as.int64_array.items = items;
    v.as.int64_array.count = count;
    return v;
}

/* A value filled with a sentinel, to see that a failed call wrote nothing. */
static mvvm_value v_sentinel(void) {
    mvvm_value v;
    memset(&v, 0xA5, sizeof v);
    return v;
}

static int is_sentinel(const mvvm_value *v) {
    const unsigned char *bytes = (const unsigned char *)v;
    for (size_t i = 0; i < sizeof *v; i++) {
        if (bytes[i] != 0xA5) return 0;
    }
    return 1;
}

/* The id of member `name` of `type`; reports a failure (and gives UINT32_MAX) if none. */
#define ID(type, name) id_of(__FILE__, __LINE__, (type), (name))

static uint32_t id_of(const char *file, int line, mvvm_type type, const char *name) {
    uint32_t id = UINT32_MAX;
    if (mvvm_member_find(type, name, &id) != MVVM_OK) harness_report(file, line, name, "mvvm_member_find failed");
    return id;
}

static const mvvm_type_info *describe(mvvm_type type) {
    const mvvm_type_info *info = NULL;
    CHECK_OK(mvvm_type_describe(type, &info));
    return info;
}

static mvvm_type type_of(mvvm_object *object) {
    mvvm_type type = (mvvm_type)0;
    CHECK_OK(mvvm_object_get_type(object, &type));
    return type;
}

/* ------------------------------------------------------------------------------------------
 * Observations: what a typed getter or a generic one handed out, copied at once
 * ---------------------------------------------------------------------------------------- */

typedef struct observed {
    mvvm_status status;
    int32_t kind;        /* an mvvm_value_kind; NONE for absent */
    int64_t integer;     /* bool, int32, int64, uint64 (bits), ids */
    double real;
    int64_t extra[3];    /* post: likes_count, liked_by_current_user, comments_count */
    char text[3][160];   /* string; user name/email; post title/body/author; comment author/body */
    mvvm_object *object;
} observed;

static void observe_value(const mvvm_value *v, observed *o) {
    memset(o, 0, sizeof *o);
    o->kind = v->kind;
    switch (v->kind) {
    case MVVM_VALUE_NONE: break;
    case MVVM_VALUE_BOOL: o->integer = v->as.boolean; break;
    case MVVM_VALUE_INT32: o->integer = v->as.int32; break;
    case MVVM_VALUE_INT64: o->integer = v->as.int64; break;
    case MVVM_VALUE_UINT64: o->integer = (int64_t)v->as.uint64; break;
    case MVVM_VALUE_DOUBLE: o->real = v->as.real; break;
    case MVVM_VALUE_STRING:
        CHECK(v->as.string != NULL);
        snprintf(o->text[0], sizeof o->text[0], "%s", v->as.string != NULL ? v->as.string : "(null)");
        break;
    case MVVM_VALUE_USER:
        o->integer = MVVM_VALUE_RECORD(v, mvvm_user)->id;
        CHECK(MVVM_VALUE_RECORD(v, mvvm_user)->name != NULL && MVVM_VALUE_RECORD(v, mvvm_user)->email != NULL);
        snprintf(o->text[0], sizeof o->text[0], "%s", MVVM_VALUE_RECORD(v, mvvm_user)->name != NULL ? MVVM_VALUE_RECORD(v, mvvm_user)->name : "(null)");
        snprintf(o->text[1], sizeof o->text[1], "%s", MVVM_VALUE_RECORD(v, mvvm_user)->email != NULL ? MVVM_VALUE_RECORD(v, mvvm_user)->email : "(null)");
        break;
    case MVVM_VALUE_POST:
        o->integer = MVVM_VALUE_RECORD(v, mvvm_post)->id;
        o->real = MVVM_VALUE_RECORD(v, mvvm_post)->created_at;
        o->extra[0] = MVVM_VALUE_RECORD(v, mvvm_post)->likes_count;
        o->extra[1] = MVVM_VALUE_RECORD(v, mvvm_post)->liked_by_current_user;
        o->extra[2] = MVVM_VALUE_RECORD(v, mvvm_post)->comments_count;
        snprintf(o->text[0], sizeof o->text[0], "%s", MVVM_VALUE_RECORD(v, mvvm_post)->title != NULL ? MVVM_VALUE_RECORD(v, mvvm_post)->title : "(null)");
        snprintf(o->text[1], sizeof o->text[1], "%s", MVVM_VALUE_RECORD(v, mvvm_post)->body != NULL ? MVVM_VALUE_RECORD(v, mvvm_post)->body : "(null)");
        snprintf(o->text[2], sizeof o->text[2], "%s", MVVM_VALUE_RECORD(v, mvvm_post)->author_name != NULL ? MVVM_VALUE_RECORD(v, mvvm_post)->author_name : "(null)");
        break;
    case MVVM_VALUE_COMMENT:
        o->integer = MVVM_VALUE_RECORD(v, mvvm_comment)->id;
        snprintf(o->text[0], sizeof o->text[0], "%s", MVVM_VALUE_RECORD(v, mvvm_comment)->author_name != NULL ? MVVM_VALUE_RECORD(v, mvvm_comment)->author_name : "(null)");
        snprintf(o->text[1], sizeof o->text[1], "%s", MVVM_VALUE_RECORD(v, mvvm_comment)->body != NULL ? MVVM_VALUE_RECORD(v, mvvm_comment)->body : "(null)");
        break;
    case MVVM_VALUE_OBJECT: o->object = v->as.object; break;
    default: harness_report(__FILE__, __LINE__, "a value of an unknown kind", NULL); break;
    }
}

static void check_same(const observed *typed, const observed *generic, const char *what) {
    int failures = harness_current_failures;
    CHECK_EQ(generic->status, typed->status);
    CHECK_EQ(generic->kind, typed->kind);
    CHECK_EQ(generic->integer, typed->integer);
    CHECK(generic->real == typed->real);
    for (int i = 0; i < 3; i++) CHECK_EQ(generic->extra[i], typed->extra[i]);
    for (int i = 0; i < 3; i++) CHECK_STR_EQ(generic->text[i], typed->text[i]);
    CHECK(generic->object == typed->object);
    if (harness_current_failures != failures) fprintf(stderr, "    (generic and typed disagree on %s)\n", what);
}

static void *symbol_of(const char *function) {
    void *symbol = dlsym(RTLD_DEFAULT, function);
    if (symbol == NULL) harness_report(__FILE__, __LINE__, function, "dlsym found no such symbol");
    return symbol;
}

/* Reads property `m` (of shape `shape`) through its typed getter. */
static void observe_typed_property(mvvm_object *object, const mvvm_member_info *m, const mvvm_member_shape *shape,
                                   observed *o) {
    memset(o, 0, sizeof *o);
    void *symbol = symbol_of(m->function);
    if (symbol == NULL) return;
    const char *sig = m->c_signature;
    if (strcmp(sig, "mvvm_status (*)(mvvm_object *, int32_t *)") == 0) {
        mvvm_status (*getter)(mvvm_object *, int32_t *);
        memcpy(&getter, &symbol, sizeof getter);
        int32_t value = 0;
        o->status = getter(object, &value);
        o->kind = shape->value_kind;
        o->integer = value;
    } else if (strcmp(sig, "mvvm_status (*)(mvvm_object *, int64_t *)") == 0) {
        mvvm_status (*getter)(mvvm_object *, int64_t *);
        memcpy(&getter, &symbol, sizeof getter);
        int64_t value = 0;
        o->status = getter(object, &value);
        o->kind = MVVM_VALUE_INT64;
        o->integer = value;
    } else if (strcmp(sig, "mvvm_status (*)(mvvm_object *, const char **)") == 0) {
        mvvm_status (*getter)(mvvm_object *, const char **);
        memcpy(&getter, &symbol, sizeof getter);
        const char *value = NULL;
        o->status = getter(object, &value);
        mvvm_value v = value != NULL ? v_string(value) : v_kind(MVVM_VALUE_NONE);
        observe_value(&v, o);
    } else if (strcmp(sig, "mvvm_status (*)(mvvm_object *, int32_t *, mvvm_user *)") == 0) {
        mvvm_status (*getter)(mvvm_object *, int32_t *, mvvm_user *);
        memcpy(&getter, &symbol, sizeof getter);
        int32_t loaded = 0;
        mvvm_value v = v_kind(MVVM_VALUE_USER);
        mvvm_status status = getter(object, &loaded, MVVM_VALUE_RECORD(&v, mvvm_user));
        if (!loaded) v = v_kind(MVVM_VALUE_NONE);
        observe_value(&v, o);
        o->status = status;
    } else if (strcmp(sig, "mvvm_status (*)(mvvm_object *, mvvm_post *)") == 0) {
        mvvm_status (*getter)(mvvm_object *, mvvm_post *);
        memcpy(&getter, &symbol, sizeof getter);
        mvvm_value v = v_kind(MVVM_VALUE_POST);
        mvvm_status status = getter(object, MVVM_VALUE_RECORD(&v, mvvm_post));
        /* The typed getter's MVVM_E_STATE is the generic getter's absent value. */
        if (status == MVVM_E_STATE) {
            v = v_kind(MVVM_VALUE_NONE);
            status = MVVM_OK;
        }
        observe_value(&v, o);
        o->status = status;
    } else {
        harness_report(__FILE__, __LINE__, sig, "a getter signature this test does not know");
    }
}

/* The typed count of list `shape` of `object`: the getter named after its counter. */
static mvvm_status typed_count(mvvm_object *object, const mvvm_type_info *info, const mvvm_member_shape *shape,
                               int64_t *out_count) {
    const mvvm_member_info *constructor = &info->members[info->member_count - 1];
    char getter_name[128];
    size_t prefix = strlen(constructor->function) - 3; /* "mvvm_user_list_" of "mvvm_user_list_new" */
    int n = snprintf(getter_name, sizeof getter_name, "%.*sget_%s", (int)prefix, constructor->function, shape->count);
    for (int c = (int)prefix; c < n; c++) {
        if (getter_name[c] == '-') getter_name[c] = '_';
    }
    void *symbol = symbol_of(getter_name);
    if (symbol == NULL) return MVVM_E_UNKNOWN_NAME;
    mvvm_status (*getter)(mvvm_object *, int64_t *);
    memcpy(&getter, &symbol, sizeof getter);
    return getter(object, out_count);
}

/* Reads item `index` of list `m` through its typed item getter. */
static void observe_typed_item(mvvm_object *object, const mvvm_member_info *m, int64_t index, observed *o) {
    memset(o, 0, sizeof *o);
    void *symbol = symbol_of(m->function);
    if (symbol == NULL) return;
    const char *sig = m->c_signature;
    mvvm_value v = v_kind(MVVM_VALUE_NONE);
    mvvm_status status = MVVM_E_SYSTEM;
    if (strcmp(sig, "mvvm_status (*)(mvvm_object *, int64_t, mvvm_user *)") == 0) {
        mvvm_status (*getter)(mvvm_object *, int64_t, mvvm_user *);
        memcpy(&getter, &symbol, sizeof getter);
        v = v_kind(MVVM_VALUE_USER);
        status = getter(object, index, MVVM_VALUE_RECORD(&v, mvvm_user));
    } else if (strcmp(sig, "mvvm_status (*)(mvvm_object *, int64_t, mvvm_comment *)") == 0) {
        mvvm_status (*getter)(mvvm_object *, int64_t, mvvm_comment *);
        memcpy(&getter, &symbol, sizeof getter);
        v = v_kind(MVVM_VALUE_COMMENT);
        status = getter(object, index, MVVM_VALUE_RECORD(&v, mvvm_comment));
    } else if (strcmp(sig, "mvvm_status (*)(mvvm_object *, int64_t, int64_t *)") == 0) {
        mvvm_status (*getter)(mvvm_object *, int64_t, int64_t *);
        memcpy(&getter, &symbol, sizeof getter);
        v = v_kind(MVVM_VALUE_INT64);
        status = getter(object, index, &v.as.int64);
    } else if (strcmp(sig, "mvvm_status (*)(mvvm_object *, int64_t, const char **)") == 0) {
        mvvm_status (*getter)(mvvm_object *, int64_t, const char **);
        memcpy(&getter, &symbol, sizeof getter);
        v = v_kind(MVVM_VALUE_STRING);
        status = getter(object, index, &v.as.string);
    } else if (strcmp(sig, "mvvm_status (*)(mvvm_object *, int64_t, mvvm_object **)") == 0) {
        mvvm_status (*getter)(mvvm_object *, int64_t, mvvm_object **);
        memcpy(&getter, &symbol, sizeof getter);
        v = v_kind(MVVM_VALUE_OBJECT);
        status = getter(object, index, &v.as.object);
    } else {
        harness_report(__FILE__, __LINE__, sig, "an item getter signature this test does not know");
    }
    if (status == MVVM_OK) observe_value(&v, o);
    o->status = status;
}

/* Every property and list of `object`, read generically (by id, and by name for properties),
 * agrees with the typed getters. Returns the number of members compared. */
static int check_generic_agrees(mvvm_object *object, const char *label) {
    const mvvm_type_info *info = describe(type_of(object));
    if (info == NULL) return 0;
    int compared = 0;
    for (uint32_t i = 0; i < info->member_count; i++) {
        const mvvm_member_info *m = &info->members[i];
        const mvvm_member_shape *shape = &info->shapes[i];
        char what[160];
        snprintf(what, sizeof what, "%s: %s", label, m->name);
        if (m->kind == MVVM_MEMBER_PROPERTY) {
            observed typed, by_id, by_name;
            observe_typed_property(object, m, shape, &typed);
            mvvm_value value = v_sentinel();
            mvvm_status status = mvvm_object_get(object, i, &value);
            harness_check_status(__FILE__, __LINE__, what, status, MVVM_OK);
            observe_value(&value, &by_id);
            by_id.status = status;
            check_same(&typed, &by_id, what);
            /* The kind is the shape's, or NONE where the property may be absent. */
            if (value.kind != (int32_t)shape->value_kind)
                CHECK(value.kind == MVVM_VALUE_NONE && (shape->flags & MVVM_MEMBER_NULLABLE));
            if (value.kind == MVVM_VALUE_BOOL) CHECK(value.as.boolean == 0 || value.as.boolean == 1);
            value = v_sentinel();
            status = mvvm_object_get_by_name(object, m->name, &value);
            harness_check_status(__FILE__, __LINE__, what, status, MVVM_OK);
            observe_value(&value, &by_name);
            by_name.status = status;
            check_same(&typed, &by_name, what);
            compared++;
        } else if (m->kind == MVVM_MEMBER_LIST) {
            int64_t typed_n = -1, generic_n = -2;
            mvvm_status typed_status = typed_count(object, info, shape, &typed_n);
            mvvm_status generic_status = mvvm_object_count(object, i, &generic_n);
            CHECK_EQ(generic_status, typed_status);
            if (typed_status == MVVM_OK && generic_status == MVVM_OK) CHECK_EQ(generic_n, typed_n);
            if (typed_status != MVVM_OK) {
                /* Not readable in this state (a post's comments before it loads): nor its items. */
                mvvm_value item = v_sentinel();
                CHECK_STATUS(mvvm_object_get_item(object, i, 0, &item), typed_status);
                CHECK(is_sentinel(&item));
            }
            for (int64_t index = 0; typed_status == MVVM_OK && index < typed_n && index < 40; index++) {
                observed typed, generic;
                observe_typed_item(object, m, index, &typed);
                mvvm_value item = v_sentinel();
                generic.status = mvvm_object_get_item(object, i, index, &item);
                observe_value(&item, &generic);
                CHECK_EQ(item.kind, shape->value_kind);
                snprintf(what, sizeof what, "%s: %s[%" PRId64 "]", label, m->name, index);
                check_same(&typed, &generic, what);
            }
            compared++;
        }
    }
    return compared;
}

/* ------------------------------------------------------------------------------------------
 * mvvm_member_find
 * ---------------------------------------------------------------------------------------- */

typedef struct find_on_thread {
    int mismatches;
    mvvm_status unknown;
    int ran;
} find_on_thread;

static void *find_every_member(void *argument) {
    find_on_thread *f = argument;
    for (int type = MVVM_TYPE_REPOSITORY; type <= LAST_TYPE; type++) {
        const mvvm_type_info *info = NULL;
        if (mvvm_type_describe((mvvm_type)type, &info) != MVVM_OK) {
            f->mismatches++;
            continue;
        }
        for (uint32_t i = 0; i < info->member_count; i++) {
            uint32_t id = UINT32_MAX;
            if (mvvm_member_find((mvvm_type)type, info->members[i].name, &id) != MVVM_OK || id != i) f->mismatches++;
        }
    }
    uint32_t id = 77;
    f->unknown = mvvm_member_find(MVVM_TYPE_USER_LIST, "no-such-member", &id);
    if (id != 77) f->mismatches++;
    f->ran = 1;
    return NULL;
}

static void test_member_find_gives_each_member_its_index(void) {
    int total = 0;
    for (int type = MVVM_TYPE_REPOSITORY; type <= LAST_TYPE; type++) {
        const mvvm_type_info *info = describe((mvvm_type)type);
        if (info == NULL) continue;
        for (uint32_t i = 0; i < info->member_count; i++) {
            uint32_t id = UINT32_MAX;
            CHECK_OK(mvvm_member_find((mvvm_type)type, info->members[i].name, &id));
            CHECK_EQ(id, i);
            total++;
        }
    }
    CHECK(total >= 100); /* every member of every type */
    /* The header's examples. */
    CHECK_EQ(ID(MVVM_TYPE_USER_LIST, "count"), 2);
    CHECK_EQ(ID(MVVM_TYPE_USER_LIST, "refresh"), 5);
    CHECK_EQ(ID(MVVM_TYPE_USER_LIST, "notify::count"), 11);
    CHECK_EQ(ID(MVVM_TYPE_USER_LIST, "rows"), 15);
    CHECK_EQ(ID(MVVM_TYPE_USER_LIST, "new"), 16);
    /* Any thread. */
    find_on_thread f = {0, MVVM_OK, 0};
    pthread_t thread;
    REQUIRE(pthread_create(&thread, NULL, find_every_member, &f) == 0);
    pthread_join(thread, NULL);
    CHECK(f.ran);
    CHECK_EQ(f.mismatches, 0);
    CHECK_EQ(f.unknown, MVVM_E_UNKNOWN_NAME);
}

static void test_member_find_refuses_unknown_names_and_types(void) {
    static const char *const unknown[] = {
        "", "nope", "Count", "count ", "notify::", "notify::nope", "toggle-like", "navigate", "get_count",
        "mvvm_user_list_get_count", "rows-changed\n", "set-count",
    };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        uint32_t id = 77;
        CHECK_STATUS(mvvm_member_find(MVVM_TYPE_USER_LIST, unknown[i], &id), MVVM_E_UNKNOWN_NAME);
        CHECK_EQ(id, 77);
    }
    /* A repository has no members at all, not even "new". */
    uint32_t id = 77;
    CHECK_STATUS(mvvm_member_find(MVVM_TYPE_REPOSITORY, "new", &id), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_member_find(MVVM_TYPE_REPOSITORY, "count", &id), MVVM_E_UNKNOWN_NAME);
    /* Names are per type: a member of another type is unknown. */
    CHECK_STATUS(mvvm_member_find(MVVM_TYPE_STOPWATCH, "count", &id), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_member_find(MVVM_TYPE_COORDINATOR, "rows", &id), MVVM_E_UNKNOWN_NAME);
    CHECK_EQ(id, 77);
    /* Bad arguments. */
    CHECK_STATUS(mvvm_member_find((mvvm_type)0, "count", &id), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_member_find((mvvm_type)(LAST_TYPE + 1), "count", &id), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_member_find(MVVM_TYPE_USER_LIST, NULL, &id), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_member_find(MVVM_TYPE_USER_LIST, "count", NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_member_find(MVVM_TYPE_USER_LIST, "co\xffunt", &id), MVVM_E_INVALID_UTF8);
    CHECK_EQ(id, 77);
}

/* ------------------------------------------------------------------------------------------
 * mvvm_object_new
 * ---------------------------------------------------------------------------------------- */

static mvvm_object *shared_repository;

static void test_object_new_makes_every_view_model_type(void) {
    mvvm_value repository = v_object(shared_repository);
    mvvm_object *made[LAST_TYPE + 1] = {NULL};

    CHECK_OK(mvvm_object_new(MVVM_TYPE_USER_LIST, &repository, 1, &made[MVVM_TYPE_USER_LIST]));
    mvvm_value detail_args[] = {repository, v_int64(3)};
    CHECK_OK(mvvm_object_new(MVVM_TYPE_USER_DETAIL, detail_args, 2, &made[MVVM_TYPE_USER_DETAIL]));
    mvvm_value post_args[] = {repository, v_int64(2)};
    CHECK_OK(mvvm_object_new(MVVM_TYPE_POST_DETAIL, post_args, 2, &made[MVVM_TYPE_POST_DETAIL]));
    int64_t initial[] = {5, 1, 3};
    mvvm_value sorted_args[] = {v_array(initial, 3), v_uint64(7)};
    CHECK_OK(mvvm_object_new(MVVM_TYPE_SORTED_INTEGERS, sorted_args, 2, &made[MVVM_TYPE_SORTED_INTEGERS]));
    initial[0] = 1000; /* copied: the caller's array may change afterwards */
    CHECK_OK(mvvm_object_new(MVVM_TYPE_STOPWATCH, NULL, 0, &made[MVVM_TYPE_STOPWATCH]));
    CHECK_OK(mvvm_object_new(MVVM_TYPE_COORDINATOR, &repository, 1, &made[MVVM_TYPE_COORDINATOR]));
    CHECK_OK(mvvm_object_new(MVVM_TYPE_USER_SEARCH, &repository, 1, &made[MVVM_TYPE_USER_SEARCH]));
    for (int type = MVVM_TYPE_USER_LIST; type <= LAST_TYPE; type++) {
        REQUIRE(made[type] != NULL);
        CHECK_EQ(type_of(made[type]), type);
        for (int other = MVVM_TYPE_USER_LIST; other < type; other++) CHECK(made[other] != made[type]);
    }

    /* Each is what its typed constructor makes. */
    int64_t count = -1, value = -1;
    CHECK_OK(mvvm_sorted_integers_get_count(made[MVVM_TYPE_SORTED_INTEGERS], &count));
    CHECK_EQ(count, 3);
    int64_t expected[] = {1, 3, 5};
    for (int64_t i = 0; i < 3; i++) {
        CHECK_OK(mvvm_sorted_integers_get_value(made[MVVM_TYPE_SORTED_INTEGERS], i, &value));
        CHECK_EQ(value, expected[i]);
    }
    /* The seed arrived: the same random digits as a typed list of seed 7. */
    mvvm_object *typed_sorted = NULL;
    int64_t typed_initial[] = {5, 1, 3};
    CHECK_OK(mvvm_sorted_integers_new(typed_initial, 3, 7, &typed_sorted));
    for (int round = 0; round < 6; round++) {
        CHECK_OK(mvvm_sorted_integers_add_new_integer(typed_sorted));
        CHECK_OK(mvvm_sorted_integers_add_new_integer(made[MVVM_TYPE_SORTED_INTEGERS]));
    }
    for (int64_t i = 0; i < 9; i++) {
        int64_t a = -1, b = -2;
        CHECK_OK(mvvm_sorted_integers_get_value(typed_sorted, i, &a));
        CHECK_OK(mvvm_sorted_integers_get_value(made[MVVM_TYPE_SORTED_INTEGERS], i, &b));
        CHECK_EQ(b, a);
    }
    CHECK_OK(mvvm_object_destroy(typed_sorted));

    /* The detail is of user 3, the post detail of post 2. */
    CHECK_OK(mvvm_user_detail_on_appear(made[MVVM_TYPE_USER_DETAIL]));
    CHECK_OK(mvvm_post_detail_on_appear(made[MVVM_TYPE_POST_DETAIL]));
    int32_t loaded = 0, state = 0;
    mvvm_user user;
    for (int i = 0; i < HARNESS_PUMP_BUDGET && !(loaded && state == MVVM_VIEW_STATE_LOADED); i++) {
        harness_pump_once();
        CHECK_OK(mvvm_user_detail_get_user(made[MVVM_TYPE_USER_DETAIL], &loaded, &user));
        CHECK_OK(mvvm_post_detail_get_state(made[MVVM_TYPE_POST_DETAIL], &state));
    }
    CHECK(loaded);
    CHECK_EQ(user.id, 3);
    CHECK_EQ(state, MVVM_VIEW_STATE_LOADED);
    mvvm_post post;
    CHECK_OK(mvvm_post_detail_get_post(made[MVVM_TYPE_POST_DETAIL], &post));
    CHECK_EQ(post.id, 2);
    /* The coordinator starts with a list over that repository. */
    CHECK_OK(mvvm_coordinator_start(made[MVVM_TYPE_COORDINATOR]));
    CHECK_OK(mvvm_coordinator_get_depth(made[MVVM_TYPE_COORDINATOR], &count));
    CHECK_EQ(count, 1);
    for (int type = MVVM_TYPE_USER_LIST; type <= LAST_TYPE; type++) CHECK_OK(mvvm_object_destroy(made[type]));
}

static void test_object_new_refuses_wrong_arguments(void) {
    mvvm_object *out = (mvvm_object *)(uintptr_t)0x1;
    mvvm_value repository = v_object(shared_repository);
    mvvm_value two[] = {repository, v_int64(1)};

    /* Wrong count: the message names the arguments. */
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_USER_LIST, NULL, 0, &out), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "repository") != NULL);
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_USER_LIST, two, 2, &out), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_USER_DETAIL, &repository, 1, &out), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "user_id") != NULL);
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_STOPWATCH, &repository, 1, &out), MVVM_E_INVALID_ARGUMENT);
    /* Wrong kind: the message names the argument. */
    mvvm_value not_a_repository = v_int64(5);
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_USER_SEARCH, &not_a_repository, 1, &out), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "repository") != NULL);
    mvvm_value id_as_string[] = {repository, v_string("3")};
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_USER_DETAIL, id_as_string, 2, &out), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "user_id") != NULL);
    mvvm_value id_as_int32[] = {repository, v_kind(MVVM_VALUE_INT32)};
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_POST_DETAIL, id_as_int32, 2, &out), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "post_id") != NULL);
    int64_t values[] = {1, 2};
    mvvm_value seed_as_int64[] = {v_array(values, 2), v_int64(7)};
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_SORTED_INTEGERS, seed_as_int64, 2, &out), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "random_seed") != NULL);
    mvvm_value swapped[] = {v_uint64(7), v_array(values, 2)};
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_SORTED_INTEGERS, swapped, 2, &out), MVVM_E_INVALID_ARGUMENT);
    mvvm_value absent = v_kind(MVVM_VALUE_NONE);
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_COORDINATOR, &absent, 1, &out), MVVM_E_INVALID_ARGUMENT);
    mvvm_value unknown_kind = v_kind(99);
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_COORDINATOR, &unknown_kind, 1, &out), MVVM_E_INVALID_ARGUMENT);
    mvvm_value struct_kind = v_kind(MVVM_VALUE_USER);
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_COORDINATOR, &struct_kind, 1, &out), MVVM_E_INVALID_ARGUMENT);
    /* NULLs: the arguments, an array's items, the out-pointer. */
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_USER_LIST, NULL, 1, &out), MVVM_E_INVALID_ARGUMENT);
    mvvm_value null_items[] = {v_array(NULL, 2), v_uint64(7)};
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_SORTED_INTEGERS, null_items, 2, &out), MVVM_E_INVALID_ARGUMENT);
    mvvm_value too_many[] = {v_array(values, (size_t)10000001), v_uint64(7)};
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_SORTED_INTEGERS, too_many, 2, &out), MVVM_E_INVALID_ARGUMENT);
    mvvm_object *untouched = (mvvm_object *)(uintptr_t)0x1;
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_USER_LIST, &repository, 1, NULL), MVVM_E_INVALID_ARGUMENT);
    /* Handles follow the typed constructors' rules: NULL or destroyed is an invalid handle,
     * another object the wrong type. */
    mvvm_value null_handle = v_object(NULL);
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_USER_LIST, &null_handle, 1, &out), MVVM_E_INVALID_HANDLE);
    mvvm_object *stopwatch = NULL;
    CHECK_OK(mvvm_stopwatch_new(&stopwatch));
    mvvm_value wrong_type = v_object(stopwatch);
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_USER_LIST, &wrong_type, 1, &out), MVVM_E_WRONG_TYPE);
    CHECK_OK(mvvm_object_destroy(stopwatch));
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_USER_LIST, &wrong_type, 1, &out), MVVM_E_INVALID_HANDLE);
    /* Types: a repository has no "new" (its own constructors), others are not types. */
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_REPOSITORY, NULL, 0, &out), MVVM_E_STATE);
    CHECK_STATUS(mvvm_object_new((mvvm_type)0, NULL, 0, &out), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_new((mvvm_type)(LAST_TYPE + 1), &repository, 1, &out), MVVM_E_INVALID_ARGUMENT);
    CHECK(out == untouched);
    /* Typed equivalents agree on the kind of failure. */
    CHECK_STATUS(mvvm_user_list_new(NULL, &out), MVVM_E_INVALID_HANDLE);
    CHECK(out == untouched);
}

/* ------------------------------------------------------------------------------------------
 * A world of objects in interesting states
 * ---------------------------------------------------------------------------------------- */

typedef struct world {
    mvvm_object *repository, *failing_repository;
    mvvm_object *list, *fresh_list, *failed_list;
    mvvm_object *detail, *fresh_detail, *invalid_detail;
    mvvm_object *post, *fresh_post;
    mvvm_object *sorted;
    mvvm_object *stopwatch;
    mvvm_object *coordinator;
    mvvm_object *search, *fresh_search;
    recorder list_rows, failed_error, detail_user, invalid_user, post_state, search_rows;
} world;

static world w;

static void build_world(void) {
    memset(&w, 0, sizeof w);
    w.repository = make_sample_repository(30, 10, -1, -1);
    w.failing_repository = make_sample_repository(30, 10, -1, 1);
    CHECK_OK(mvvm_user_list_new(w.repository, &w.list));
    CHECK_OK(mvvm_user_list_new(w.repository, &w.fresh_list));
    CHECK_OK(mvvm_user_list_new(w.failing_repository, &w.failed_list));
    CHECK_OK(mvvm_user_detail_new(w.repository, 3, &w.detail));
    CHECK_OK(mvvm_user_detail_new(w.repository, 4, &w.fresh_detail));
    CHECK_OK(mvvm_user_detail_new(w.repository, 5, &w.invalid_detail));
    CHECK_OK(mvvm_post_detail_new(w.repository, 2, &w.post));
    CHECK_OK(mvvm_post_detail_new(w.repository, 3, &w.fresh_post));
    int64_t values[] = {5, 1, 3, 3};
    CHECK_OK(mvvm_sorted_integers_new(values, 4, 1, &w.sorted));
    CHECK_OK(mvvm_stopwatch_new(&w.stopwatch));
    CHECK_OK(mvvm_coordinator_new(w.repository, &w.coordinator));
    CHECK_OK(mvvm_user_search_new(w.repository, &w.search));
    CHECK_OK(mvvm_user_search_new(w.repository, &w.fresh_search));
    CONNECT(w.list, "rows-changed", on_changes, &w.list_rows);
    CONNECT(w.failed_list, "notify::error-message", on_string, &w.failed_error);
    CONNECT(w.detail, "notify::user", on_user, &w.detail_user);
    CONNECT(w.invalid_detail, "notify::user", on_user, &w.invalid_user);
    CONNECT(w.post, "notify::state", on_int32, &w.post_state);
    CONNECT(w.search, "rows-changed", on_changes, &w.search_rows);
    CHECK_OK(mvvm_user_list_on_appear(w.list));
    CHECK_OK(mvvm_user_list_on_appear(w.failed_list));
    CHECK_OK(mvvm_user_detail_on_appear(w.detail));
    CHECK_OK(mvvm_user_detail_on_appear(w.invalid_detail));
    CHECK_OK(mvvm_post_detail_on_appear(w.post));
    CHECK_OK(mvvm_user_search_set_query(w.search, "a"));
    CHECK_OK(mvvm_stopwatch_button_tapped(w.stopwatch));
    CHECK_OK(mvvm_stopwatch_lap(w.stopwatch));
    CHECK_OK(mvvm_stopwatch_lap(w.stopwatch));
    CHECK_OK(mvvm_stopwatch_button_tapped(w.stopwatch));
    CHECK_OK(mvvm_coordinator_start(w.coordinator));
    CHECK_OK(mvvm_coordinator_show_search(w.coordinator));
    PUMP_UNTIL(w.list_rows.calls > 0 && w.failed_error.calls > 0 && w.detail_user.calls > 0 && w.invalid_user.calls > 0 &&
                   w.post_state.value == MVVM_VIEW_STATE_LOADED && w.search_rows.calls > 0,
               HARNESS_PUMP_BUDGET);
    CHECK_OK(mvvm_user_detail_set_draft_name(w.detail, "Edited Name"));
    CHECK_OK(mvvm_user_detail_set_draft_name(w.invalid_detail, "   "));
}

static void destroy_world(void) {
    mvvm_object *all[] = {w.list, w.fresh_list, w.failed_list, w.detail, w.fresh_detail, w.invalid_detail, w.post,
                          w.fresh_post, w.sorted, w.stopwatch, w.coordinator, w.search, w.fresh_search,
                          w.repository, w.failing_repository};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) CHECK_OK(mvvm_object_destroy(all[i]));
}

/* ------------------------------------------------------------------------------------------
 * Reading: get, count, get_item
 * ---------------------------------------------------------------------------------------- */

static void test_generic_reads_agree_with_the_typed_getters_on_every_type(void) {
    struct {
        mvvm_object *object;
        const char *label;
    } cases[] = {
        {w.list, "loaded list"}, {w.fresh_list, "fresh list"}, {w.failed_list, "failed list"},
        {w.detail, "edited detail"}, {w.fresh_detail, "fresh detail"}, {w.invalid_detail, "invalid detail"},
        {w.post, "loaded post"}, {w.fresh_post, "fresh post"}, {w.sorted, "sorted integers"},
        {w.stopwatch, "stopwatch"}, {w.coordinator, "coordinator"}, {w.search, "search"},
        {w.fresh_search, "fresh search"},
    };
    int types_seen[LAST_TYPE + 1] = {0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        CHECK(check_generic_agrees(cases[i].object, cases[i].label) > 0);
        types_seen[type_of(cases[i].object)] = 1;
    }
    for (int type = MVVM_TYPE_USER_LIST; type <= LAST_TYPE; type++) CHECK(types_seen[type]);

    /* Some values spelled out. */
    mvvm_value value = v_sentinel();
    CHECK_OK(mvvm_object_get(w.fresh_detail, ID(MVVM_TYPE_USER_DETAIL, "user"), &value));
    CHECK_EQ(value.kind, MVVM_VALUE_NONE); /* not loaded: absent */
    CHECK_OK(mvvm_object_get(w.fresh_post, ID(MVVM_TYPE_POST_DETAIL, "post"), &value));
    CHECK_EQ(value.kind, MVVM_VALUE_NONE);
    CHECK_OK(mvvm_object_get(w.fresh_list, ID(MVVM_TYPE_USER_LIST, "error-message"), &value));
    CHECK_EQ(value.kind, MVVM_VALUE_NONE);
    CHECK_OK(mvvm_object_get(w.failed_list, ID(MVVM_TYPE_USER_LIST, "error-message"), &value));
    CHECK_EQ(value.kind, MVVM_VALUE_STRING);
    CHECK(value.as.string != NULL && value.as.string[0] != '\0');
    CHECK_OK(mvvm_object_get(w.detail, ID(MVVM_TYPE_USER_DETAIL, "draft-name"), &value));
    CHECK_EQ(value.kind, MVVM_VALUE_STRING);
    CHECK_STR_EQ(value.as.string, "Edited Name");
    CHECK_OK(mvvm_object_get_by_name(w.detail, "can-save", &value));
    CHECK_EQ(value.kind, MVVM_VALUE_BOOL);
    CHECK_EQ(value.as.boolean, 1);
    CHECK_OK(mvvm_object_get_by_name(w.invalid_detail, "validation-message", &value));
    CHECK_EQ(value.kind, MVVM_VALUE_STRING);
    CHECK_OK(mvvm_object_get_by_name(w.list, "loading", &value));
    CHECK_EQ(value.kind, MVVM_VALUE_INT32);
    CHECK_EQ(value.as.int32, MVVM_LOADING_NONE);
    CHECK_OK(mvvm_object_get_by_name(w.post, "state", &value));
    CHECK_EQ(value.kind, MVVM_VALUE_INT32);
    CHECK_EQ(value.as.int32, MVVM_VIEW_STATE_LOADED);
    CHECK_OK(mvvm_object_get_by_name(w.stopwatch, "lap-count", &value));
    CHECK_EQ(value.kind, MVVM_VALUE_INT64);
    CHECK_EQ(value.as.int64, 2);
    int64_t count = -1;
    CHECK_OK(mvvm_object_count(w.stopwatch, ID(MVVM_TYPE_STOPWATCH, "laps"), &count));
    CHECK_EQ(count, 2);
    CHECK_OK(mvvm_object_count(w.coordinator, ID(MVVM_TYPE_COORDINATOR, "screens"), &count));
    CHECK_EQ(count, 2);
    CHECK_OK(mvvm_object_get_item(w.coordinator, ID(MVVM_TYPE_COORDINATOR, "screens"), 1, &value));
    CHECK_EQ(value.kind, MVVM_VALUE_OBJECT);
    CHECK_EQ(type_of(value.as.object), MVVM_TYPE_USER_SEARCH);
    CHECK_OK(mvvm_object_count(w.sorted, ID(MVVM_TYPE_SORTED_INTEGERS, "values"), &count));
    CHECK_EQ(count, 4);
    CHECK_OK(mvvm_object_get_item(w.sorted, ID(MVVM_TYPE_SORTED_INTEGERS, "values"), 3, &value));
    CHECK_EQ(value.kind, MVVM_VALUE_INT64);
    CHECK_EQ(value.as.int64, 5);
    /* A post's comments are not readable before it loads: the typed rule (MVVM_E_STATE). */
    CHECK_STATUS(mvvm_object_count(w.fresh_post, ID(MVVM_TYPE_POST_DETAIL, "comments"), &count), MVVM_E_STATE);
}

static void test_reading_refuses_wrong_kinds_unknown_ids_and_bad_indexes(void) {
    uint32_t count_id = ID(MVVM_TYPE_USER_LIST, "count");
    uint32_t rows_id = ID(MVVM_TYPE_USER_LIST, "rows");
    uint32_t refresh_id = ID(MVVM_TYPE_USER_LIST, "refresh");
    uint32_t signal_id = ID(MVVM_TYPE_USER_LIST, "rows-changed");
    uint32_t new_id = ID(MVVM_TYPE_USER_LIST, "new");
    const mvvm_type_info *info = describe(MVVM_TYPE_USER_LIST);
    REQUIRE(info != NULL);
    uint32_t past_the_end = (uint32_t)info->member_count;
    mvvm_value value = v_sentinel();
    int64_t n = 77;

    /* get: only properties. */
    CHECK_STATUS(mvvm_object_get(w.list, rows_id, &value), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_get(w.list, refresh_id, &value), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_get(w.list, signal_id, &value), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_get(w.list, new_id, &value), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_get(w.list, past_the_end, &value), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_object_get(w.list, UINT32_MAX, &value), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_object_get(w.list, count_id, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_get_by_name(w.list, "no-such-property", &value), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_object_get_by_name(w.list, "refresh", &value), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_get_by_name(w.list, NULL, &value), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_get_by_name(w.list, "cou\xc3", &value), MVVM_E_INVALID_UTF8);
    CHECK_STATUS(mvvm_object_get_by_name(w.list, "count", NULL), MVVM_E_INVALID_ARGUMENT);
    /* A repository has no members. */
    CHECK_STATUS(mvvm_object_get(w.repository, 0, &value), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_object_get_by_name(w.repository, "count", &value), MVVM_E_UNKNOWN_NAME);
    CHECK(is_sentinel(&value));

    /* count and get_item: only lists. */
    CHECK_STATUS(mvvm_object_count(w.list, count_id, &n), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_count(w.list, refresh_id, &n), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_count(w.list, past_the_end, &n), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_object_count(w.list, rows_id, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_EQ(n, 77);
    CHECK_STATUS(mvvm_object_get_item(w.list, count_id, 0, &value), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_get_item(w.list, signal_id, 0, &value), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_get_item(w.list, past_the_end, 0, &value), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_object_get_item(w.list, rows_id, 0, NULL), MVVM_E_INVALID_ARGUMENT);
    /* Indexes outside 0..count-1. */
    int64_t rows = -1;
    CHECK_OK(mvvm_object_count(w.list, rows_id, &rows));
    CHECK_EQ(rows, 10);
    const int64_t bad[] = {rows, rows + 1, -1, INT64_MIN, INT64_MAX};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_STATUS(mvvm_object_get_item(w.list, rows_id, bad[i], &value), MVVM_E_OUT_OF_RANGE);
        CHECK_STATUS(mvvm_object_get_item(w.fresh_list, rows_id, 0, &value), MVVM_E_OUT_OF_RANGE);
        CHECK_STATUS(mvvm_object_get_item(w.stopwatch, ID(MVVM_TYPE_STOPWATCH, "laps"), bad[i] == rows ? 2 : bad[i], &value),
                     MVVM_E_OUT_OF_RANGE);
    }
    CHECK(is_sentinel(&value));

    /* Handles. */
    CHECK_STATUS(mvvm_object_get(NULL, count_id, &value), MVVM_E_INVALID_HANDLE);
    CHECK_STATUS(mvvm_object_get((mvvm_object *)(uintptr_t)0x1, count_id, &value), MVVM_E_INVALID_HANDLE);
    CHECK_STATUS(mvvm_object_count(NULL, rows_id, &n), MVVM_E_INVALID_HANDLE);
    CHECK_STATUS(mvvm_object_get_item(NULL, rows_id, 0, &value), MVVM_E_INVALID_HANDLE);
    CHECK_STATUS(mvvm_object_get_by_name(NULL, "count", &value), MVVM_E_INVALID_HANDLE);
    mvvm_object *gone = NULL;
    CHECK_OK(mvvm_user_list_new(w.repository, &gone));
    CHECK_OK(mvvm_object_destroy(gone));
    CHECK_STATUS(mvvm_object_get(gone, count_id, &value), MVVM_E_INVALID_HANDLE);
    CHECK_STATUS(mvvm_object_count(gone, rows_id, &n), MVVM_E_INVALID_HANDLE);
    CHECK_STATUS(mvvm_object_set_by_name(gone, "count", &value), MVVM_E_INVALID_HANDLE);
    CHECK_STATUS(mvvm_object_invoke(gone, refresh_id, NULL, 0, NULL), MVVM_E_INVALID_HANDLE);
    CHECK(is_sentinel(&value));
    CHECK_EQ(n, 77);
}

static void test_values_handed_out_are_borrowed_until_the_next_getter_of_that_object(void) {
    /* A user item's strings, and a string property of another object read meanwhile. */
    mvvm_value row = v_sentinel(), other = v_sentinel();
    CHECK_OK(mvvm_object_get_item(w.list, ID(MVVM_TYPE_USER_LIST, "rows"), 2, &row));
    REQUIRE(row.kind == MVVM_VALUE_USER);
    mvvm_user typed;
    CHECK_OK(mvvm_object_get_by_name(w.detail, "draft-name", &other)); /* another object: row stays valid */
    CHECK_OK(mvvm_stopwatch_get_elapsed_text(w.stopwatch, &(const char *){NULL}));
    CHECK_STR_EQ(other.as.string, "Edited Name");
    char name[160], email[160];
    snprintf(name, sizeof name, "%s", MVVM_VALUE_RECORD(&row, mvvm_user)->name);
    snprintf(email, sizeof email, "%s", MVVM_VALUE_RECORD(&row, mvvm_user)->email);
    CHECK(strchr(email, '@') != NULL);
    /* The typed getter of the same row: the same strings. */
    CHECK_OK(mvvm_user_list_get_row(w.list, 2, &typed));
    CHECK_STR_EQ(typed.name, name);
    CHECK_STR_EQ(typed.email, email);
    /* A post's three strings, all valid together. */
    mvvm_value post = v_sentinel();
    CHECK_OK(mvvm_object_get_by_name(w.post, "post", &post));
    REQUIRE(post.kind == MVVM_VALUE_POST);
    CHECK(MVVM_VALUE_RECORD(&post, mvvm_post)->title[0] != '\0' && MVVM_VALUE_RECORD(&post, mvvm_post)->body[0] != '\0' && MVVM_VALUE_RECORD(&post, mvvm_post)->author_name[0] != '\0');
    CHECK_EQ(MVVM_VALUE_RECORD(&post, mvvm_post)->id, 2);
    /* A stopwatch lap (a string item). */
    mvvm_value lap = v_sentinel();
    CHECK_OK(mvvm_object_get_item(w.stopwatch, ID(MVVM_TYPE_STOPWATCH, "laps"), 0, &lap));
    CHECK_EQ(lap.kind, MVVM_VALUE_STRING);
    CHECK(lap.as.string != NULL && strlen(lap.as.string) >= 8); /* "mm:ss.cc" at least */
}

/* ------------------------------------------------------------------------------------------
 * Writing: set
 * ---------------------------------------------------------------------------------------- */

static void test_set_writes_settable_properties_like_their_setters(void) {
    mvvm_object *detail = NULL;
    CHECK_OK(mvvm_user_detail_new(w.repository, 6, &detail));
    recorder draft, search_query;
    recorder_reset(&draft);
    recorder_reset(&search_query);
    CONNECT(detail, "notify::draft-name", on_string, &draft);
    uint32_t draft_id = ID(MVVM_TYPE_USER_DETAIL, "draft-name");

    /* By id: copied, and announced at the end of the call (batching applies). */
    char buffer[32] = "Generic Draft";
    mvvm_value value = v_string(buffer);
    CHECK_OK(mvvm_object_set(detail, draft_id, &value));
    buffer[0] = 'X';
    CHECK_EQ(draft.calls, 1);
    CHECK_STR_EQ(draft.text, "Generic Draft");
    const char *typed = NULL;
    CHECK_OK(mvvm_user_detail_get_draft_name(detail, &typed));
    CHECK_STR_EQ(typed, "Generic Draft");
    /* The same value again: no change, no notification (the notify rule). */
    value = v_string("Generic Draft");
    CHECK_OK(mvvm_object_set(detail, draft_id, &value));
    CHECK_EQ(draft.calls, 1);
    /* By name; and the typed setter reads back generically. */
    value = v_string("By Name");
    CHECK_OK(mvvm_object_set_by_name(detail, "draft-name", &value));
    CHECK_EQ(draft.calls, 2);
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Typed"));
    mvvm_value read = v_sentinel();
    CHECK_OK(mvvm_object_get(detail, draft_id, &read));
    CHECK_STR_EQ(read.as.string, "Typed");
    /* "set-NAME" as a command does the same. */
    mvvm_value argument = v_string("Through Invoke");
    mvvm_value result = v_sentinel();
    CHECK_OK(mvvm_object_invoke_by_name(detail, "set-draft-name", &argument, 1, &result));
    CHECK_EQ(result.kind, MVVM_VALUE_NONE);
    CHECK_STR_EQ(draft.text, "Through Invoke");

    /* The search's query too: set, announced, and the search runs after the debounce. */
    mvvm_object *search = NULL;
    CHECK_OK(mvvm_user_search_new(w.repository, &search));
    CONNECT(search, "notify::query", on_string, &search_query);
    value = v_string("  b ");
    CHECK_OK(mvvm_object_set_by_name(search, "query", &value));
    CHECK_EQ(search_query.calls, 1);
    CHECK_STR_EQ(search_query.text, "  b ");
    const char *query = NULL;
    CHECK_OK(mvvm_user_search_get_query(search, &query));
    CHECK_STR_EQ(query, "  b ");
    CHECK_OK(mvvm_object_destroy(search));
    CHECK_OK(mvvm_object_destroy(detail));
    CHECK_EQ(draft.destroyed + search_query.destroyed, 2);
}

static void test_set_refuses_read_only_wrong_kinds_and_bad_values(void) {
    mvvm_object *detail = w.detail;
    recorder draft;
    recorder_reset(&draft);
    uint64_t connection = CONNECT(detail, "notify::draft-name", on_string, &draft);
    uint32_t draft_id = ID(MVVM_TYPE_USER_DETAIL, "draft-name");
    mvvm_value value = v_int64(1);

    /* Read-only properties: MVVM_E_STATE, even with a value of the right kind. */
    mvvm_value flag = v_bool(1);
    CHECK_STATUS(mvvm_object_set(detail, ID(MVVM_TYPE_USER_DETAIL, "is-dirty"), &flag), MVVM_E_STATE);
    CHECK_STATUS(mvvm_object_set_by_name(detail, "can-save", &flag), MVVM_E_STATE);
    mvvm_value ten = v_int64(10);
    CHECK_STATUS(mvvm_object_set(w.list, ID(MVVM_TYPE_USER_LIST, "count"), &ten), MVVM_E_STATE);
    mvvm_value text = v_string("x");
    CHECK_STATUS(mvvm_object_set_by_name(w.stopwatch, "elapsed-text", &text), MVVM_E_STATE);
    CHECK_STATUS(mvvm_object_set_by_name(detail, "error-message", &text), MVVM_E_STATE);
    /* Not a property at all: a wrong member kind. */
    CHECK_STATUS(mvvm_object_set(detail, ID(MVVM_TYPE_USER_DETAIL, "save"), &text), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_set(detail, ID(MVVM_TYPE_USER_DETAIL, "notify::draft-name"), &text), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_set(detail, ID(MVVM_TYPE_USER_DETAIL, "new"), &text), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_set_by_name(detail, "set-draft-name", &text), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_set(detail, 1000, &text), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_object_set_by_name(detail, "draft", &text), MVVM_E_UNKNOWN_NAME);
    /* Values: the property's kind (no NONE: it is not nullable), UTF-8, no NULL. */
    CHECK_STATUS(mvvm_object_set(detail, draft_id, &value), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "MVVM_VALUE_STRING") != NULL);
    mvvm_value none = v_kind(MVVM_VALUE_NONE);
    CHECK_STATUS(mvvm_object_set(detail, draft_id, &none), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_set(detail, draft_id, &flag), MVVM_E_INVALID_ARGUMENT);
    mvvm_value unknown_kind = v_kind(-1);
    CHECK_STATUS(mvvm_object_set(detail, draft_id, &unknown_kind), MVVM_E_INVALID_ARGUMENT);
    mvvm_value null_string = v_string(NULL);
    CHECK_STATUS(mvvm_object_set(detail, draft_id, &null_string), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_set(detail, draft_id, NULL), MVVM_E_INVALID_ARGUMENT);
    static const char *const invalid[] = {"\xff", "abc\xc3", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "ok\x80ok"};
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
        mvvm_value bad = v_string(invalid[i]);
        CHECK_STATUS(mvvm_object_set(detail, draft_id, &bad), MVVM_E_INVALID_UTF8);
        CHECK_STATUS(mvvm_object_set_by_name(w.search, "query", &bad), MVVM_E_INVALID_UTF8);
    }
    /* A boolean outside 0/1 is refused as such, whatever it is set to. */
    mvvm_value two = v_bool(2);
    CHECK_STATUS(mvvm_object_set(detail, draft_id, &two), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "0 or 1") != NULL);
    mvvm_value minus_one = v_bool(-1);
    CHECK_STATUS(mvvm_object_set_by_name(detail, "is-dirty", &minus_one), MVVM_E_INVALID_ARGUMENT);
    /* Nothing changed, nothing was announced. */
    CHECK_EQ(draft.calls, 0);
    const char *typed = NULL;
    CHECK_OK(mvvm_user_detail_get_draft_name(detail, &typed));
    CHECK_STR_EQ(typed, "Edited Name");
    const char *query = NULL;
    CHECK_OK(mvvm_user_search_get_query(w.search, &query));
    CHECK_STR_EQ(query, "a");
    CHECK_OK(mvvm_signal_disconnect(connection));
}

/* ------------------------------------------------------------------------------------------
 * Commands: invoke
 * ---------------------------------------------------------------------------------------- */

static void test_invoke_runs_commands_like_their_typed_functions(void) {
    /* Sorted integers: "add" returns the index, like the typed add; batching applies. */
    int64_t values[] = {4, 8};
    mvvm_object *typed = NULL, *generic = NULL;
    CHECK_OK(mvvm_sorted_integers_new(values, 2, 3, &typed));
    CHECK_OK(mvvm_sorted_integers_new(values, 2, 3, &generic));
    recorder count, rows;
    recorder_reset(&count);
    recorder_reset(&rows);
    CONNECT(generic, "notify::count", on_int64, &count);
    CONNECT(generic, "rows-changed", on_changes, &rows);
    uint32_t add = ID(MVVM_TYPE_SORTED_INTEGERS, "add");
    const int64_t added[] = {6, 8, -1, 100};
    for (size_t i = 0; i < 4; i++) {
        int64_t typed_index = -1;
        CHECK_OK(mvvm_sorted_integers_add(typed, added[i], &typed_index));
        mvvm_value argument = v_int64(added[i]);
        mvvm_value result = v_sentinel();
        CHECK_OK(mvvm_object_invoke(generic, add, &argument, 1, &result));
        CHECK_EQ(result.kind, MVVM_VALUE_INT64);
        CHECK_EQ(result.as.int64, typed_index);
        CHECK_EQ(count.calls, (int)i + 1); /* at the end of the call */
        CHECK_EQ(count.value, 3 + (int64_t)i);
    }
    CHECK_EQ(rows.change_sets, 4);
    CHECK_CHANGE(&rows, 1, MVVM_LIST_INSERT, 3, 1); /* 8 after the equal 8 */
    /* out_result may be NULL; argument-less commands take NULL arguments. */
    CHECK_OK(mvvm_sorted_integers_add_new_integer(typed));
    CHECK_OK(mvvm_object_invoke(generic, ID(MVVM_TYPE_SORTED_INTEGERS, "add-new-integer"), NULL, 0, NULL));
    mvvm_value index = v_int64(0);
    mvvm_value result = v_sentinel();
    CHECK_OK(mvvm_sorted_integers_remove_at(typed, 0));
    CHECK_OK(mvvm_object_invoke_by_name(generic, "remove-at", &index, 1, &result));
    CHECK_EQ(result.kind, MVVM_VALUE_NONE);
    int64_t typed_count = -1, generic_count = -2;
    CHECK_OK(mvvm_sorted_integers_get_count(typed, &typed_count));
    CHECK_OK(mvvm_object_count(generic, ID(MVVM_TYPE_SORTED_INTEGERS, "values"), &generic_count));
    CHECK_EQ(generic_count, typed_count);
    for (int64_t i = 0; i < typed_count; i++) {
        int64_t a = -1;
        mvvm_value b = v_sentinel();
        CHECK_OK(mvvm_sorted_integers_get_value(typed, i, &a));
        CHECK_OK(mvvm_object_get_item(generic, ID(MVVM_TYPE_SORTED_INTEGERS, "values"), i, &b));
        CHECK_EQ(b.as.int64, a);
    }
    /* Indexes are checked like the typed function's. */
    mvvm_value far = v_int64(1000);
    CHECK_STATUS(mvvm_object_invoke_by_name(generic, "remove-at", &far, 1, NULL), MVVM_E_OUT_OF_RANGE);
    CHECK_OK(mvvm_object_destroy(typed));
    CHECK_OK(mvvm_object_destroy(generic));

    /* A user list: on-appear loads, did-select-row emits user-selected. */
    mvvm_object *list = NULL;
    CHECK_OK(mvvm_user_list_new(w.repository, &list));
    recorder list_rows, selected;
    recorder_reset(&list_rows);
    recorder_reset(&selected);
    CONNECT(list, "rows-changed", on_changes, &list_rows);
    CONNECT(list, "user-selected", on_int64, &selected);
    CHECK_OK(mvvm_object_invoke_by_name(list, "on-appear", NULL, 0, NULL));
    PUMP_UNTIL(list_rows.calls == 1, HARNESS_PUMP_BUDGET);
    mvvm_value row = v_int64(4);
    CHECK_OK(mvvm_object_invoke(list, ID(MVVM_TYPE_USER_LIST, "did-select-row"), &row, 1, NULL));
    CHECK_EQ(selected.calls, 1);
    CHECK_EQ(selected.value, 5);
    mvvm_value outside = v_int64(10);
    CHECK_STATUS(mvvm_object_invoke_by_name(list, "did-select-row", &outside, 1, NULL), MVVM_E_OUT_OF_RANGE);
    CHECK_STATUS(mvvm_object_invoke_by_name(list, "did-display-row", &outside, 1, NULL), MVVM_E_OUT_OF_RANGE);
    CHECK_EQ(selected.calls, 1);
    CHECK_OK(mvvm_object_destroy(list));

    /* A stopwatch, a coordinator. */
    mvvm_object *stopwatch = NULL;
    CHECK_OK(mvvm_stopwatch_new(&stopwatch));
    CHECK_OK(mvvm_object_invoke_by_name(stopwatch, "button-tapped", NULL, 0, NULL));
    int32_t running = -1;
    CHECK_OK(mvvm_stopwatch_get_is_running(stopwatch, &running));
    CHECK_EQ(running, 1);
    CHECK_OK(mvvm_object_invoke_by_name(stopwatch, "reset", NULL, 0, NULL));
    CHECK_OK(mvvm_stopwatch_get_is_running(stopwatch, &running));
    CHECK_EQ(running, 0);
    CHECK_OK(mvvm_object_destroy(stopwatch));
    mvvm_object *coordinator = NULL;
    CHECK_OK(mvvm_coordinator_new(w.repository, &coordinator));
    recorder navigate;
    recorder_reset(&navigate);
    CONNECT(coordinator, "navigate", on_navigate, &navigate);
    CHECK_OK(mvvm_object_invoke_by_name(coordinator, "start", NULL, 0, NULL));
    CHECK_OK(mvvm_object_invoke_by_name(coordinator, "show-search", NULL, 0, NULL));
    CHECK_EQ(navigate.calls, 2);
    CHECK_EQ(type_of(navigate.screen), MVVM_TYPE_USER_SEARCH);
    CHECK_OK(mvvm_object_invoke(coordinator, ID(MVVM_TYPE_COORDINATOR, "back"), NULL, 0, NULL));
    CHECK_EQ(navigate.calls, 3);
    CHECK_EQ(navigate.value, MVVM_NAVIGATION_POP);
    CHECK_OK(mvvm_object_destroy(coordinator));
}

static void test_invoke_refuses_wrong_members_counts_and_kinds(void) {
    mvvm_object *sorted = w.sorted;
    recorder rows;
    recorder_reset(&rows);
    uint64_t connection = CONNECT(sorted, "rows-changed", on_changes, &rows);
    int64_t before = -1;
    CHECK_OK(mvvm_sorted_integers_get_count(sorted, &before));
    uint32_t add = ID(MVVM_TYPE_SORTED_INTEGERS, "add");
    mvvm_value five = v_int64(5);
    mvvm_value result = v_sentinel();

    /* Not a command: properties, signals, lists, the constructor. */
    static const char *const not_commands[] = {"count", "notify::count", "rows-changed", "values", "new"};
    for (size_t i = 0; i < sizeof not_commands / sizeof not_commands[0]; i++) {
        CHECK_STATUS(mvvm_object_invoke(sorted, ID(MVVM_TYPE_SORTED_INTEGERS, not_commands[i]), NULL, 0, &result),
                     MVVM_E_INVALID_ARGUMENT);
        CHECK_STATUS(mvvm_object_invoke_by_name(sorted, not_commands[i], NULL, 0, &result), MVVM_E_INVALID_ARGUMENT);
    }
    CHECK_STATUS(mvvm_object_invoke(sorted, 999, NULL, 0, &result), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_object_invoke_by_name(sorted, "no-such-command", NULL, 0, &result), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_object_invoke_by_name(sorted, "refresh", NULL, 0, &result), MVVM_E_UNKNOWN_NAME);
    CHECK_STATUS(mvvm_object_invoke_by_name(sorted, NULL, NULL, 0, &result), MVVM_E_INVALID_ARGUMENT);
    /* Wrong counts. */
    CHECK_STATUS(mvvm_object_invoke(sorted, add, NULL, 0, &result), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "value") != NULL);
    mvvm_value two[] = {five, five};
    CHECK_STATUS(mvvm_object_invoke(sorted, add, two, 2, &result), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_invoke_by_name(sorted, "add-new-integer", &five, 1, &result), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_object_invoke(sorted, add, NULL, 1, &result), MVVM_E_INVALID_ARGUMENT);
    /* Wrong kinds. */
    mvvm_value wrong[] = {v_int64(0), v_uint64(5), v_kind(MVVM_VALUE_INT32), v_string("5"), v_kind(MVVM_VALUE_NONE),
                          v_bool(1), v_kind(MVVM_VALUE_DOUBLE), v_kind(42)};
    for (size_t i = 1; i < sizeof wrong / sizeof wrong[0]; i++) {
        CHECK_STATUS(mvvm_object_invoke(sorted, add, &wrong[i], 1, &result), MVVM_E_INVALID_ARGUMENT);
    }
    /* A boolean outside 0/1, invalid UTF-8, a NULL string. */
    mvvm_value two_bool = v_bool(2);
    CHECK_STATUS(mvvm_object_invoke(sorted, add, &two_bool, 1, &result), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "0 or 1") != NULL);
    mvvm_value bad_query = v_string("caf\xc3");
    CHECK_STATUS(mvvm_object_invoke_by_name(w.search, "set-query", &bad_query, 1, &result), MVVM_E_INVALID_UTF8);
    mvvm_value null_query = v_string(NULL);
    CHECK_STATUS(mvvm_object_invoke_by_name(w.search, "set-query", &null_query, 1, &result), MVVM_E_INVALID_ARGUMENT);
    /* Handles. */
    CHECK_STATUS(mvvm_object_invoke(NULL, add, &five, 1, &result), MVVM_E_INVALID_HANDLE);
    CHECK_STATUS(mvvm_object_invoke_by_name(NULL, "add", &five, 1, &result), MVVM_E_INVALID_HANDLE);
    CHECK(is_sentinel(&result));
    /* Nothing happened. */
    int64_t after = -1;
    CHECK_OK(mvvm_sorted_integers_get_count(sorted, &after));
    CHECK_EQ(after, before);
    CHECK_EQ(rows.calls, 0);
    const char *query = NULL;
    CHECK_OK(mvvm_user_search_get_query(w.search, &query));
    CHECK_STR_EQ(query, "a");
    CHECK_OK(mvvm_signal_disconnect(connection));
}

/* ------------------------------------------------------------------------------------------
 * Threads
 * ---------------------------------------------------------------------------------------- */

typedef struct thread_calls {
    mvvm_status get, get_by_name, set, set_by_name, invoke, invoke_by_name, count, get_item, object_new, find;
    mvvm_value value;
    int64_t count_value;
    mvvm_object *made;
    uint32_t found;
} thread_calls;

static void *generic_calls_on_thread(void *argument) {
    thread_calls *t = argument;
    mvvm_value text = v_string("From A Thread");
    mvvm_value repository = v_object(w.repository);
    mvvm_value five = v_int64(5);
    t->get = mvvm_object_get(w.detail, 1, &t->value);
    t->get_by_name = mvvm_object_get_by_name(w.detail, "draft-name", &t->value);
    t->set = mvvm_object_set(w.detail, 1, &text);
    t->set_by_name = mvvm_object_set_by_name(w.detail, "draft-name", &text);
    t->invoke = mvvm_object_invoke(w.sorted, 2, &five, 1, &t->value);
    t->invoke_by_name = mvvm_object_invoke_by_name(w.sorted, "add", &five, 1, &t->value);
    t->count = mvvm_object_count(w.sorted, 6, &t->count_value);
    t->get_item = mvvm_object_get_item(w.sorted, 6, 0, &t->value);
    t->object_new = mvvm_object_new(MVVM_TYPE_USER_LIST, &repository, 1, &t->made);
    t->find = mvvm_member_find(MVVM_TYPE_USER_DETAIL, "draft-name", &t->found); /* any thread */
    return NULL;
}

static void test_generic_calls_from_another_thread_are_wrong_thread(void) {
    /* The ids the thread uses, checked here. */
    CHECK_EQ(ID(MVVM_TYPE_USER_DETAIL, "draft-name"), 1);
    CHECK_EQ(ID(MVVM_TYPE_SORTED_INTEGERS, "add"), 2);
    CHECK_EQ(ID(MVVM_TYPE_SORTED_INTEGERS, "values"), 6);
    int64_t count_before = -1;
    CHECK_OK(mvvm_sorted_integers_get_count(w.sorted, &count_before));
    thread_calls t;
    memset(&t, 0, sizeof t);
    t.value = v_sentinel();
    t.count_value = 77;
    t.made = (mvvm_object *)(uintptr_t)0x1;
    t.found = 77;
    pthread_t thread;
    REQUIRE(pthread_create(&thread, NULL, generic_calls_on_thread, &t) == 0);
    pthread_join(thread, NULL);
    CHECK_EQ(t.get, MVVM_E_WRONG_THREAD);
    CHECK_EQ(t.get_by_name, MVVM_E_WRONG_THREAD);
    CHECK_EQ(t.set, MVVM_E_WRONG_THREAD);
    CHECK_EQ(t.set_by_name, MVVM_E_WRONG_THREAD);
    CHECK_EQ(t.invoke, MVVM_E_WRONG_THREAD);
    CHECK_EQ(t.invoke_by_name, MVVM_E_WRONG_THREAD);
    CHECK_EQ(t.count, MVVM_E_WRONG_THREAD);
    CHECK_EQ(t.get_item, MVVM_E_WRONG_THREAD);
    CHECK_EQ(t.object_new, MVVM_E_WRONG_THREAD);
    CHECK(is_sentinel(&t.value));
    CHECK_EQ(t.count_value, 77);
    CHECK(t.made == (mvvm_object *)(uintptr_t)0x1);
    CHECK_EQ(t.find, MVVM_OK);
    CHECK_EQ(t.found, 1);
    /* Nothing changed. */
    const char *draft = NULL;
    CHECK_OK(mvvm_user_detail_get_draft_name(w.detail, &draft));
    CHECK_STR_EQ(draft, "Edited Name");
    int64_t count_after = -1;
    CHECK_OK(mvvm_sorted_integers_get_count(w.sorted, &count_after));
    CHECK_EQ(count_after, count_before);
    pump_until_idle(5);
}

/* Last: shuts the runtime down. */
static void test_after_shutdown_generic_calls_are_not_initialized(void) {
    mvvm_object *list = w.list;
    uint32_t count_id = ID(MVVM_TYPE_USER_LIST, "count");
    CHECK_OK(mvvm_shutdown());
    mvvm_value value = v_sentinel();
    int64_t n = 77;
    mvvm_object *made = (mvvm_object *)(uintptr_t)0x1;
    mvvm_value repository = v_object(w.repository);
    CHECK_STATUS(mvvm_object_get(list, count_id, &value), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_object_get_by_name(list, "count", &value), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_object_count(list, ID(MVVM_TYPE_USER_LIST, "rows"), &n), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_object_invoke_by_name(list, "refresh", NULL, 0, NULL), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_object_new(MVVM_TYPE_USER_LIST, &repository, 1, &made), MVVM_E_NOT_INITIALIZED);
    CHECK(is_sentinel(&value));
    CHECK_EQ(n, 77);
    CHECK(made == (mvvm_object *)(uintptr_t)0x1);
    /* The tables are static: finding a member needs no runtime. */
    uint32_t id = 0;
    CHECK_OK(mvvm_member_find(MVVM_TYPE_USER_LIST, "count", &id));
    CHECK_EQ(id, count_id);
}

int main(void) {
    harness_init();
    RUN_TEST(test_member_find_gives_each_member_its_index);
    RUN_TEST(test_member_find_refuses_unknown_names_and_types);
    shared_repository = make_sample_repository(30, 10, -1, -1);
    RUN_TEST(test_object_new_makes_every_view_model_type);
    RUN_TEST(test_object_new_refuses_wrong_arguments);
    build_world();
    RUN_TEST(test_generic_reads_agree_with_the_typed_getters_on_every_type);
    RUN_TEST(test_reading_refuses_wrong_kinds_unknown_ids_and_bad_indexes);
    RUN_TEST(test_values_handed_out_are_borrowed_until_the_next_getter_of_that_object);
    RUN_TEST(test_set_writes_settable_properties_like_their_setters);
    RUN_TEST(test_set_refuses_read_only_wrong_kinds_and_bad_values);
    RUN_TEST(test_invoke_runs_commands_like_their_typed_functions);
    RUN_TEST(test_invoke_refuses_wrong_members_counts_and_kinds);
    RUN_TEST(test_generic_calls_from_another_thread_are_wrong_thread);
    destroy_world();
    CHECK_OK(mvvm_object_destroy(shared_repository));
    build_world();
    RUN_TEST(test_after_shutdown_generic_calls_are_not_initialized);
    return harness_finish();
}
