/*
 * json_store_fuzzer.c: libFuzzer over the JSON file store (mvvm_repository_new_json_file).
 * The input bytes are the store file. Built and run by Tests/Fuzz/run-data.sh; its seeds are
 * in corpus/json_store/ (a valid store, truncated, wrong types, huge numbers, deep nesting).
 *
 * Each input is written to a fresh file in a private temporary folder, then opened:
 *   - rejected: the status is MVVM_E_SYSTEM with a message naming the file, no handle is
 *     written, and the file and its folder are left exactly as they were (same bytes, no
 *     other file), also after the loop has run;
 *   - accepted: a user list loads its first page and a user detail its first user; while
 *     nothing was saved the file keeps its bytes; then the detail saves a new name and a
 *     post detail (post 1) toggles its like; whatever they answer, the file afterwards opens
 *     again (a store accepted once stays readable after the library's own writes).
 * Every call answers a valid status with a message on failure and none on success; every
 * string handed out is valid UTF-8; counts and enums are in range. A violation abort()s with
 * "INVARIANT VIOLATED", which run-data.sh reports like a crash.
 *
 * Loads run on the store's own queue and come back through mvvm_run(): the harness pumps until
 * the ViewModel settles, with no deadline of its own (a hang is caught by libFuzzer's
 * -timeout, which run-data.sh sets). Each input ends with destroying its objects, pumping
 * the queue dry and mvvm_shutdown() + mvvm_init(), so nothing carries over.
 */
#define _POSIX_C_SOURCE 200809L

#include "mvvm_seeds.h"
#include "../fuzz_support.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            fprintf(stderr, "INVARIANT VIOLATED at %s:%d: %s: ", __FILE__, __LINE__, #cond);  \
            fprintf(stderr, __VA_ARGS__);                                                     \
            fprintf(stderr, "\n");                                                            \
            abort();                                                                          \
        }                                                                                     \
    } while (0)

/* A sentinel no call may write on failure. */
#define SENTINEL ((mvvm_object *)(uintptr_t)0x5e57)


static void check_string(const char *s, int nullable, const char *what) {
    CHECK(s != NULL || nullable, "%s is NULL", what);
    if (s) CHECK(fuzz_valid_utf8(s), "%s is not valid UTF-8", what);
}

/* Every status is in the enum; a failure explains itself, a success leaves no message. */
static mvvm_status chk(mvvm_status st, const char *call) {
    CHECK((int)st >= 0 && (int)st <= MVVM_E_SCHEMA, "%s returned %d", call, (int)st);
    const char *msg = mvvm_last_error_message();
    CHECK(msg != NULL && fuzz_valid_utf8(msg), "%s: last error message is NULL or not UTF-8", call);
    if (st == MVVM_OK) CHECK(msg[0] == 0, "%s succeeded with message \"%s\"", call, msg);
    else CHECK(msg[0] != 0, "%s failed with %s and no message", call, mvvm_status_name(st));
    return st;
}
#define CALL(expr) chk((expr), #expr)
/* A call that cannot fail on a live object of the right type. */
#define MUST(expr) do { mvvm_status st_ = CALL(expr); CHECK(st_ == MVVM_OK, "%s", mvvm_status_name(st_)); } while (0)

/* ------------------------------------------------------------------------------------------
 * Files
 * ---------------------------------------------------------------------------------------- */

static char g_dir[4096];   /* private folder, made once */
static char g_path[4200];  /* this input's store file */
static unsigned long g_input;



/* The number of entries of the folder that belong to this input's store `name`: the file
 * itself and the store's temporary files (".NAME.<UUID>.tmp"). */
static int count_entries(const char *name) {
    DIR *d = opendir(g_dir);
    CHECK(d != NULL, "opendir %s", g_dir);
    int n = 0;
    size_t len = strlen(name);
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        const char *s = e->d_name[0] == '.' ? e->d_name + 1 : e->d_name;
        n += strncmp(s, name, len) == 0;
    }
    closedir(d);
    return n;
}

/* Removes every file of the folder (earlier inputs' stores; a save still running on the
 * store's queue when its input ended may add one later, under its own input's name). */
static void empty_dir(void) {
    DIR *d = opendir(g_dir);
    CHECK(d != NULL, "opendir %s", g_dir);
    struct dirent *e;
    char path[8400];
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
        snprintf(path, sizeof path, "%s/%s", g_dir, e->d_name);
        unlink(path);
    }
    closedir(d);
}

static void remove_dir(void) {
    if (g_dir[0]) { empty_dir(); rmdir(g_dir); }
}

/* ------------------------------------------------------------------------------------------
 * The loop
 * ---------------------------------------------------------------------------------------- */

typedef int (*settled_fn)(mvvm_object *vm);

/* Pumps the loop until `settled(vm)`: no deadline (libFuzzer's -timeout catches a hang). */
static void pump_until(settled_fn settled, mvvm_object *vm) {
    while (!settled(vm)) MUST(mvvm_run(50, NULL));
}

/* Pumps until nothing arrived for `quiet` rounds of `ms` milliseconds in a row. */
static void pump_quiet(int quiet, int32_t ms) {
    for (int idle = 0; idle < quiet;) {
        int32_t d = 0;
        MUST(mvvm_run(ms, &d));
        idle = d ? 0 : idle + 1;
    }
}

static int list_settled(mvvm_object *vm) {
    int32_t loading = -1;
    MUST(mvvm_user_list_get_loading(vm, &loading));
    CHECK(loading >= MVVM_LOADING_NONE && loading <= MVVM_LOADING_NEXT_PAGE, "loading %d", loading);
    return loading == MVVM_LOADING_NONE;
}

static int detail_loaded_or_failed(mvvm_object *vm) {
    int32_t loaded = -1;
    mvvm_user user;
    const char *error = NULL;
    MUST(mvvm_user_detail_get_user(vm, &loaded, &user));
    CHECK(loaded == 0 || loaded == 1, "loaded %d", loaded);
    if (loaded) {
        check_string(user.name, 0, "user.name");
        check_string(user.email, 0, "user.email");
    }
    MUST(mvvm_user_detail_get_error_message(vm, &error));
    check_string(error, 1, "detail error message");
    return loaded || error != NULL;
}

static int detail_not_saving(mvvm_object *vm) {
    int32_t saving = -1;
    MUST(mvvm_user_detail_get_is_saving(vm, &saving));
    CHECK(saving == 0 || saving == 1, "is_saving %d", saving);
    return !saving;
}

static int post_settled(mvvm_object *vm) {
    int32_t state = -1;
    MUST(mvvm_post_detail_get_state(vm, &state));
    CHECK(state >= MVVM_VIEW_STATE_IDLE && state <= MVVM_VIEW_STATE_FAILED, "state %d", state);
    return state != MVVM_VIEW_STATE_IDLE && state != MVVM_VIEW_STATE_LOADING;
}

/* ------------------------------------------------------------------------------------------
 * Driving the screens
 * ---------------------------------------------------------------------------------------- */

static int g_saves; /* "did-save" emissions of this input */

static void on_did_save(mvvm_object *vm, const mvvm_user *user, void *user_data) {
    (void)vm;
    (void)user_data;
    CHECK(user != NULL, "did-save without a user");
    check_string(user->name, 0, "saved name");
    g_saves++;
}

/* The first page of users: returns the first user's id through *out_id (0 when none). */
static mvvm_object *open_list(mvvm_object *repo, int64_t *out_id) {
    mvvm_object *list = SENTINEL;
    MUST(mvvm_user_list_new(repo, &list));
    MUST(mvvm_user_list_on_appear(list));
    pump_until(list_settled, list);
    int64_t count = -1;
    const char *error = NULL;
    MUST(mvvm_user_list_get_count(list, &count));
    MUST(mvvm_user_list_get_error_message(list, &error));
    check_string(error, 1, "list error message");
    CHECK(count >= 0, "count %lld", (long long)count);
    *out_id = 0;
    for (int64_t i = 0; i < count && i < 64; i++) {
        mvvm_user u;
        MUST(mvvm_user_list_get_row(list, i, &u));
        check_string(u.name, 0, "row name");
        check_string(u.email, 0, "row email");
        if (i == 0) *out_id = u.id;
    }
    mvvm_user u;
    CHECK(CALL(mvvm_user_list_get_row(list, count, &u)) == MVVM_E_OUT_OF_RANGE, "row past the end");
    if (count > 0) {
        /* The last row asks for the next page when there is one. */
        MUST(mvvm_user_list_did_display_row(list, count - 1));
        pump_until(list_settled, list);
    }
    return list;
}

static mvvm_object *open_detail(mvvm_object *repo, int64_t id) {
    mvvm_object *detail = SENTINEL;
    MUST(mvvm_user_detail_new(repo, id, &detail));
    MUST(mvvm_signal_connect(detail, "did-save", MVVM_CALLBACK(on_did_save), NULL, NULL, NULL));
    MUST(mvvm_user_detail_on_appear(detail));
    pump_until(detail_loaded_or_failed, detail);
    return detail;
}

/* Saves a new name (a valid one, so a failure comes from the store). */
static void save_detail(mvvm_object *detail) {
    int32_t loaded = 0;
    mvvm_user user;
    MUST(mvvm_user_detail_get_user(detail, &loaded, &user));
    if (!loaded) {
        CHECK(CALL(mvvm_user_detail_save(detail)) == MVVM_OK, "save before load");
        return;
    }
    /* Not the stored name, so the draft is dirty. */
    const char *name = strcmp(user.name, "Fuzzed Name") == 0 ? "Other Name" : "Fuzzed Name";
    MUST(mvvm_user_detail_set_draft_name(detail, name));
    int saves = g_saves;
    MUST(mvvm_user_detail_save(detail));
    pump_until(detail_not_saving, detail);
    const char *error = NULL;
    MUST(mvvm_user_detail_get_error_message(detail, &error));
    check_string(error, 1, "save error message");
    CHECK((g_saves == saves + 1) != (error != NULL), "a save ended with %d did-save and error \"%s\"",
          g_saves - saves, error ? error : "(none)");
}

static mvvm_object *open_post_and_like(mvvm_object *repo) {
    mvvm_object *post = SENTINEL;
    MUST(mvvm_post_detail_new(repo, 1, &post));
    MUST(mvvm_post_detail_on_appear(post));
    pump_until(post_settled, post);
    int32_t state = -1;
    MUST(mvvm_post_detail_get_state(post, &state));
    const char *error = NULL;
    MUST(mvvm_post_detail_get_error_message(post, &error));
    check_string(error, 1, "post error message");
    if (state == MVVM_VIEW_STATE_LOADED) {
        mvvm_post p;
        MUST(mvvm_post_detail_get_post(post, &p));
        check_string(p.title, 0, "post title");
        check_string(p.body, 0, "post body");
        check_string(p.author_name, 0, "post author");
        int64_t count = -1;
        MUST(mvvm_post_detail_get_comment_count(post, &count));
        CHECK(count >= 0, "comment count %lld", (long long)count);
        for (int64_t i = 0; i < count && i < 16; i++) {
            mvvm_comment c;
            MUST(mvvm_post_detail_get_comment(post, i, &c));
            check_string(c.author_name, 0, "comment author");
            check_string(c.body, 0, "comment body");
        }
        MUST(mvvm_post_detail_toggle_like(post));
        int64_t likes = -1;
        MUST(mvvm_post_detail_get_likes_count(post, &likes));
        CHECK(likes >= 0, "likes %lld", (long long)likes);
        /* The like request has no "in flight" property: wait for the loop to go quiet. */
        pump_quiet(3, 20);
        MUST(mvvm_post_detail_get_likes_count(post, &likes));
        CHECK(likes >= 0, "likes %lld", (long long)likes);
    } else {
        CHECK(error != NULL, "post state %d without a message", state);
    }
    return post;
}

/* ------------------------------------------------------------------------------------------
 * The target
 * ---------------------------------------------------------------------------------------- */

/* LeakSanitizer false positive (as in api_fuzzer.c): Swift keeps a weak reference's side
 * table pointer encoded in the object's refcount word. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:formWeakReference\n"; }

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(g_dir, sizeof g_dir, "%s/mvvm-json-fuzz.XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    CHECK(mkdtemp(g_dir) != NULL, "mkdtemp %s: %s", g_dir, strerror(errno));
    atexit(remove_dir);
    CHECK(mvvm_init() == MVVM_OK, "mvvm_init");
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char name[64];
    empty_dir();
    g_input++;
    snprintf(name, sizeof name, "store-%lu.json", g_input);
    snprintf(g_path, sizeof g_path, "%s/%s", g_dir, name);
    CHECK(fuzz_write_file(g_path, data, size) == 0, "cannot write the store file: %s", strerror(errno));
    g_saves = 0;

    mvvm_object *repo = SENTINEL;
    mvvm_status st = CALL(mvvm_repository_new_json_file(g_path, &repo));
    if (st != MVVM_OK) {
        CHECK(st == MVVM_E_SYSTEM, "a rejected store gave %s", mvvm_status_name(st));
        CHECK(repo == SENTINEL, "a rejected store wrote the handle");
        CHECK(strstr(mvvm_last_error_message(), name) != NULL, "the message does not name the file: %s",
              mvvm_last_error_message());
        MUST(mvvm_run(0, NULL));
        CHECK(fuzz_file_holds(g_path, data, size), "a rejected store file was modified");
        CHECK(count_entries(name) == 1, "a rejected store left other files beside it");
        return 0;
    }
    CHECK(repo != SENTINEL && repo != NULL, "no handle");

    /* Reading changes nothing. */
    int64_t first_id = 0;
    mvvm_object *list = open_list(repo, &first_id);
    mvvm_object *detail = open_detail(repo, first_id ? first_id : 1);
    mvvm_object *missing = open_detail(repo, -1);
    CHECK(fuzz_file_holds(g_path, data, size), "the store file changed while only reading it");

    /* Writing keeps the file readable. */
    save_detail(detail);
    mvvm_object *post = open_post_and_like(repo);
    mvvm_object *again = SENTINEL;
    st = CALL(mvvm_repository_new_json_file(g_path, &again));
    CHECK(st == MVVM_OK, "the store no longer opens after the library wrote it: %s", mvvm_last_error_message());

    mvvm_object *objects[] = {again, post, missing, detail, list, repo};
    for (size_t i = 0; i < sizeof objects / sizeof objects[0]; i++) MUST(mvvm_object_destroy(objects[i]));
    pump_quiet(2, 5);
    MUST(mvvm_shutdown());
    MUST(mvvm_init());
    pump_quiet(1, 5);
    return 0;
}
