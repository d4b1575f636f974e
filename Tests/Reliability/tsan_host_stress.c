/*
 * tsan_host_stress.c: host repositories answered from several threads at once, built with
 * -fsanitize=thread against a ThreadSanitizer build of libmvvm (check-all, "TSan host
 * stress"), so every access the C boundary shares between threads is checked: the request
 * table, the wake-up descriptor, the per-thread error messages, the thread check of the
 * host-thread functions.
 *
 *   tsan_host_stress [--worker] [SECONDS (default 20)] [SEED (default 1)]
 *
 * The host thread (the process main thread; with --worker a thread made the host thread by
 * mvvm_init_with_options() while the main thread waits in pthread_join()) polls the descriptor of mvvm_get_fd() and
 * dispatches, and meanwhile creates, drives and destroys ViewModels (user lists, user
 * details that save, post details that like, user searches) over host repositories, and now
 * and then destroys a repository and makes a new one while its ViewModels still use it. A
 * few ViewModels use a sample repository with latency and injected failures instead, whose
 * calls run on the runtime's own threads.
 * Every repository call becomes a job in a queue; WORKERS threads take the jobs and answer
 * them: at once, after a short wait, with a failure, twice, with the wrong resolve function
 * first, or much later, when the ViewModel that asked is usually gone (then the answer must
 * be refused with MVVM_E_NOT_FOUND). After each answer the worker calls mvvm_wakeup(); the
 * workers also call mvvm_wakeup() and the "any thread" functions on their own, and call a
 * host-thread function now and then, which must be refused with MVVM_E_WRONG_THREAD.
 *
 * Checked: every call answers the status its situation allows (answers: OK or NOT_FOUND,
 * INVALID_ARGUMENT for a wrong resolve function; a duplicate answer is never OK; calls from
 * workers: WRONG_THREAD); a failing call leaves a message; each repository's destroy
 * notifier runs exactly once, after the last of its ViewModels is gone; every ViewModel
 * leaves its loading state once its requests are answered. ThreadSanitizer's reports go to
 * stderr (check-all counts them). Prints one summary line; exit status 0 when all is well.
 */
#define _POSIX_C_SOURCE 200809L

#include "mvvm_seeds.h"

#include <inttypes.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define WORKERS 4
#define MAX_VMS 24
#define MAX_REPOS 512
#define MAX_JOBS 4096
#define PAGE_SIZE 10
#define TOTAL_PAGES 4

static void fail(const char *what, mvvm_status status) {
    fprintf(stderr, "tsan_host_stress: %s: %s: %s\n", what, mvvm_status_name(status), mvvm_last_error_message());
    exit(1);
}

/* A status that must be MVVM_OK, on the host thread. */
static void must(mvvm_status status, const char *call) {
    if (status != MVVM_OK) fail(call, status);
}
#define MUST(call) must((call), #call)

/* A failure explains itself; a success leaves no message. */
static void check_message(mvvm_status status, const char *call) {
    const char *message = mvvm_last_error_message();
    if (message == NULL || (status == MVVM_OK) != (message[0] == 0)) {
        fprintf(stderr, "tsan_host_stress: %s gave %s with message \"%s\"\n", call, mvvm_status_name(status),
                message ? message : "(NULL)");
        exit(1);
    }
}

static int64_t now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void sleep_us(long us) {
    struct timespec t = {us / 1000000, (us % 1000000) * 1000};
    nanosleep(&t, NULL);
}

/* xorshift64*: each thread has its own state. */
static uint32_t next_random(uint64_t *state) {
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return (uint32_t)((x * 0x2545F4914F6CDD1DULL) >> 32);
}

/* ------------------------------------------------------------------------------------------
 * Jobs: one per repository call, answered by the workers
 * ---------------------------------------------------------------------------------------- */

enum job_kind { JOB_USERS, JOB_USER, JOB_UPDATE, JOB_SEARCH, JOB_POST, JOB_COMMENTS, JOB_LIKE };

typedef struct job {
    int kind;
    mvvm_request *request;
    int64_t argument; /* page, user id or post id */
    int32_t liked;
    char text[64];    /* update_user: the name; search_users: the query (copied during the call) */
} job;

static pthread_mutex_t queue_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t queue_ready = PTHREAD_COND_INITIALIZER;
static job queue[MAX_JOBS];
static size_t queue_head, queue_count;
static int stopping;

static atomic_long requests, answered, refused, failed_on_purpose, late, duplicates, wrong_kind, cancels;
static atomic_long wakeups, wrong_thread_calls;

static void push_job(job j) {
    pthread_mutex_lock(&queue_lock);
    if (queue_count == MAX_JOBS) {
        pthread_mutex_unlock(&queue_lock);
        fprintf(stderr, "tsan_host_stress: the job queue is full\n");
        exit(1);
    }
    queue[(queue_head + queue_count) % MAX_JOBS] = j;
    queue_count++;
    pthread_cond_signal(&queue_ready);
    pthread_mutex_unlock(&queue_lock);
    atomic_fetch_add(&requests, 1);
}

/* Waits up to 5 ms for a job: 1 with a job, 0 without, -1 once stopping and the queue is
 * empty. */
static int pop_job(job *out) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 5000000;
    if (until.tv_nsec >= 1000000000) { until.tv_sec++; until.tv_nsec -= 1000000000; }
    pthread_mutex_lock(&queue_lock);
    int timed_out = 0;
    while (queue_count == 0 && !stopping && !timed_out)
        timed_out = pthread_cond_timedwait(&queue_ready, &queue_lock, &until) != 0;
    int got = queue_count > 0 ? 1 : stopping ? -1 : 0;
    if (got == 1) {
        *out = queue[queue_head];
        queue_head = (queue_head + 1) % MAX_JOBS;
        queue_count--;
    }
    pthread_mutex_unlock(&queue_lock);
    return got;
}

/* The right answer to `j`. */
static mvvm_status resolve(const job *j) {
    char names[PAGE_SIZE][32], emails[PAGE_SIZE][48], title[32];
    mvvm_user users[PAGE_SIZE];
    switch (j->kind) {
    case JOB_USERS:
    case JOB_SEARCH: {
        int64_t page = j->argument;
        for (int i = 0; i < PAGE_SIZE; i++) {
            int64_t id = (page - 1) * PAGE_SIZE + i + 1;
            snprintf(names[i], sizeof names[i], "%s %" PRId64, j->kind == JOB_SEARCH ? j->text : "User", id);
            snprintf(emails[i], sizeof emails[i], "user%" PRId64 "@example.com", id);
            users[i] = (mvvm_user){id, names[i], emails[i]};
        }
        return mvvm_request_resolve_user_page(j->request, users, PAGE_SIZE, page, TOTAL_PAGES);
    }
    case JOB_USER:
    case JOB_UPDATE: {
        snprintf(names[0], sizeof names[0], "%s", j->kind == JOB_UPDATE ? j->text : "Stored Name");
        mvvm_user user = {j->argument, names[0], "someone@example.com"};
        return mvvm_request_resolve_user(j->request, &user);
    }
    case JOB_POST:
    case JOB_LIKE: {
        snprintf(title, sizeof title, "Post %" PRId64, j->argument);
        mvvm_post post = {.id = j->argument, .title = title, .body = "Body.", .author_name = "Ada",
                          .created_at = 1700000000.0, .likes_count = 5 + j->liked,
                          .liked_by_current_user = j->liked, .comments_count = 2};
        return mvvm_request_resolve_post(j->request, &post);
    }
    default: {
        mvvm_comment comments[2] = {{1, "Ada", "First."}, {2, "Alan", "Second."}};
        return mvvm_request_resolve_comments(j->request, comments, 2);
    }
    }
}

/* A resolve function that does not fit `j`. */
static mvvm_status resolve_wrongly(const job *j) {
    if (j->kind == JOB_USER || j->kind == JOB_UPDATE) return mvvm_request_resolve_comments(j->request, NULL, 0);
    mvvm_user user = {1, "Wrong", "wrong@example.com"};
    return mvvm_request_resolve_user(j->request, &user);
}

/* An answer from a worker: OK, or NOT_FOUND when nobody waits any more. */
static void check_answer(mvvm_status status, const char *what) {
    check_message(status, what);
    if (status == MVVM_OK) atomic_fetch_add(&answered, 1);
    else if (status == MVVM_E_NOT_FOUND) atomic_fetch_add(&refused, 1);
    else fail(what, status);
}

static void wake(void) {
    mvvm_status status = mvvm_wakeup();
    if (status != MVVM_OK) fail("mvvm_wakeup() from a worker", status);
    atomic_fetch_add(&wakeups, 1);
}

/* A ViewModel handle the host thread published for the workers' wrong-thread calls. */
static _Atomic(mvvm_object *) some_vm;

/* The calls any thread may make, and one the host thread alone may make. */
static void side_calls(uint64_t *random) {
    if (mvvm_version() != MVVM_VERSION_NUMBER || mvvm_status_name(MVVM_E_NOT_FOUND) == NULL) {
        fprintf(stderr, "tsan_host_stress: version or status name wrong on a worker\n");
        exit(1);
    }
    if (next_random(random) % 8 == 0) {
        /* Refused before the handle is looked at: the host thread may destroy it right now. */
        mvvm_status status = next_random(random) % 2 ? mvvm_user_list_refresh(atomic_load(&some_vm)) : mvvm_dispatch();
        check_message(status, "a host-thread call from a worker");
        if (status != MVVM_E_WRONG_THREAD) fail("a host-thread call from a worker", status);
        atomic_fetch_add(&wrong_thread_calls, 1);
    }
}

typedef struct late_answer {
    job j;
    int64_t due_ms;
} late_answer;

static void *worker(void *argument) {
    uint64_t random = 0x9E3779B97F4A7C15ULL * ((uintptr_t)argument + 1);
    late_answer lates[64];
    int nlate = 0;
    job j;
    for (;;) {
        /* Late answers that are due, whatever else happens. */
        for (int i = 0; i < nlate;) {
            if (lates[i].due_ms <= now_ms()) {
                check_answer(resolve(&lates[i].j), "a late answer");
                atomic_fetch_add(&late, 1);
                wake();
                lates[i] = lates[--nlate];
            } else {
                i++;
            }
        }
        int got = pop_job(&j);
        if (got < 0) break;
        if (got == 0) continue;
        side_calls(&random);
        uint32_t choice = next_random(&random) % 16;
        if (choice < 6) {
            check_answer(resolve(&j), "an answer");
        } else if (choice < 9) {
            sleep_us(next_random(&random) % 3000);
            check_answer(resolve(&j), "an answer after a wait");
        } else if (choice < 11) {
            mvvm_status status = mvvm_request_fail(j.request, "The host failed this request on purpose.");
            check_message(status, "mvvm_request_fail");
            if (status == MVVM_OK) atomic_fetch_add(&failed_on_purpose, 1);
            else if (status != MVVM_E_NOT_FOUND) fail("mvvm_request_fail", status);
        } else if (choice < 12) {
            mvvm_status first = resolve(&j);
            check_answer(first, "a first answer");
            mvvm_status second = resolve(&j);
            check_message(second, "a second answer");
            if (second != MVVM_E_NOT_FOUND) fail("a second answer to one request", second);
            atomic_fetch_add(&duplicates, 1);
        } else if (choice < 13) {
            mvvm_status status = resolve_wrongly(&j);
            check_message(status, "a wrong resolve function");
            if (status != MVVM_E_INVALID_ARGUMENT && status != MVVM_E_NOT_FOUND) fail("a wrong resolve function", status);
            atomic_fetch_add(&wrong_kind, 1);
            check_answer(resolve(&j), "the right answer after a wrong one");
        } else if (nlate < 64) {
            /* Much later: the ViewModel is usually gone by then. */
            lates[nlate++] = (late_answer){j, now_ms() + 20 + next_random(&random) % 60};
            continue;
        } else {
            check_answer(resolve(&j), "an answer");
        }
        wake();
        if (next_random(&random) % 4 == 0) wake();
    }
    for (int i = 0; i < nlate; i++) {
        check_answer(resolve(&lates[i].j), "a late answer at the end");
        atomic_fetch_add(&late, 1);
    }
    return NULL;
}

/* ------------------------------------------------------------------------------------------
 * The host repositories (called on the host thread)
 * ---------------------------------------------------------------------------------------- */

typedef struct repo {
    mvvm_object *handle; /* NULL once destroyed (its ViewModels may still use it) */
    int destroy_notified;
} repo;

static repo repos[MAX_REPOS];
static int nrepos;

static void fetch_users(void *user_data, mvvm_request *request, int64_t page) {
    (void)user_data;
    push_job((job){.kind = JOB_USERS, .request = request, .argument = page});
}
static void fetch_user(void *user_data, mvvm_request *request, int64_t id) {
    (void)user_data;
    push_job((job){.kind = JOB_USER, .request = request, .argument = id});
}
static void update_user(void *user_data, mvvm_request *request, const mvvm_user *user) {
    (void)user_data;
    job j = {.kind = JOB_UPDATE, .request = request, .argument = user->id};
    snprintf(j.text, sizeof j.text, "%s", user->name);
    push_job(j);
}
static void search_users(void *user_data, mvvm_request *request, const char *query, int64_t page) {
    (void)user_data;
    job j = {.kind = JOB_SEARCH, .request = request, .argument = page};
    snprintf(j.text, sizeof j.text, "%s", query);
    push_job(j);
}
static void fetch_post(void *user_data, mvvm_request *request, int64_t id) {
    (void)user_data;
    push_job((job){.kind = JOB_POST, .request = request, .argument = id});
}
static void fetch_comments(void *user_data, mvvm_request *request, int64_t id) {
    (void)user_data;
    push_job((job){.kind = JOB_COMMENTS, .request = request, .argument = id});
}
static void set_liked(void *user_data, mvvm_request *request, int64_t id, int32_t liked) {
    (void)user_data;
    push_job((job){.kind = JOB_LIKE, .request = request, .argument = id, .liked = liked});
}
static void cancel(void *user_data, mvvm_request *request) {
    (void)user_data;
    (void)request;
    atomic_fetch_add(&cancels, 1);
}
static void repo_destroyed(void *user_data) {
    repo *r = user_data;
    r->destroy_notified++;
}

static const mvvm_user_repository_vtable user_table = {
    sizeof(mvvm_user_repository_vtable), fetch_users, fetch_user, update_user, cancel, search_users,
};
static const mvvm_post_repository_vtable post_table = {
    sizeof(mvvm_post_repository_vtable), fetch_post, fetch_comments, set_liked, cancel,
};

static repo *new_repo(void) {
    if (nrepos == (int)(sizeof repos / sizeof repos[0])) return NULL;
    repo *r = &repos[nrepos++];
    MUST(mvvm_repository_new_host(&user_table, &post_table, r, repo_destroyed, &r->handle));
    return r;
}

/* ------------------------------------------------------------------------------------------
 * ViewModels (host thread)
 * ---------------------------------------------------------------------------------------- */

typedef struct vm {
    mvvm_object *handle;
    mvvm_type type;
    repo *repo;
} vm;

static vm vms[MAX_VMS];
static int nvms;
static long created, destroyed_vms, dispatches, notifications;

static void on_notify(mvvm_object *object, int64_t value, void *user_data) {
    (void)object;
    (void)value;
    (void)user_data;
    notifications++;
}

static void on_rows_changed(mvvm_object *object, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)changes;
    (void)count;
    (void)user_data;
    mvvm_type type;
    MUST(mvvm_object_get_type(object, &type));
    int64_t rows = 0;
    mvvm_user user;
    if (type == MVVM_TYPE_USER_LIST) {
        MUST(mvvm_user_list_get_count(object, &rows));
        if (rows > 0) MUST(mvvm_user_list_get_row(object, rows - 1, &user));
    }
    notifications++;
}

static void create_vm(uint64_t *random, repo *r) {
    if (nvms == MAX_VMS || r == NULL || r->handle == NULL) return;
    vm *v = &vms[nvms];
    v->repo = r;
    switch (next_random(random) % 4) {
    case 0:
        v->type = MVVM_TYPE_USER_LIST;
        MUST(mvvm_user_list_new(r->handle, &v->handle));
        MUST(mvvm_signal_connect(v->handle, "notify::count", MVVM_CALLBACK(on_notify), NULL, NULL, NULL));
        MUST(mvvm_signal_connect(v->handle, "rows-changed", MVVM_CALLBACK(on_rows_changed), NULL, NULL, NULL));
        MUST(mvvm_user_list_on_appear(v->handle));
        break;
    case 1:
        v->type = MVVM_TYPE_USER_DETAIL;
        MUST(mvvm_user_detail_new(r->handle, 1 + next_random(random) % 40, &v->handle));
        MUST(mvvm_user_detail_on_appear(v->handle));
        break;
    case 2:
        v->type = MVVM_TYPE_POST_DETAIL;
        MUST(mvvm_post_detail_new(r->handle, 1 + next_random(random) % 20, &v->handle));
        MUST(mvvm_post_detail_on_appear(v->handle));
        break;
    default:
        v->type = MVVM_TYPE_USER_SEARCH;
        MUST(mvvm_user_search_new(r->handle, &v->handle));
        MUST(mvvm_user_search_set_query(v->handle, "ad"));
        break;
    }
    atomic_store(&some_vm, v->handle);
    nvms++;
    created++;
}

static void destroy_vm(int index) {
    MUST(mvvm_object_destroy(vms[index].handle));
    vms[index] = vms[--nvms];
    destroyed_vms++;
}

/* An action on a live ViewModel; each one may start repository calls. */
static void drive_vm(uint64_t *random, vm *v) {
    uint32_t choice = next_random(random) % 4;
    switch (v->type) {
    case MVVM_TYPE_USER_LIST: {
        int64_t count = 0;
        MUST(mvvm_user_list_get_count(v->handle, &count));
        if (choice == 0) MUST(mvvm_user_list_refresh(v->handle));
        else if (count > 0) MUST(mvvm_user_list_did_display_row(v->handle, count - 1));
        break;
    }
    case MVVM_TYPE_USER_DETAIL: {
        int32_t loaded = 0;
        mvvm_user user;
        MUST(mvvm_user_detail_get_user(v->handle, &loaded, &user));
        if (loaded) {
            MUST(mvvm_user_detail_set_draft_name(v->handle, choice % 2 ? "Grace Hopper" : "Ada Lovelace"));
            MUST(mvvm_user_detail_save(v->handle));
        }
        break;
    }
    case MVVM_TYPE_POST_DETAIL: {
        int32_t state = 0;
        MUST(mvvm_post_detail_get_state(v->handle, &state));
        if (state == MVVM_VIEW_STATE_LOADED) MUST(mvvm_post_detail_toggle_like(v->handle));
        break;
    }
    default:
        MUST(mvvm_user_search_set_query(v->handle, choice % 2 ? "grace" : "ad"));
        break;
    }
}

/* Whether a ViewModel still waits for an answer. */
static int vm_busy(vm *v) {
    int32_t flag = 0;
    switch (v->type) {
    case MVVM_TYPE_USER_LIST: MUST(mvvm_user_list_get_loading(v->handle, &flag)); return flag != MVVM_LOADING_NONE;
    case MVVM_TYPE_USER_DETAIL: {
        mvvm_user user;
        int32_t loaded = 0, saving = 0;
        const char *error = NULL;
        MUST(mvvm_user_detail_get_user(v->handle, &loaded, &user));
        MUST(mvvm_user_detail_get_is_saving(v->handle, &saving));
        MUST(mvvm_user_detail_get_error_message(v->handle, &error));
        return saving || (!loaded && error == NULL);
    }
    case MVVM_TYPE_POST_DETAIL:
        MUST(mvvm_post_detail_get_state(v->handle, &flag));
        return flag == MVVM_VIEW_STATE_LOADING;
    default: return 0; /* the search waits for its debounce: not checked */
    }
}

/* Polls the descriptor (up to timeout_ms) and dispatches. */
static void pump(int fd, int timeout_ms) {
    struct pollfd p = {fd, POLLIN, 0};
    int ready = poll(&p, 1, timeout_ms);
    if (ready < 0) {
        perror("tsan_host_stress: poll");
        exit(1);
    }
    MUST(mvvm_dispatch());
    dispatches++;
}

/* The stress on the calling thread, the host thread (`on_worker`: not the process's main one). */
static int stress(int seconds, uint64_t random, int on_worker) {
    if (on_worker) {
        mvvm_init_options init_options;
        memset(&init_options, 0, sizeof init_options);
        init_options.struct_size = sizeof init_options;
        MUST(mvvm_init_with_options(&init_options));
    } else {
        MUST(mvvm_init());
    }
    int fd = -1;
    MUST(mvvm_get_fd(&fd));

    pthread_t threads[WORKERS];
    for (uintptr_t i = 0; i < WORKERS; i++) {
        if (pthread_create(&threads[i], NULL, worker, (void *)i) != 0) {
            fprintf(stderr, "tsan_host_stress: pthread_create failed\n");
            return 1;
        }
    }

    repo *current = new_repo();
    /* A sample repository with latency: its calls run on the runtime's own threads. */
    mvvm_sample_options options;
    MUST(mvvm_sample_options_init(&options));
    options.latency_ms = 1;
    options.fail_every_nth = 7;
    repo sample = {NULL, 1};
    MUST(mvvm_repository_new_sample(&options, &sample.handle));
    int64_t end = now_ms() + seconds * 1000;
    long rounds = 0;
    while (now_ms() < end) {
        rounds++;
        pump(fd, 2);
        uint32_t choice = next_random(&random) % 256;
        if (choice < 40) create_vm(&random, current);
        else if (choice < 48) create_vm(&random, &sample);
        else if (choice < 72 && nvms > 0) destroy_vm((int)(next_random(&random) % (uint32_t)nvms));
        else if (choice < 160 && nvms > 0) drive_vm(&random, &vms[next_random(&random) % (uint32_t)nvms]);
        else if (choice == 160 && nvms > 0) {
            /* The repository goes while its ViewModels still use it; new ones get a new one. */
            MUST(mvvm_object_destroy(current->handle));
            current->handle = NULL;
            repo *next = new_repo();
            if (next == NULL) break;
            current = next;
        }
    }

    /* Every ViewModel settles once its requests are answered (the workers answer all). */
    int64_t settle_deadline = now_ms() + 60000;
    for (int busy = 1; busy;) {
        pump(fd, 10);
        busy = 0;
        for (int i = 0; i < nvms; i++) busy |= vm_busy(&vms[i]);
        if (busy && now_ms() > settle_deadline) {
            fprintf(stderr, "tsan_host_stress: a ViewModel is still loading 60 s after the stress ended\n");
            return 1;
        }
    }
    while (nvms > 0) destroy_vm(nvms - 1);
    if (current->handle) {
        MUST(mvvm_object_destroy(current->handle));
        current->handle = NULL;
    }
    MUST(mvvm_object_destroy(sample.handle));
    pthread_mutex_lock(&queue_lock);
    stopping = 1;
    pthread_cond_broadcast(&queue_ready);
    pthread_mutex_unlock(&queue_lock);
    for (int i = 0; i < WORKERS; i++) pthread_join(threads[i], NULL);
    for (int i = 0; i < 20; i++) pump(fd, 5);
    MUST(mvvm_shutdown());

    int bad = 0;
    for (int i = 0; i < nrepos; i++) {
        if (repos[i].destroy_notified != 1) {
            fprintf(stderr, "tsan_host_stress: repository %d: destroy notifier ran %d times\n", i, repos[i].destroy_notified);
            bad = 1;
        }
    }
    printf("tsan_host_stress: %ld rounds, %ld ViewModels over %d repositories, %ld requests: %ld answered, "
           "%ld refused (request over), %ld failed on purpose, %ld late, %ld twice, %ld wrong resolve first; "
           "%ld cancels, %ld worker wake-ups, %ld wrong-thread calls refused, %ld dispatches, %ld notifications\n",
           rounds, created, nrepos, atomic_load(&requests), atomic_load(&answered), atomic_load(&refused),
           atomic_load(&failed_on_purpose), atomic_load(&late), atomic_load(&duplicates), atomic_load(&wrong_kind),
           atomic_load(&cancels), atomic_load(&wakeups), atomic_load(&wrong_thread_calls), dispatches, notifications);
    return bad;
}

typedef struct stress_run {
    int seconds;
    uint64_t seed;
    int result;
} stress_run;

static void *stress_on_worker(void *argument) {
    stress_run *run = argument;
    run->result = stress(run->seconds, run->seed, 1);
    return NULL;
}

int main(int argc, char **argv) {
    int first = 1;
    int on_worker = argc > 1 && strcmp(argv[1], "--worker") == 0;
    if (on_worker) first = 2;
    stress_run run = {
        .seconds = argc > first ? atoi(argv[first]) : 20,
        .seed = argc > first + 1 ? strtoull(argv[first + 1], NULL, 10) : 1,
        .result = 1,
    };
    if (run.seconds <= 0 || run.seed == 0) {
        fprintf(stderr, "usage: tsan_host_stress [--worker] [SECONDS > 0] [SEED > 0]\n");
        return 2;
    }
    if (!on_worker) return stress(run.seconds, run.seed, 0);
    /* The host thread is a worker; the main thread only waits. */
    pthread_t host;
    if (pthread_create(&host, NULL, stress_on_worker, &run) != 0) return 1;
    pthread_join(host, NULL);
    return run.result;
}
