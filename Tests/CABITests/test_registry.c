/* test_registry.c: the registry's C face, mvvm_type_find() and mvvm_type_list(), against the
 * header: every type of the header's mvvm_type enum is registered under the name
 * mvvm_type_describe() gives it, with its number unchanged; the list holds exactly those, in
 * number order, as static storage; bad arguments and unknown names are refused with statuses
 * and messages, leaving the outputs untouched; both work from any thread, before mvvm_init()
 * (the first use of the registry here is from another thread). */
#include "harness.h"

#include <pthread.h>

/* The header's types with the names the library registers them under. */
static const struct {
    const char *name;
    mvvm_type type;
} header_types[] = {
    {"Repository", MVVM_TYPE_REPOSITORY},
    {"UserList", MVVM_TYPE_USER_LIST},
    {"UserDetail", MVVM_TYPE_USER_DETAIL},
    {"PostDetail", MVVM_TYPE_POST_DETAIL},
    {"SortedIntegers", MVVM_TYPE_SORTED_INTEGERS},
    {"Stopwatch", MVVM_TYPE_STOPWATCH},
    {"Coordinator", MVVM_TYPE_COORDINATOR},
    {"UserSearch", MVVM_TYPE_USER_SEARCH},
};
#define HEADER_TYPE_COUNT (sizeof header_types / sizeof header_types[0])

typedef struct thread_lookup {
    mvvm_status find_status;
    mvvm_type found;
    mvvm_status list_status;
    const mvvm_type *types;
    size_t count;
} thread_lookup;

static void *look_up_on_thread(void *context) {
    thread_lookup *lookup = context;
    lookup->find_status = mvvm_type_find("UserSearch", &lookup->found);
    lookup->list_status = mvvm_type_list(&lookup->types, &lookup->count);
    return NULL;
}

/* Runs before mvvm_init() and before anything else touches the library. */
static thread_lookup first_lookup;

static void test_the_first_lookup_may_come_from_another_thread_before_init(void) {
    CHECK_OK(first_lookup.find_status);
    CHECK_EQ(first_lookup.found, MVVM_TYPE_USER_SEARCH);
    CHECK_OK(first_lookup.list_status);
    CHECK_EQ(first_lookup.count, HEADER_TYPE_COUNT);
    const mvvm_type *types = NULL;
    size_t count = 0;
    CHECK_OK(mvvm_type_list(&types, &count));
    CHECK(types == first_lookup.types); /* one static array */
}

static void test_every_header_type_is_found_by_its_name_with_its_number(void) {
    for (size_t i = 0; i < HEADER_TYPE_COUNT; i++) {
        mvvm_type found = (mvvm_type)0;
        CHECK_OK(mvvm_type_find(header_types[i].name, &found));
        CHECK_EQ(found, header_types[i].type);
        const mvvm_type_info *info = NULL;
        CHECK_OK(mvvm_type_describe(found, &info));
        REQUIRE(info != NULL);
        CHECK_STR_EQ(info->name, header_types[i].name);
        CHECK_EQ(info->type, header_types[i].type);
    }
}

static void test_the_list_is_every_type_in_number_order(void) {
    const mvvm_type *types = NULL;
    size_t count = 99;
    CHECK_OK(mvvm_type_list(&types, &count));
    REQUIRE(types != NULL);
    CHECK_EQ(count, HEADER_TYPE_COUNT);
    for (size_t i = 0; i < count && i < HEADER_TYPE_COUNT; i++) {
        CHECK_EQ(types[i], header_types[i].type);
        CHECK_EQ((size_t)types[i], i + 1); /* numbered from 1, in registration order */
        const mvvm_type_info *info = NULL;
        CHECK_OK(mvvm_type_describe(types[i], &info));
    }
    /* The number after the last is no type. */
    const mvvm_type_info *beyond = NULL;
    CHECK_STATUS(mvvm_type_describe((mvvm_type)(count + 1), &beyond), MVVM_E_INVALID_ARGUMENT);
}

static void test_find_refuses_null_arguments(void) {
    mvvm_type found = (mvvm_type)42;
    CHECK_STATUS(mvvm_type_find(NULL, &found), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "name") != NULL);
    CHECK_EQ(found, (mvvm_type)42);
    CHECK_STATUS(mvvm_type_find("UserList", NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "out_type") != NULL);
}

static void test_find_refuses_invalid_utf8(void) {
    mvvm_type found = (mvvm_type)42;
    CHECK_STATUS(mvvm_type_find("User\xff" "List", &found), MVVM_E_INVALID_UTF8);
    CHECK_EQ(found, (mvvm_type)42);
}

static void test_unknown_names_are_refused_with_the_names_there_are(void) {
    const char *unknown[] = {"", "Nothing", "userlist", "UserList ", " UserList", "MVVM_TYPE_USER_LIST", "user_list"};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        mvvm_type found = (mvvm_type)42;
        CHECK_STATUS(mvvm_type_find(unknown[i], &found), MVVM_E_UNKNOWN_NAME);
        CHECK_EQ(found, (mvvm_type)42);
        const char *message = mvvm_last_error_message();
        if (strstr(message, "UserList") == NULL || strstr(message, "Coordinator") == NULL) {
            harness_report(__FILE__, __LINE__, unknown[i], "the message lists the types there are");
        }
    }
    /* Success clears the message. */
    mvvm_type found = (mvvm_type)0;
    CHECK_OK(mvvm_type_find("Stopwatch", &found));
    CHECK_STR_EQ(mvvm_last_error_message(), "");
}

static void test_list_refuses_null_arguments_and_writes_nothing(void) {
    const mvvm_type *sentinel = (const mvvm_type *)(uintptr_t)0x1234;
    const mvvm_type *types = sentinel;
    size_t count = 77;
    CHECK_STATUS(mvvm_type_list(NULL, &count), MVVM_E_INVALID_ARGUMENT);
    CHECK_EQ(count, (size_t)77);
    CHECK_STATUS(mvvm_type_list(&types, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK(types == sentinel);
}

static void test_the_registry_outlives_a_shutdown(void) {
    const mvvm_type *before = NULL, *after = NULL;
    size_t count_before = 0, count_after = 0;
    CHECK_OK(mvvm_type_list(&before, &count_before));
    CHECK_OK(mvvm_shutdown());
    CHECK_OK(mvvm_type_list(&after, &count_after));
    mvvm_type found = (mvvm_type)0;
    CHECK_OK(mvvm_type_find("PostDetail", &found));
    CHECK_EQ(found, MVVM_TYPE_POST_DETAIL);
    CHECK(before == after);
    CHECK_EQ(count_before, count_after);
    CHECK_OK(mvvm_init());
}

int main(void) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, look_up_on_thread, &first_lookup) != 0) return 2;
    pthread_join(thread, NULL);
    harness_init();
    RUN_TEST(test_the_first_lookup_may_come_from_another_thread_before_init);
    RUN_TEST(test_every_header_type_is_found_by_its_name_with_its_number);
    RUN_TEST(test_the_list_is_every_type_in_number_order);
    RUN_TEST(test_find_refuses_null_arguments);
    RUN_TEST(test_find_refuses_invalid_utf8);
    RUN_TEST(test_unknown_names_are_refused_with_the_names_there_are);
    RUN_TEST(test_list_refuses_null_arguments_and_writes_nothing);
    RUN_TEST(test_the_registry_outlives_a_shutdown);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
