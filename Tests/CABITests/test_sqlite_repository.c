/* test_sqlite_repository.c: mvvm_repository_new_sqlite() through the header: libsqlite3 mapped
 * only once a SQLite repository exists, a missing file is created (filled or empty), a user
 * list pages it, a rename persists across repositories, bad options and corrupt, foreign or
 * newer files are refused at construction with the reason and the file's bytes unchanged. */
#include "harness.h"

#include <fcntl.h>
#include <sys/stat.h>

static char directory[256];

static void make_directory(void) {
    snprintf(directory, sizeof directory, "/tmp/mvvm-cabi-sqlite-XXXXXX");
    REQUIRE(mkdtemp(directory) != NULL);
}

static void path_in_directory(char *out, size_t size, const char *name) {
    snprintf(out, size, "%s/%s", directory, name);
}

/* The file's bytes (malloc'd, *size set), or NULL when it cannot be read. */
static unsigned char *read_all(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *bytes = malloc((size_t)length + 1);
    *size = fread(bytes, 1, (size_t)length, file);
    fclose(file);
    return bytes;
}

static void write_all(const char *path, const void *bytes, size_t size) {
    FILE *file = fopen(path, "wb");
    REQUIRE(file != NULL);
    CHECK_EQ(fwrite(bytes, 1, size, file), size);
    fclose(file);
}

static mvvm_sample_options fill_options(int64_t users, int32_t page_size) {
    mvvm_sample_options options;
    CHECK_OK(mvvm_sample_options_init(&options));
    options.user_count = users;
    options.page_size = page_size;
    options.post_count = 3;
    options.comments_per_post = 2;
    return options;
}

/* Loads the first page of a user list over `repository`; returns the row count. */
static int64_t first_page_count(mvvm_object *repository, mvvm_user *first_row, char *first_name, size_t name_size) {
    mvvm_object *list = NULL;
    recorder rows = {0}, loading = {0};
    CHECK_OK(mvvm_user_list_new(repository, &list));
    CONNECT(list, "rows-changed", on_changes, &rows);
    CONNECT(list, "notify::loading", on_int32, &loading);
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(loading.calls > 0 && loading.value == MVVM_LOADING_NONE, HARNESS_PUMP_BUDGET);
    int64_t count = -1;
    CHECK_OK(mvvm_user_list_get_count(list, &count));
    if (count > 0 && first_row != NULL) {
        CHECK_OK(mvvm_user_list_get_row(list, 0, first_row));
        snprintf(first_name, name_size, "%s", first_row->name);
    }
    CHECK_OK(mvvm_object_destroy(list));
    return count;
}

/* Runs first: libsqlite3 (~1,600 symbols bound at once) is opened by the first database
 * connection (the repository's first read), not when the library loads. */
static void test_libsqlite3_is_loaded_by_the_first_sqlite_repository_not_before(void) {
    CHECK_EQ(harness_objects_loaded("libsqlite3.so"), 0);
    mvvm_object *sample = NULL, *list = NULL;
    REQUIRE_OK(mvvm_repository_new_sample(NULL, &sample));
    REQUIRE_OK(mvvm_user_list_new(sample, &list));
    CHECK_EQ(harness_objects_loaded("libsqlite3.so"), 0);
    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(sample));

    char path[300];
    path_in_directory(path, sizeof path, "first.sqlite");
    mvvm_object *repository = NULL;
    REQUIRE_OK(mvvm_repository_new_sqlite(path, NULL, &repository));
    CHECK_EQ(first_page_count(repository, NULL, NULL, 0), 0);
    CHECK_EQ(harness_objects_loaded("libsqlite3.so"), 1);
    CHECK_OK(mvvm_object_destroy(repository));
}

static void test_a_missing_file_is_created_filled_and_pages_like_the_sample_data(void) {
    char path[300];
    path_in_directory(path, sizeof path, "filled/store.sqlite"); /* its folder is missing too */
    mvvm_sample_options options = fill_options(45, 10);
    mvvm_object *repository = NULL;
    CHECK_OK(mvvm_repository_new_sqlite(path, &options, &repository));
    mvvm_user row;
    char name[128] = "";
    CHECK_EQ(first_page_count(repository, &row, name, sizeof name), 10);
    CHECK_EQ(row.id, 1);

    /* The same rows as the sample repository with the same options. */
    mvvm_object *sample = NULL;
    CHECK_OK(mvvm_repository_new_sample(&options, &sample));
    mvvm_user sample_row;
    char sample_name[128] = "";
    CHECK_EQ(first_page_count(sample, &sample_row, sample_name, sizeof sample_name), 10);
    CHECK_STR_EQ(name, sample_name);
    CHECK_OK(mvvm_object_destroy(sample));
    CHECK_OK(mvvm_object_destroy(repository));
    struct stat status;
    CHECK_EQ(stat(path, &status), 0);
}

static void test_without_fill_a_missing_file_starts_empty(void) {
    char path[300];
    path_in_directory(path, sizeof path, "empty.sqlite");
    mvvm_object *repository = NULL;
    CHECK_OK(mvvm_repository_new_sqlite(path, NULL, &repository));
    CHECK_EQ(first_page_count(repository, NULL, NULL, 0), 0);
    CHECK_OK(mvvm_object_destroy(repository));
}

static void test_a_rename_is_saved_and_seen_by_a_new_repository_on_the_file(void) {
    char path[300];
    path_in_directory(path, sizeof path, "rename.sqlite");
    mvvm_sample_options options = fill_options(30, 10);
    mvvm_object *repository = NULL, *detail = NULL;
    CHECK_OK(mvvm_repository_new_sqlite(path, &options, &repository));
    CHECK_OK(mvvm_user_detail_new(repository, 2, &detail));
    recorder user = {0}, did_save = {0};
    CONNECT(detail, "notify::user", on_user, &user);
    CONNECT(detail, "did-save", on_user, &did_save);
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    PUMP_UNTIL(user.calls > 0, HARNESS_PUMP_BUDGET);
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Grace Brewster Hopper"));
    CHECK_OK(mvvm_user_detail_save(detail));
    PUMP_UNTIL(did_save.calls == 1, HARNESS_PUMP_BUDGET);
    CHECK_EQ(did_save.user_id, 2);
    CHECK_STR_EQ(did_save.text, "Grace Brewster Hopper");
    CHECK_OK(mvvm_object_destroy(detail));
    CHECK_OK(mvvm_object_destroy(repository));

    mvvm_object *again = NULL;
    CHECK_OK(mvvm_repository_new_sqlite(path, NULL, &again));
    mvvm_object *list = NULL;
    recorder loading = {0};
    CHECK_OK(mvvm_user_list_new(again, &list));
    CONNECT(list, "notify::loading", on_int32, &loading);
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(loading.calls > 0 && loading.value == MVVM_LOADING_NONE, HARNESS_PUMP_BUDGET);
    mvvm_user row;
    CHECK_OK(mvvm_user_list_get_row(list, 1, &row));
    CHECK_EQ(row.id, 2);
    CHECK_STR_EQ(row.name, "Grace Brewster Hopper");
    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(again));
}

/* mvvm_repository_new_sqlite refuses the file with MVVM_E_SYSTEM, a message naming
 * `reason`, *out untouched and the file's bytes unchanged. */
static void check_refused_untouched(const char *path, const char *reason) {
    size_t before_size = 0, after_size = 0;
    unsigned char *before = read_all(path, &before_size);
    REQUIRE(before != NULL);
    mvvm_object *repository = (mvvm_object *)(uintptr_t)0x5;
    CHECK_STATUS(mvvm_repository_new_sqlite(path, NULL, &repository), MVVM_E_SYSTEM);
    CHECK(repository == (mvvm_object *)(uintptr_t)0x5);
    const char *message = mvvm_last_error_message();
    CHECK(message != NULL && strstr(message, reason) != NULL);
    if (message == NULL || strstr(message, reason) == NULL) fprintf(stderr, "  message: %s\n", message);
    mvvm_sample_options options = fill_options(10, 5);
    CHECK_STATUS(mvvm_repository_new_sqlite(path, &options, &repository), MVVM_E_SYSTEM);
    unsigned char *after = read_all(path, &after_size);
    REQUIRE(after != NULL);
    CHECK_EQ(after_size, before_size);
    CHECK(memcmp(before, after, before_size) == 0);
    free(before);
    free(after);
}

static void test_a_file_that_is_not_a_database_is_refused_untouched(void) {
    char path[300];
    path_in_directory(path, sizeof path, "text.sqlite");
    static const char text[] = "these are not the bytes of a SQLite database, but they are over one hundred bytes long so the header check reads them all";
    write_all(path, text, sizeof text - 1);
    check_refused_untouched(path, "not a SQLite database");
}

static void test_another_applications_database_is_refused_untouched(void) {
    char path[300];
    path_in_directory(path, sizeof path, "foreign.sqlite");
    unsigned char header[512] = "SQLite format 3";
    header[16] = 0x02; /* page size 512 */
    header[68] = 0x12; /* application_id 0x12000000, not ours */
    write_all(path, header, sizeof header);
    check_refused_untouched(path, "another application");
}

static void test_a_truncated_store_is_refused_untouched(void) {
    char path[300], cut[300];
    path_in_directory(path, sizeof path, "whole.sqlite");
    path_in_directory(cut, sizeof cut, "cut.sqlite");
    mvvm_sample_options options = fill_options(20, 10);
    mvvm_object *repository = NULL;
    CHECK_OK(mvvm_repository_new_sqlite(path, &options, &repository));
    CHECK_EQ(first_page_count(repository, NULL, NULL, 0), 10);
    CHECK_OK(mvvm_object_destroy(repository));
    size_t size = 0;
    unsigned char *bytes = read_all(path, &size);
    REQUIRE(bytes != NULL && size > 64);
    write_all(cut, bytes, 64);
    free(bytes);
    check_refused_untouched(cut, "too short");
}

static void test_bad_arguments_are_refused(void) {
    char path[300];
    path_in_directory(path, sizeof path, "never.sqlite");
    mvvm_object *repository = NULL;
    mvvm_sample_options options = fill_options(10, 5);
    options.struct_size = 3;
    CHECK_STATUS(mvvm_repository_new_sqlite(path, &options, &repository), MVVM_E_INVALID_ARGUMENT);
    /* The message names the parameter, the size expected and the function that sets it. */
    CHECK(strstr(mvvm_last_error_message(), "fill_or_null->struct_size is 3, expected sizeof(mvvm_sample_options)") != NULL);
    CHECK(strstr(mvvm_last_error_message(), "mvvm_sample_options_init()") != NULL);
    options = fill_options(-1, 5);
    CHECK_STATUS(mvvm_repository_new_sqlite(path, &options, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "fill_or_null->user_count -1") != NULL);
    options = fill_options(10, 5);
    options.latency_ms = 10;
    CHECK_STATUS(mvvm_repository_new_sqlite(path, &options, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "latency_ms") != NULL);
    CHECK_STATUS(mvvm_repository_new_sqlite("", NULL, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_sqlite(NULL, NULL, &repository), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_repository_new_sqlite(path, NULL, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK(repository == NULL);
    struct stat status;
    CHECK(stat(path, &status) != 0); /* nothing was created */
}

int main(void) {
    harness_init();
    make_directory();
    RUN_TEST(test_libsqlite3_is_loaded_by_the_first_sqlite_repository_not_before);
    RUN_TEST(test_a_missing_file_is_created_filled_and_pages_like_the_sample_data);
    RUN_TEST(test_without_fill_a_missing_file_starts_empty);
    RUN_TEST(test_a_rename_is_saved_and_seen_by_a_new_repository_on_the_file);
    RUN_TEST(test_a_file_that_is_not_a_database_is_refused_untouched);
    RUN_TEST(test_another_applications_database_is_refused_untouched);
    RUN_TEST(test_a_truncated_store_is_refused_untouched);
    RUN_TEST(test_bad_arguments_are_refused);
    char command[400];
    snprintf(command, sizeof command, "rm -rf '%s'", directory);
    if (system(command) != 0) fprintf(stderr, "could not remove %s\n", directory);
    return harness_finish();
}
