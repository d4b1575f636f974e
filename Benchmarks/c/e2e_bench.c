/*
 * e2e_bench.c: end-to-end latency, background work finishing -> the host's handler, libmvvm
 * beside GLib / GObject in the same process run. The host thread is asleep in its loop before
 * every round trip (mvvm: poll() on mvvm_get_fd(), then mvvm_dispatch(); GLib:
 * g_main_context_iteration(ctx, TRUE)); latency ends inside the handler, on the host thread.
 *
 *   host_answer: a worker answers a host repository's fetch_user request
 *                (mvvm_request_resolve_user) -> the UserDetail's "notify::user" handler.
 *                Reference: a worker calls g_main_context_invoke() -> the function sets a
 *                GObject property -> its "notify::" handler. Starts when the worker calls.
 *   timer:       the sample repository with latency_ms = 1: on_appear -> "notify::user".
 *                Reference: a 1 ms GLib timeout source -> property set -> "notify::" handler.
 *                Starts when the host calls on_appear / attaches the source; the
 *                `_overshoot` figures subtract the 1 ms both sides must wait.
 *   json_save:   a JSON-file store's save (atomic replace with fsync) -> "did-save".
 *                Reference: g_task_run_in_thread() writing the same bytes the same way (temp
 *                file, fsync, rename, fsync of the folder) -> its callback on the host's
 *                context sets a property -> "notify::" handler. Starts at the save call.
 *
 * Each figure is the median over RUNS runs of that run's median / p99; the two sides' runs
 * are interleaved. Prints `bench <name> <value> <unit>` and `ratio <name> <value>` (ours /
 * reference, below 1 means libmvvm is faster).
 *
 * `e2e_bench --worker [name]`: the same on a worker thread made libmvvm's host thread by
 * mvvm_init_with_options() (its GLib reference on the same thread), while the main thread
 * waits in pthread_join(); every name gains `worker_` after `e2e_`. run.sh sets the two
 * modes' medians side by side (`ratio e2e_worker_vs_main_...`).
 */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <gio/gio.h>
#include <glib-object.h>
#include <poll.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "mvvm_seeds.h"

#define RUNS 7
#define ANSWER_ROUNDS 1000
#define TIMER_ROUNDS 200
#define SAVE_ROUNDS 60
#define SETTLE_NS 50000 /* the worker waits this long so the host is asleep when it fires */

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}
static void die(const char *what) {
    fprintf(stderr, "e2e_bench: %s\n", what);
    exit(1);
}
static void check(mvvm_status status, const char *call) {
    if (status != MVVM_OK) {
        fprintf(stderr, "e2e_bench: %s failed: %s: %s\n", call, mvvm_status_name(status), mvvm_last_error_message());
        exit(1);
    }
}
#define CHECK(call) check((call), #call)
static int compare_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
static double percentile(double *values, size_t count, double p) {
    qsort(values, count, sizeof *values, compare_double);
    size_t index = (size_t)(p * (double)(count - 1) + 0.5);
    return values[index];
}
static double median(double *values, size_t count) { return percentile(values, count, 0.5); }
static void settle(void) {
    struct timespec t = {0, SETTLE_NS};
    nanosleep(&t, NULL);
}

/* ---- The GObject side: one object with a string property "name" ------------------------- */
typedef struct {
    GObject parent;
    char *name;
} E2eObj;
typedef struct {
    GObjectClass parent_class;
} E2eObjClass;
G_DEFINE_TYPE(E2eObj, e2e_obj, G_TYPE_OBJECT)
static GParamSpec *name_pspec;
static void e2e_obj_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    E2eObj *self = (E2eObj *)object;
    if (id != 1) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    g_free(self->name);
    self->name = g_value_dup_string(value);
}
static void e2e_obj_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    if (id != 1) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    g_value_set_string(value, ((E2eObj *)object)->name);
}
static void e2e_obj_finalize(GObject *object) {
    g_free(((E2eObj *)object)->name);
    G_OBJECT_CLASS(e2e_obj_parent_class)->finalize(object);
}
static void e2e_obj_class_init(E2eObjClass *klass) {
    GObjectClass *c = G_OBJECT_CLASS(klass);
    c->set_property = e2e_obj_set_property;
    c->get_property = e2e_obj_get_property;
    c->finalize = e2e_obj_finalize;
    name_pspec = g_param_spec_string("name", "Name", "The name", "", G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
    g_object_class_install_property(c, 1, name_pspec);
}
static void e2e_obj_init(E2eObj *self) { self->name = g_strdup(""); }

/* ---- Shared state of one round trip ------------------------------------------------------ */
static _Atomic uint64_t started_at; /* when the background work finished / the round began */
static double latency;              /* set by the handler */
static int handled;                 /* set by the handler */
static int flip;

static void on_gobject_notify(GObject *object, GParamSpec *pspec, gpointer data) {
    (void)object, (void)pspec, (void)data;
    latency = (double)(now_ns() - atomic_load(&started_at));
    handled = 1;
}
static void on_mvvm_user(mvvm_object *vm, const mvvm_user *user, void *data) {
    (void)vm, (void)data;
    if (!user) return;
    latency = (double)(now_ns() - atomic_load(&started_at));
    handled = 1;
}

/* Host loop on the mvvm side: sleep in poll() until the handler ran. */
static void mvvm_loop_until_handled(int fd) {
    while (!handled) {
        struct pollfd p = {.fd = fd, .events = POLLIN, .revents = 0};
        int ready = poll(&p, 1, 5000);
        if (ready == 0) die("mvvm: nothing within 5 s");
        if (ready > 0) CHECK(mvvm_dispatch());
    }
}
static void glib_loop_until_handled(GMainContext *context) {
    while (!handled) g_main_context_iteration(context, TRUE);
}

/* ---- 1. A worker answers a host request -------------------------------------------------- */
static sem_t go;
static _Atomic(mvvm_request *) pending;
static _Atomic int worker_mode; /* 0 mvvm, 1 glib, -1 quit */
static GMainContext *context;
static GObject *object;

static gboolean glib_set_name(gpointer data) {
    (void)data;
    g_object_set(object, "name", (flip ^= 1) ? "Ada" : "Bob", NULL);
    return G_SOURCE_REMOVE;
}
static void *answer_worker(void *data) {
    (void)data;
    for (;;) {
        while (sem_wait(&go) != 0) {
        }
        int mode = atomic_load(&worker_mode);
        if (mode < 0) return NULL;
        settle();
        atomic_store(&started_at, now_ns());
        if (mode == 1) {
            g_main_context_invoke(context, glib_set_name, NULL);
        } else {
            mvvm_user user = {.id = 1, .name = "Ada", .email = "ada@example.com"};
            CHECK(mvvm_request_resolve_user(atomic_exchange(&pending, NULL), &user));
        }
    }
}
static void host_fetch_user(void *data, mvvm_request *request, int64_t id) {
    (void)data, (void)id;
    atomic_store(&pending, request);
    sem_post(&go); /* the worker answers after SETTLE_NS */
}
static void host_fetch_users(void *data, mvvm_request *request, int64_t page) {
    (void)data, (void)page;
    mvvm_request_fail(request, "not in this benchmark");
}
static void host_update_user(void *data, mvvm_request *request, const mvvm_user *user) {
    (void)data;
    mvvm_request_resolve_user(request, user);
}

/* One run of `rounds` loads through `repository`: a fresh UserDetail per round (made before
 * the clock starts), on_appear, then the loop until "notify::user". For the host repository
 * the clock starts at the worker's answer; otherwise at on_appear. */
static void run_mvvm_load(mvvm_object *repository, int fd, int rounds, int clock_at_appear, double *out) {
    for (int i = 0; i < rounds; i++) {
        mvvm_object *vm = NULL;
        CHECK(mvvm_user_detail_new(repository, 1, &vm));
        CHECK(mvvm_signal_connect(vm, "notify::user", MVVM_CALLBACK(on_mvvm_user), NULL, NULL, NULL));
        handled = 0;
        if (clock_at_appear) atomic_store(&started_at, now_ns());
        CHECK(mvvm_user_detail_on_appear(vm));
        mvvm_loop_until_handled(fd);
        out[i] = latency;
        CHECK(mvvm_object_destroy(vm));
        CHECK(mvvm_dispatch()); /* let the destroyed screen's leftovers run before the next */
    }
}
static void run_glib_invoke(int rounds, double *out) {
    atomic_store(&worker_mode, 1);
    for (int i = 0; i < rounds; i++) {
        handled = 0;
        sem_post(&go);
        glib_loop_until_handled(context);
        out[i] = latency;
    }
}

/* ---- 2. Timer ---------------------------------------------------------------------------- */
static void run_glib_timer(int rounds, double *out) {
    for (int i = 0; i < rounds; i++) {
        handled = 0;
        atomic_store(&started_at, now_ns());
        GSource *source = g_timeout_source_new(1);
        g_source_set_callback(source, glib_set_name, NULL, NULL);
        g_source_attach(source, context);
        g_source_unref(source);
        glib_loop_until_handled(context);
        out[i] = latency;
    }
}

/* ---- 3. JSON save ------------------------------------------------------------------------ */
static char json_path[512], glib_path[512], glib_dir[512];
static char *json_bytes;
static size_t json_size;
static void on_mvvm_saved(mvvm_object *vm, const mvvm_user *user, void *data) {
    (void)vm, (void)user, (void)data;
    latency = (double)(now_ns() - atomic_load(&started_at));
    handled = 1;
}
static void run_mvvm_save(mvvm_object *vm, int fd, int rounds, double *out) {
    for (int i = 0; i < rounds; i++) {
        CHECK(mvvm_user_detail_set_draft_name(vm, (flip ^= 1) ? "Ada Save" : "Bob Save"));
        handled = 0;
        atomic_store(&started_at, now_ns());
        CHECK(mvvm_user_detail_save(vm));
        mvvm_loop_until_handled(fd);
        out[i] = latency;
    }
}
/* What JSONFileStore does: a temporary file in the folder, write, fsync, rename, fsync the
 * folder. */
static void glib_write_thread(GTask *task, gpointer source, gpointer data, GCancellable *cancellable) {
    (void)source, (void)data, (void)cancellable;
    char temporary[600];
    snprintf(temporary, sizeof temporary, "%s/.store.json.tmp", glib_dir);
    int descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (descriptor < 0) die("open temporary");
    if (write(descriptor, json_bytes, json_size) != (ssize_t)json_size) die("write");
    if (fsync(descriptor) != 0) die("fsync");
    close(descriptor);
    if (rename(temporary, glib_path) != 0) die("rename");
    int folder = open(glib_dir, O_RDONLY | O_CLOEXEC);
    if (folder < 0 || fsync(folder) != 0) die("fsync folder");
    close(folder);
    g_task_return_boolean(task, TRUE);
}
static void glib_written(GObject *source, GAsyncResult *result, gpointer data) {
    (void)source, (void)data;
    if (g_task_propagate_boolean(G_TASK(result), NULL)) glib_set_name(NULL);
}
static void run_glib_save(int rounds, double *out) {
    for (int i = 0; i < rounds; i++) {
        handled = 0;
        atomic_store(&started_at, now_ns());
        GTask *task = g_task_new(NULL, NULL, glib_written, NULL);
        g_task_run_in_thread(task, glib_write_thread);
        g_object_unref(task);
        glib_loop_until_handled(context);
        out[i] = latency;
    }
}

/* "" on the main thread, "worker_" on a worker host thread: part of every figure's name. */
static const char *mode_tag = "";

static void print_bench(const char *name, double value, const char *unit) { printf("bench %s %.1f %s\n", name, value, unit); }
static void print_ratio(const char *name, double ours, double reference) { printf("ratio %s %.3f\n", name, ours / reference); }

/* Median over runs of each run's median and p99, both sides; prints them and the ratios. */
static void report(const char *name, double m_med[RUNS], double m_p99[RUNS], double g_med[RUNS], double g_p99[RUNS],
                   double subtract) {
    char key[128];
    double mm = median(m_med, RUNS) - subtract, mp = median(m_p99, RUNS) - subtract;
    double gm = median(g_med, RUNS) - subtract, gp = median(g_p99, RUNS) - subtract;
    const char *suffix = subtract > 0 ? "_overshoot" : "";
    snprintf(key, sizeof key, "e2e_%s%s%s_median_mvvm", mode_tag, name, suffix), print_bench(key, mm, "ns");
    snprintf(key, sizeof key, "e2e_%s%s%s_p99_mvvm", mode_tag, name, suffix), print_bench(key, mp, "ns");
    snprintf(key, sizeof key, "e2e_%s%s%s_median_glib", mode_tag, name, suffix), print_bench(key, gm, "ns");
    snprintf(key, sizeof key, "e2e_%s%s%s_p99_glib", mode_tag, name, suffix), print_bench(key, gp, "ns");
    snprintf(key, sizeof key, "e2e_%s%s%s_median", mode_tag, name, suffix), print_ratio(key, mm, gm);
    snprintf(key, sizeof key, "e2e_%s%s%s_p99", mode_tag, name, suffix), print_ratio(key, mp, gp);
    fflush(stdout);
}

#define MEASURE(rounds, mvvm_call, glib_call, name, subtract)                                           \
    do {                                                                                                \
        static double ours[rounds], ref[rounds];                                                         \
        double m_med[RUNS], m_p99[RUNS], g_med[RUNS], g_p99[RUNS];                                       \
        { double *out = ours; int n = rounds / 10; mvvm_call; }  /* warm-up */                           \
        { double *out = ref; int n = rounds / 10; glib_call; }                                           \
        for (int r = 0; r < RUNS; r++) {                                                                 \
            { double *out = ours; int n = rounds; mvvm_call; }                                           \
            m_med[r] = median(ours, rounds), m_p99[r] = percentile(ours, rounds, 0.99);                  \
            { double *out = ref; int n = rounds; glib_call; }                                            \
            g_med[r] = median(ref, rounds), g_p99[r] = percentile(ref, rounds, 0.99);                    \
        }                                                                                                \
        double copy_med[RUNS], copy_p99[RUNS];                                                           \
        memcpy(copy_med, m_med, sizeof m_med), memcpy(copy_p99, m_p99, sizeof m_p99);                    \
        report(name, copy_med, copy_p99, g_med, g_p99, 0);                                               \
        if (subtract > 0) {                                                                              \
            memcpy(copy_med, m_med, sizeof m_med), memcpy(copy_p99, m_p99, sizeof m_p99);                \
            report(name, m_med, m_p99, g_med, g_p99, subtract);                                          \
        }                                                                                                \
    } while (0)

/* The whole benchmark on the calling thread, libmvvm's host thread. */
static void *run_benchmarks(void *argument) {
    const char *only = argument; /* host_answer, timer or json_save; NULL: all */
    if (*mode_tag != '\0') {
        mvvm_init_options options;
        memset(&options, 0, sizeof options);
        options.struct_size = sizeof options;
        CHECK(mvvm_init_with_options(&options));
    } else {
        CHECK(mvvm_init());
    }
    int fd = -1;
    CHECK(mvvm_get_fd(&fd));
    context = g_main_context_new();
    g_main_context_push_thread_default(context); /* GTask callbacks come here */
    object = g_object_new(e2e_obj_get_type(), NULL);
    g_signal_connect(object, "notify::name", G_CALLBACK(on_gobject_notify), NULL);
    sem_init(&go, 0, 0);
    pthread_t worker;
    if (pthread_create(&worker, NULL, answer_worker, NULL) != 0) die("pthread_create");

    if (!only || strcmp(only, "host_answer") == 0) {
        mvvm_user_repository_vtable table = {.struct_size = sizeof table, .fetch_users = host_fetch_users,
                                             .fetch_user = host_fetch_user, .update_user = host_update_user};
        mvvm_object *repository = NULL;
        CHECK(mvvm_repository_new_host(&table, NULL, NULL, NULL, &repository));
        MEASURE(ANSWER_ROUNDS, (atomic_store(&worker_mode, 0), run_mvvm_load(repository, fd, n, 0, out)),
                run_glib_invoke(n, out), "host_answer", 0.0);
        CHECK(mvvm_object_destroy(repository));
    }
    if (!only || strcmp(only, "timer") == 0) {
        mvvm_sample_options options;
        CHECK(mvvm_sample_options_init(&options));
        options.latency_ms = 1;
        mvvm_object *repository = NULL;
        CHECK(mvvm_repository_new_sample(&options, &repository));
        MEASURE(TIMER_ROUNDS, run_mvvm_load(repository, fd, n, 1, out), run_glib_timer(n, out), "timer", 1e6);
        CHECK(mvvm_object_destroy(repository));
    }
    if (!only || strcmp(only, "json_save") == 0) {
        char folder[] = "/tmp/mvvm-e2e-XXXXXX";
        if (!mkdtemp(folder)) die("mkdtemp");
        snprintf(json_path, sizeof json_path, "%s/mvvm/store.json", folder);
        snprintf(glib_dir, sizeof glib_dir, "%s/glib", folder);
        snprintf(glib_path, sizeof glib_path, "%s/store.json", glib_dir);
        if (g_mkdir_with_parents(glib_dir, 0755) != 0) die("mkdir");
        mvvm_object *repository = NULL, *vm = NULL;
        CHECK(mvvm_repository_new_json_file(json_path, &repository));
        CHECK(mvvm_user_detail_new(repository, 1, &vm));
        handled = 0;
        CHECK(mvvm_signal_connect(vm, "notify::user", MVVM_CALLBACK(on_mvvm_user), NULL, NULL, NULL));
        CHECK(mvvm_user_detail_on_appear(vm));
        mvvm_loop_until_handled(fd);
        CHECK(mvvm_signal_connect(vm, "did-save", MVVM_CALLBACK(on_mvvm_saved), NULL, NULL, NULL));
        double first[1];
        run_mvvm_save(vm, fd, 1, first); /* writes the file: the GLib side writes the same bytes */
        gsize size = 0;
        if (!g_file_get_contents(json_path, &json_bytes, &size, NULL)) die("read the store");
        json_size = size;
        MEASURE(SAVE_ROUNDS, run_mvvm_save(vm, fd, n, out), run_glib_save(n, out), "json_save", 0.0);
        CHECK(mvvm_object_destroy(vm));
        CHECK(mvvm_object_destroy(repository));
        char command[600];
        snprintf(command, sizeof command, "rm -rf '%s'", folder);
        if (system(command) != 0) die("rm");
        g_free(json_bytes);
    }

    atomic_store(&worker_mode, -1);
    sem_post(&go);
    pthread_join(worker, NULL);
    g_object_unref(object);
    g_main_context_pop_thread_default(context);
    g_main_context_unref(context);
    CHECK(mvvm_shutdown());
    return NULL;
}

int main(int argc, char **argv) {
    int first = 1;
    if (argc > 1 && strcmp(argv[1], "--worker") == 0) mode_tag = "worker_", first = 2;
    char *only = argc > first ? argv[first] : NULL;
    if (*mode_tag == '\0') {
        run_benchmarks(only);
        return 0;
    }
    pthread_t host;
    if (pthread_create(&host, NULL, run_benchmarks, only) != 0) die("pthread_create");
    pthread_join(host, NULL);
    return 0;
}
