/*
 * memory_bench.c: bytes per live ViewModel, every type, beside a GObject with the same
 * properties and handlers.
 *
 * For each ViewModel type (found through mvvm_type_describe()) the GObject side is a class
 * registered at run time with the same properties, each G_PARAM_EXPLICIT_NOTIFY, of the
 * matching GType (strings start as g_strdup(""), as signal_bench.c's do), one instance field
 * per property, and one signal per non-notify signal of the type (events, list change sets).
 * Figures:
 *   mem_<type>_0:  bytes per live object, nothing connected (GObject: the same class, no
 *                  handlers).
 *   mem_<type>_3:  bytes per live object with 3 connected handlers: the type's first three
 *                  signals (its first "notify::" signals, as GObject's "notify::NAME"), the
 *                  same three names on the GObject.
 *
 * How: each measurement runs in a fresh child process (fork before mvvm_init(), so neither
 * side inherits the other's heap): it warms up (creates and destroys WARMUP objects, so type
 * metadata, caches and the handle table's first pages exist), reads VmRSS from
 * /proc/self/statm, creates N live objects (connecting the handlers), reads it again, and
 * reports (after - before) / N. mallinfo2()'s bytes in use give a second figure that does not
 * depend on page granularity (printed as mem_malloc_*). Children of the two sides alternate;
 * each figure is the median of RUNS runs.
 *
 * Output: `bench mem_<type>_<handlers>_mvvm <bytes> B/object`, `..._gobject`, and
 * `ratio mem_<type>_<handlers> <mvvm / gobject>`.
 *
 * Build: see run.sh (needs gobject-2.0 and libmvvm.so).
 */
#define _GNU_SOURCE

#include <glib-object.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mvvm_seeds.h"

#define N_OBJECTS 20000
#define WARMUP 500
#define RUNS 5
#define HANDLERS 3
#define MAX_MEMBERS 64

static void check(mvvm_status status, const char *call) {
    if (status != MVVM_OK) {
        fprintf(stderr, "memory_bench: %s failed: %s: %s\n", call, mvvm_status_name(status), mvvm_last_error_message());
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

static long resident_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    long size = 0, resident = 0;
    if (!file || fscanf(file, "%ld %ld", &size, &resident) != 2) {
        fprintf(stderr, "memory_bench: cannot read /proc/self/statm\n");
        exit(1);
    }
    fclose(file);
    return resident * sysconf(_SC_PAGESIZE);
}

static size_t malloc_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

/* ------------------------------------------------------------------------------------------
 * A type's shape, from introspection
 * ---------------------------------------------------------------------------------------- */

typedef struct type_shape {
    mvvm_type type;
    const char *name;
    int property_count;
    const char *property_names[MAX_MEMBERS];
    mvvm_value_kind property_kinds[MAX_MEMBERS];
    int event_count; /* signals that are not "notify::" */
    const char *event_names[MAX_MEMBERS];
    int signal_count; /* all signals, in declaration order */
    const char *signal_names[MAX_MEMBERS];
} type_shape;

static void describe(mvvm_type type, type_shape *shape) {
    const mvvm_type_info *info = NULL;
    CHECK(mvvm_type_describe(type, &info));
    memset(shape, 0, sizeof *shape);
    shape->type = type;
    shape->name = info->name;
    for (size_t i = 0; i < info->member_count; i++) {
        const mvvm_member_info *member = &info->members[i];
        if (member->kind == MVVM_MEMBER_PROPERTY && shape->property_count < MAX_MEMBERS) {
            shape->property_names[shape->property_count] = member->name;
            shape->property_kinds[shape->property_count++] = info->shapes[i].value_kind;
        } else if (member->kind == MVVM_MEMBER_SIGNAL && shape->signal_count < MAX_MEMBERS) {
            shape->signal_names[shape->signal_count++] = member->name;
            if (strncmp(member->name, "notify::", 8) != 0) shape->event_names[shape->event_count++] = member->name;
        }
    }
}

/* ------------------------------------------------------------------------------------------
 * The GObject side: a class with the type's properties and signals, registered at run time
 * ---------------------------------------------------------------------------------------- */

typedef struct {
    GObject parent_instance;
    /* followed by one 8-byte field per property */
} MemObj;

typedef struct {
    GObjectClass parent_class;
    const type_shape *shape;
} MemObjClass;

static gpointer *fields(GObject *object) { return (gpointer *)((char *)object + sizeof(MemObj)); }

static void mem_set_property(GObject *object, guint id, const GValue *value, GParamSpec *pspec) {
    (void)pspec;
    gpointer *slot = &fields(object)[id - 1];
    if (G_VALUE_HOLDS_STRING(value)) {
        g_free(*slot);
        *slot = g_value_dup_string(value);
    } else if (G_VALUE_HOLDS_BOOLEAN(value)) {
        *(gint64 *)slot = g_value_get_boolean(value);
    } else if (G_VALUE_HOLDS_INT64(value)) {
        *(gint64 *)slot = g_value_get_int64(value);
    } else if (G_VALUE_HOLDS_INT(value)) {
        *(gint64 *)slot = g_value_get_int(value);
    } else {
        *slot = g_value_get_pointer(value);
    }
}

static void mem_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    (void)pspec;
    gpointer slot = fields(object)[id - 1];
    if (G_VALUE_HOLDS_STRING(value)) {
        g_value_set_string(value, slot);
    } else if (G_VALUE_HOLDS_BOOLEAN(value)) {
        g_value_set_boolean(value, (gboolean)(gintptr)slot);
    } else if (G_VALUE_HOLDS_INT64(value)) {
        g_value_set_int64(value, (gint64)(gintptr)slot);
    } else if (G_VALUE_HOLDS_INT(value)) {
        g_value_set_int(value, (gint)(gintptr)slot);
    } else {
        g_value_set_pointer(value, slot);
    }
}

static GObjectClass *mem_parent_class;

static void mem_finalize(GObject *object) {
    const type_shape *shape = ((MemObjClass *)G_OBJECT_GET_CLASS(object))->shape;
    for (int i = 0; i < shape->property_count; i++)
        if (shape->property_kinds[i] == MVVM_VALUE_STRING) g_free(fields(object)[i]);
    mem_parent_class->finalize(object);
}

static void mem_class_init(gpointer klass, gpointer class_data) {
    const type_shape *shape = class_data;
    GObjectClass *object_class = G_OBJECT_CLASS(klass);
    ((MemObjClass *)klass)->shape = shape;
    mem_parent_class = g_type_class_peek_parent(klass);
    object_class->set_property = mem_set_property;
    object_class->get_property = mem_get_property;
    object_class->finalize = mem_finalize;
    const GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
    for (int i = 0; i < shape->property_count; i++) {
        const char *name = shape->property_names[i];
        GParamSpec *pspec;
        switch (shape->property_kinds[i]) {
        case MVVM_VALUE_STRING: pspec = g_param_spec_string(name, NULL, NULL, "", flags); break;
        case MVVM_VALUE_BOOL: pspec = g_param_spec_boolean(name, NULL, NULL, FALSE, flags); break;
        case MVVM_VALUE_INT32: pspec = g_param_spec_int(name, NULL, NULL, G_MININT, G_MAXINT, 0, flags); break;
        case MVVM_VALUE_INT64: pspec = g_param_spec_int64(name, NULL, NULL, G_MININT64, G_MAXINT64, 0, flags); break;
        default: pspec = g_param_spec_pointer(name, NULL, NULL, flags); break; /* structs, nullable strings */
        }
        g_object_class_install_property(object_class, (guint)i + 1, pspec);
    }
    for (int i = 0; i < shape->event_count; i++)
        g_signal_new(shape->event_names[i], G_TYPE_FROM_CLASS(klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                     G_TYPE_NONE, 1, G_TYPE_POINTER);
}

static void mem_instance_init(GTypeInstance *instance, gpointer klass) {
    const type_shape *shape = ((MemObjClass *)klass)->shape;
    for (int i = 0; i < shape->property_count; i++)
        if (shape->property_kinds[i] == MVVM_VALUE_STRING) fields((GObject *)instance)[i] = g_strdup("");
}

static GType register_gobject(const type_shape *shape) {
    char name[128];
    snprintf(name, sizeof name, "MemBench%s", shape->name);
    GTypeInfo info = {
        .class_size = sizeof(MemObjClass),
        .class_init = mem_class_init,
        .class_data = shape,
        .instance_size = (guint16)(sizeof(MemObj) + (size_t)shape->property_count * sizeof(gpointer)),
        .instance_init = mem_instance_init,
    };
    return g_type_register_static(G_TYPE_OBJECT, name, &info, 0);
}

/* ------------------------------------------------------------------------------------------
 * The two sides
 * ---------------------------------------------------------------------------------------- */

static void mvvm_noop(void) {}
static void gobject_noop(GObject *object, GParamSpec *pspec, gpointer user_data) {
    (void)object;
    (void)pspec;
    (void)user_data;
}

static mvvm_object *repository;

static mvvm_object *mvvm_create(mvvm_type type) {
    mvvm_object *object = NULL;
    static const int64_t values[] = {3, 1, 2};
    switch (type) {
    case MVVM_TYPE_USER_LIST: CHECK(mvvm_user_list_new(repository, &object)); break;
    case MVVM_TYPE_USER_DETAIL: CHECK(mvvm_user_detail_new(repository, 1, &object)); break;
    case MVVM_TYPE_POST_DETAIL: CHECK(mvvm_post_detail_new(repository, 1, &object)); break;
    case MVVM_TYPE_SORTED_INTEGERS: CHECK(mvvm_sorted_integers_new(values, 3, 1, &object)); break;
    case MVVM_TYPE_STOPWATCH: CHECK(mvvm_stopwatch_new(&object)); break;
    case MVVM_TYPE_COORDINATOR: CHECK(mvvm_coordinator_new(repository, &object)); break;
    case MVVM_TYPE_USER_SEARCH: CHECK(mvvm_user_search_new(repository, &object)); break;
    default: fprintf(stderr, "memory_bench: no constructor for type %d\n", (int)type); exit(1);
    }
    return object;
}

static void mvvm_connect(mvvm_object *object, const type_shape *shape, int handlers) {
    for (int i = 0; i < handlers && i < shape->signal_count; i++)
        CHECK(mvvm_signal_connect(object, shape->signal_names[i], MVVM_CALLBACK(mvvm_noop), NULL, NULL, NULL));
}

static void gobject_connect(GObject *object, const type_shape *shape, int handlers) {
    for (int i = 0; i < handlers && i < shape->signal_count; i++)
        g_signal_connect(object, shape->signal_names[i], G_CALLBACK(gobject_noop), NULL);
}

typedef struct sample {
    double rss_per_object;
    double malloc_per_object;
} sample;

/* One measurement, in the calling (child) process. */
static sample measure(const type_shape *shape, int handlers, int use_gobject) {
    void **objects = calloc(N_OBJECTS, sizeof *objects);
    GType gtype = 0;
    if (use_gobject) {
        gtype = register_gobject(shape);
    } else {
        CHECK(mvvm_init());
        CHECK(mvvm_repository_new_sample(NULL, &repository));
    }
    for (int round = 0; round < 2; round++) {
        int count = round == 0 ? WARMUP : N_OBJECTS;
        long rss_before = resident_bytes();
        size_t malloc_before = malloc_in_use();
        for (int i = 0; i < count; i++) {
            if (use_gobject) {
                objects[i] = g_object_new(gtype, NULL);
                gobject_connect(objects[i], shape, handlers);
            } else {
                objects[i] = mvvm_create(shape->type);
                mvvm_connect(objects[i], shape, handlers);
            }
        }
        if (!use_gobject) CHECK(mvvm_dispatch());
        long rss_after = resident_bytes();
        size_t malloc_after = malloc_in_use();
        if (round == 1) {
            sample result = {(double)(rss_after - rss_before) / count,
                             ((double)malloc_after - (double)malloc_before) / count};
            return result; /* the process ends here: nothing to free */
        }
        for (int i = 0; i < count; i++) {
            if (use_gobject) g_object_unref(objects[i]);
            else CHECK(mvvm_object_destroy(objects[i]));
        }
        if (!use_gobject) CHECK(mvvm_dispatch());
    }
    abort();
}

static sample measure_in_child(const type_shape *shape, int handlers, int use_gobject) {
    int fds[2];
    if (pipe(fds) != 0) abort();
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) abort();
    if (pid == 0) {
        close(fds[0]);
        sample result = measure(shape, handlers, use_gobject);
        if (write(fds[1], &result, sizeof result) != (ssize_t)sizeof result) _exit(1);
        _exit(0); /* skips atexit handlers and mvvm_shutdown(): the process is gone anyway */
    }
    close(fds[1]);
    sample result;
    ssize_t got = read(fds[0], &result, sizeof result);
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (got != (ssize_t)sizeof result || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "memory_bench: the measuring child for %s failed\n", shape->name);
        exit(1);
    }
    return result;
}

int main(int argc, char **argv) {
    /* Optional: the type names to measure (default: every ViewModel type). */
    for (mvvm_type type = MVVM_TYPE_USER_LIST; type <= MVVM_TYPE_USER_SEARCH; type++) {
        type_shape shape;
        describe(type, &shape);
        if (argc > 1) {
            int wanted = 0;
            for (int i = 1; i < argc; i++) wanted |= strcmp(argv[i], shape.name) == 0;
            if (!wanted) continue;
        }
        for (int handlers = 0; handlers <= HANDLERS; handlers += HANDLERS) {
            double mvvm_rss[RUNS], gobject_rss[RUNS], mvvm_malloc[RUNS], gobject_malloc[RUNS];
            for (int run = 0; run < RUNS; run++) {
                sample ours = measure_in_child(&shape, handlers, 0);
                sample reference = measure_in_child(&shape, handlers, 1);
                mvvm_rss[run] = ours.rss_per_object;
                mvvm_malloc[run] = ours.malloc_per_object;
                gobject_rss[run] = reference.rss_per_object;
                gobject_malloc[run] = reference.malloc_per_object;
            }
            double m = median(mvvm_rss, RUNS), g = median(gobject_rss, RUNS);
            double mm = median(mvvm_malloc, RUNS), gm = median(gobject_malloc, RUNS);
            printf("bench mem_%s_%d_mvvm %.0f B/object\n", shape.name, handlers, m);
            printf("bench mem_%s_%d_gobject %.0f B/object\n", shape.name, handlers, g);
            printf("ratio mem_%s_%d %.2f\n", shape.name, handlers, m / g);
            printf("bench mem_malloc_%s_%d_mvvm %.0f B/object\n", shape.name, handlers, mm);
            printf("bench mem_malloc_%s_%d_gobject %.0f B/object\n", shape.name, handlers, gm);
            fflush(stdout);
        }
    }
    return 0;
}
