/* test_introspection.c: mvvm_type_describe() against the header. Every type describes every
 * member the header lists, with the C signature the header declares (checked by the compiler
 * below); every function named exists in the library (dlsym) and works on an object of that
 * type; every signal can be connected; every argument-less command can become a closure. */
#include "harness.h"

#include <ctype.h>
#include <dlfcn.h>
#include <pthread.h>

typedef void (*any_function)(void);

typedef struct expected_member {
    const char *name;
    mvvm_member_kind kind;
    const char *function; /* NULL for signals */
    const char *signature;
    any_function address; /* the function as the header declares it; NULL for signals */
} expected_member;

/* The signature strings are made from the very parameter lists that the compiler checks
 * against the header's prototypes: a mismatch is a comparison of distinct pointer types,
 * which -Werror turns into a build failure. */
#define TYPE_CHECKED(function, args) \
    ((any_function)(sizeof((mvvm_status(*) args)0 == (function)) ? (any_function)(function) : NULL))
#define PROPERTY(name, function, args) \
    {name, MVVM_MEMBER_PROPERTY, #function, "mvvm_status (*)" #args, TYPE_CHECKED(function, args)}
#define COMMAND(name, function, args) \
    {name, MVVM_MEMBER_COMMAND, #function, "mvvm_status (*)" #args, TYPE_CHECKED(function, args)}
#define SIGNAL(name, args) {name, MVVM_MEMBER_SIGNAL, NULL, "void (*)" #args, NULL}

static const expected_member repository_members[] = {{NULL, 0, NULL, NULL, NULL}};

static const expected_member user_list_members[] = {
    PROPERTY("loading", mvvm_user_list_get_loading, (mvvm_object *, int32_t *)),
    PROPERTY("error-message", mvvm_user_list_get_error_message, (mvvm_object *, const char **)),
    PROPERTY("count", mvvm_user_list_get_count, (mvvm_object *, int64_t *)),
    PROPERTY("has-more-pages", mvvm_user_list_get_has_more_pages, (mvvm_object *, int32_t *)),
    COMMAND("on-appear", mvvm_user_list_on_appear, (mvvm_object *)),
    COMMAND("refresh", mvvm_user_list_refresh, (mvvm_object *)),
    COMMAND("did-display-row", mvvm_user_list_did_display_row, (mvvm_object *, int64_t)),
    COMMAND("did-select-row", mvvm_user_list_did_select_row, (mvvm_object *, int64_t)),
    COMMAND("dismiss-error", mvvm_user_list_dismiss_error, (mvvm_object *)),
    SIGNAL("notify::loading", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::error-message", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::count", (mvvm_object *, int64_t, void *)),
    SIGNAL("notify::has-more-pages", (mvvm_object *, int32_t, void *)),
    SIGNAL("rows-changed", (mvvm_object *, const mvvm_list_change *, size_t, void *)),
    SIGNAL("user-selected", (mvvm_object *, int64_t, void *)),
    {NULL, 0, NULL, NULL, NULL},
};

static const expected_member user_detail_members[] = {
    PROPERTY("user", mvvm_user_detail_get_user, (mvvm_object *, int32_t *, mvvm_user *)),
    PROPERTY("draft-name", mvvm_user_detail_get_draft_name, (mvvm_object *, const char **)),
    PROPERTY("is-saving", mvvm_user_detail_get_is_saving, (mvvm_object *, int32_t *)),
    PROPERTY("is-dirty", mvvm_user_detail_get_is_dirty, (mvvm_object *, int32_t *)),
    PROPERTY("can-save", mvvm_user_detail_get_can_save, (mvvm_object *, int32_t *)),
    PROPERTY("validation-message", mvvm_user_detail_get_validation_message, (mvvm_object *, const char **)),
    PROPERTY("error-message", mvvm_user_detail_get_error_message, (mvvm_object *, const char **)),
    COMMAND("on-appear", mvvm_user_detail_on_appear, (mvvm_object *)),
    COMMAND("set-draft-name", mvvm_user_detail_set_draft_name, (mvvm_object *, const char *)),
    COMMAND("save", mvvm_user_detail_save, (mvvm_object *)),
    SIGNAL("notify::user", (mvvm_object *, const mvvm_user *, void *)),
    SIGNAL("notify::draft-name", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::is-saving", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::is-dirty", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::can-save", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::validation-message", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::error-message", (mvvm_object *, const char *, void *)),
    SIGNAL("did-save", (mvvm_object *, const mvvm_user *, void *)),
    {NULL, 0, NULL, NULL, NULL},
};

static const expected_member post_detail_members[] = {
    PROPERTY("state", mvvm_post_detail_get_state, (mvvm_object *, int32_t *)),
    PROPERTY("is-liked", mvvm_post_detail_get_is_liked, (mvvm_object *, int32_t *)),
    PROPERTY("likes-count", mvvm_post_detail_get_likes_count, (mvvm_object *, int64_t *)),
    PROPERTY("error-message", mvvm_post_detail_get_error_message, (mvvm_object *, const char **)),
    COMMAND("on-appear", mvvm_post_detail_on_appear, (mvvm_object *)),
    COMMAND("toggle-like", mvvm_post_detail_toggle_like, (mvvm_object *)),
    SIGNAL("notify::state", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::is-liked", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::likes-count", (mvvm_object *, int64_t, void *)),
    SIGNAL("notify::error-message", (mvvm_object *, const char *, void *)),
    {NULL, 0, NULL, NULL, NULL},
};

static const expected_member sorted_integers_members[] = {
    PROPERTY("count", mvvm_sorted_integers_get_count, (mvvm_object *, int64_t *)),
    COMMAND("add-new-integer", mvvm_sorted_integers_add_new_integer, (mvvm_object *)),
    COMMAND("add", mvvm_sorted_integers_add, (mvvm_object *, int64_t, int64_t *)),
    COMMAND("remove-at", mvvm_sorted_integers_remove_at, (mvvm_object *, int64_t)),
    SIGNAL("notify::count", (mvvm_object *, int64_t, void *)),
    SIGNAL("rows-changed", (mvvm_object *, const mvvm_list_change *, size_t, void *)),
    {NULL, 0, NULL, NULL, NULL},
};

static const expected_member stopwatch_members[] = {
    PROPERTY("elapsed-text", mvvm_stopwatch_get_elapsed_text, (mvvm_object *, const char **)),
    PROPERTY("button-text", mvvm_stopwatch_get_button_text, (mvvm_object *, const char **)),
    PROPERTY("is-running", mvvm_stopwatch_get_is_running, (mvvm_object *, int32_t *)),
    PROPERTY("is-lap-enabled", mvvm_stopwatch_get_is_lap_enabled, (mvvm_object *, int32_t *)),
    PROPERTY("lap-count", mvvm_stopwatch_get_lap_count, (mvvm_object *, int64_t *)),
    COMMAND("button-tapped", mvvm_stopwatch_button_tapped, (mvvm_object *)),
    COMMAND("lap", mvvm_stopwatch_lap, (mvvm_object *)),
    COMMAND("reset", mvvm_stopwatch_reset, (mvvm_object *)),
    SIGNAL("notify::elapsed-text", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::button-text", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::is-running", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::is-lap-enabled", (mvvm_object *, int32_t, void *)),
    /* "lap-count" is a property, so "notify::lap-count" announces it (the header's signal
     * list of the stopwatch omits it; the member-kind rule of the header requires it). */
    SIGNAL("notify::lap-count", (mvvm_object *, int64_t, void *)),
    SIGNAL("laps-changed", (mvvm_object *, const mvvm_list_change *, size_t, void *)),
    {NULL, 0, NULL, NULL, NULL},
};

static const expected_member coordinator_members[] = {
    COMMAND("start", mvvm_coordinator_start, (mvvm_object *)),
    COMMAND("back", mvvm_coordinator_back, (mvvm_object *)),
    SIGNAL("navigate", (mvvm_object *, int32_t, mvvm_object *, void *)),
    {NULL, 0, NULL, NULL, NULL},
};

typedef struct expected_type {
    mvvm_type type;
    const char *name;
    const expected_member *members;
} expected_type;

static const expected_type expected_types[] = {
    {MVVM_TYPE_REPOSITORY, "Repository", repository_members},
    {MVVM_TYPE_USER_LIST, "UserList", user_list_members},
    {MVVM_TYPE_USER_DETAIL, "UserDetail", user_detail_members},
    {MVVM_TYPE_POST_DETAIL, "PostDetail", post_detail_members},
    {MVVM_TYPE_SORTED_INTEGERS, "SortedIntegers", sorted_integers_members},
    {MVVM_TYPE_STOPWATCH, "Stopwatch", stopwatch_members},
    {MVVM_TYPE_COORDINATOR, "Coordinator", coordinator_members},
};
#define TYPE_COUNT (sizeof expected_types / sizeof expected_types[0])

static size_t expected_count(const expected_member *members) {
    size_t count = 0;
    while (members[count].name != NULL) count++;
    return count;
}

static const mvvm_member_info *find_member(const mvvm_type_info *info, const char *name, mvvm_member_kind kind) {
    for (size_t i = 0; i < info->member_count; i++) {
        if (info->members[i].kind == kind && strcmp(info->members[i].name, name) == 0) return &info->members[i];
    }
    return NULL;
}

/* kebab-case: lowercase letters and digits in words joined by single hyphens. */
static int is_kebab_case(const char *name) {
    if (name[0] == '\0' || name[0] == '-') return 0;
    for (const char *c = name; *c != '\0'; c++) {
        if (*c == '-') {
            if (c[1] == '\0' || c[1] == '-') return 0;
        } else if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c))) {
            return 0;
        }
    }
    return 1;
}

/* ------------------------------------------------------------------------------------------
 * The tables
 * ---------------------------------------------------------------------------------------- */

static void test_every_type_describes_exactly_the_members_of_the_header(void) {
    for (size_t t = 0; t < TYPE_COUNT; t++) {
        const expected_type *expected = &expected_types[t];
        const mvvm_type_info *info = NULL;
        CHECK_OK(mvvm_type_describe(expected->type, &info));
        if (info == NULL) continue;
        CHECK_EQ(info->type, expected->type);
        CHECK_STR_EQ(info->name, expected->name);
        CHECK_EQ(info->member_count, expected_count(expected->members));
        CHECK(info->member_count == 0 || info->members != NULL);
        for (const expected_member *member = expected->members; member->name != NULL; member++) {
            const mvvm_member_info *found = find_member(info, member->name, member->kind);
            if (found == NULL) {
                harness_report(__FILE__, __LINE__, member->name, expected->name);
                continue;
            }
            CHECK_STR_EQ(found->function, member->function);
            CHECK_STR_EQ(found->c_signature, member->signature);
        }
    }
}

static void test_every_member_is_well_formed(void) {
    for (size_t t = 0; t < TYPE_COUNT; t++) {
        const mvvm_type_info *info = NULL;
        CHECK_OK(mvvm_type_describe(expected_types[t].type, &info));
        if (info == NULL) continue;
        for (size_t i = 0; i < info->member_count; i++) {
            const mvvm_member_info *m = &info->members[i];
            CHECK(m->name != NULL && m->c_signature != NULL);
            if (m->name == NULL || m->c_signature == NULL) continue;
            CHECK(m->kind == MVVM_MEMBER_PROPERTY || m->kind == MVVM_MEMBER_COMMAND || m->kind == MVVM_MEMBER_SIGNAL);
            if (m->kind == MVVM_MEMBER_SIGNAL) {
                CHECK(m->function == NULL);
                const char *name = strncmp(m->name, "notify::", 8) == 0 ? m->name + 8 : m->name;
                CHECK(is_kebab_case(name));
                CHECK(strncmp(m->c_signature, "void (*)(mvvm_object *, ", 24) == 0);
                size_t length = strlen(m->c_signature);
                CHECK(length > 9 && strcmp(m->c_signature + length - 9, ", void *)") == 0);
                /* A notify:: signal announces a property of the same name. */
                if (name != m->name) CHECK(find_member(info, name, MVVM_MEMBER_PROPERTY) != NULL);
            } else {
                CHECK(is_kebab_case(m->name));
                CHECK(m->function != NULL && strncmp(m->function, "mvvm_", 5) == 0);
                CHECK(strncmp(m->c_signature, "mvvm_status (*)(mvvm_object *", 29) == 0);
            }
            /* Every property is announced by notify::NAME. */
            if (m->kind == MVVM_MEMBER_PROPERTY) {
                char signal[128];
                snprintf(signal, sizeof signal, "notify::%s", m->name);
                CHECK(find_member(info, signal, MVVM_MEMBER_SIGNAL) != NULL);
            }
            /* Names are unique per kind. */
            for (size_t j = 0; j < i; j++) {
                if (info->members[j].kind == m->kind) CHECK(strcmp(info->members[j].name, m->name) != 0);
            }
        }
    }
}

static void test_every_function_named_exists_in_the_library(void) {
    for (size_t t = 0; t < TYPE_COUNT; t++) {
        const mvvm_type_info *info = NULL;
        CHECK_OK(mvvm_type_describe(expected_types[t].type, &info));
        if (info == NULL) continue;
        for (size_t i = 0; i < info->member_count; i++) {
            const mvvm_member_info *m = &info->members[i];
            if (m->function == NULL) continue;
            void *symbol = dlsym(RTLD_DEFAULT, m->function);
            if (symbol == NULL) harness_report(__FILE__, __LINE__, m->function, "dlsym found no such symbol");
        }
        /* And it is the very function the header declares under that name. */
        for (const expected_member *member = expected_types[t].members; member->name != NULL; member++) {
            if (member->function == NULL) continue;
            void *symbol = dlsym(RTLD_DEFAULT, member->function);
            any_function resolved;
            memcpy(&resolved, &symbol, sizeof resolved);
            CHECK(symbol != NULL && resolved == member->address);
        }
    }
}

static void test_describe_refuses_unknown_types_and_null(void) {
    const mvvm_type_info *info = (const mvvm_type_info *)(uintptr_t)0x99;
    CHECK_STATUS(mvvm_type_describe((mvvm_type)0, &info), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_type_describe((mvvm_type)8, &info), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_type_describe((mvvm_type)-1, &info), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_type_describe((mvvm_type)1000, &info), MVVM_E_INVALID_ARGUMENT);
    CHECK(info == (const mvvm_type_info *)(uintptr_t)0x99);
    CHECK_STATUS(mvvm_type_describe(MVVM_TYPE_USER_LIST, NULL), MVVM_E_INVALID_ARGUMENT);
}

static void *describe_on_thread(void *argument) {
    const mvvm_type_info **out = argument;
    if (mvvm_type_describe(MVVM_TYPE_STOPWATCH, out) != MVVM_OK) *out = NULL;
    return NULL;
}

static void test_descriptions_are_static_and_any_thread(void) {
    const mvvm_type_info *first = NULL, *second = NULL, *from_thread = NULL;
    CHECK_OK(mvvm_type_describe(MVVM_TYPE_STOPWATCH, &first));
    CHECK_OK(mvvm_type_describe(MVVM_TYPE_STOPWATCH, &second));
    CHECK(first != NULL && first == second);
    pthread_t thread;
    CHECK_EQ(pthread_create(&thread, NULL, describe_on_thread, &from_thread), 0);
    pthread_join(thread, NULL);
    CHECK(from_thread == first);
    /* Static storage outlives the runtime. */
    CHECK_OK(mvvm_shutdown());
    const mvvm_type_info *after = NULL;
    CHECK_OK(mvvm_type_describe(MVVM_TYPE_STOPWATCH, &after));
    CHECK(after == first);
    CHECK_STR_EQ(first->name, "Stopwatch");
    CHECK_OK(mvvm_init());
}

/* ------------------------------------------------------------------------------------------
 * The tables against live objects
 * ---------------------------------------------------------------------------------------- */

static mvvm_object *repository_for_instances;

static mvvm_object *new_instance(mvvm_type type) {
    mvvm_object *object = NULL;
    switch (type) {
    case MVVM_TYPE_REPOSITORY: CHECK_OK(mvvm_repository_new_sample(NULL, &object)); break;
    case MVVM_TYPE_USER_LIST: CHECK_OK(mvvm_user_list_new(repository_for_instances, &object)); break;
    case MVVM_TYPE_USER_DETAIL: CHECK_OK(mvvm_user_detail_new(repository_for_instances, 1, &object)); break;
    case MVVM_TYPE_POST_DETAIL: CHECK_OK(mvvm_post_detail_new(repository_for_instances, 1, &object)); break;
    case MVVM_TYPE_SORTED_INTEGERS: CHECK_OK(mvvm_sorted_integers_new(NULL, 0, 1, &object)); break;
    case MVVM_TYPE_STOPWATCH: CHECK_OK(mvvm_stopwatch_new(&object)); break;
    case MVVM_TYPE_COORDINATOR: CHECK_OK(mvvm_coordinator_new(repository_for_instances, &object)); break;
    }
    mvvm_type actual = (mvvm_type)0;
    CHECK_OK(mvvm_object_get_type(object, &actual));
    CHECK_EQ(actual, type);
    return object;
}

static void dummy_handler(void) {}

static void count_destroy(void *user_data) { (*(int *)user_data)++; }

static void test_every_signal_listed_can_be_connected(void) {
    for (size_t t = 0; t < TYPE_COUNT; t++) {
        const mvvm_type_info *info = NULL;
        CHECK_OK(mvvm_type_describe(expected_types[t].type, &info));
        if (info == NULL) continue;
        mvvm_object *object = new_instance(info->type);
        int destroyed = 0, signals = 0;
        for (size_t i = 0; i < info->member_count; i++) {
            if (info->members[i].kind != MVVM_MEMBER_SIGNAL) continue;
            signals++;
            for (uint32_t flags = MVVM_CONNECT_DEFAULT; flags <= MVVM_CONNECT_NO_OBJECT; flags++) {
                uint64_t id = 0;
                CHECK_OK(mvvm_signal_connect_flags(object, info->members[i].name, dummy_handler, &destroyed, count_destroy,
                                                   flags, &id));
                CHECK(id != 0);
            }
        }
        /* Nothing was emitted (nothing changed); destroying ends every connection. */
        CHECK_OK(mvvm_object_destroy(object));
        CHECK_EQ(destroyed, signals * 3);
    }
}

static void test_every_argument_less_command_can_become_a_closure(void) {
    for (size_t t = 0; t < TYPE_COUNT; t++) {
        const mvvm_type_info *info = NULL;
        CHECK_OK(mvvm_type_describe(expected_types[t].type, &info));
        if (info == NULL) continue;
        mvvm_object *object = new_instance(info->type);
        for (size_t i = 0; i < info->member_count; i++) {
            const mvvm_member_info *m = &info->members[i];
            mvvm_command_fn fn = NULL;
            uint64_t id = 0;
            if (m->kind == MVVM_MEMBER_COMMAND && strcmp(m->c_signature, "mvvm_status (*)(mvvm_object *)") == 0) {
                CHECK_OK(mvvm_command_closure_new(object, m->name, &fn, &id));
                CHECK_OK(mvvm_command_closure_free(id));
            } else {
                /* Commands with arguments, properties and signals are no closures. */
                CHECK_STATUS(mvvm_command_closure_new(object, m->name, &fn, &id), MVVM_E_UNKNOWN_NAME);
            }
        }
        CHECK_OK(mvvm_object_destroy(object));
    }
}

static void test_every_property_getter_reads_an_object_of_its_type(void) {
    for (size_t t = 0; t < TYPE_COUNT; t++) {
        const mvvm_type_info *info = NULL;
        CHECK_OK(mvvm_type_describe(expected_types[t].type, &info));
        if (info == NULL) continue;
        mvvm_object *object = new_instance(info->type);
        for (size_t i = 0; i < info->member_count; i++) {
            const mvvm_member_info *m = &info->members[i];
            if (m->kind != MVVM_MEMBER_PROPERTY) continue;
            void *symbol = dlsym(RTLD_DEFAULT, m->function);
            if (symbol == NULL) continue; /* reported by another test */
            /* Call through the exact type the signature names. */
            if (strcmp(m->c_signature, "mvvm_status (*)(mvvm_object *, int32_t *)") == 0) {
                mvvm_status (*getter)(mvvm_object *, int32_t *);
                memcpy(&getter, &symbol, sizeof getter);
                int32_t value = -77;
                CHECK_OK(getter(object, &value));
                CHECK(value != -77);
            } else if (strcmp(m->c_signature, "mvvm_status (*)(mvvm_object *, int64_t *)") == 0) {
                mvvm_status (*getter)(mvvm_object *, int64_t *);
                memcpy(&getter, &symbol, sizeof getter);
                int64_t value = -77;
                CHECK_OK(getter(object, &value));
                CHECK(value != -77);
            } else if (strcmp(m->c_signature, "mvvm_status (*)(mvvm_object *, const char **)") == 0) {
                mvvm_status (*getter)(mvvm_object *, const char **);
                memcpy(&getter, &symbol, sizeof getter);
                const char *value = (const char *)(uintptr_t)0x77;
                CHECK_OK(getter(object, &value));
                CHECK(value != (const char *)(uintptr_t)0x77);
            } else if (strcmp(m->c_signature, "mvvm_status (*)(mvvm_object *, int32_t *, mvvm_user *)") == 0) {
                mvvm_status (*getter)(mvvm_object *, int32_t *, mvvm_user *);
                memcpy(&getter, &symbol, sizeof getter);
                int32_t loaded = -77;
                mvvm_user user;
                CHECK_OK(getter(object, &loaded, &user));
                CHECK_EQ(loaded, 0); /* nothing loaded yet */
            } else {
                harness_report(__FILE__, __LINE__, m->c_signature, "a getter signature this test does not know");
            }
            /* A getter refuses an object of another type. */
            mvvm_object *other = new_instance(info->type == MVVM_TYPE_SORTED_INTEGERS ? MVVM_TYPE_STOPWATCH
                                                                                     : MVVM_TYPE_SORTED_INTEGERS);
            if (strstr(m->c_signature, "int64_t *") != NULL) {
                mvvm_status (*getter)(mvvm_object *, int64_t *);
                memcpy(&getter, &symbol, sizeof getter);
                int64_t value = 5;
                CHECK_STATUS(getter(other, &value), MVVM_E_WRONG_TYPE);
                CHECK_EQ(value, 5);
            }
            CHECK_OK(mvvm_object_destroy(other));
        }
        CHECK_OK(mvvm_object_destroy(object));
    }
}

int main(void) {
    harness_init();
    repository_for_instances = make_sample_repository(-1, -1, -1, -1);
    RUN_TEST(test_every_type_describes_exactly_the_members_of_the_header);
    RUN_TEST(test_every_member_is_well_formed);
    RUN_TEST(test_every_function_named_exists_in_the_library);
    RUN_TEST(test_describe_refuses_unknown_types_and_null);
    RUN_TEST(test_every_signal_listed_can_be_connected);
    RUN_TEST(test_every_argument_less_command_can_become_a_closure);
    RUN_TEST(test_every_property_getter_reads_an_object_of_its_type);
    RUN_TEST(test_descriptions_are_static_and_any_thread); /* shuts down and re-inits: last */
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
