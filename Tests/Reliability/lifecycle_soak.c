/*
 * lifecycle_soak.c: create, connect, disconnect and destroy every ViewModel type, over and
 * over, watching resident memory.
 *
 *   lifecycle_soak [ROUNDS (default 2000)]
 *
 * Each round creates BATCH objects of every ViewModel type (typed constructors, one sample
 * repository), connects 0..MAX_HANDLERS handlers to each (signals taken in turn from the
 * type's list, found through mvvm_type_describe(), so every signal of every type gets
 * connected), disconnects about half of them by id, destroys every object (the rest of the
 * connections end there) and runs mvvm_dispatch(). What the objects keep per connection (the
 * per-signal state made at the first connect and dropped at the last disconnect, the
 * observations of the properties a connected signal announces, the event subscriptions) is
 * made and unmade every round.
 *
 * Memory: VmRSS after a warm-up of 10% of the rounds and at the end, with soak.c's tolerance
 * rule: growth up to the larger of 5% of the warm RSS and 8 MiB (malloc arenas and the Swift
 * runtime's caches settle slowly; a leak of a few dozen bytes per object or connection is
 * tens of MiB over the default rounds, well past that). Also checks that every connection's
 * destroy notifier ran exactly once. Prints "bench lifecycle_rss_start N KiB",
 * "bench lifecycle_rss_end N KiB", the growth and the objects created; exit status 0 when
 * all is well.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mvvm_seeds.h"

#define BATCH 40
#define MAX_HANDLERS 3
#define MAX_SIGNALS 64
#define GROWTH_PERCENT 5
#define GROWTH_MIN_KIB (8 * 1024)

static uint64_t notifies, connections_made;

static void check(mvvm_status status, const char *call) {
    if (status != MVVM_OK) {
        fprintf(stderr, "lifecycle_soak: %s failed: %s: %s\n", call, mvvm_status_name(status), mvvm_last_error_message());
        exit(1);
    }
}
#define CHECK(call) check((call), #call)

static long rss_kib(void) {
    FILE *file = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (file && fgets(line, sizeof line, file))
        if (strncmp(line, "VmRSS:", 6) == 0) kib = strtol(line + 6, NULL, 10);
    if (file) fclose(file);
    if (kib < 0) {
        fprintf(stderr, "lifecycle_soak: cannot read VmRSS\n");
        exit(1);
    }
    return kib;
}

/* Never called with arguments it reads: nothing changes the objects here. */
static void on_signal(void) {}
static void on_destroy(void *user_data) {
    (void)user_data;
    notifies++;
}

typedef struct type_signals {
    int count;
    const char *names[MAX_SIGNALS];
} type_signals;

static type_signals signals_of[MVVM_TYPE_USER_SEARCH + 1];

static mvvm_object *create(mvvm_type type, mvvm_object *repository) {
    static const int64_t values[] = {5, 3, 8, 1};
    mvvm_object *object = NULL;
    switch (type) {
    case MVVM_TYPE_USER_LIST: CHECK(mvvm_user_list_new(repository, &object)); break;
    case MVVM_TYPE_USER_DETAIL: CHECK(mvvm_user_detail_new(repository, 1, &object)); break;
    case MVVM_TYPE_POST_DETAIL: CHECK(mvvm_post_detail_new(repository, 1, &object)); break;
    case MVVM_TYPE_SORTED_INTEGERS: CHECK(mvvm_sorted_integers_new(values, 4, 7, &object)); break;
    case MVVM_TYPE_STOPWATCH: CHECK(mvvm_stopwatch_new(&object)); break;
    case MVVM_TYPE_COORDINATOR: CHECK(mvvm_coordinator_new(repository, &object)); break;
    case MVVM_TYPE_USER_SEARCH: CHECK(mvvm_user_search_new(repository, &object)); break;
    default: abort();
    }
    return object;
}

int main(int argc, char **argv) {
    long rounds = argc > 1 ? strtol(argv[1], NULL, 10) : 2000;
    if (rounds < 10) rounds = 10;
    CHECK(mvvm_init());
    mvvm_object *repository = NULL;
    CHECK(mvvm_repository_new_sample(NULL, &repository));
    for (mvvm_type type = MVVM_TYPE_USER_LIST; type <= MVVM_TYPE_USER_SEARCH; type++) {
        const mvvm_type_info *info = NULL;
        CHECK(mvvm_type_describe(type, &info));
        for (size_t i = 0; i < info->member_count; i++)
            if (info->members[i].kind == MVVM_MEMBER_SIGNAL && signals_of[type].count < MAX_SIGNALS)
                signals_of[type].names[signals_of[type].count++] = info->members[i].name;
    }

    long warm_kib = 0;
    uint64_t created = 0, next_signal = 0;
    mvvm_object *objects[BATCH];
    uint64_t ids[BATCH * MAX_HANDLERS];
    for (long round = 0; round < rounds; round++) {
        if (round == rounds / 10) {
            CHECK(mvvm_dispatch());
            warm_kib = rss_kib();
        }
        for (mvvm_type type = MVVM_TYPE_USER_LIST; type <= MVVM_TYPE_USER_SEARCH; type++) {
            const type_signals *signals = &signals_of[type];
            size_t id_count = 0;
            for (int i = 0; i < BATCH; i++) {
                objects[i] = create(type, repository);
                created++;
                int handlers = (int)((round + i) % (MAX_HANDLERS + 1));
                for (int h = 0; h < handlers && signals->count > 0; h++) {
                    const char *name = signals->names[next_signal++ % (uint64_t)signals->count];
                    CHECK(mvvm_signal_connect(objects[i], name, MVVM_CALLBACK(on_signal), NULL, on_destroy, &ids[id_count++]));
                    connections_made++;
                }
            }
            /* About half end by disconnect (the last handler of a signal among them), the rest
             * when their object is destroyed. */
            for (size_t i = 0; i < id_count; i += 2) CHECK(mvvm_signal_disconnect(ids[i]));
            for (int i = 0; i < BATCH; i++) CHECK(mvvm_object_destroy(objects[i]));
        }
        CHECK(mvvm_dispatch());
    }
    CHECK(mvvm_dispatch());
    long end_kib = rss_kib();
    long allowed = warm_kib * GROWTH_PERCENT / 100;
    if (allowed < GROWTH_MIN_KIB) allowed = GROWTH_MIN_KIB;
    int ok = 1;
    printf("bench lifecycle_objects %" PRIu64 " objects\n", created);
    printf("bench lifecycle_connections %" PRIu64 " connections\n", connections_made);
    printf("bench lifecycle_rss_start %ld KiB\n", warm_kib);
    printf("bench lifecycle_rss_end %ld KiB\n", end_kib);
    printf("bench lifecycle_rss_growth %ld KiB (allowed %ld)\n", end_kib - warm_kib, allowed);
    if (end_kib - warm_kib > allowed) {
        fprintf(stderr, "lifecycle_soak: resident memory grew by %ld KiB (allowed %ld)\n", end_kib - warm_kib, allowed);
        ok = 0;
    }
    if (notifies != connections_made) {
        fprintf(stderr, "lifecycle_soak: %" PRIu64 " destroy notifiers for %" PRIu64 " connections\n", notifies, connections_made);
        ok = 0;
    }
    CHECK(mvvm_object_destroy(repository));
    CHECK(mvvm_shutdown());
    puts(ok ? "lifecycle_soak: OK" : "lifecycle_soak: FAILED");
    return ok ? 0 : 1;
}
