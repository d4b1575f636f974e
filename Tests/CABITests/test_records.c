/* test_records.c: the records' C face, mvvm_record_describe(), mvvm_record_find() and
 * mvvm_record_list(), against the header: each of the header's record structs is described
 * with its kind, names, size and every field at its offsetof(); the list holds exactly those,
 * in kind order, as static storage; bad arguments and unknown names are refused with statuses
 * and messages, leaving the outputs untouched; all of it from any thread, before mvvm_init(). */
#include "harness.h"

#include <pthread.h>
#include <stddef.h>

typedef struct expected_field {
    const char *name;
    mvvm_value_kind kind;
    size_t offset;
} expected_field;

#define FIELD(type, name, kind) {#name, kind, offsetof(type, name)}

static const expected_field user_fields[] = {
    FIELD(mvvm_user, id, MVVM_VALUE_INT64),
    FIELD(mvvm_user, name, MVVM_VALUE_STRING),
    FIELD(mvvm_user, email, MVVM_VALUE_STRING),
};

static const expected_field post_fields[] = {
    FIELD(mvvm_post, id, MVVM_VALUE_INT64),
    FIELD(mvvm_post, title, MVVM_VALUE_STRING),
    FIELD(mvvm_post, body, MVVM_VALUE_STRING),
    FIELD(mvvm_post, author_name, MVVM_VALUE_STRING),
    FIELD(mvvm_post, created_at, MVVM_VALUE_DOUBLE),
    FIELD(mvvm_post, likes_count, MVVM_VALUE_INT64),
    FIELD(mvvm_post, liked_by_current_user, MVVM_VALUE_BOOL),
    FIELD(mvvm_post, comments_count, MVVM_VALUE_INT64),
};

static const expected_field comment_fields[] = {
    FIELD(mvvm_comment, id, MVVM_VALUE_INT64),
    FIELD(mvvm_comment, author_name, MVVM_VALUE_STRING),
    FIELD(mvvm_comment, body, MVVM_VALUE_STRING),
};

static const struct {
    const char *name, *c_type, *c_kind;
    int32_t kind;
    size_t size, alignment;
    int32_t readable;
    const expected_field *fields;
    size_t field_count;
} header_records[] = {
    {"User", "mvvm_user", "MVVM_VALUE_USER", MVVM_VALUE_USER, sizeof(mvvm_user), _Alignof(mvvm_user), 1, user_fields, 3},
    {"Post", "mvvm_post", "MVVM_VALUE_POST", MVVM_VALUE_POST, sizeof(mvvm_post), _Alignof(mvvm_post), 0, post_fields, 8},
    {"Comment", "mvvm_comment", "MVVM_VALUE_COMMENT", MVVM_VALUE_COMMENT, sizeof(mvvm_comment), _Alignof(mvvm_comment), 0,
     comment_fields, 3},
};
#define HEADER_RECORD_COUNT (sizeof header_records / sizeof header_records[0])

typedef struct thread_lookup {
    mvvm_status describe_status;
    const mvvm_record_info *info;
} thread_lookup;

static void *describe_on_thread(void *context) {
    thread_lookup *lookup = context;
    lookup->describe_status = mvvm_record_describe(MVVM_VALUE_POST, &lookup->info);
    return NULL;
}

static thread_lookup first_lookup;

static void test_the_first_description_may_come_from_another_thread_before_init(void) {
    CHECK_OK(first_lookup.describe_status);
    REQUIRE(first_lookup.info != NULL);
    CHECK_STR_EQ(first_lookup.info->c_type, "mvvm_post");
    const mvvm_record_info *again = NULL;
    CHECK_OK(mvvm_record_describe(MVVM_VALUE_POST, &again));
    CHECK(again == first_lookup.info); /* static storage */
}

static void test_every_header_record_is_described_as_the_header_lays_it_out(void) {
    for (size_t i = 0; i < HEADER_RECORD_COUNT; i++) {
        const mvvm_record_info *info = NULL;
        REQUIRE_OK(mvvm_record_describe(header_records[i].kind, &info));
        CHECK_EQ(info->kind, header_records[i].kind);
        CHECK_STR_EQ(info->name, header_records[i].name);
        CHECK_STR_EQ(info->c_type, header_records[i].c_type);
        CHECK_STR_EQ(info->c_kind, header_records[i].c_kind);
        CHECK_EQ(info->size, header_records[i].size);
        CHECK_EQ(info->alignment, header_records[i].alignment);
        CHECK_EQ(info->readable, header_records[i].readable);
        CHECK(info->doc != NULL && info->doc[0] != '\0');
        REQUIRE(info->field_count == header_records[i].field_count);
        for (size_t f = 0; f < info->field_count; f++) {
            CHECK_STR_EQ(info->fields[f].name, header_records[i].fields[f].name);
            CHECK_EQ(info->fields[f].kind, header_records[i].fields[f].kind);
            CHECK_EQ(info->fields[f].offset, header_records[i].fields[f].offset);
            CHECK_EQ(info->fields[f].flags, 0u);
            CHECK(info->fields[f].doc != NULL);
            CHECK(info->field_enum_names[f] == NULL); /* the seeds' records hold no enum */
        }
    }
}

static void test_every_header_record_is_found_by_name_and_listed_in_kind_order(void) {
    const int32_t *kinds = NULL;
    size_t count = 0;
    REQUIRE_OK(mvvm_record_list(&kinds, &count));
    REQUIRE(count == HEADER_RECORD_COUNT);
    for (size_t i = 0; i < HEADER_RECORD_COUNT; i++) {
        CHECK_EQ(kinds[i], header_records[i].kind);
        int32_t found = 0;
        CHECK_OK(mvvm_record_find(header_records[i].name, &found));
        CHECK_EQ(found, header_records[i].kind);
    }
    const int32_t *again = NULL;
    CHECK_OK(mvvm_record_list(&again, &count));
    CHECK(again == kinds);
}

static void test_a_kind_that_is_no_record_is_refused_naming_the_records(void) {
    const int32_t not_records[] = {0, MVVM_VALUE_STRING, MVVM_VALUE_OBJECT, MVVM_VALUE_INT64_ARRAY, 12, -1, 1000};
    for (size_t i = 0; i < sizeof not_records / sizeof not_records[0]; i++) {
        const mvvm_record_info *info = (const mvvm_record_info *)(uintptr_t)0x1234;
        CHECK_STATUS(mvvm_record_describe(not_records[i], &info), MVVM_E_INVALID_ARGUMENT);
        CHECK(info == (const mvvm_record_info *)(uintptr_t)0x1234);
        CHECK(strstr(mvvm_last_error_message(), "User (7)") != NULL);
    }
    CHECK_STATUS(mvvm_record_describe(MVVM_VALUE_USER, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "out_info") != NULL);
}

static void test_find_refuses_bad_names_and_null_arguments_and_writes_nothing(void) {
    int32_t found = 42;
    CHECK_STATUS(mvvm_record_find(NULL, &found), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_record_find("User", NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "out_kind") != NULL);
    CHECK_STATUS(mvvm_record_find("Us\xff" "er", &found), MVVM_E_INVALID_UTF8);
    const char *unknown[] = {"", "user", "mvvm_user", "MVVM_VALUE_USER", "User "};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        CHECK_STATUS(mvvm_record_find(unknown[i], &found), MVVM_E_UNKNOWN_NAME);
        CHECK(strstr(mvvm_last_error_message(), "Comment (9)") != NULL);
    }
    CHECK_EQ(found, 42);
}

static void test_list_refuses_null_arguments_and_writes_nothing(void) {
    const int32_t *sentinel = (const int32_t *)(uintptr_t)0x1234;
    const int32_t *kinds = sentinel;
    size_t count = 77;
    CHECK_STATUS(mvvm_record_list(NULL, &count), MVVM_E_INVALID_ARGUMENT);
    CHECK_EQ(count, (size_t)77);
    CHECK_STATUS(mvvm_record_list(&kinds, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK(kinds == sentinel);
}

int main(void) {
    pthread_t thread;
    if (pthread_create(&thread, NULL, describe_on_thread, &first_lookup) != 0) return 2;
    pthread_join(thread, NULL);
    harness_init();
    RUN_TEST(test_the_first_description_may_come_from_another_thread_before_init);
    RUN_TEST(test_every_header_record_is_described_as_the_header_lays_it_out);
    RUN_TEST(test_every_header_record_is_found_by_name_and_listed_in_kind_order);
    RUN_TEST(test_a_kind_that_is_no_record_is_refused_naming_the_records);
    RUN_TEST(test_find_refuses_bad_names_and_null_arguments_and_writes_nothing);
    RUN_TEST(test_list_refuses_null_arguments_and_writes_nothing);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
