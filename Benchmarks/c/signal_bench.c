/*
 * signal_bench.c: libmvvm's C signal path and wake-up path beside GObject / GLib, measured in
 * the same process run.
 *
 * Figures (each the median of RUNS runs; runs of the two sides are interleaved so that
 * machine noise hits both alike):
 *   1. notify_handler:     one C call that changes one property, delivered to one connected C
 *                          handler. mvvm_user_detail_set_draft_name(vm, "Ada"/"Bob") with a
 *                          "notify::draft-name" handler, beside g_object_set(obj, "name", ...)
 *                          on a GObject subclass with a "notify::name" handler.
 *   2. notify_no_handler:  the same two calls with nothing connected.
 *   3. notify_ffi_swapped: the mvvm call with the handler connected MVVM_CONNECT_SWAPPED (so it
 *                          is called through libffi), beside GObject's notify of figure 1.
 *   4. notify_handler_typed: the mvvm call of figure 1 beside GObject's typed-setter idiom, as
 *                          GTK 4 code writes it: bench_typed_set_name(obj, "Ada"/"Bob") on a
 *                          subclass whose "name" property is G_PARAM_EXPLICIT_NOTIFY; the setter
 *                          compares, stores (g_free + g_strdup) and calls
 *                          g_object_notify_by_pspec() only when the value changed (it changes on
 *                          every call here, as the draft does on the mvvm side). The
 *                          "notify::name" handler reads the new value through the typed getter,
 *                          as the mvvm handler receives it.
 *   5. notify_no_handler_typed: the same two calls with nothing connected.
 *   6. wakeup:             background thread -> host thread latency (see wakeup_mvvm()).
 *
 * Built with -DBENCH_NOTES against Examples/Notes' libnotes.so, figures 1-5 measure a user's
 * ViewModel instead: notes_note_editor_set_draft_title() with a "notify::draft-title" handler
 * (an editor of a new note over an in-memory store), printed with the prefix "note_editor_",
 * so that a ViewModel declared outside the framework is measured beside the same references.
 *
 * Output: one line `bench <name> <value> <unit>` per figure and `ratio <name> <value>` per
 * comparison (ours / reference; below 1 means libmvvm is faster). The signal ratios are the
 * median of the rounds' ratios (see median_ratio()); the wake-up ratios compare medians.
 *
 * Build: see run.sh (needs gobject-2.0 and libmvvm.so).
 */
#define _POSIX_C_SOURCE 200809L

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

#ifdef BENCH_NOTES
#include "notes.h"
/* The wake-up figures are the framework's and are measured once, in libmvvm: their helpers
 * go unused here. */
#pragma GCC diagnostic ignored "-Wunused-function"
#define FIGURE_PREFIX "note_editor_"
#define SET_DRAFT notes_note_editor_set_draft_title
#define DRAFT_SIGNAL "notify::draft-title"
#else
#define FIGURE_PREFIX ""
#define SET_DRAFT mvvm_user_detail_set_draft_name
#define DRAFT_SIGNAL "notify::draft-name"
#endif

#define RUNS 15
#define MVVM_CALLS 20000
#define GOBJECT_CALLS 20000
#define WAKEUP_ROUNDS 2000
#define WAKEUP_RUNS 7
/* Runs of the journal's figure (each writes ~10 MB of journal to /tmp, removed at the end). */
#define JOURNAL_RUNS 5
/* The worker waits this long after the host thread went back to its loop, so the host is
 * really asleep in poll() / g_main_context_iteration() when the wake-up comes. */
#define WAKEUP_SETTLE_NS 50000

static const char *const names[2] = {"Ada", "Bob"};

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void die(const char *what) {
    fprintf(stderr, "signal_bench: %s\n", what);
    exit(1);
}

static void check(mvvm_status status, const char *call) {
    if (status != MVVM_OK) {
        fprintf(stderr, "signal_bench: %s failed: %s: %s\n", call, mvvm_status_name(status), mvvm_last_error_message());
        exit(1);
    }
}
#define CHECK(call) check((call), #call)

static int compare_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *values, size_t count) {
    qsort(values, count, sizeof *values, compare_double);
    return count % 2 ? values[count / 2] : (values[count / 2 - 1] + values[count / 2]) / 2;
}

static double percentile(double *values, size_t count, double p) {
    qsort(values, count, sizeof *values, compare_double);
    size_t index = (size_t)(p * (double)(count - 1) + 0.5);
    return values[index < count ? index : count - 1];
}

/* ------------------------------------------------------------------------------------------
 * GObject reference: a subclass with a string property "name"
 * ---------------------------------------------------------------------------------------- */

#define BENCH_TYPE_OBJ (bench_obj_get_type())
G_DECLARE_FINAL_TYPE(BenchObj, bench_obj, BENCH, OBJ, GObject)

struct _BenchObj {
    GObject parent_instance;
    char *name;
};

G_DEFINE_TYPE(BenchObj, bench_obj, G_TYPE_OBJECT)

enum { PROP_NAME = 1, N_PROPS };
static GParamSpec *properties[N_PROPS];

static void bench_obj_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    BenchObj *self = BENCH_OBJ(object);
    if (id != PROP_NAME) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    g_free(self->name);
    self->name = g_value_dup_string(value);
}

static void bench_obj_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    BenchObj *self = BENCH_OBJ(object);
    if (id != PROP_NAME) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    g_value_set_string(value, self->name);
}

static void bench_obj_finalize(GObject *object) {
    g_free(BENCH_OBJ(object)->name);
    G_OBJECT_CLASS(bench_obj_parent_class)->finalize(object);
}

static void bench_obj_class_init(BenchObjClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->set_property = bench_obj_set_property;
    object_class->get_property = bench_obj_get_property;
    object_class->finalize = bench_obj_finalize;
    properties[PROP_NAME] = g_param_spec_string("name", "Name", "The name", "", G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, N_PROPS, properties);
}

static void bench_obj_init(BenchObj *self) { self->name = g_strdup(""); }

/* ------------------------------------------------------------------------------------------
 * GObject reference, typed setter: G_PARAM_EXPLICIT_NOTIFY and a C setter that notifies only
 * on change (what GTK 4's setters do; g_set_str() from GLib 2.76 is the same three steps)
 * ---------------------------------------------------------------------------------------- */

#define BENCH_TYPE_TYPED (bench_typed_get_type())
G_DECLARE_FINAL_TYPE(BenchTyped, bench_typed, BENCH, TYPED, GObject)

struct _BenchTyped {
    GObject parent_instance;
    char *name;
};

G_DEFINE_TYPE(BenchTyped, bench_typed, G_TYPE_OBJECT)

enum { TYPED_PROP_NAME = 1, TYPED_N_PROPS };
static GParamSpec *typed_properties[TYPED_N_PROPS];

static void bench_typed_set_name(BenchTyped *self, const char *name) {
    g_return_if_fail(BENCH_IS_TYPED(self));
    if (g_strcmp0(self->name, name) == 0) return;
    g_free(self->name);
    self->name = g_strdup(name);
    g_object_notify_by_pspec(G_OBJECT(self), typed_properties[TYPED_PROP_NAME]);
}

static const char *bench_typed_get_name(BenchTyped *self) {
    g_return_val_if_fail(BENCH_IS_TYPED(self), NULL);
    return self->name;
}

static void bench_typed_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    if (id != TYPED_PROP_NAME) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    bench_typed_set_name(BENCH_TYPED(object), g_value_get_string(value));
}

static void bench_typed_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    if (id != TYPED_PROP_NAME) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    g_value_set_string(value, BENCH_TYPED(object)->name);
}

static void bench_typed_finalize(GObject *object) {
    g_free(BENCH_TYPED(object)->name);
    G_OBJECT_CLASS(bench_typed_parent_class)->finalize(object);
}

static void bench_typed_class_init(BenchTypedClass *klass) {
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    object_class->set_property = bench_typed_set_property;
    object_class->get_property = bench_typed_get_property;
    object_class->finalize = bench_typed_finalize;
    typed_properties[TYPED_PROP_NAME] = g_param_spec_string(
        "name", "Name", "The name", "", G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
    g_object_class_install_properties(object_class, TYPED_N_PROPS, typed_properties);
}

static void bench_typed_init(BenchTyped *self) { self->name = g_strdup(""); }

/* ------------------------------------------------------------------------------------------
 * Handlers: each counts its calls (checked afterwards) and touches its argument
 * ---------------------------------------------------------------------------------------- */

static uint64_t mvvm_delivered;
static uint64_t gobject_delivered;
static volatile char sink;

static void on_draft_name(mvvm_object *vm, const char *draft, void *user_data) {
    (void)vm;
    (*(uint64_t *)user_data)++;
    sink = draft[0];
}

/* MVVM_CONNECT_SWAPPED layout: user_data first, the object last; called through libffi. */
static void on_draft_name_swapped(void *user_data, const char *draft, mvvm_object *vm) {
    (void)vm;
    (*(uint64_t *)user_data)++;
    sink = draft[0];
}

static void on_notify_name(GObject *object, GParamSpec *pspec, gpointer user_data) {
    (void)object;
    (*(uint64_t *)user_data)++;
    sink = pspec->name[0];
}

static void on_notify_name_swapped(gpointer user_data, GParamSpec *pspec, GObject *object) {
    (void)object;
    (*(uint64_t *)user_data)++;
    sink = pspec->name[0];
}

/* The typed object's handler reads the new value, as a GTK handler calls the typed getter. */
static void on_notify_typed_name(GObject *object, GParamSpec *pspec, gpointer user_data) {
    (void)pspec;
    (*(uint64_t *)user_data)++;
    sink = bench_typed_get_name(BENCH_TYPED(object))[0];
}

/* ------------------------------------------------------------------------------------------
 * One timed run of each side (ns per call)
 * ---------------------------------------------------------------------------------------- */

typedef enum { CONNECT_NONE, CONNECT_DIRECT, CONNECT_SWAPPED } connect_mode;

static double run_mvvm(mvvm_object *vm, connect_mode mode) {
    uint64_t id = 0;
    mvvm_delivered = 0;
    if (mode == CONNECT_DIRECT)
        CHECK(mvvm_signal_connect(vm, DRAFT_SIGNAL, MVVM_CALLBACK(on_draft_name), &mvvm_delivered, NULL, &id));
    else if (mode == CONNECT_SWAPPED)
        CHECK(mvvm_signal_connect_flags(vm, DRAFT_SIGNAL, MVVM_CALLBACK(on_draft_name_swapped), &mvvm_delivered,
                                        NULL, MVVM_CONNECT_SWAPPED, &id));
    int failures = 0;
    uint64_t start = now_ns();
    for (int i = 0; i < MVVM_CALLS; i++) failures |= SET_DRAFT(vm, names[i & 1]);
    uint64_t elapsed = now_ns() - start;
    if (failures) CHECK((mvvm_status)failures);
    if (id) CHECK(mvvm_signal_disconnect(id));
    if (mvvm_delivered != (mode == CONNECT_NONE ? 0u : (uint64_t)MVVM_CALLS)) die("mvvm: wrong number of deliveries");
    return (double)elapsed / MVVM_CALLS;
}

static double run_gobject(GObject *object, connect_mode mode) {
    gulong id = 0;
    gobject_delivered = 0;
    if (mode == CONNECT_DIRECT)
        id = g_signal_connect(object, "notify::name", G_CALLBACK(on_notify_name), &gobject_delivered);
    else if (mode == CONNECT_SWAPPED)
        id = g_signal_connect_swapped(object, "notify::name", G_CALLBACK(on_notify_name_swapped), &gobject_delivered);
    uint64_t start = now_ns();
    for (int i = 0; i < GOBJECT_CALLS; i++) g_object_set(object, "name", names[i & 1], NULL);
    uint64_t elapsed = now_ns() - start;
    if (id) g_signal_handler_disconnect(object, id);
    if (gobject_delivered != (mode == CONNECT_NONE ? 0u : (uint64_t)GOBJECT_CALLS)) die("gobject: wrong number of deliveries");
    return (double)elapsed / GOBJECT_CALLS;
}

/* The typed setter, each call changing the value (names alternate, and the count is even, so
 * a run's first value differs from the previous run's last). */
static double run_typed(BenchTyped *object, connect_mode mode) {
    gulong id = 0;
    gobject_delivered = 0;
    if (mode == CONNECT_DIRECT)
        id = g_signal_connect(object, "notify::name", G_CALLBACK(on_notify_typed_name), &gobject_delivered);
    uint64_t start = now_ns();
    for (int i = 0; i < GOBJECT_CALLS; i++) bench_typed_set_name(object, names[i & 1]);
    uint64_t elapsed = now_ns() - start;
    if (id) g_signal_handler_disconnect(object, id);
    if (gobject_delivered != (mode == CONNECT_NONE ? 0u : (uint64_t)GOBJECT_CALLS)) die("typed setter: wrong number of deliveries");
    return (double)elapsed / GOBJECT_CALLS;
}

/* ------------------------------------------------------------------------------------------
 * Wake-up latency
 *
 * A worker thread stands for background work finishing: it records a CLOCK_MONOTONIC
 * timestamp and wakes the host thread. The host thread sleeps in its loop and notes the time
 * it is back on the CPU:
 *   mvvm: the worker calls mvvm_wakeup(); the host blocks in poll() on mvvm_get_fd(); latency
 *         = time right after poll() returns - worker timestamp; then it calls mvvm_dispatch().
 *         This is a fair proxy for "background completion -> host callback": what follows is
 *         the dispatch call on the host thread, whose own cost is reported separately
 *         (wakeup_dispatch_median_mvvm: timestamp after mvvm_dispatch() returns).
 *   GLib: the worker calls g_main_context_invoke(ctx, fn, data) on a context the host thread
 *         iterates with g_main_context_iteration(ctx, TRUE); latency is measured inside fn
 *         (so it includes GLib's dispatch of the idle source).
 * One round trip at a time: the host posts a semaphore when it goes back to wait, the worker
 * waits WAKEUP_SETTLE_NS (so the host is asleep) and fires.
 * ---------------------------------------------------------------------------------------- */

typedef struct wakeup_shared {
    sem_t go;
    int use_glib;
    GMainContext *context;
    _Atomic uint64_t fired_at;
    _Atomic int round; /* the round the worker fired last */
    int rounds;
    /* GLib side: filled by fn on the host thread. */
    int done_round;
    double glib_latency;
} wakeup_shared;

static void settle(void) {
    struct timespec t = {0, WAKEUP_SETTLE_NS};
    nanosleep(&t, NULL);
}

static gboolean glib_fn(gpointer data) {
    wakeup_shared *s = data;
    uint64_t now = now_ns();
    s->glib_latency = (double)(now - atomic_load(&s->fired_at));
    s->done_round = atomic_load(&s->round);
    return G_SOURCE_REMOVE;
}

static void *wakeup_worker(void *data) {
    wakeup_shared *s = data;
    for (int i = 1; i <= s->rounds; i++) {
        while (sem_wait(&s->go) != 0) {
        }
        settle();
        atomic_store(&s->round, i);
        atomic_store(&s->fired_at, now_ns());
        if (s->use_glib)
            g_main_context_invoke(s->context, glib_fn, s);
        else
            mvvm_wakeup();
    }
    return NULL;
}

/* One run of WAKEUP_ROUNDS round trips; writes the median and p99 latency in ns. */
static void run_wakeup(int use_glib, GMainContext *context, int fd, double *out_median, double *out_p99,
                       double *out_dispatch_median) {
    static double latencies[WAKEUP_ROUNDS], after_dispatch[WAKEUP_ROUNDS];
    wakeup_shared s;
    memset(&s, 0, sizeof s);
    s.use_glib = use_glib;
    s.context = context;
    s.rounds = WAKEUP_ROUNDS;
    if (sem_init(&s.go, 0, 0) != 0) die("sem_init");
    pthread_t worker;
    if (pthread_create(&worker, NULL, wakeup_worker, &s) != 0) die("pthread_create");
    for (int i = 1; i <= WAKEUP_ROUNDS; i++) {
        sem_post(&s.go);
        if (use_glib) {
            while (s.done_round != i) g_main_context_iteration(context, TRUE);
            latencies[i - 1] = s.glib_latency;
        } else {
            for (;;) {
                struct pollfd p = {.fd = fd, .events = POLLIN, .revents = 0};
                int ready = poll(&p, 1, 2000);
                uint64_t woke = now_ns();
                if (ready == 0) die("mvvm: no wake-up within 2 s");
                if (ready < 0) continue;
                int fired = atomic_load(&s.round);
                latencies[i - 1] = (double)(woke - atomic_load(&s.fired_at));
                CHECK(mvvm_dispatch());
                after_dispatch[i - 1] = (double)(now_ns() - atomic_load(&s.fired_at));
                if (fired == i) break; /* otherwise a stray wake-up: wait again */
            }
        }
    }
    pthread_join(worker, NULL);
    sem_destroy(&s.go);
    *out_median = median(latencies, WAKEUP_ROUNDS);
    *out_p99 = percentile(latencies, WAKEUP_ROUNDS, 0.99);
    if (out_dispatch_median) *out_dispatch_median = median(after_dispatch, WAKEUP_ROUNDS);
}

/* ------------------------------------------------------------------------------------------
 * Setup
 * ---------------------------------------------------------------------------------------- */

#ifdef BENCH_NOTES
/* An editor of a new note over an in-memory store (no load to wait for). */
static mvvm_object *draft_editor(mvvm_object **out_store) {
    mvvm_object *vm = NULL;
    CHECK(notes_store_new("", out_store));
    CHECK(notes_note_editor_new(*out_store, 0, &vm));
    return vm;
}
#else
static int user_loaded;
static void on_user(mvvm_object *vm, const mvvm_user *user, void *user_data) {
    (void)vm;
    (void)user_data;
    if (user) user_loaded = 1;
}

/* A loaded user detail: on_appear, then pump mvvm_run() until notify::user (bounded). */
static mvvm_object *loaded_user_detail(mvvm_object *repository) {
    mvvm_object *vm = NULL;
    uint64_t id = 0;
    CHECK(mvvm_user_detail_new(repository, 1, &vm));
    CHECK(mvvm_signal_connect(vm, "notify::user", MVVM_CALLBACK(on_user), NULL, NULL, &id));
    CHECK(mvvm_user_detail_on_appear(vm));
    for (int i = 0; i < 500 && !user_loaded; i++) CHECK(mvvm_run(10, NULL));
    if (!user_loaded) die("the user detail did not load within 5 s");
    CHECK(mvvm_signal_disconnect(id));
    return vm;
}

/* A loaded user detail over the sample repository. */
static mvvm_object *draft_editor(mvvm_object **out_repository) {
    CHECK(mvvm_repository_new_sample(NULL, out_repository));
    return loaded_user_detail(*out_repository);
}
#endif

static void print_bench(const char *name, double value, const char *unit) {
    printf("bench %s%s %.1f %s\n", FIGURE_PREFIX, name, value, unit);
}
static void print_ratio_value(const char *name, double ratio) { printf("ratio %s%s %.3f\n", FIGURE_PREFIX, name, ratio); }
static void print_ratio(const char *name, double ours, double reference) { print_ratio_value(name, ours / reference); }

/* The median of the rounds' ratios ours[r] / reference[r]: each round measures both sides
 * back to back, so a round's ratio sees one machine speed (this machine's speed swings 2x
 * for seconds; a ratio of two medians can pair samples from different phases). */
static double median_ratio(const double *ours, const double *reference, size_t count) {
    double ratios[RUNS];
    for (size_t r = 0; r < count; r++) ratios[r] = ours[r] / reference[r];
    return median(ratios, count);
}

int main(void) {
    uint64_t total_start = now_ns();
    CHECK(mvvm_init());
    int fd = -1;
    CHECK(mvvm_get_fd(&fd));
    mvvm_object *repository = NULL;
    mvvm_object *vm = draft_editor(&repository);
    GObject *object = g_object_new(BENCH_TYPE_OBJ, NULL);
    BenchTyped *typed = g_object_new(BENCH_TYPE_TYPED, NULL);

    /* Warm-up: caches, lazy initialisation, first-call costs on both sides. */
    run_mvvm(vm, CONNECT_DIRECT);
    run_mvvm(vm, CONNECT_SWAPPED);
    run_mvvm(vm, CONNECT_NONE);
    run_gobject(object, CONNECT_DIRECT);
    run_gobject(object, CONNECT_NONE);
    run_typed(typed, CONNECT_DIRECT);
    run_typed(typed, CONNECT_NONE);

    double m_direct[RUNS], m_none[RUNS], m_swapped[RUNS], g_direct[RUNS], g_none[RUNS], g_swapped[RUNS];
    double t_direct[RUNS], t_none[RUNS];
    for (int r = 0; r < RUNS; r++) {
        m_direct[r] = run_mvvm(vm, CONNECT_DIRECT);
        g_direct[r] = run_gobject(object, CONNECT_DIRECT);
        t_direct[r] = run_typed(typed, CONNECT_DIRECT);
        m_none[r] = run_mvvm(vm, CONNECT_NONE);
        g_none[r] = run_gobject(object, CONNECT_NONE);
        t_none[r] = run_typed(typed, CONNECT_NONE);
        m_swapped[r] = run_mvvm(vm, CONNECT_SWAPPED);
        g_swapped[r] = run_gobject(object, CONNECT_SWAPPED);
    }
    /* Ratios first: median() sorts its array. */
    double rd = median_ratio(m_direct, g_direct, RUNS);
    double rn = median_ratio(m_none, g_none, RUNS);
    double rs = median_ratio(m_swapped, g_direct, RUNS);
    double rdt = median_ratio(m_direct, t_direct, RUNS);
    double rnt = median_ratio(m_none, t_none, RUNS);
    double md = median(m_direct, RUNS), gd = median(g_direct, RUNS);
    double mn = median(m_none, RUNS), gn = median(g_none, RUNS);
    double ms = median(m_swapped, RUNS), gs = median(g_swapped, RUNS);
    double td = median(t_direct, RUNS), tn = median(t_none, RUNS);

    print_bench("notify_handler_mvvm", md, "ns/call");
    print_bench("notify_handler_gobject", gd, "ns/call");
    print_ratio_value("notify_handler", rd);
    print_bench("notify_no_handler_mvvm", mn, "ns/call");
    print_bench("notify_no_handler_gobject", gn, "ns/call");
    print_ratio_value("notify_no_handler", rn);
    print_bench("notify_ffi_swapped_mvvm", ms, "ns/call");
    /* Informational: GObject's own swapped connection (a C marshaller, no libffi). */
    print_bench("notify_swapped_gobject", gs, "ns/call");
    print_ratio_value("notify_ffi_swapped", rs);
    /* Informational: what delivery adds on each side (handler minus no handler). */
    print_bench("delivery_cost_mvvm", md - mn, "ns/call");
    print_bench("delivery_cost_gobject", gd - gn, "ns/call");
    /* GObject's typed-setter idiom (G_PARAM_EXPLICIT_NOTIFY, notify only on change). */
    print_bench("notify_handler_gobject_typed", td, "ns/call");
    print_ratio_value("notify_handler_typed", rdt);
    print_bench("notify_no_handler_gobject_typed", tn, "ns/call");
    print_ratio_value("notify_no_handler_typed", rnt);
    print_bench("delivery_cost_gobject_typed", td - tn, "ns/call");
    fflush(stdout);

#ifndef BENCH_NOTES /* the wake-up path is the framework's, measured once, in libmvvm */
    GMainContext *context = g_main_context_new();
    double wm_med[WAKEUP_RUNS], wm_p99[WAKEUP_RUNS], wm_disp[WAKEUP_RUNS], wg_med[WAKEUP_RUNS], wg_p99[WAKEUP_RUNS];
    double unused = 0;
    run_wakeup(0, context, fd, &unused, &unused, &unused); /* warm-up */
    run_wakeup(1, context, fd, &unused, &unused, NULL);
    for (int r = 0; r < WAKEUP_RUNS; r++) {
        run_wakeup(0, context, fd, &wm_med[r], &wm_p99[r], &wm_disp[r]);
        run_wakeup(1, context, fd, &wg_med[r], &wg_p99[r], NULL);
    }
    double wmm = median(wm_med, WAKEUP_RUNS), wmp = median(wm_p99, WAKEUP_RUNS), wmd = median(wm_disp, WAKEUP_RUNS);
    double wgm = median(wg_med, WAKEUP_RUNS), wgp = median(wg_p99, WAKEUP_RUNS);
    print_bench("wakeup_median_mvvm", wmm, "ns");
    print_bench("wakeup_p99_mvvm", wmp, "ns");
    print_bench("wakeup_median_glib", wgm, "ns");
    print_bench("wakeup_p99_glib", wgp, "ns");
    print_ratio("wakeup_median", wmm, wgm);
    print_ratio("wakeup_p99", wmp, wgp);
    /* Informational: mvvm's latency until mvvm_dispatch() has returned. */
    print_bench("wakeup_dispatch_median_mvvm", wmd, "ns");

    g_main_context_unref(context);

    /* The journal's cost per call (docs/JOURNAL.md): figure 1's call (a setter, a handler)
     * in a runtime writing a journal beside the same call in one that writes none; the
     * difference is what a journal adds per call (its call line, its signal line, their
     * share of the writes). */
    double off[JOURNAL_RUNS], on[JOURNAL_RUNS];
    for (int r = 0; r < JOURNAL_RUNS; r++) off[r] = run_mvvm(vm, CONNECT_DIRECT);
    CHECK(mvvm_object_destroy(vm));
    CHECK(mvvm_object_destroy(repository));
    CHECK(mvvm_shutdown());
    char journal[] = "/tmp/mvvm-bench-journal-XXXXXX";
    int journal_fd = mkstemp(journal);
    if (journal_fd < 0) die("mkstemp");
    close(journal_fd);
    mvvm_init_options options;
    memset(&options, 0, sizeof options);
    options.struct_size = sizeof options;
    options.journal_path = journal;
    CHECK(mvvm_init_with_options(&options));
    vm = draft_editor(&repository);
    run_mvvm(vm, CONNECT_DIRECT); /* warm-up */
    for (int r = 0; r < JOURNAL_RUNS; r++) on[r] = run_mvvm(vm, CONNECT_DIRECT);
    double journal_off = median(off, JOURNAL_RUNS), journal_on = median(on, JOURNAL_RUNS);
    print_bench("journal_on_setter_handler_mvvm", journal_on, "ns/call");
    print_bench("journal_off_setter_handler_mvvm", journal_off, "ns/call");
    print_bench("journal_overhead_per_call", journal_on - journal_off, "ns/call");
    print_ratio("journal_on_vs_off", journal_on, journal_off);
    fflush(stdout);
#endif
    g_object_unref(typed);
    g_object_unref(object);
    CHECK(mvvm_object_destroy(vm));
    CHECK(mvvm_object_destroy(repository));
    CHECK(mvvm_shutdown());
#ifndef BENCH_NOTES
    unlink(journal);
#endif
    fprintf(stderr, "signal_bench: total %.1f s\n", (double)(now_ns() - total_start) / 1e9);
    return 0;
}
