/*
 * mvvm-replay: replays a journal against an application's library (mvvm.h, "Debugging").
 *
 *   mvvm-replay JOURNAL --library PATH/libAPP.so [--settle MS]
 *
 * Loads the library with dlopen(), calls mvvm_replay() on this (the main) thread, prints its
 * report, and exits 0 when the library did what the journal recorded, 1 at the first
 * divergence (the report names it), 2 when the journal cannot be replayed or the library
 * cannot be loaded.
 */
#define _POSIX_C_SOURCE 200809L
#include "mvvm.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef mvvm_status (*replay_fn)(const char *, const mvvm_replay_options *, char **);
typedef void (*free_fn)(char *);

static int usage(void) {
    fprintf(stderr, "usage: mvvm-replay JOURNAL --library PATH/libAPP.so [--settle MS]\n");
    return 2;
}

int main(int argc, char **argv) {
    const char *journal = NULL, *library = NULL;
    mvvm_replay_options options;
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--library") == 0 && i + 1 < argc) {
            library = argv[++i];
        } else if (strcmp(argv[i], "--settle") == 0 && i + 1 < argc) {
            options.settle_ms = (uint32_t)strtoul(argv[++i], NULL, 10);
        } else if (argv[i][0] == '-') {
            return usage();
        } else if (!journal) {
            journal = argv[i];
        } else {
            return usage();
        }
    }
    if (!journal || !library) return usage();
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        fprintf(stderr, "mvvm-replay: %s\n", dlerror());
        return 2;
    }
    replay_fn replay = (replay_fn)(uintptr_t)dlsym(handle, "mvvm_replay");
    free_fn release = (free_fn)(uintptr_t)dlsym(handle, "mvvm_string_free");
    if (!replay || !release) {
        fprintf(stderr, "mvvm-replay: %s has no mvvm_replay(): it is not an mvvm library of version 0.2 or later\n", library);
        return 2;
    }
    char *report = NULL;
    mvvm_status status = replay(journal, &options, &report);
    printf("%s\n", report ? report : "replay: no report");
    release(report);
    if (status != MVVM_OK && status != MVVM_E_STATE && status != MVVM_E_INVALID_ARGUMENT)
        fprintf(stderr, "mvvm-replay: mvvm_replay() answered %d\n", (int)status);
    if (status == MVVM_OK) return 0;
    return status == MVVM_E_STATE ? 1 : 2;
}
