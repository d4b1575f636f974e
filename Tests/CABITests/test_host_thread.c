/*
 * test_host_thread.c: mvvm_init_with_options() makes a thread that is not the process's main
 * thread the host thread, for the process's lifetime.
 *
 * The program sets up its own threads (HARNESS_OWN_MAIN), the same in both of run.sh's
 * passes: one worker thread is the host thread, and runs what the main thread hands it
 * (on_host) while the main thread waits; so the checks never run on two threads at once.
 * Which thread an init fixes is a per-process fact, so the case "mvvm_init() on the main
 * thread first" runs in a child process (this program again, with the argument main-first).
 */
#define HARNESS_OWN_MAIN
#include "harness.h"

#include <dlfcn.h>
#include <poll.h>
#include <semaphore.h>
#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

/* ------------------------------------------------------------------------------------------
 * The host worker
 * ---------------------------------------------------------------------------------------- */

static sem_t work_ready, work_done;
static void (*work)(void);

static void *host_worker(void *unused) {
    (void)unused;
    harness_host_thread_id = harness_current_thread_id();
    for (;;) {
        sem_wait(&work_ready);
        if (work == NULL) return NULL;
        work();
        sem_post(&work_done);
    }
}

/* Runs `function` on the host worker and waits until it has returned. */
static void on_host(void (*function)(void)) {
    work = function;
    sem_post(&work_ready);
    sem_wait(&work_done);
}

static mvvm_init_options default_options(void) {
    mvvm_init_options options;
    memset(&options, 0, sizeof options);
    options.struct_size = (uint32_t)sizeof options;
    return options;
}

/* Fails unless the last error message contains `text`. */
#define CHECK_MESSAGE_NAMES(text)                                                               \
    do {                                                                                        \
        if (strstr(mvvm_last_error_message(), (text)) == NULL)                                  \
            harness_report(__FILE__, __LINE__, "message names " #text, (text));                 \
    } while (0)

static char thread_text[64];
static const char *thread_named(int id) {
    snprintf(thread_text, sizeof thread_text, "thread %d", id);
    return thread_text;
}

/* Calls mvvm_init_with_options() and mvvm_init() on a thread of its own. */
typedef struct third_thread {
    mvvm_status with_options, plain;
    char message[1100];
} third_thread;

static void *init_on_third_thread(void *context) {
    third_thread *t = context;
    mvvm_init_options options = default_options();
    t->with_options = mvvm_init_with_options(&options);
    snprintf(t->message, sizeof t->message, "%s", mvvm_last_error_message());
    t->plain = mvvm_init();
    return NULL;
}

static third_thread init_from_a_third_thread(void) {
    third_thread t = {.with_options = MVVM_OK, .plain = MVVM_OK};
    pthread_t thread;
    if (pthread_create(&thread, NULL, init_on_third_thread, &t) != 0) {
        harness_report(__FILE__, __LINE__, "pthread_create", NULL);
        return t;
    }
    pthread_join(thread, NULL);
    return t;
}

/* ------------------------------------------------------------------------------------------
 * Tests (in order: the first init of the process happens in the second)
 * ---------------------------------------------------------------------------------------- */

static void invalid_options_are_refused(void) {
    CHECK_STATUS(mvvm_init_with_options(NULL), MVVM_E_INVALID_ARGUMENT);
    mvvm_init_options options = default_options();
    options.struct_size = 4;
    CHECK_STATUS(mvvm_init_with_options(&options), MVVM_E_INVALID_ARGUMENT);
    options = default_options();
    options.flags = 2; /* MVVM_INIT_REPORT_LEAKS is 1; no other flag is defined */
    CHECK_STATUS(mvvm_init_with_options(&options), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "flags") != NULL);
    CHECK(strstr(mvvm_last_error_message(), "MVVM_INIT_REPORT_LEAKS") != NULL);
    /* A size between 0.1's and this version's is neither. */
    options = default_options();
    options.struct_size = MVVM_INIT_OPTIONS_SIZE_0_1 + 4;
    CHECK_STATUS(mvvm_init_with_options(&options), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "MVVM_INIT_OPTIONS_SIZE_0_1") != NULL);
}

static void not_initialized_before_any_init(void) {
    int fd = -1;
    CHECK_STATUS(mvvm_get_fd(&fd), MVVM_E_NOT_INITIALIZED);
    CHECK_MESSAGE_NAMES("mvvm_get_fd()");
    CHECK_MESSAGE_NAMES("no host thread is fixed yet");
    CHECK_MESSAGE_NAMES("mvvm_init_with_options()");
    /* Initialised is checked before the arguments. */
    CHECK_STATUS(mvvm_get_fd(NULL), MVVM_E_NOT_INITIALIZED);
    CHECK_STATUS(mvvm_dispatch(), MVVM_E_NOT_INITIALIZED);
    CHECK_OK(mvvm_shutdown()); /* nothing runs: nothing to stop */
}

static void init_on_the_worker_before_any_init(void) {
    CHECK_STATUS(mvvm_init(), MVVM_E_WRONG_THREAD);
    CHECK_MESSAGE_NAMES("mvvm_init()");
    CHECK_MESSAGE_NAMES(thread_named(harness_current_thread_id()));
    CHECK_MESSAGE_NAMES(thread_named((int)getpid()));
    CHECK_MESSAGE_NAMES("call mvvm_init_with_options()");
}

static void test_before_any_init_every_thread_is_told_not_initialized(void) {
    not_initialized_before_any_init(); /* main thread */
    on_host(not_initialized_before_any_init);
    on_host(init_on_the_worker_before_any_init);
}

static void test_invalid_options_are_refused_before_any_thread_is_fixed(void) {
    invalid_options_are_refused();   /* main thread */
    on_host(invalid_options_are_refused);
    /* Nothing was fixed: the worker becomes the host thread in the next test. */
}

typedef struct list_fixture {
    mvvm_object *repository, *vm;
    recorder rows;
} list_fixture;

static list_fixture list;

static void a_list_loads_on_the_worker(void) {
    recorder_reset(&list.rows);
    list.repository = make_sample_repository(25, 10, 5, 0);
    REQUIRE(list.repository != NULL);
    REQUIRE_OK(mvvm_user_list_new(list.repository, &list.vm));
    CONNECT(list.vm, "rows-changed", on_changes, &list.rows);
    CHECK_OK(mvvm_user_list_on_appear(list.vm));
    /* The repository's latency timer and the ViewModel's task continue on this thread. */
    PUMP_UNTIL(list.rows.change_sets == 1, HARNESS_PUMP_BUDGET);
    int64_t count = 0;
    CHECK_OK(mvvm_user_list_get_count(list.vm, &count));
    CHECK_EQ(count, 10);
    /* The error message is this thread's: a success after a failure clears it here. */
    CHECK_STATUS(mvvm_user_list_get_count(NULL, &count), MVVM_E_INVALID_HANDLE);
    CHECK_OK(mvvm_user_list_get_count(list.vm, &count));
}

static void worker_becomes_the_host_thread(void) {
    mvvm_init_options options = default_options();
    REQUIRE_OK(mvvm_init_with_options(&options));
    CHECK_OK(mvvm_init_with_options(&options)); /* idempotent */
    CHECK_OK(mvvm_init());                      /* mvvm_init() means the host thread now */
    int fd = -1;
    CHECK_OK(mvvm_get_fd(&fd));
    CHECK(fd >= 0);
    a_list_loads_on_the_worker();
}

static void test_a_worker_becomes_the_host_thread_and_work_arrives_on_it(void) {
    on_host(worker_becomes_the_host_thread);
}

static int32_t dispatched_on_host;
static int readable_on_host;
static void run_once_without_waiting(void) {
    int fd = -1;
    CHECK_OK(mvvm_get_fd(&fd));
    struct pollfd p = {.fd = fd, .events = POLLIN, .revents = 0};
    readable_on_host = poll(&p, 1, 2000);
    CHECK_OK(mvvm_run(0, &dispatched_on_host));
}


static void test_the_main_thread_is_refused_but_any_thread_functions_work(void) {
    int fd = -1;
    int32_t dispatched = -1;
    mvvm_object *vm = NULL;
    CHECK_STATUS(mvvm_get_fd(&fd), MVVM_E_WRONG_THREAD);
    CHECK_EQ(fd, -1);
    /* The message names the function, the calling thread and the host thread (kernel ids). */
    CHECK_MESSAGE_NAMES("mvvm_get_fd()");
    CHECK_MESSAGE_NAMES(thread_named(harness_current_thread_id()));
    CHECK_MESSAGE_NAMES(thread_named(harness_host_thread_id));
    CHECK_MESSAGE_NAMES("mvvm_init_with_options()");
    /* The thread is checked before the arguments. */
    CHECK_STATUS(mvvm_get_fd(NULL), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_init_with_options(NULL), MVVM_E_WRONG_THREAD);
    CHECK_MESSAGE_NAMES("mvvm_init_with_options()");
    CHECK_MESSAGE_NAMES(thread_named(harness_host_thread_id));
    CHECK_STATUS(mvvm_dispatch(), MVVM_E_WRONG_THREAD);
    CHECK_MESSAGE_NAMES("mvvm_dispatch()");
    CHECK_STATUS(mvvm_run(0, &dispatched), MVVM_E_WRONG_THREAD);
    CHECK_STATUS(mvvm_user_list_new(list.repository, &vm), MVVM_E_WRONG_THREAD);
    CHECK(vm == NULL);
    CHECK_STATUS(mvvm_user_list_refresh(list.vm), MVVM_E_WRONG_THREAD);
    CHECK_MESSAGE_NAMES("mvvm_user_list_refresh()");
    CHECK_MESSAGE_NAMES(thread_named(harness_host_thread_id));
    CHECK_STATUS(mvvm_init(), MVVM_E_WRONG_THREAD);
    /* mvvm_init() says it the way mvvm_init_with_options() does. */
    CHECK_MESSAGE_NAMES("mvvm_init()");
    CHECK_MESSAGE_NAMES(thread_named(harness_current_thread_id()));
    CHECK_MESSAGE_NAMES(thread_named(harness_host_thread_id));
    CHECK_MESSAGE_NAMES("fixed for the process's lifetime");
    CHECK_STATUS(mvvm_shutdown(), MVVM_E_WRONG_THREAD);
    mvvm_init_options options = default_options();
    CHECK_STATUS(mvvm_init_with_options(&options), MVVM_E_WRONG_THREAD);
    CHECK_MESSAGE_NAMES("fixed for the process's lifetime");
    CHECK_MESSAGE_NAMES("by mvvm_init_with_options()");
    /* The documented any-thread functions keep working here. */
    CHECK_EQ(mvvm_version(), MVVM_VERSION_NUMBER);
    mvvm_type type;
    CHECK_OK(mvvm_type_find("UserList", &type));
    CHECK_OK(mvvm_wakeup());
    on_host(run_once_without_waiting);
    CHECK_EQ(readable_on_host, 1);   /* the wake-up reached the host thread's descriptor */
    CHECK_EQ(dispatched_on_host, 0); /* and ran no work: "dispatched" counts work only */
}

/* Worker mode and the dispatch main queue: a block queued there never runs (only the process's
 * main thread may drain it), and a debug build of the library says so once on stderr, naming
 * DispatchQueue.main.async. libdispatch's C API through dlsym: the test links no libdispatch. */
static int main_queue_block_ran;
static void main_queue_block(void *context) { (void)context; main_queue_block_ran = 1; }
static void pump_a_little(void) {
    for (int i = 0; i < 3; i++) CHECK_OK(mvvm_run(0, NULL));
}

static void test_dispatch_main_queue_work_in_worker_mode_is_reported(void) {
    void (*async_f)(void *, void *, void (*)(void *)) =
        (void (*)(void *, void *, void (*)(void *)))dlsym(RTLD_DEFAULT, "dispatch_async_f");
    void *main_queue = dlsym(RTLD_DEFAULT, "_dispatch_main_q");
    REQUIRE(async_f != NULL && main_queue != NULL);
    int pipe_fds[2];
    REQUIRE(pipe(pipe_fds) == 0);
    fflush(stderr);
    int saved_stderr = dup(2);
    REQUIRE(saved_stderr >= 0);
    dup2(pipe_fds[1], 2);
    async_f(main_queue, NULL, main_queue_block);
    char text[4096] = "";
    size_t length = 0;
    /* Bounded wait for the warning line (the watch runs on a pool thread). */
    for (int i = 0; i < 50 && strstr(text, "never runs") == NULL && length < sizeof text - 1; i++) {
        struct pollfd p = {.fd = pipe_fds[0], .events = POLLIN, .revents = 0};
        if (poll(&p, 1, 100) != 1) continue;
        ssize_t got = read(pipe_fds[0], text + length, sizeof text - 1 - length);
        if (got > 0) length += (size_t)got;
        text[length] = '\0';
    }
    text[length] = '\0';
    dup2(saved_stderr, 2);
    close(saved_stderr);
    close(pipe_fds[0]);
    close(pipe_fds[1]);
    CHECK(strstr(text, "DispatchQueue.main.async") != NULL);
    CHECK(strstr(text, thread_named(harness_host_thread_id)) != NULL);
    on_host(pump_a_little);
    CHECK_EQ(main_queue_block_ran, 0); /* the documented loss */
}

static void test_a_third_thread_is_refused(void) {
    third_thread t = init_from_a_third_thread();
    CHECK_EQ(t.with_options, MVVM_E_WRONG_THREAD);
    CHECK_EQ(t.plain, MVVM_E_WRONG_THREAD);
    CHECK(strstr(t.message, "by mvvm_init_with_options()") != NULL);
}

static void shut_down(void) {
    CHECK_OK(mvvm_shutdown());
    CHECK(!handle_is_live(list.vm));
    /* Not running, on the host thread: the message names this mode's init. */
    int fd = -1;
    CHECK_STATUS(mvvm_get_fd(&fd), MVVM_E_NOT_INITIALIZED);
    CHECK_MESSAGE_NAMES("mvvm_get_fd()");
    CHECK_MESSAGE_NAMES("call mvvm_init_with_options()");
    CHECK(strstr(mvvm_last_error_message(), "call mvvm_init() first") == NULL);
}

static void init_again(void) {
    mvvm_init_options options = default_options();
    REQUIRE_OK(mvvm_init_with_options(&options));
    a_list_loads_on_the_worker();
    CHECK_OK(mvvm_shutdown());
}

static void test_after_shutdown_only_the_same_thread_may_init_again(void) {
    on_host(shut_down);
    /* After the worker's shutdown the main thread is still the wrong thread. */
    int fd = -1;
    CHECK_STATUS(mvvm_get_fd(&fd), MVVM_E_WRONG_THREAD);
    CHECK_MESSAGE_NAMES(thread_named(harness_host_thread_id));
    mvvm_init_options options = default_options();
    CHECK_STATUS(mvvm_init_with_options(&options), MVVM_E_WRONG_THREAD); /* main thread */
    CHECK_STATUS(mvvm_init(), MVVM_E_WRONG_THREAD);
    third_thread t = init_from_a_third_thread();
    CHECK_EQ(t.with_options, MVVM_E_WRONG_THREAD);
    on_host(init_again);
}

/* ------------------------------------------------------------------------------------------
 * The child: mvvm_init() on the main thread first
 * ---------------------------------------------------------------------------------------- */

/* Exit status 0 when a worker is refused once the main thread is the host thread. */
static int main_first(void) {
    if (mvvm_init() != MVVM_OK) return 10;
    third_thread t = init_from_a_third_thread();
    if (t.with_options != MVVM_E_WRONG_THREAD) return 11;
    if (t.plain != MVVM_E_WRONG_THREAD) return 12;
    if (strstr(t.message, "the process's main thread") == NULL) return 13;
    if (mvvm_shutdown() != MVVM_OK) return 14;
    int fd = -1;
    if (mvvm_get_fd(&fd) != MVVM_E_NOT_INITIALIZED) return 17;
    if (strstr(mvvm_last_error_message(), "call mvvm_init() first") == NULL) return 18;
    t = init_from_a_third_thread();
    if (t.with_options != MVVM_E_WRONG_THREAD) return 15;
    if (mvvm_init() != MVVM_OK || mvvm_shutdown() != MVVM_OK) return 16;
    return 0;
}

static void test_after_mvvm_init_on_the_main_thread_a_worker_is_refused(void) {
    char program[] = "/proc/self/exe";
    char argument[] = "main-first";
    char *arguments[] = {program, argument, NULL};
    pid_t child = 0;
    REQUIRE(posix_spawn(&child, program, NULL, NULL, arguments, environ) == 0);
    int status = 0;
    REQUIRE(waitpid(child, &status, 0) == child);
    CHECK(WIFEXITED(status));
    CHECK_EQ(WEXITSTATUS(status), 0);
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "main-first") == 0) return main_first();
    alarm(60); /* a watchdog: a lost hand-over kills the program instead of hanging it */
    sem_init(&work_ready, 0, 0);
    sem_init(&work_done, 0, 0);
    pthread_t worker;
    if (pthread_create(&worker, NULL, host_worker, NULL) != 0) return 2;
    RUN_TEST(test_before_any_init_every_thread_is_told_not_initialized);
    RUN_TEST(test_invalid_options_are_refused_before_any_thread_is_fixed);
    RUN_TEST(test_a_worker_becomes_the_host_thread_and_work_arrives_on_it);
    RUN_TEST(test_the_main_thread_is_refused_but_any_thread_functions_work);
    RUN_TEST(test_dispatch_main_queue_work_in_worker_mode_is_reported);
    RUN_TEST(test_a_third_thread_is_refused);
    RUN_TEST(test_after_shutdown_only_the_same_thread_may_init_again);
    RUN_TEST(test_after_mvvm_init_on_the_main_thread_a_worker_is_refused);
    work = NULL;
    sem_post(&work_ready);
    pthread_join(worker, NULL);
    return harness_finish();
}
