/* test_introspection.c: mvvm_type_describe() against the header. Every type describes every
 * member the header lists, in the documented order (properties, commands then "set-NAME"
 * setters, signals, lists, the constructor), with the C signature the header declares
 * (checked by the compiler below) and its shape (value kind, flags, enum, related member,
 * counter, arguments, doc); every function named exists in the library (dlsym) and works on
 * an object of that type; every signal can be connected; every argument-less command can
 * become a closure. */
#include "harness.h"

#include <ctype.h>
#include <dlfcn.h>
#include <pthread.h>

typedef void (*any_function)(void);

typedef struct expected_argument {
    const char *name;
    mvvm_value_kind kind;
} expected_argument;

typedef struct expected_member {
    const char *name;
    mvvm_member_kind kind;
    const char *function; /* NULL for signals */
    const char *signature;
    any_function address; /* the function as the header declares it; NULL for signals */
    /* The shape. */
    mvvm_value_kind value_kind;
    uint32_t flags;
    const char *enum_name;
    const char *related;
    const char *count;
    size_t argument_count;
    expected_argument arguments[2];
    const char *doc; /* NULL: any non-empty sentence (signals: "") */
} expected_member;

/* The signature strings are made from the very parameter lists that the compiler checks
 * against the header's prototypes: a mismatch is a comparison of distinct pointer types,
 * which -Werror turns into a build failure. */
#define TYPE_CHECKED(function, args) \
    ((any_function)(sizeof((mvvm_status(*) args)0 == (function)) ? (any_function)(function) : NULL))
#define FUNCTION(function, args) #function, "mvvm_status (*)" #args, TYPE_CHECKED(function, args)
#define NO_ARGUMENTS 0, {{NULL, 0}, {NULL, 0}}
#define INDEX_ARGUMENT 1, {{"index", MVVM_VALUE_INT64}, {NULL, 0}}

/* A property: announced by "notify::NAME". */
#define PROPERTY(name, function, args, value_kind, flags, enum_name) \
    {name, MVVM_MEMBER_PROPERTY, FUNCTION(function, args), value_kind, flags, enum_name, "notify::" name, NULL, NO_ARGUMENTS, NULL}
/* A command declared by the type: its result kind, then its argument count and arguments. */
#define COMMAND(name, function, args, result, ...) \
    {name, MVVM_MEMBER_COMMAND, FUNCTION(function, args), result, 0, NULL, NULL, NULL, __VA_ARGS__, NULL}
/* The "set-NAME" command of settable property `property`. */
#define SETTER(name, function, args, property, argument) \
    {name, MVVM_MEMBER_COMMAND, FUNCTION(function, args), MVVM_VALUE_NONE, 0, NULL, property, NULL, 1, {argument, {NULL, 0}}, NULL}
#define SIGNAL(name, args) \
    {name, MVVM_MEMBER_SIGNAL, NULL, "void (*)" #args, NULL, MVVM_VALUE_NONE, 0, NULL, NULL, NULL, NO_ARGUMENTS, ""}
#define EVENT(name, args, doc) \
    {name, MVVM_MEMBER_SIGNAL, NULL, "void (*)" #args, NULL, MVVM_VALUE_NONE, 0, NULL, NULL, NULL, NO_ARGUMENTS, doc}
#define LIST(name, function, args, item_kind, related, count) \
    {name, MVVM_MEMBER_LIST, FUNCTION(function, args), item_kind, 0, NULL, related, count, INDEX_ARGUMENT, NULL}
#define CONSTRUCTOR(function, args, ...) \
    {"new", MVVM_MEMBER_CONSTRUCTOR, FUNCTION(function, args), MVVM_VALUE_OBJECT, 0, NULL, NULL, NULL, __VA_ARGS__, NULL}
#define END {NULL, 0, NULL, NULL, NULL, 0, 0, NULL, NULL, NULL, NO_ARGUMENTS, NULL}

#define ARG(name, kind) {name, kind}
#define REPOSITORY_ARGUMENT 1, {ARG("repository", MVVM_VALUE_OBJECT), {NULL, 0}}

static const expected_member repository_members[] = {END};

static const expected_member user_list_members[] = {
    PROPERTY("loading", mvvm_user_list_get_loading, (mvvm_object *, int32_t *), MVVM_VALUE_INT32, 0, "mvvm_loading"),
    PROPERTY("error-message", mvvm_user_list_get_error_message, (mvvm_object *, const char **), MVVM_VALUE_STRING,
             MVVM_MEMBER_NULLABLE, NULL),
    PROPERTY("count", mvvm_user_list_get_count, (mvvm_object *, int64_t *), MVVM_VALUE_INT64, 0, NULL),
    PROPERTY("has-more-pages", mvvm_user_list_get_has_more_pages, (mvvm_object *, int32_t *), MVVM_VALUE_BOOL, 0, NULL),
    COMMAND("on-appear", mvvm_user_list_on_appear, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    COMMAND("refresh", mvvm_user_list_refresh, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    COMMAND("did-display-row", mvvm_user_list_did_display_row, (mvvm_object *, int64_t), MVVM_VALUE_NONE, INDEX_ARGUMENT),
    COMMAND("did-select-row", mvvm_user_list_did_select_row, (mvvm_object *, int64_t), MVVM_VALUE_NONE, INDEX_ARGUMENT),
    COMMAND("dismiss-error", mvvm_user_list_dismiss_error, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    SIGNAL("notify::loading", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::error-message", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::count", (mvvm_object *, int64_t, void *)),
    SIGNAL("notify::has-more-pages", (mvvm_object *, int32_t, void *)),
    SIGNAL("rows-changed", (mvvm_object *, const mvvm_list_change *, size_t, void *)),
    EVENT("user-selected", (mvvm_object *, int64_t, void *), "The user of a selected row."),
    LIST("rows", mvvm_user_list_get_row, (mvvm_object *, int64_t, mvvm_user *), MVVM_VALUE_USER, "rows-changed", "count"),
    CONSTRUCTOR(mvvm_user_list_new, (mvvm_object *, mvvm_object **), REPOSITORY_ARGUMENT),
    END,
};

static const expected_member user_detail_members[] = {
    PROPERTY("user", mvvm_user_detail_get_user, (mvvm_object *, int32_t *, mvvm_user *), MVVM_VALUE_USER,
             MVVM_MEMBER_NULLABLE, NULL),
    PROPERTY("draft-name", mvvm_user_detail_get_draft_name, (mvvm_object *, const char **), MVVM_VALUE_STRING,
             MVVM_MEMBER_SETTABLE, NULL),
    PROPERTY("is-saving", mvvm_user_detail_get_is_saving, (mvvm_object *, int32_t *), MVVM_VALUE_BOOL, 0, NULL),
    PROPERTY("is-dirty", mvvm_user_detail_get_is_dirty, (mvvm_object *, int32_t *), MVVM_VALUE_BOOL, 0, NULL),
    PROPERTY("can-save", mvvm_user_detail_get_can_save, (mvvm_object *, int32_t *), MVVM_VALUE_BOOL, 0, NULL),
    PROPERTY("validation-message", mvvm_user_detail_get_validation_message, (mvvm_object *, const char **),
             MVVM_VALUE_STRING, MVVM_MEMBER_NULLABLE, NULL),
    PROPERTY("error-message", mvvm_user_detail_get_error_message, (mvvm_object *, const char **), MVVM_VALUE_STRING,
             MVVM_MEMBER_NULLABLE, NULL),
    COMMAND("on-appear", mvvm_user_detail_on_appear, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    COMMAND("save", mvvm_user_detail_save, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    /* The setters of settable properties come after the declared commands. */
    SETTER("set-draft-name", mvvm_user_detail_set_draft_name, (mvvm_object *, const char *), "draft-name",
           ARG("draft_name", MVVM_VALUE_STRING)),
    SIGNAL("notify::user", (mvvm_object *, const mvvm_user *, void *)),
    SIGNAL("notify::draft-name", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::is-saving", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::is-dirty", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::can-save", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::validation-message", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::error-message", (mvvm_object *, const char *, void *)),
    EVENT("did-save", (mvvm_object *, const mvvm_user *, void *), "The user as stored, after each successful save."),
    CONSTRUCTOR(mvvm_user_detail_new, (mvvm_object *, int64_t, mvvm_object **),
                2, {ARG("repository", MVVM_VALUE_OBJECT), ARG("user_id", MVVM_VALUE_INT64)}),
    END,
};

static const expected_member post_detail_members[] = {
    PROPERTY("state", mvvm_post_detail_get_state, (mvvm_object *, int32_t *), MVVM_VALUE_INT32, 0, "mvvm_view_state"),
    PROPERTY("is-liked", mvvm_post_detail_get_is_liked, (mvvm_object *, int32_t *), MVVM_VALUE_BOOL, 0, NULL),
    PROPERTY("likes-count", mvvm_post_detail_get_likes_count, (mvvm_object *, int64_t *), MVVM_VALUE_INT64, 0, NULL),
    PROPERTY("error-message", mvvm_post_detail_get_error_message, (mvvm_object *, const char **), MVVM_VALUE_STRING,
             MVVM_MEMBER_NULLABLE, NULL),
    PROPERTY("post", mvvm_post_detail_get_post, (mvvm_object *, mvvm_post *), MVVM_VALUE_POST, MVVM_MEMBER_NULLABLE, NULL),
    COMMAND("on-appear", mvvm_post_detail_on_appear, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    COMMAND("toggle-like", mvvm_post_detail_toggle_like, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    SIGNAL("notify::state", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::is-liked", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::likes-count", (mvvm_object *, int64_t, void *)),
    SIGNAL("notify::error-message", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::post", (mvvm_object *, const mvvm_post *, void *)),
    /* No change signal; counted by the typed getter mvvm_post_detail_get_comment_count. */
    LIST("comments", mvvm_post_detail_get_comment, (mvvm_object *, int64_t, mvvm_comment *), MVVM_VALUE_COMMENT, NULL,
         "comment-count"),
    CONSTRUCTOR(mvvm_post_detail_new, (mvvm_object *, int64_t, mvvm_object **),
                2, {ARG("repository", MVVM_VALUE_OBJECT), ARG("post_id", MVVM_VALUE_INT64)}),
    END,
};

static const expected_member sorted_integers_members[] = {
    PROPERTY("count", mvvm_sorted_integers_get_count, (mvvm_object *, int64_t *), MVVM_VALUE_INT64, 0, NULL),
    COMMAND("add-new-integer", mvvm_sorted_integers_add_new_integer, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    COMMAND("add", mvvm_sorted_integers_add, (mvvm_object *, int64_t, int64_t *), MVVM_VALUE_INT64,
            1, {ARG("value", MVVM_VALUE_INT64), {NULL, 0}}),
    COMMAND("remove-at", mvvm_sorted_integers_remove_at, (mvvm_object *, int64_t), MVVM_VALUE_NONE, INDEX_ARGUMENT),
    SIGNAL("notify::count", (mvvm_object *, int64_t, void *)),
    SIGNAL("rows-changed", (mvvm_object *, const mvvm_list_change *, size_t, void *)),
    LIST("values", mvvm_sorted_integers_get_value, (mvvm_object *, int64_t, int64_t *), MVVM_VALUE_INT64, "rows-changed",
         "count"),
    CONSTRUCTOR(mvvm_sorted_integers_new, (const int64_t *, size_t, uint64_t, mvvm_object **),
                2, {ARG("initial_values", MVVM_VALUE_INT64_ARRAY), ARG("random_seed", MVVM_VALUE_UINT64)}),
    END,
};

static const expected_member stopwatch_members[] = {
    PROPERTY("elapsed-text", mvvm_stopwatch_get_elapsed_text, (mvvm_object *, const char **), MVVM_VALUE_STRING, 0, NULL),
    PROPERTY("button-text", mvvm_stopwatch_get_button_text, (mvvm_object *, const char **), MVVM_VALUE_STRING, 0, NULL),
    PROPERTY("is-running", mvvm_stopwatch_get_is_running, (mvvm_object *, int32_t *), MVVM_VALUE_BOOL, 0, NULL),
    PROPERTY("is-lap-enabled", mvvm_stopwatch_get_is_lap_enabled, (mvvm_object *, int32_t *), MVVM_VALUE_BOOL, 0, NULL),
    PROPERTY("lap-count", mvvm_stopwatch_get_lap_count, (mvvm_object *, int64_t *), MVVM_VALUE_INT64, 0, NULL),
    COMMAND("button-tapped", mvvm_stopwatch_button_tapped, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    COMMAND("lap", mvvm_stopwatch_lap, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    COMMAND("reset", mvvm_stopwatch_reset, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    SIGNAL("notify::elapsed-text", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::button-text", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::is-running", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::is-lap-enabled", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::lap-count", (mvvm_object *, int64_t, void *)),
    SIGNAL("laps-changed", (mvvm_object *, const mvvm_list_change *, size_t, void *)),
    LIST("laps", mvvm_stopwatch_get_lap, (mvvm_object *, int64_t, const char **), MVVM_VALUE_STRING, "laps-changed",
         "lap-count"),
    CONSTRUCTOR(mvvm_stopwatch_new, (mvvm_object **), NO_ARGUMENTS),
    END,
};

static const expected_member coordinator_members[] = {
    COMMAND("start", mvvm_coordinator_start, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    COMMAND("back", mvvm_coordinator_back, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    COMMAND("show-search", mvvm_coordinator_show_search, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    EVENT("navigate", (mvvm_object *, int32_t, mvvm_object *, void *),
          "A screen was pushed or popped: `action` is an mvvm_navigation; for a pop, `screen` is the popped handle, "
          "already invalid: compare it, do not call with it. A popped screen's handle stays valid until the end of the "
          "library call that popped it (so what it announced, \"did-save\" included, is delivered first). A push "
          "caused by a selection is delivered after the selection's own signal (\"user-selected\" first, then "
          "\"navigate\")."),
    /* No change signal ("navigate" reports the stack); counted by mvvm_coordinator_get_depth. */
    LIST("screens", mvvm_coordinator_get_screen, (mvvm_object *, int64_t, mvvm_object **), MVVM_VALUE_OBJECT, NULL, "depth"),
    CONSTRUCTOR(mvvm_coordinator_new, (mvvm_object *, mvvm_object **), REPOSITORY_ARGUMENT),
    END,
};

static const expected_member user_search_members[] = {
    PROPERTY("query", mvvm_user_search_get_query, (mvvm_object *, const char **), MVVM_VALUE_STRING, MVVM_MEMBER_SETTABLE,
             NULL),
    PROPERTY("is-searching", mvvm_user_search_get_is_searching, (mvvm_object *, int32_t *), MVVM_VALUE_BOOL, 0, NULL),
    PROPERTY("is-query-empty", mvvm_user_search_get_is_query_empty, (mvvm_object *, int32_t *), MVVM_VALUE_BOOL, 0, NULL),
    PROPERTY("error-message", mvvm_user_search_get_error_message, (mvvm_object *, const char **), MVVM_VALUE_STRING,
             MVVM_MEMBER_NULLABLE, NULL),
    PROPERTY("count", mvvm_user_search_get_count, (mvvm_object *, int64_t *), MVVM_VALUE_INT64, 0, NULL),
    PROPERTY("has-more-pages", mvvm_user_search_get_has_more_pages, (mvvm_object *, int32_t *), MVVM_VALUE_BOOL, 0, NULL),
    COMMAND("did-display-row", mvvm_user_search_did_display_row, (mvvm_object *, int64_t), MVVM_VALUE_NONE, INDEX_ARGUMENT),
    COMMAND("did-select-row", mvvm_user_search_did_select_row, (mvvm_object *, int64_t), MVVM_VALUE_NONE, INDEX_ARGUMENT),
    COMMAND("dismiss-error", mvvm_user_search_dismiss_error, (mvvm_object *), MVVM_VALUE_NONE, NO_ARGUMENTS),
    SETTER("set-query", mvvm_user_search_set_query, (mvvm_object *, const char *), "query", ARG("query", MVVM_VALUE_STRING)),
    SIGNAL("notify::query", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::is-searching", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::is-query-empty", (mvvm_object *, int32_t, void *)),
    SIGNAL("notify::error-message", (mvvm_object *, const char *, void *)),
    SIGNAL("notify::count", (mvvm_object *, int64_t, void *)),
    SIGNAL("notify::has-more-pages", (mvvm_object *, int32_t, void *)),
    SIGNAL("rows-changed", (mvvm_object *, const mvvm_list_change *, size_t, void *)),
    EVENT("user-selected", (mvvm_object *, int64_t, void *), "The user of a selected result."),
    LIST("rows", mvvm_user_search_get_row, (mvvm_object *, int64_t, mvvm_user *), MVVM_VALUE_USER, "rows-changed", "count"),
    CONSTRUCTOR(mvvm_user_search_new, (mvvm_object *, mvvm_object **), REPOSITORY_ARGUMENT),
    END,
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
    {MVVM_TYPE_USER_SEARCH, "UserSearch", user_search_members},
};
#define TYPE_COUNT (sizeof expected_types / sizeof expected_types[0])
/* The last type of the header's enumeration. */
#define LAST_TYPE MVVM_TYPE_USER_SEARCH

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
    CHECK_EQ(TYPE_COUNT, LAST_TYPE); /* one expected table per type, 1..LAST_TYPE */
    for (size_t t = 0; t < TYPE_COUNT; t++) {
        const expected_type *expected = &expected_types[t];
        const mvvm_type_info *info = NULL;
        CHECK_OK(mvvm_type_describe(expected->type, &info));
        if (info == NULL) continue;
        CHECK_EQ(info->type, expected->type);
        CHECK_STR_EQ(info->name, expected->name);
        CHECK_EQ(info->member_count, expected_count(expected->members));
        CHECK(info->member_count == 0 || info->members != NULL);
        CHECK(info->member_count == 0 || info->shapes != NULL);
        if (info->members == NULL || info->shapes == NULL) continue;
        /* In order: the member id is the index. */
        size_t count = expected_count(expected->members);
        if (info->member_count < count) count = info->member_count;
        for (size_t i = 0; i < count; i++) {
            const expected_member *member = &expected->members[i];
            const mvvm_member_info *found = &info->members[i];
            char where[160];
            snprintf(where, sizeof where, "%s member %zu (%s)", expected->name, i, member->name);
            if (!harness_strings_equal(found->name, member->name) || found->kind != member->kind) {
                harness_report(__FILE__, __LINE__, where, found->name != NULL ? found->name : "(null)");
                continue;
            }
            CHECK_STR_EQ(found->function, member->function);
            CHECK_STR_EQ(found->c_signature, member->signature);
            const mvvm_member_shape *shape = &info->shapes[i];
            int failures = harness_current_failures;
            CHECK_EQ(shape->value_kind, member->value_kind);
            CHECK_EQ(shape->flags, member->flags);
            CHECK_STR_EQ(shape->enum_name, member->enum_name);
            CHECK_STR_EQ(shape->related, member->related);
            CHECK_STR_EQ(shape->count, member->count);
            CHECK_EQ(shape->argument_count, member->argument_count);
            CHECK((shape->argument_count == 0) == (shape->arguments == NULL));
            for (size_t a = 0; a < shape->argument_count && a < member->argument_count && shape->arguments != NULL; a++) {
                CHECK_STR_EQ(shape->arguments[a].name, member->arguments[a].name);
                CHECK_EQ(shape->arguments[a].kind, member->arguments[a].kind);
            }
            CHECK(shape->doc != NULL);
            if (member->doc != NULL) {
                CHECK_STR_EQ(shape->doc, member->doc);
            } else if (shape->doc != NULL) {
                CHECK(shape->doc[0] != '\0');
            }
            if (harness_current_failures != failures) fprintf(stderr, "    (in the shape of %s)\n", where);
        }
    }
}

/* The documented order: properties, commands (declared, then "set-NAME"), signals, lists,
 * the constructor; names unique within a type (mvvm_member_find() takes a name alone). */
static void test_members_come_in_the_documented_order(void) {
    for (size_t t = 0; t < TYPE_COUNT; t++) {
        const mvvm_type_info *info = NULL;
        CHECK_OK(mvvm_type_describe(expected_types[t].type, &info));
        if (info == NULL || info->member_count == 0) continue;
        int seen_setter = 0;
        for (size_t i = 0; i < info->member_count; i++) {
            const mvvm_member_info *m = &info->members[i];
            if (i > 0) CHECK(info->members[i - 1].kind <= m->kind);
            if (m->kind == MVVM_MEMBER_COMMAND) {
                int is_setter = info->shapes[i].related != NULL;
                if (is_setter) seen_setter = 1;
                else CHECK(!seen_setter); /* a declared command after a setter */
            }
            if (m->kind == MVVM_MEMBER_CONSTRUCTOR) {
                CHECK_EQ(i, info->member_count - 1);
                CHECK_STR_EQ(m->name, "new");
            }
            for (size_t j = 0; j < i; j++) CHECK(strcmp(info->members[j].name, m->name) != 0);
        }
    }
}

static const mvvm_member_info *find_any(const mvvm_type_info *info, const char *name, size_t *out_index) {
    for (size_t i = 0; i < info->member_count; i++) {
        if (strcmp(info->members[i].name, name) == 0) {
            if (out_index != NULL) *out_index = i;
            return &info->members[i];
        }
    }
    return NULL;
}

static int valid_value_kind(int kind) { return kind >= MVVM_VALUE_NONE && kind <= MVVM_VALUE_INT64_ARRAY; }

/* "mvvm_user_list_" from the constructor "mvvm_user_list_new". */
static void function_prefix(const mvvm_type_info *info, char *prefix, size_t size) {
    prefix[0] = '\0';
    if (info->member_count == 0) return;
    const mvvm_member_info *last = &info->members[info->member_count - 1];
    if (last->kind != MVVM_MEMBER_CONSTRUCTOR || last->function == NULL) return;
    size_t length = strlen(last->function);
    if (length < 4 || strcmp(last->function + length - 4, "_new") != 0) return;
    snprintf(prefix, size, "%.*s", (int)(length - 3), last->function);
}

static void test_every_member_is_well_formed(void) {
    for (size_t t = 0; t < TYPE_COUNT; t++) {
        const mvvm_type_info *info = NULL;
        CHECK_OK(mvvm_type_describe(expected_types[t].type, &info));
        if (info == NULL || info->member_count == 0) continue;
        char prefix[64];
        function_prefix(info, prefix, sizeof prefix);
        CHECK(prefix[0] != '\0');
        for (size_t i = 0; i < info->member_count; i++) {
            const mvvm_member_info *m = &info->members[i];
            const mvvm_member_shape *shape = &info->shapes[i];
            CHECK(m->name != NULL && m->c_signature != NULL);
            if (m->name == NULL || m->c_signature == NULL) continue;
            CHECK(m->kind >= MVVM_MEMBER_PROPERTY && m->kind <= MVVM_MEMBER_CONSTRUCTOR);
            CHECK(valid_value_kind(shape->value_kind));
            CHECK((shape->flags & ~(uint32_t)(MVVM_MEMBER_SETTABLE | MVVM_MEMBER_NULLABLE)) == 0);
            CHECK(shape->enum_name == NULL || shape->value_kind == MVVM_VALUE_INT32);
            CHECK((shape->argument_count == 0) == (shape->arguments == NULL));
            for (size_t a = 0; a < shape->argument_count && shape->arguments != NULL; a++) {
                CHECK(shape->arguments[a].name != NULL && shape->arguments[a].name[0] != '\0');
                CHECK(valid_value_kind(shape->arguments[a].kind) && shape->arguments[a].kind != MVVM_VALUE_NONE);
            }
            CHECK(shape->doc != NULL);
            switch (m->kind) {
            case MVVM_MEMBER_SIGNAL: {
                CHECK(m->function == NULL);
                const char *name = strncmp(m->name, "notify::", 8) == 0 ? m->name + 8 : m->name;
                CHECK(is_kebab_case(name));
                CHECK(strncmp(m->c_signature, "void (*)(mvvm_object *, ", 24) == 0);
                size_t length = strlen(m->c_signature);
                CHECK(length > 9 && strcmp(m->c_signature + length - 9, ", void *)") == 0);
                /* A notify:: signal announces a property of the same name. */
                if (name != m->name) CHECK(find_member(info, name, MVVM_MEMBER_PROPERTY) != NULL);
                CHECK_EQ(shape->value_kind, MVVM_VALUE_NONE);
                CHECK_EQ(shape->flags, 0);
                CHECK(shape->related == NULL && shape->count == NULL && shape->argument_count == 0);
                break;
            }
            case MVVM_MEMBER_PROPERTY: {
                CHECK(is_kebab_case(m->name));
                CHECK(m->function != NULL && strncmp(m->function, prefix, strlen(prefix)) == 0);
                CHECK(strncmp(m->c_signature, "mvvm_status (*)(mvvm_object *, ", 31) == 0);
                CHECK(shape->value_kind != MVVM_VALUE_NONE && shape->value_kind != MVVM_VALUE_INT64_ARRAY);
                /* Announced by notify::NAME, which its shape names. */
                char signal[128];
                snprintf(signal, sizeof signal, "notify::%s", m->name);
                CHECK(find_member(info, signal, MVVM_MEMBER_SIGNAL) != NULL);
                CHECK_STR_EQ(shape->related, signal);
                CHECK(shape->count == NULL && shape->argument_count == 0);
                /* Settable exactly when a "set-NAME" command sets it. */
                char setter[128];
                snprintf(setter, sizeof setter, "set-%s", m->name);
                size_t setter_index = 0;
                const mvvm_member_info *set = find_any(info, setter, &setter_index);
                CHECK_EQ((shape->flags & MVVM_MEMBER_SETTABLE) != 0, set != NULL && set->kind == MVVM_MEMBER_COMMAND);
                if (set != NULL) {
                    CHECK_STR_EQ(info->shapes[setter_index].related, m->name);
                    CHECK_EQ(info->shapes[setter_index].argument_count, 1);
                    if (info->shapes[setter_index].argument_count == 1)
                        CHECK_EQ(info->shapes[setter_index].arguments[0].kind, shape->value_kind);
                }
                break;
            }
            case MVVM_MEMBER_COMMAND:
                CHECK(is_kebab_case(m->name));
                CHECK(m->function != NULL && strncmp(m->function, prefix, strlen(prefix)) == 0);
                CHECK(strncmp(m->c_signature, "mvvm_status (*)(mvvm_object *", 29) == 0);
                CHECK(shape->count == NULL && shape->flags == 0);
                /* Only a setter names a property. */
                if (shape->related != NULL) {
                    size_t index = 0;
                    const mvvm_member_info *property = find_any(info, shape->related, &index);
                    CHECK(property != NULL && property->kind == MVVM_MEMBER_PROPERTY);
                    if (property != NULL) CHECK(info->shapes[index].flags & MVVM_MEMBER_SETTABLE);
                    CHECK(strncmp(m->name, "set-", 4) == 0 && strcmp(m->name + 4, shape->related) == 0);
                }
                break;
            case MVVM_MEMBER_LIST: {
                CHECK(is_kebab_case(m->name));
                CHECK(m->function != NULL && strncmp(m->function, prefix, strlen(prefix)) == 0);
                CHECK(strncmp(m->c_signature, "mvvm_status (*)(mvvm_object *, int64_t, ", 40) == 0);
                CHECK(shape->value_kind != MVVM_VALUE_NONE && shape->value_kind != MVVM_VALUE_INT64_ARRAY);
                CHECK_EQ(shape->flags, 0);
                /* Its change sets come on a list-change signal of the type, if any. */
                if (shape->related != NULL) {
                    const mvvm_member_info *signal = find_member(info, shape->related, MVVM_MEMBER_SIGNAL);
                    CHECK(signal != NULL);
                    if (signal != NULL)
                        CHECK_STR_EQ(signal->c_signature, "void (*)(mvvm_object *, const mvvm_list_change *, size_t, void *)");
                }
                /* Counted by an int64 property of the type, or by the typed getter of that name. */
                CHECK(shape->count != NULL);
                if (shape->count == NULL) break;
                size_t index = 0;
                const mvvm_member_info *counter = find_any(info, shape->count, &index);
                if (counter != NULL) {
                    CHECK_EQ(counter->kind, MVVM_MEMBER_PROPERTY);
                    CHECK_EQ(info->shapes[index].value_kind, MVVM_VALUE_INT64);
                } else {
                    char getter[128];
                    int n = snprintf(getter, sizeof getter, "%sget_%s", prefix, shape->count);
                    for (int c = (int)strlen(prefix); c < n; c++) {
                        if (getter[c] == '-') getter[c] = '_';
                    }
                    if (dlsym(RTLD_DEFAULT, getter) == NULL) harness_report(__FILE__, __LINE__, getter, "no such counting getter");
                }
                break;
            }
            case MVVM_MEMBER_CONSTRUCTOR: {
                CHECK_STR_EQ(m->name, "new");
                CHECK_EQ(i, info->member_count - 1);
                CHECK_EQ(shape->value_kind, MVVM_VALUE_OBJECT);
                CHECK(strncmp(m->c_signature, "mvvm_status (*)(", 16) == 0);
                size_t length = strlen(m->c_signature);
                CHECK(length > 15 && strcmp(m->c_signature + length - 15, "mvvm_object **)") == 0);
                CHECK(shape->related == NULL && shape->count == NULL && shape->flags == 0);
                break;
            }
            default:
                break;
            }
        }
    }
}

/* `function` as C spells it, from its typed parameters: "mvvm_status (*)(mvvm_object *, int64_t *)". */
static void spell_function(const mvvm_c_function *function, char *out, size_t size) {
    size_t used = (size_t)snprintf(out, size, "%s (*)(", function->result == MVVM_C_STATUS ? "mvvm_status" : "void");
    for (size_t p = 0; p < function->parameter_count && used < size; p++) {
        used += (size_t)snprintf(out + used, size - used, "%s%s", p == 0 ? "" : ", ", function->parameters[p].spelling);
    }
    if (used < size) snprintf(out + used, size - used, ")");
}

/* The typed functions (mvvm_type_info.functions) say what c_signature says, which the
 * compiler checked against the header's prototypes above, and follow the header's rules of
 * direction and ownership. */
static void test_every_member_has_its_typed_c_function(void) {
    for (size_t t = 0; t < TYPE_COUNT; t++) {
        const mvvm_type_info *info = NULL;
        CHECK_OK(mvvm_type_describe(expected_types[t].type, &info));
        if (info == NULL || info->member_count == 0) continue;
        CHECK(info->functions != NULL);
        if (info->functions == NULL) continue;
        for (size_t i = 0; i < info->member_count; i++) {
            const mvvm_member_info *m = &info->members[i];
            const mvvm_c_function *f = &info->functions[i];
            char spelled[512];
            spell_function(f, spelled, sizeof spelled);
            CHECK_STR_EQ(spelled, m->c_signature);
            CHECK(f->parameter_count >= 1 && f->parameters != NULL);
            if (f->parameter_count == 0 || f->parameters == NULL) continue;
            const mvvm_c_parameter *first = &f->parameters[0];
            const mvvm_c_parameter *last = &f->parameters[f->parameter_count - 1];
            for (size_t p = 0; p < f->parameter_count; p++) {
                const mvvm_c_parameter *parameter = &f->parameters[p];
                CHECK(parameter->name != NULL && parameter->name[0] != '\0');
                CHECK((parameter->type_name != NULL) == (parameter->base == MVVM_C_RECORD || parameter->base == MVVM_C_VTABLE));
                /* An out-parameter is a pointer, named out_*, never const at the outer level. */
                if (parameter->direction == MVVM_C_OUT) {
                    CHECK(parameter->pointers >= 1);
                    CHECK(strncmp(parameter->name, "out_", 4) == 0);
                }
                /* Strings: borrowed when written by the library, lent when passed to it. */
                if (parameter->base == MVVM_C_CHAR) {
                    CHECK(parameter->is_const == 1);
                    CHECK_EQ(parameter->ownership, parameter->direction == MVVM_C_OUT ? MVVM_C_BORROWED : MVVM_C_LENT);
                }
            }
            if (m->kind == MVVM_MEMBER_SIGNAL) {
                CHECK_EQ(f->result, MVVM_C_VOID);
                CHECK(first->base == MVVM_C_OBJECT && first->pointers == 1 && first->direction == MVVM_C_IN);
                CHECK(last->base == MVVM_C_VOID && last->pointers == 1 && strcmp(last->name, "user_data") == 0);
            } else {
                CHECK_EQ(f->result, MVVM_C_STATUS);
            }
            if (m->kind == MVVM_MEMBER_CONSTRUCTOR) {
                /* The new object is the caller's. */
                CHECK(last->base == MVVM_C_OBJECT && last->pointers == 2);
                CHECK_EQ(last->direction, MVVM_C_OUT);
                CHECK_EQ(last->ownership, MVVM_C_OWNED);
            } else if (m->kind != MVVM_MEMBER_SIGNAL) {
                /* The object called on: the handle, by value. */
                CHECK(first->base == MVVM_C_OBJECT && first->pointers == 1);
                CHECK_EQ(first->ownership, MVVM_C_BY_VALUE);
            }
            if (m->kind == MVVM_MEMBER_PROPERTY || m->kind == MVVM_MEMBER_LIST) CHECK_EQ(last->direction, MVVM_C_OUT);
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

/* The repository's named constructors are described in header order, each the very function
 * the header declares, with its typed C function: the parameters (an options struct as
 * MVVM_C_OPTIONS with its name), then the owned out-parameter. Types made by
 * mvvm_object_new() describe none. */
static void test_named_constructors_are_described_with_their_functions(void) {
    static const struct {
        const char *name;
        const char *function;
        const char *signature;
        any_function address;
    } expected[] = {
        {"new_sample", FUNCTION(mvvm_repository_new_sample, (const mvvm_sample_options *, mvvm_object **))},
        {"new_json_file", FUNCTION(mvvm_repository_new_json_file, (const char *, mvvm_object **))},
        {"new_sqlite", FUNCTION(mvvm_repository_new_sqlite, (const char *, const mvvm_sample_options *, mvvm_object **))},
        {"new_http", FUNCTION(mvvm_repository_new_http, (const char *, const char *, mvvm_object **))},
        {"new_http_with_options",
         FUNCTION(mvvm_repository_new_http_with_options, (const char *, const char *, const mvvm_http_options *, mvvm_object **))},
        {"new_host", FUNCTION(mvvm_repository_new_host, (const mvvm_user_repository_vtable *, const mvvm_post_repository_vtable *,
                                                         void *, mvvm_destroy_notify, mvvm_object **))},
    };
    const mvvm_type_info *info = NULL;
    CHECK_OK(mvvm_type_describe(MVVM_TYPE_REPOSITORY, &info));
    if (info == NULL) return;
    CHECK_EQ(info->constructor_count, sizeof expected / sizeof expected[0]);
    if (info->constructor_count != sizeof expected / sizeof expected[0] || info->constructors == NULL) return;
    for (size_t i = 0; i < info->constructor_count; i++) {
        const mvvm_constructor_info *c = &info->constructors[i];
        CHECK_STR_EQ(c->name, expected[i].name);
        CHECK_STR_EQ(c->function, expected[i].function);
        CHECK(c->doc != NULL && c->doc[0] != '\0');
        char spelled[512];
        spell_function(&c->c_function, spelled, sizeof spelled);
        CHECK_STR_EQ(spelled, expected[i].signature);
        void *symbol = dlsym(RTLD_DEFAULT, c->function);
        any_function resolved;
        memcpy(&resolved, &symbol, sizeof resolved);
        CHECK(symbol != NULL && resolved == expected[i].address);
        const mvvm_c_parameter *out = &c->c_function.parameters[c->c_function.parameter_count - 1];
        CHECK_STR_EQ(out->name, "out_repository");
        CHECK_EQ(out->direction, MVVM_C_OUT);
        CHECK_EQ(out->ownership, MVVM_C_OWNED);
    }
    const mvvm_c_parameter *fill = &info->constructors[2].c_function.parameters[1];
    CHECK_EQ(fill->base, MVVM_C_OPTIONS);
    CHECK_STR_EQ(fill->type_name, "mvvm_sample_options");
    CHECK_STR_EQ(fill->name, "fill_or_null");
    CHECK_EQ(fill->ownership, MVVM_C_LENT);
    CHECK_OK(mvvm_type_describe(MVVM_TYPE_USER_LIST, &info));
    if (info != NULL) CHECK(info->constructor_count == 0 && info->constructors == NULL);
}

static void test_describe_refuses_unknown_types_and_null(void) {
    const mvvm_type_info *info = (const mvvm_type_info *)(uintptr_t)0x99;
    CHECK_STATUS(mvvm_type_describe((mvvm_type)0, &info), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_type_describe((mvvm_type)(LAST_TYPE + 1), &info), MVVM_E_INVALID_ARGUMENT);
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
    case MVVM_TYPE_USER_SEARCH: CHECK_OK(mvvm_user_search_new(repository_for_instances, &object)); break;
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
            } else if (strcmp(m->c_signature, "mvvm_status (*)(mvvm_object *, mvvm_post *)") == 0) {
                mvvm_status (*getter)(mvvm_object *, mvvm_post *);
                memcpy(&getter, &symbol, sizeof getter);
                mvvm_post post = {.id = -77};
                CHECK_STATUS(getter(object, &post), MVVM_E_STATE); /* not loaded yet */
                CHECK_EQ(post.id, -77);
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
    RUN_TEST(test_members_come_in_the_documented_order);
    RUN_TEST(test_every_member_is_well_formed);
    RUN_TEST(test_every_member_has_its_typed_c_function);
    RUN_TEST(test_every_function_named_exists_in_the_library);
    RUN_TEST(test_named_constructors_are_described_with_their_functions);
    RUN_TEST(test_describe_refuses_unknown_types_and_null);
    RUN_TEST(test_every_signal_listed_can_be_connected);
    RUN_TEST(test_every_argument_less_command_can_become_a_closure);
    RUN_TEST(test_every_property_getter_reads_an_object_of_its_type);
    RUN_TEST(test_descriptions_are_static_and_any_thread); /* shuts down and re-inits: last */
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
