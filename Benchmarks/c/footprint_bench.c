/*
 * footprint_bench.c: what a host pays to start, measured in its own process. Built twice by
 * Benchmarks/c/footprint.py, which runs each several times and prints the medians side by side:
 *
 *   (default)         a C host of libmvvm: mvvm_init(), then a user list over the sample
 *                     repository shows its first page (on_appear, mvvm_run until the rows
 *                     arrived);
 *   -DFOOTPRINT_GLIB  the same program shape on GLib: a GMainLoop that runs one idle callback.
 *
 * Each prints `rss_start <KiB>` (VmRSS after mvvm_init() / after creating the loop) and
 * `rss_first_page <KiB>` (after the first page / after the idle callback ran), then exits.
 * With FOOTPRINT_SMAPS=PREFIX in the environment it also copies /proc/self/smaps at those two
 * points to PREFIX.start and PREFIX.first_page (`footprint.py --attribute` reads them).
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Copies /proc/self/smaps to $FOOTPRINT_SMAPS.<moment> when that variable is set. */
static void copy_smaps(const char *moment) {
    const char *prefix = getenv("FOOTPRINT_SMAPS");
    if (prefix == NULL) return;
    char path[4096];
    snprintf(path, sizeof path, "%s.%s", prefix, moment);
    FILE *in = fopen("/proc/self/smaps", "r"), *out = fopen(path, "w");
    char buffer[8192];
    size_t count;
    while (in != NULL && out != NULL && (count = fread(buffer, 1, sizeof buffer, in)) > 0) fwrite(buffer, 1, count, out);
    if (in != NULL) fclose(in);
    if (out != NULL) fclose(out);
}

static long rss_kib(void) {
    FILE *status = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (status != NULL && fgets(line, sizeof line, status) != NULL) {
        if (strncmp(line, "VmRSS:", 6) == 0) kib = strtol(line + 6, NULL, 10);
    }
    if (status != NULL) fclose(status);
    return kib;
}

#ifdef FOOTPRINT_GLIB
#include <glib.h>

static gboolean on_idle(gpointer loop) {
    g_main_loop_quit(loop);
    return G_SOURCE_REMOVE;
}

int main(void) {
    GMainLoop *loop = g_main_loop_new(NULL, FALSE);
    printf("rss_start %ld\n", rss_kib());
    copy_smaps("start");
    g_idle_add(on_idle, loop);
    g_main_loop_run(loop);
    printf("rss_first_page %ld\n", rss_kib());
    copy_smaps("first_page");
    g_main_loop_unref(loop);
    return 0;
}
#else
#include "mvvm_seeds.h"

static void on_rows(mvvm_object *vm, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)vm;
    (void)changes;
    *(size_t *)user_data += count;
}

static void check(mvvm_status status, const char *call) {
    if (status != MVVM_OK) {
        fprintf(stderr, "footprint_bench: %s: %s\n", call, mvvm_last_error_message());
        exit(1);
    }
}

int main(void) {
    check(mvvm_init(), "mvvm_init");
    printf("rss_start %ld\n", rss_kib());
    copy_smaps("start");
    mvvm_object *repository = NULL, *list = NULL;
    check(mvvm_repository_new_sample(NULL, &repository), "mvvm_repository_new_sample");
    check(mvvm_user_list_new(repository, &list), "mvvm_user_list_new");
    size_t changes = 0;
    check(mvvm_signal_connect(list, "rows-changed", (mvvm_callback)on_rows, &changes, NULL, NULL), "mvvm_signal_connect");
    check(mvvm_user_list_on_appear(list), "mvvm_user_list_on_appear");
    for (int i = 0; i < 1000 && changes == 0; i++) check(mvvm_run(10, NULL), "mvvm_run");
    if (changes == 0) {
        fprintf(stderr, "footprint_bench: the first page did not arrive\n");
        return 1;
    }
    printf("rss_first_page %ld\n", rss_kib());
    copy_smaps("first_page");
    check(mvvm_object_destroy(list), "mvvm_object_destroy");
    check(mvvm_object_destroy(repository), "mvvm_object_destroy");
    check(mvvm_shutdown(), "mvvm_shutdown");
    return 0;
}
#endif
