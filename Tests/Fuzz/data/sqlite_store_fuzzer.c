/*
 * sqlite_store_fuzzer.c: a libFuzzer harness for database files given to
 * mvvm_repository_new_sqlite() (Include/mvvm.h is the spec).
 *
 * Each input is the whole content of a database file. The harness writes it to a fresh file,
 * opens it with mvvm_repository_new_sqlite(path, NULL, &repository) and, when that succeeds,
 * drives a user list over it for a few dispatch rounds (first page, the next page, a row
 * read back), then destroys everything. It abort()s when an invariant breaks:
 *   - the status is a value of mvvm_status, and MVVM_OK or MVVM_E_SYSTEM (a path we made is
 *     never an invalid argument);
 *   - a failure leaves a non-empty mvvm_last_error_message() and does not write
 *     *out_repository (it holds a sentinel);
 *   - when the open failed, the file's bytes are exactly the input (a corrupt, foreign or
 *     newer file is never modified);
 *   - the list's count is never negative, rows read back have a non-NULL name and e-mail,
 *     and an error message, when the list reports one, is non-empty.
 * Crashes and sanitizer reports are libFuzzer's to catch. Seeds: corpus/sqlite_store/
 * (a small valid store, a truncated one, a foreign database, a newer-schema store).
 *
 * Build as Tests/Fuzz/run.sh builds api_fuzzer.c, with this file instead:
 *   clang -fuse-ld=lld $MVVM_C_WARN -g -O1 $MVVM_FUZZ_CFLAGS -IInclude \
 *       Tests/Fuzz/data/sqlite_store_fuzzer.c -L.build/debug -lmvvm -Wl,-rpath,.build/debug -lpthread
 */
#define _POSIX_C_SOURCE 200809L

#include "mvvm_seeds.h"
#include "../fuzz_support.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHECK(condition, ...)                                                                   \
    do {                                                                                        \
        if (!(condition)) {                                                                     \
            fprintf(stderr, "sqlite_store_fuzzer: invariant broken: " __VA_ARGS__);            \
            fprintf(stderr, " [%s:%d]\n", __FILE__, __LINE__);                                  \
            abort();                                                                            \
        }                                                                                       \
    } while (0)

/* Dispatch rounds of up to 10 ms each while waiting for a load; bounded per input. */
#define MAX_ROUNDS 100

static char g_directory[256];
static unsigned long g_counter;

static int valid_status(mvvm_status status) { return status >= MVVM_OK && status <= MVVM_E_SCHEMA; }



static void remove_with_companions(const char *path) {
    static const char *suffixes[] = {"", "-wal", "-shm", "-journal"};
    char name[300];
    for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
        snprintf(name, sizeof name, "%s%s", path, suffixes[i]);
        unlink(name);
    }
}

static void pump(int rounds) {
    for (int i = 0; i < rounds; i++) {
        mvvm_status status = mvvm_run(10, NULL);
        CHECK(status == MVVM_OK, "mvvm_run gave %s", mvvm_status_name(status));
    }
}

/* Pumps until the list is not loading (after it started), within MAX_ROUNDS. */
static void wait_for_load(mvvm_object *list) {
    for (int i = 0; i < MAX_ROUNDS; i++) {
        int32_t loading = -1;
        CHECK(mvvm_user_list_get_loading(list, &loading) == MVVM_OK, "get_loading");
        CHECK(loading >= MVVM_LOADING_NONE && loading <= MVVM_LOADING_NEXT_PAGE, "loading %d", loading);
        if (loading == MVVM_LOADING_NONE) return;
        pump(1);
    }
}

static void check_list(mvvm_object *list) {
    int64_t count = -1;
    CHECK(mvvm_user_list_get_count(list, &count) == MVVM_OK && count >= 0, "count %lld", (long long)count);
    for (int64_t i = 0; i < count && i < 3; i++) {
        mvvm_user user = {0, NULL, NULL};
        CHECK(mvvm_user_list_get_row(list, i, &user) == MVVM_OK, "get_row %lld", (long long)i);
        CHECK(user.name != NULL && user.email != NULL, "row %lld has a NULL string", (long long)i);
    }
    const char *message = NULL;
    CHECK(mvvm_user_list_get_error_message(list, &message) == MVVM_OK, "get_error_message");
    CHECK(message == NULL || message[0] != '\0', "an empty error message");
}

static void remove_directory(void) { rmdir(g_directory); }

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    snprintf(g_directory, sizeof g_directory, "%s/mvvm-sqlite-fuzz-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    CHECK(mkdtemp(g_directory) != NULL, "mkdtemp");
    atexit(remove_directory);
    CHECK(mvvm_init() == MVVM_OK, "mvvm_init: %s", mvvm_last_error_message());
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* A fresh name per input: a repository of an earlier input may still hold its file open
     * on its own thread for a moment after being destroyed. */
    char path[300];
    snprintf(path, sizeof path, "%s/store-%lu.sqlite", g_directory, g_counter++);
    CHECK(fuzz_write_file(path, data, size) == 0, "could not write the database file");

    mvvm_object *sentinel = (mvvm_object *)(uintptr_t)0x7;
    mvvm_object *repository = sentinel;
    mvvm_status status = mvvm_repository_new_sqlite(path, NULL, &repository);
    CHECK(valid_status(status), "status %d", (int)status);
    if (status != MVVM_OK) {
        CHECK(status == MVVM_E_SYSTEM, "open gave %s: %s", mvvm_status_name(status), mvvm_last_error_message());
        const char *message = mvvm_last_error_message();
        CHECK(message != NULL && message[0] != '\0', "a failure without a message");
        CHECK(repository == sentinel, "a failed open wrote *out_repository");
        CHECK(fuzz_file_holds(path, data, size), "the refused file changed (%s)", message);
        remove_with_companions(path);
        return 0;
    }
    CHECK(repository != sentinel && repository != NULL, "an open without a repository");

    mvvm_object *list = NULL;
    CHECK(mvvm_user_list_new(repository, &list) == MVVM_OK, "user_list_new: %s", mvvm_last_error_message());
    CHECK(mvvm_user_list_on_appear(list) == MVVM_OK, "on_appear");
    wait_for_load(list);
    check_list(list);
    int64_t count = 0;
    CHECK(mvvm_user_list_get_count(list, &count) == MVVM_OK, "count");
    if (count > 0) {
        /* Showing the last row asks for the next page. */
        status = mvvm_user_list_did_display_row(list, count - 1);
        CHECK(status == MVVM_OK, "did_display_row gave %s", mvvm_status_name(status));
        wait_for_load(list);
        check_list(list);
    }
    CHECK(mvvm_object_destroy(list) == MVVM_OK, "destroy list");
    CHECK(mvvm_object_destroy(repository) == MVVM_OK, "destroy repository");
    pump(1);
    remove_with_companions(path);
    return 0;
}
