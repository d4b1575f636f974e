/*
 * test_wakeups.c: an answered host request wakes the host thread once.
 *
 * Not timed. A host repository's fetch_user request is answered by another thread (joined
 * before the host looks at its loop again), then the host counts how many times its loop must
 * wake up and dispatch (mvvm_run() reports each dispatch through out_dispatched) before the
 * UserDetail's "notify::user" handler has run: exactly one. Before the repository calls ran on
 * the caller's actor, the answer resumed HostImplementation.call on the main actor, went on
 * to a pool thread (the nonisolated repository method) and came back to the ViewModel on the
 * main actor: two dispatches (this test then fails with "got 2"). Afterwards nothing more is
 * pending: no stray wake-up follows.
 *
 * No pool thread in between either: the moment mvvm_request_resolve_user() returns, the host's
 * descriptor is already readable (the answering thread polls it at once), because the resumed task went straight onto the main queue
 * (MainBoundResume). Swift's default resumes a continuation on the generic executor: a pool
 * thread wakes, runs the task up to its hop to the main actor and only then queues it on the
 * main queue, so right after the answer the descriptor would usually not be readable yet.
 */
#include "harness.h"

#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>

typedef struct host {
    mvvm_request *_Atomic pending;
    int fetches;
    int fd;                  /* mvvm_get_fd() */
    int readable_on_return;  /* the answering thread's poll() right after the answer */
} host;

static void fetch_users(void *data, mvvm_request *request, int64_t page) {
    (void)data, (void)page;
    mvvm_request_fail(request, "not used here");
}
static void fetch_user(void *data, mvvm_request *request, int64_t id) {
    (void)id;
    host *h = data;
    h->fetches++;
    atomic_store(&h->pending, request); /* answered later, by another thread */
}
static void update_user(void *data, mvvm_request *request, const mvvm_user *user) {
    (void)data;
    mvvm_request_resolve_user(request, user);
}

static int user_notifications;
static void on_loaded_user(mvvm_object *vm, const mvvm_user *user, void *data) {
    (void)vm, (void)data;
    if (user) user_notifications++;
}

static void *answer(void *data) {
    host *h = data;
    mvvm_user user = {.id = 7, .name = "Ada", .email = "ada@example.com"};
    mvvm_status status = mvvm_request_resolve_user(atomic_exchange(&h->pending, NULL), &user);
    struct pollfd readable = {.fd = h->fd, .events = POLLIN, .revents = 0};
    h->readable_on_return = poll(&readable, 1, 0);
    return (void *)(intptr_t)status;
}

/* Dispatches what is pending right now (no waiting) until nothing is. */
static void drain_now(void) {
    int32_t dispatched = 1;
    for (int i = 0; i < 100 && dispatched; i++) CHECK_OK(mvvm_run(0, &dispatched));
}

static void test_an_answered_request_wakes_the_host_once(void) {
    host h;
    memset(&h, 0, sizeof h);
    mvvm_user_repository_vtable table = {.struct_size = sizeof table, .fetch_users = fetch_users,
                                         .fetch_user = fetch_user, .update_user = update_user};
    mvvm_object *repository = NULL, *vm = NULL;
    REQUIRE_OK(mvvm_get_fd(&h.fd));
    REQUIRE_OK(mvvm_repository_new_host(&table, NULL, &h, NULL, &repository));
    for (int round = 0; round < 20; round++) {
        REQUIRE_OK(mvvm_user_detail_new(repository, 7, &vm));
        REQUIRE_OK(mvvm_signal_connect(vm, "notify::user", MVVM_CALLBACK(on_loaded_user), NULL, NULL, NULL));
        user_notifications = 0;
        int fetches = h.fetches;
        CHECK_OK(mvvm_user_detail_on_appear(vm));
        PUMP_UNTIL(h.fetches == fetches + 1, HARNESS_PUMP_BUDGET);
        drain_now(); /* the request is issued; nothing else is in flight */
        REQUIRE(atomic_load(&h.pending) != NULL);

        pthread_t thread;
        REQUIRE(pthread_create(&thread, NULL, answer, &h) == 0);
        void *status = NULL;
        pthread_join(thread, &status);
        CHECK_EQ((int)(intptr_t)status, (int)MVVM_OK);
        CHECK_EQ(h.readable_on_return, 1); /* queued by the answering thread itself */

        /* Count the host's wake-ups until the handler ran (bounded: 5 s per wait). */
        int wakeups = 0;
        for (int i = 0; i < 10 && user_notifications == 0; i++) {
            int32_t dispatched = 0;
            CHECK_OK(mvvm_run(5000, &dispatched));
            wakeups += dispatched;
        }
        CHECK_EQ(user_notifications, 1);
        CHECK_EQ(wakeups, 1);
        /* And nothing was left behind to wake it again. */
        int32_t stray = 0;
        CHECK_OK(mvvm_run(0, &stray));
        CHECK_EQ(stray, 0);

        CHECK_OK(mvvm_object_destroy(vm));
        drain_now();
    }
    CHECK_OK(mvvm_object_destroy(repository));
    drain_now();
}

int main(void) {
    harness_init();
    RUN_TEST(test_an_answered_request_wakes_the_host_once);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
