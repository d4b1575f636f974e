/*
 * json_saver.c: the victim of kill_during_save.py.
 *
 * Opens the JSON file store at PATH (mvvm_repository_new_json_file), or with --sqlite the
 * SQLite store (mvvm_repository_new_sqlite, a missing file filled with the default sample
 * data), loads the detail of
 * user 1, then renames that user to "Name <counter>" and saves, over and over. After each
 * "did-save" it prints the committed name on its own line of stdout and flushes, so the driver
 * always knows the last name that is on disk. Before starting a save it prints
 * "saving <name>", so the driver also knows the name in flight.
 *
 * Usage: json_saver [--sqlite] PATH [START_COUNTER] [MAX_SAVES]
 *   START_COUNTER  first counter to use (default 1), so successive runs never reuse a name.
 *   MAX_SAVES      stop after that many saves (default: run until killed).
 * Output lines:   "ready <name-on-disk>"  once user 1 is loaded
 *                 "saving <name>"          before each save
 *                 "saved <name>"           after its did-save
 * Exit status 0 after MAX_SAVES saves, 1 on any failure (message on stderr).
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mvvm_seeds.h"

/* Bound on mvvm_run() iterations while waiting for one signal (each waits <= 100 ms). */
#define MAX_WAIT_ITERATIONS 300

static int loaded;
static int saves_seen;
static char saved_name[128];

static void fail(const char *what, mvvm_status status) {
    fprintf(stderr, "json_saver: %s: %s (%s)\n", what, mvvm_status_name(status), mvvm_last_error_message());
    exit(1);
}

static void on_user(mvvm_object *vm, const mvvm_user *user, void *user_data) {
    (void)vm;
    (void)user_data;
    if (user != NULL) loaded = 1;
}

static void on_did_save(mvvm_object *vm, const mvvm_user *saved, void *user_data) {
    (void)vm;
    (void)user_data;
    snprintf(saved_name, sizeof saved_name, "%s", saved != NULL && saved->name != NULL ? saved->name : "");
    saves_seen++;
}

static void on_error(mvvm_object *vm, const char *message, void *user_data) {
    (void)vm;
    (void)user_data;
    if (message != NULL) {
        fprintf(stderr, "json_saver: error-message: %s\n", message);
        exit(1);
    }
}

/* Pumps the loop until *flag reaches target. */
static void wait_for(const int *flag, int target, const char *what) {
    for (int i = 0; i < MAX_WAIT_ITERATIONS && *flag < target; i++) {
        mvvm_status status = mvvm_run(100, NULL);
        if (status != MVVM_OK) fail("mvvm_run", status);
    }
    if (*flag < target) {
        fprintf(stderr, "json_saver: timed out waiting for %s\n", what);
        exit(1);
    }
}

int main(int argc, char **argv) {
    int sqlite = argc > 1 && strcmp(argv[1], "--sqlite") == 0;
    if (sqlite) {
        argv++;
        argc--;
    }
    if (argc < 2) {
        fprintf(stderr, "usage: json_saver [--sqlite] PATH [START_COUNTER] [MAX_SAVES]\n");
        return 2;
    }
    long long counter = argc > 2 ? atoll(argv[2]) : 1;
    long long max_saves = argc > 3 ? atoll(argv[3]) : -1;

    mvvm_status status = mvvm_init();
    if (status != MVVM_OK) fail("mvvm_init", status);
    mvvm_object *repository = NULL;
    if (sqlite) {
        mvvm_sample_options fill;
        if ((status = mvvm_sample_options_init(&fill)) != MVVM_OK) fail("mvvm_sample_options_init", status);
        status = mvvm_repository_new_sqlite(argv[1], &fill, &repository);
        if (status != MVVM_OK) fail("mvvm_repository_new_sqlite", status);
    } else {
        status = mvvm_repository_new_json_file(argv[1], &repository);
        if (status != MVVM_OK) fail("mvvm_repository_new_json_file", status);
    }
    mvvm_object *detail = NULL;
    status = mvvm_user_detail_new(repository, 1, &detail);
    if (status != MVVM_OK) fail("mvvm_user_detail_new", status);
    if ((status = mvvm_signal_connect(detail, "notify::user", MVVM_CALLBACK(on_user), NULL, NULL, NULL)) != MVVM_OK ||
        (status = mvvm_signal_connect(detail, "did-save", MVVM_CALLBACK(on_did_save), NULL, NULL, NULL)) != MVVM_OK ||
        (status = mvvm_signal_connect(detail, "notify::error-message", MVVM_CALLBACK(on_error), NULL, NULL, NULL)) != MVVM_OK)
        fail("mvvm_signal_connect", status);
    status = mvvm_user_detail_on_appear(detail);
    if (status != MVVM_OK) fail("mvvm_user_detail_on_appear", status);
    wait_for(&loaded, 1, "user 1 to load");

    int32_t is_loaded = 0;
    mvvm_user user;
    status = mvvm_user_detail_get_user(detail, &is_loaded, &user);
    if (status != MVVM_OK || !is_loaded) fail("mvvm_user_detail_get_user", status);
    printf("ready %s\n", user.name);
    char loaded_name[128];
    snprintf(loaded_name, sizeof loaded_name, "%s", user.name);
    user.name = loaded_name;
    fflush(stdout);

    for (long long done = 0; max_saves < 0 || done < max_saves; done++, counter++) {
        char name[64];
        snprintf(name, sizeof name, "Name %lld", counter);
        /* Saving the name the user already has would not be a change (no "can-save"). */
        if (strcmp(name, user.name) == 0) snprintf(name, sizeof name, "Name %lld", ++counter);
        if ((status = mvvm_user_detail_set_draft_name(detail, name)) != MVVM_OK) fail("set_draft_name", status);
        printf("saving %s\n", name);
        fflush(stdout);
        int target = saves_seen + 1;
        if ((status = mvvm_user_detail_save(detail)) != MVVM_OK) fail("save", status);
        wait_for(&saves_seen, target, "did-save");
        if (strcmp(saved_name, name) != 0) {
            fprintf(stderr, "json_saver: did-save carried \"%s\", expected \"%s\"\n", saved_name, name);
            return 1;
        }
        printf("saved %s\n", name);
        fflush(stdout);
    }
    mvvm_object_destroy(detail);
    mvvm_object_destroy(repository);
    mvvm_shutdown();
    return 0;
}
