/*
 * store_bench.c: the SQLite store (mvvm_repository_new_sqlite) end to end through the C API,
 * at 1,000 / 100,000 / 1,000,000 users, beside the JSON store (mvvm_repository_new_json_file)
 * at the sizes it can handle (1,000 and 100,000), same process run.
 *
 *   open_first_page: create the repository and a user list, on_appear -> the list's
 *                    "rows-changed" handler ran with the first page (opening and reading the
 *                    file included: the repositories open their file at first use).
 *   user_near_end:   on an open store, a user detail of a user near the end of the list,
 *                    on_appear -> "notify::user" with the user (an index lookup; the C API has
 *                    no way to jump a list to its last pages, so this is the closest figure to
 *                    "a page near the end": both are one B-tree descent at any size).
 *   save:            on an open store, a rename: save -> "did-save" (the write is on disk).
 *
 * Store files are made once per size before any timing (SQLite: filled from the sample
 * generator through the library, the time printed as sqlite_create_<size>; JSON: written here
 * with users of the same shape), then flushed (sync) before any timing. The host sleeps in
 * mvvm_run() between calls; every figure ends inside the handler on the host thread. Each
 * figure is the median of ROUNDS rounds (each size and store once per round, so a slow spell
 * of a shared machine spreads over all of them) of a round's median of several runs.
 *
 * Prints `bench sqlite_<figure>_<size> <value> us`, `ratio sqlite_<figure>_1m_vs_1k <value>`
 * (the goal is <= 1.5: cost independent of size) and `ratio sqlite_vs_json_<figure>_<size>`
 * (below 1: SQLite is faster).
 *
 *   store_bench [MAX_USERS]   (default 1000000; smaller skips the bigger sizes)
 */
#define _DEFAULT_SOURCE /* sync() */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mvvm_seeds.h"

#define OPEN_RUNS 7
#define LOOKUP_RUNS 31
#define SAVE_RUNS 21

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void check(mvvm_status status, const char *call) {
    if (status != MVVM_OK) {
        fprintf(stderr, "store_bench: %s failed: %s: %s\n", call, mvvm_status_name(status), mvvm_last_error_message());
        exit(1);
    }
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, size_t count) {
    qsort(values, count, sizeof *values, compare);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

/* When a handler first ran. */
typedef struct arrival {
    int arrived;
    uint64_t at;
} arrival;

static void arrive(arrival *a) {
    if (!a->arrived) a->arrived = 1, a->at = now_ns();
}

static void on_rows(mvvm_object *vm, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)vm, (void)changes;
    if (count > 0) arrive(user_data);
}

static void on_user(mvvm_object *vm, const mvvm_user *user, void *user_data) {
    (void)vm;
    if (user != NULL) arrive(user_data);
}

static void on_error(mvvm_object *vm, const char *message, void *user_data) {
    (void)vm, (void)user_data;
    if (message != NULL) {
        fprintf(stderr, "store_bench: a ViewModel reported: %s\n", message);
        exit(1);
    }
}

static void wait_for(const arrival *a, const char *what) {
    for (int i = 0; i < 3000 && !a->arrived; i++) check(mvvm_run(100, NULL), "mvvm_run");
    if (!a->arrived) {
        fprintf(stderr, "store_bench: timed out waiting for %s\n", what);
        exit(1);
    }
}

/* Lets destroyed objects' last work finish between runs. */
static void drain(void) {
    int32_t dispatched = 1;
    for (int i = 0; i < 20 && dispatched; i++) check(mvvm_run(5, &dispatched), "mvvm_run");
}

typedef enum store { SQLITE, JSON } store;

static mvvm_object *open_store(store kind, const char *path, const mvvm_sample_options *fill) {
    mvvm_object *repository = NULL;
    if (kind == SQLITE) {
        check(mvvm_repository_new_sqlite(path, fill, &repository), "mvvm_repository_new_sqlite");
    } else {
        check(mvvm_repository_new_json_file(path, &repository), "mvvm_repository_new_json_file");
    }
    return repository;
}

/* Microseconds from creating the repository to the first page's rows-changed handler. When
 * keep is non-NULL the open repository is handed out instead of destroyed. */
static double open_first_page(store kind, const char *path, const mvvm_sample_options *fill, mvvm_object **keep) {
    arrival rows = {0, 0};
    uint64_t start = now_ns();
    mvvm_object *repository = open_store(kind, path, fill);
    mvvm_object *list = NULL;
    check(mvvm_user_list_new(repository, &list), "mvvm_user_list_new");
    check(mvvm_signal_connect(list, "rows-changed", MVVM_CALLBACK(on_rows), &rows, NULL, NULL), "connect rows-changed");
    check(mvvm_signal_connect(list, "notify::error-message", MVVM_CALLBACK(on_error), NULL, NULL, NULL), "connect error");
    check(mvvm_user_list_on_appear(list), "mvvm_user_list_on_appear");
    wait_for(&rows, "the first page");
    double us = (double)(rows.at - start) / 1e3;
    check(mvvm_object_destroy(list), "destroy list");
    if (keep != NULL) {
        *keep = repository;
    } else {
        check(mvvm_object_destroy(repository), "destroy repository");
        drain();
    }
    return us;
}

/* Microseconds from a user detail's on_appear to its notify::user handler, for user `id`. */
static double user_lookup(mvvm_object *repository, int64_t id) {
    arrival user = {0, 0};
    mvvm_object *detail = NULL;
    check(mvvm_user_detail_new(repository, id, &detail), "mvvm_user_detail_new");
    check(mvvm_signal_connect(detail, "notify::user", MVVM_CALLBACK(on_user), &user, NULL, NULL), "connect user");
    check(mvvm_signal_connect(detail, "notify::error-message", MVVM_CALLBACK(on_error), NULL, NULL, NULL), "connect error");
    uint64_t start = now_ns();
    check(mvvm_user_detail_on_appear(detail), "mvvm_user_detail_on_appear");
    wait_for(&user, "the user");
    double us = (double)(user.at - start) / 1e3;
    check(mvvm_object_destroy(detail), "destroy detail");
    return us;
}

/* Median microseconds from save to did-save over SAVE_RUNS renames of user 2. */
static double saves(mvvm_object *repository, const char *tag) {
    arrival loaded = {0, 0};
    mvvm_object *detail = NULL;
    check(mvvm_user_detail_new(repository, 2, &detail), "mvvm_user_detail_new");
    check(mvvm_signal_connect(detail, "notify::user", MVVM_CALLBACK(on_user), &loaded, NULL, NULL), "connect user");
    check(mvvm_signal_connect(detail, "notify::error-message", MVVM_CALLBACK(on_error), NULL, NULL, NULL), "connect error");
    check(mvvm_user_detail_on_appear(detail), "mvvm_user_detail_on_appear");
    wait_for(&loaded, "user 2");
    double values[SAVE_RUNS];
    for (int r = 0; r < SAVE_RUNS; r++) {
        char name[64];
        snprintf(name, sizeof name, "Bench %s %d", tag, r);
        check(mvvm_user_detail_set_draft_name(detail, name), "set_draft_name");
        arrival saved = {0, 0};
        uint64_t id = 0;
        check(mvvm_signal_connect(detail, "did-save", MVVM_CALLBACK(on_user), &saved, NULL, &id), "connect did-save");
        uint64_t start = now_ns();
        check(mvvm_user_detail_save(detail), "mvvm_user_detail_save");
        wait_for(&saved, "did-save");
        values[r] = (double)(saved.at - start) / 1e3;
        check(mvvm_signal_disconnect(id), "disconnect");
    }
    check(mvvm_object_destroy(detail), "destroy detail");
    return median(values, SAVE_RUNS);
}

/* A JSON store file with `users` users of the generator's shape and no posts. */
static void write_json_store(const char *path, long users) {
    static const char *first[] = {"Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Dennis"};
    static const char *last[] = {"Lovelace", "Hopper", "Turing", "Dijkstra", "Liskov", "Knuth", "Hamilton", "Ritchie"};
    FILE *file = fopen(path, "w");
    if (file == NULL) {
        perror(path);
        exit(1);
    }
    fprintf(file, "{\n  \"comments\" : [],\n  \"posts\" : [],\n  \"users\" : [\n");
    for (long i = 1; i <= users; i++) {
        const char *f = first[i % 8], *l = last[(i / 8) % 8];
        fprintf(file, "    {\n      \"email\" : \"%c%s.%c%s.%ld@example.org\",\n      \"id\" : %ld,\n      \"name\" : \"%s %s\"\n    }%s\n",
                f[0] | 0x20, f + 1, l[0] | 0x20, l + 1, i, i, f, l, i < users ? "," : "");
    }
    fprintf(file, "  ],\n  \"version\" : 1\n}\n");
    fclose(file);
}

typedef struct figures {
    double open_first_page, user_near_end, save;
} figures;

static figures measure(store kind, const char *path, long users) {
    figures result;
    double values[OPEN_RUNS > LOOKUP_RUNS ? OPEN_RUNS : LOOKUP_RUNS];
    for (int r = 0; r < OPEN_RUNS; r++) values[r] = open_first_page(kind, path, NULL, NULL);
    result.open_first_page = median(values, OPEN_RUNS);
    mvvm_object *repository = NULL;
    (void)open_first_page(kind, path, NULL, &repository);
    (void)user_lookup(repository, users - 1); /* warm-up: the first lookup maps the pages */
    for (int r = 0; r < LOOKUP_RUNS; r++) values[r] = user_lookup(repository, users - 10 - r);
    result.user_near_end = median(values, LOOKUP_RUNS);
    result.save = saves(repository, kind == SQLITE ? "sqlite" : "json");
    check(mvvm_object_destroy(repository), "destroy repository");
    drain();
    return result;
}

#define ROUNDS 3

/* Each figure's median over the rounds of size s, store kind. */
static figures median_figures(figures rounds[][3][2], int s, int kind) {
    double open[ROUNDS], near[ROUNDS], save[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        open[r] = rounds[r][s][kind].open_first_page;
        near[r] = rounds[r][s][kind].user_near_end;
        save[r] = rounds[r][s][kind].save;
    }
    figures result = {median(open, ROUNDS), median(near, ROUNDS), median(save, ROUNDS)};
    return result;
}

static void print_figures(const char *store_name, const char *size, const figures *f) {
    printf("bench %s_open_first_page_%s %.0f us\n", store_name, size, f->open_first_page);
    printf("bench %s_user_near_end_%s %.0f us\n", store_name, size, f->user_near_end);
    printf("bench %s_save_%s %.0f us\n", store_name, size, f->save);
    fflush(stdout);
}

int main(int argc, char **argv) {
    long max_users = argc > 1 ? atol(argv[1]) : 1000000;
    static const struct { long users; const char *name; int json; } sizes[] = {
        {1000, "1k", 1}, {100000, "100k", 1}, {1000000, "1m", 0},
    };
    char directory[] = "/tmp/mvvm-store-bench-XXXXXX";
    if (mkdtemp(directory) == NULL) {
        perror("mkdtemp");
        return 1;
    }
    check(mvvm_init(), "mvvm_init");
    figures sqlite[3], json[3];
    int measured = 0;
    char paths[3][2][256];
    /* 1. The store files, made once (not figures), then flushed so the kernel's writeback of
     *    hundreds of megabytes does not run during the timings. */
    for (int s = 0; s < 3 && sizes[s].users <= max_users; s++, measured++) {
        snprintf(paths[s][SQLITE], sizeof paths[s][SQLITE], "%s/store-%s.sqlite", directory, sizes[s].name);
        mvvm_sample_options fill;
        check(mvvm_sample_options_init(&fill), "mvvm_sample_options_init");
        fill.user_count = sizes[s].users;
        fill.page_size = 20;
        fill.post_count = 0;
        uint64_t start = now_ns();
        mvvm_object *made = NULL;
        (void)open_first_page(SQLITE, paths[s][SQLITE], &fill, &made);
        printf("bench sqlite_create_%s %.0f ms\n", sizes[s].name, (double)(now_ns() - start) / 1e6);
        check(mvvm_object_destroy(made), "destroy repository");
        drain();
        if (sizes[s].json) {
            snprintf(paths[s][JSON], sizeof paths[s][JSON], "%s/store-%s.json", directory, sizes[s].name);
            write_json_store(paths[s][JSON], sizes[s].users);
        }
    }
    sync();
    /* 2. The figures: ROUNDS rounds over every size and store, so a slow spell of this (shared)
     *    machine spreads over all of them; each figure is the median of its rounds. */
    figures rounds[ROUNDS][3][2];
    for (int r = 0; r < ROUNDS; r++) {
        for (int s = 0; s < measured; s++) {
            rounds[r][s][SQLITE] = measure(SQLITE, paths[s][SQLITE], sizes[s].users);
            if (sizes[s].json) rounds[r][s][JSON] = measure(JSON, paths[s][JSON], sizes[s].users);
        }
    }
    for (int s = 0; s < measured; s++) {
        sqlite[s] = median_figures(rounds, s, SQLITE);
        print_figures("sqlite", sizes[s].name, &sqlite[s]);
        if (sizes[s].json) {
            json[s] = median_figures(rounds, s, JSON);
            print_figures("json", sizes[s].name, &json[s]);
            printf("ratio sqlite_vs_json_open_first_page_%s %.3f\n", sizes[s].name, sqlite[s].open_first_page / json[s].open_first_page);
            printf("ratio sqlite_vs_json_user_near_end_%s %.3f\n", sizes[s].name, sqlite[s].user_near_end / json[s].user_near_end);
            printf("ratio sqlite_vs_json_save_%s %.3f\n", sizes[s].name, sqlite[s].save / json[s].save);
        }
    }
    if (measured == 3) {
        printf("ratio sqlite_open_first_page_1m_vs_1k %.3f\n", sqlite[2].open_first_page / sqlite[0].open_first_page);
        printf("ratio sqlite_user_near_end_1m_vs_1k %.3f\n", sqlite[2].user_near_end / sqlite[0].user_near_end);
        printf("ratio sqlite_save_1m_vs_1k %.3f\n", sqlite[2].save / sqlite[0].save);
    }
    check(mvvm_shutdown(), "mvvm_shutdown");
    char command[128];
    snprintf(command, sizeof command, "rm -rf '%s'", directory);
    if (system(command) != 0) fprintf(stderr, "store_bench: could not remove %s\n", directory);
    return 0;
}
