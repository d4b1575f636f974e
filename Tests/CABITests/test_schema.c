/*
 * test_schema.c: the schema hash (mvvm.h, "THE SCHEMA HASH"). The application's header and
 * the library it was generated with agree (mvvm_seeds_check_schema()); any other hash is
 * refused with MVVM_E_SCHEMA and a message naming both hashes and what to regenerate; the
 * functions work on any thread, before mvvm_init() too, and refuse bad arguments.
 */
#include "harness.h"

#include <pthread.h>

static void test_the_header_and_the_library_agree(void) {
    CHECK_OK(mvvm_seeds_check_schema());
    const char *hash = NULL;
    CHECK_OK(mvvm_schema_hash(&hash));
    REQUIRE(hash != NULL);
    CHECK_STR_EQ(hash, MVVM_SEEDS_SCHEMA_HASH);
    CHECK_EQ(strlen(hash), 16);
    CHECK(strspn(hash, "0123456789abcdef") == 16);
    /* Static storage: the same pointer every time. */
    const char *again = NULL;
    CHECK_OK(mvvm_schema_hash(&again));
    CHECK(again == hash);
}

static void test_another_hash_is_refused_naming_both_and_the_generator(void) {
    CHECK_STATUS(mvvm_schema_check("0123456789abcdef"), MVVM_E_SCHEMA);
    const char *message = mvvm_last_error_message();
    CHECK(strstr(message, "0123456789abcdef") != NULL);
    CHECK(strstr(message, MVVM_SEEDS_SCHEMA_HASH) != NULL);
    CHECK(strstr(message, "Regenerate the header") != NULL);
    CHECK_STR_EQ(mvvm_status_name(MVVM_E_SCHEMA), "MVVM_E_SCHEMA");
    /* A success clears the message. */
    CHECK_OK(mvvm_seeds_check_schema());
    CHECK_STR_EQ(mvvm_last_error_message(), "");
}

static void test_bad_arguments_are_refused(void) {
    CHECK_STATUS(mvvm_schema_check(NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_schema_check("\xff\xfe"), MVVM_E_INVALID_UTF8);
    CHECK_STATUS(mvvm_schema_hash(NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_schema_check(""), MVVM_E_SCHEMA);
}

static void *check_on_thread(void *result) {
    *(mvvm_status *)result = mvvm_seeds_check_schema();
    return NULL;
}

static void test_any_thread(void) {
    mvvm_status result = MVVM_E_STATE;
    pthread_t thread;
    REQUIRE(pthread_create(&thread, NULL, check_on_thread, &result) == 0);
    pthread_join(thread, NULL);
    CHECK_EQ(result, MVVM_OK);
}

int main(void) {
    /* Before mvvm_init(). */
    mvvm_status before = mvvm_seeds_check_schema();
    harness_init();
    CHECK_EQ(before, MVVM_OK);
    RUN_TEST(test_the_header_and_the_library_agree);
    RUN_TEST(test_another_hash_is_refused_naming_both_and_the_generator);
    RUN_TEST(test_bad_arguments_are_refused);
    RUN_TEST(test_any_thread);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
