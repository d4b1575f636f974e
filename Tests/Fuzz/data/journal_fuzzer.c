/*
 * journal_fuzzer.c: libFuzzer over journals given to mvvm_replay() (mvvm.h, "Debugging";
 * docs/JOURNAL.md). Journals are what users send in bug reports: replay must never crash,
 * hang or leak on one, however it was cut, edited or forged.
 *
 * Each input is written to a file and replayed (settle_ms 1: a recorded reaction that does
 * not come is given up at once). The invariants:
 *   - the status is MVVM_OK (identical), MVVM_E_STATE (diverged) or MVVM_E_INVALID_ARGUMENT
 *     (cannot be replayed);
 *   - the report is non-NULL valid UTF-8 starting "replay: ", and says "identical",
 *     "diverged at journal line" or "cannot replay" to match the status;
 *   - afterwards no runtime runs: mvvm_dispatch() answers MVVM_E_NOT_INITIALIZED.
 * Seeds: corpus/journal/ (sessions recorded from the seeds' app: a list, a detail saving, a
 * debounced search, a ticking stopwatch; a header alone).
 */
#define _POSIX_C_SOURCE 200809L

#include "mvvm_seeds.h"
#include "../fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHECK(condition, ...)                                                                   \
    do {                                                                                        \
        if (!(condition)) {                                                                     \
            fprintf(stderr, "journal_fuzzer: INVARIANT VIOLATED: " __VA_ARGS__);               \
            fprintf(stderr, " [%s:%d]\n", __FILE__, __LINE__);                                  \
            abort();                                                                            \
        }                                                                                       \
    } while (0)

static char path[256];

static void remove_journal(void) { unlink(path); }

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    snprintf(path, sizeof path, "%s/mvvm-journal-fuzz-%d.jsonl", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid());
    atexit(remove_journal);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    CHECK(fuzz_write_file(path, data, size) == 0, "could not write the journal");
    mvvm_replay_options options;
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    options.settle_ms = 1;
    char *report = NULL;
    mvvm_status status = mvvm_replay(path, &options, &report);
    CHECK(status == MVVM_OK || status == MVVM_E_STATE || status == MVVM_E_INVALID_ARGUMENT, "status %s",
          mvvm_status_name(status));
    CHECK(report != NULL, "no report");
    CHECK(fuzz_valid_utf8(report), "the report is not UTF-8");
    CHECK(strncmp(report, "replay: ", 8) == 0, "the report starts \"%.40s\"", report);
    if (status == MVVM_OK) CHECK(strncmp(report, "replay: identical", 17) == 0, "MVVM_OK with \"%.80s\"", report);
    if (status == MVVM_E_STATE) CHECK(strncmp(report, "replay: diverged at journal line ", 33) == 0, "MVVM_E_STATE with \"%.80s\"", report);
    mvvm_string_free(report);
    CHECK(mvvm_dispatch() == MVVM_E_NOT_INITIALIZED, "a runtime still runs after the replay");
    return 0;
}
