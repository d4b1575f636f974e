/* A GtkListView over a 10,000-row mvvm list (the seeds' user list on a sample repository,
 * through mvvm-gtk's GListModel) beside the same 10,000 rows in a plain GListStore of GObjects
 * with the same properties (id, name, email), same window, same row factory (a label showing
 * "name" and following its notify), measured side by side in one run, rounds alternating.
 *
 *   scroll  100 steps through the whole list (each a jump of 1% of it: every row on screen is
 *           new, as when the scrollbar is dragged). A step sets the vertical adjustment in a
 *           tick callback (the frame clock's update phase, as GTK's own kinetic scrolling does)
 *           and ends at that frame's after-paint: the layout, the rows bound (items built) and
 *           the paint, without the wait for the next frame slot (the frame clock paces frames
 *           at the display's rate, the same for both sides). Per-step median of a round; the
 *           first round's own figures too (the adapter builds its items on first use).
 *   update  one row on screen renamed, from a quiet window (no frame pending), to the
 *           after-paint of the frame showing it. Ours from the change set's delivery (a
 *           rows-changed handler connected before the model's) and from the user's Save
 *           (mvvm_user_detail_save through the coordinator, which updates the list's row);
 *           the reference from g_object_set() on the store's item. Wall time, and the "work"
 *           lines without the frame clock's wait for its next slot: the change to the row's
 *           label set, plus that frame's before-paint to after-paint.
 *
 * Prints `bench <name> <value> <unit>` and `ratio <name> <value>` (ours / reference, the
 * median of the per-round ratios). Without a display it prints a line saying so and exits 0.
 *
 *   list_view_bench [ROUNDS]     (default 5; run under xvfb-run with GSK_RENDERER=cairo) */
#include "mvvm-gtk.h"
#include "mvvm_seeds.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define ROWS 10000
#define STEPS 100
#define UPDATE_ROW 3

static double now_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}
static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}
static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
static void die(const char *what, const char *why) {
    fprintf(stderr, "list_view_bench: %s: %s\n", what, why);
    exit(1);
}

/* ---- The reference: a plain GObject with the record's properties ----------------------- */

#define BENCH_TYPE_USER (bench_user_get_type())
G_DECLARE_FINAL_TYPE(BenchUser, bench_user, BENCH, USER, GObject)
struct _BenchUser { GObject parent; gint64 id; char *name, *email; };
G_DEFINE_TYPE(BenchUser, bench_user, G_TYPE_OBJECT)
enum { PROP_ID = 1, PROP_NAME, PROP_EMAIL };
static void bench_user_set_property(GObject *o, guint id, const GValue *v, GParamSpec *p) {
    BenchUser *u = BENCH_USER(o);
    switch (id) {
    case PROP_ID: u->id = g_value_get_int64(v); break;
    case PROP_NAME: g_free(u->name); u->name = g_value_dup_string(v); break;
    case PROP_EMAIL: g_free(u->email); u->email = g_value_dup_string(v); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(o, id, p);
    }
}
static void bench_user_get_property(GObject *o, guint id, GValue *v, GParamSpec *p) {
    BenchUser *u = BENCH_USER(o);
    switch (id) {
    case PROP_ID: g_value_set_int64(v, u->id); break;
    case PROP_NAME: g_value_set_string(v, u->name); break;
    case PROP_EMAIL: g_value_set_string(v, u->email); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID(o, id, p);
    }
}
static void bench_user_finalize(GObject *o) {
    BenchUser *u = BENCH_USER(o);
    g_free(u->name);
    g_free(u->email);
    G_OBJECT_CLASS(bench_user_parent_class)->finalize(o);
}
static void bench_user_class_init(BenchUserClass *c) {
    GObjectClass *oc = G_OBJECT_CLASS(c);
    oc->set_property = bench_user_set_property;
    oc->get_property = bench_user_get_property;
    oc->finalize = bench_user_finalize;
    g_object_class_install_property(oc, PROP_ID, g_param_spec_int64("id", NULL, NULL, G_MININT64, G_MAXINT64, 0, G_PARAM_READWRITE));
    g_object_class_install_property(oc, PROP_NAME, g_param_spec_string("name", NULL, NULL, NULL, G_PARAM_READWRITE));
    g_object_class_install_property(oc, PROP_EMAIL, g_param_spec_string("email", NULL, NULL, NULL, G_PARAM_READWRITE));
}
static void bench_user_init(BenchUser *u) { (void)u; }

/* ---- The row factory (both sides): a label showing "name", following its notify --------- */

static double label_set_at;  /* when a notify last set a row's label */
static void row_notify(GObject *object, GParamSpec *pspec, gpointer label) {
    char *text = NULL;
    g_object_get(object, "name", &text, NULL);
    gtk_label_set_text(GTK_LABEL(label), text ? text : "");
    g_free(text);
    if (pspec) label_set_at = now_us();
}
static void row_setup(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GtkWidget *label = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_list_item_set_child(item, label);
}
static void row_bind(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GObject *row = gtk_list_item_get_item(item);
    GtkWidget *label = gtk_list_item_get_child(item);
    row_notify(row, NULL, label);
    g_signal_connect_object(row, "notify::name", G_CALLBACK(row_notify), label, 0);
}
static void row_unbind(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GObject *row = gtk_list_item_get_item(item);
    if (row) g_signal_handlers_disconnect_by_func(row, row_notify, gtk_list_item_get_child(item));
}

/* ---- The window, its frames, and waiting ------------------------------------------------ */

typedef struct {
    GListModel *model;
    GtkWidget *scroller, *view;
} Side;
static GtkWidget *window;
static GdkFrameClock *clock_;
static int paints;          /* after-paint count */
static double last_paint;   /* its time */

static double frame_start;  /* the last frame's before-paint */
static void on_before_paint(GdkFrameClock *c, gpointer d) { (void)c; (void)d; frame_start = now_us(); }
static void on_after_paint(GdkFrameClock *c, gpointer d) { (void)c; (void)d; paints++; last_paint = now_us(); }

static gboolean fire(gpointer flag) { *(gboolean *)flag = TRUE; return G_SOURCE_REMOVE; }
/* Runs the loop for `ms` (lets every pending frame and dispatch happen). */
static void pump_ms(int ms) {
    gboolean done = FALSE;
    g_timeout_add(ms, fire, &done);
    while (!done) g_main_context_iteration(NULL, TRUE);
}
/* Runs the loop until cond(data), giving up (exit 1) after 30 s: a broken run, not a figure. */
static void run_until(gboolean (*cond)(gpointer), gpointer data, const char *what) {
    gboolean timed_out = FALSE;
    guint guard = g_timeout_add_seconds(30, fire, &timed_out);
    while (!cond(data)) {
        if (timed_out) die("waiting", what);
        g_main_context_iteration(NULL, TRUE);
    }
    g_source_remove(guard);
}

static Side side_new(GListModel *model) {
    Side s = { model, gtk_scrolled_window_new(), NULL };
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(row_setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(row_bind), NULL);
    g_signal_connect(factory, "unbind", G_CALLBACK(row_unbind), NULL);
    s.view = gtk_list_view_new(GTK_SELECTION_MODEL(gtk_no_selection_new(g_object_ref(model))), factory);
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(s.scroller), s.view);
    g_object_ref_sink(s.scroller);
    return s;
}
static void show_side(Side *s) {
    gtk_window_set_child(GTK_WINDOW(window), s->scroller);
    GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(s->scroller));
    gtk_adjustment_set_value(adj, 0);
    pump_ms(200);
}

/* ---- Scrolling ---------------------------------------------------------------------------- */

static struct {
    GtkAdjustment *adj;
    int step, done_steps, paints_at_step;
    double t0, times[STEPS];
    gboolean finished;
} scroll;

static gboolean scroll_tick(GtkWidget *w, GdkFrameClock *c, gpointer d) {
    (void)w; (void)c; (void)d;
    if (scroll.step > scroll.done_steps) return G_SOURCE_CONTINUE; /* its frame not painted yet */
    if (scroll.step == STEPS) { scroll.finished = TRUE; return G_SOURCE_REMOVE; }
    scroll.step++;
    scroll.paints_at_step = paints;
    scroll.t0 = now_us();
    double range = gtk_adjustment_get_upper(scroll.adj) - gtk_adjustment_get_page_size(scroll.adj);
    gtk_adjustment_set_value(scroll.adj, range * scroll.step / STEPS);
    return G_SOURCE_CONTINUE;
}
static void scroll_after_paint(GdkFrameClock *c, gpointer d) {
    (void)c; (void)d;
    if (scroll.step > scroll.done_steps && paints > scroll.paints_at_step) {
        scroll.times[scroll.done_steps] = now_us() - scroll.t0;
        scroll.done_steps = scroll.step;
    }
}
static gboolean scroll_finished(gpointer d) { (void)d; return scroll.finished; }

/* Median µs per step of one pass from the top through the list. */
static double scroll_pass(Side *s) {
    show_side(s);
    memset(&scroll, 0, sizeof scroll);
    scroll.adj = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(s->scroller));
    gtk_widget_add_tick_callback(s->view, scroll_tick, NULL, NULL);
    run_until(scroll_finished, NULL, "the scroll steps");
    return median(scroll.times, STEPS);
}

/* ---- One row updated ---------------------------------------------------------------------- */

static mvvm_object *coordinator, *list_vm;
static double change_at;    /* our rows-changed delivery */
static int changes_seen;
static void on_rows_changed(mvvm_object *vm, const mvvm_list_change *c, size_t n, void *d) {
    (void)vm; (void)d;
    for (size_t i = 0; i < n; i++)
        if (c[i].kind == MVVM_LIST_UPDATE) { change_at = now_us(); changes_seen++; }
}
static int wanted_changes, wanted_paints;
static gboolean change_painted(gpointer d) {
    (void)d;
    return changes_seen >= wanted_changes && paints > wanted_paints && last_paint > change_at;
}
static gboolean painted(gpointer d) { (void)d; return paints > wanted_paints; }
static gboolean depth_is(gpointer d) {
    int64_t depth = 0;
    mvvm_coordinator_get_depth(coordinator, &depth);
    return depth == *(int64_t *)d;
}
static gboolean can_save(gpointer vm) {
    int32_t ok = 0;
    mvvm_user_detail_get_can_save(vm, &ok);
    return ok;
}
static gboolean detail_loaded(gpointer vm) {
    int32_t loaded = 0;
    mvvm_user d;
    mvvm_user_detail_get_user(vm, &loaded, &d);
    return loaded;
}
/* The label showing row UPDATE_ROW's name reads `text` (the view's children are its rows). */
static gboolean row_reads(Side *s, const char *text) {
    for (GtkWidget *child = gtk_widget_get_first_child(s->view); child; child = gtk_widget_get_next_sibling(child)) {
        GtkWidget *label = gtk_widget_get_first_child(child);
        if (GTK_IS_LABEL(label) && strcmp(gtk_label_get_text(GTK_LABEL(label)), text) == 0) return TRUE;
    }
    return FALSE;
}

/* Ours: Save of row UPDATE_ROW's user renamed `name`. Returns µs from the save call to the
 * frame painted; *from_change gets the part from the change set's delivery, *work that part
 * without the frame clock's wait for its next frame slot (the change delivered to the row's
 * label set, plus the frame's before-paint to after-paint). */
static double update_ours(Side *s, const char *name, double *from_change, double *work) {
    show_side(s);
    int64_t two = 2, one = 1;
    if (mvvm_user_list_did_select_row(list_vm, UPDATE_ROW) != MVVM_OK) die("did_select_row", mvvm_last_error_message());
    run_until(depth_is, &two, "the detail pushed");
    mvvm_object *detail = NULL;
    mvvm_coordinator_get_screen(coordinator, 1, &detail);
    mvvm_user_detail_on_appear(detail);
    run_until(detail_loaded, detail, "the detail loaded");
    mvvm_user_detail_set_draft_name(detail, name);
    run_until(can_save, detail, "can-save");
    pump_ms(100);
    wanted_changes = changes_seen + 1;
    wanted_paints = paints;
    double t0 = now_us();
    if (mvvm_user_detail_save(detail) != MVVM_OK) die("save", mvvm_last_error_message());
    run_until(change_painted, NULL, "the row repainted");
    double t1 = last_paint;
    if (label_set_at < change_at) die("update", "the rows-changed handler ran after the model's");
    *from_change = t1 - change_at;
    *work = label_set_at - change_at + t1 - frame_start;
    run_until(depth_is, &one, "the detail popped");
    if (!row_reads(s, name)) die("update", "the row does not show the saved name");
    return t1 - t0;
}
/* The reference: g_object_set() of the store item's name; *work as for ours. */
static double update_reference(Side *s, const char *name, double *work) {
    show_side(s);
    GObject *item = g_list_model_get_item(s->model, UPDATE_ROW);
    pump_ms(100);
    wanted_paints = paints;
    double t0 = now_us();
    g_object_set(item, "name", name, NULL);
    run_until(painted, NULL, "the row repainted");
    double t1 = last_paint;
    *work = label_set_at - t0 + t1 - frame_start;
    g_object_unref(item);
    if (!row_reads(s, name)) die("update", "the row does not show the new name");
    return t1 - t0;
}

/* ---- main ----------------------------------------------------------------------------------- */

static gboolean list_full(gpointer m) { return g_list_model_get_n_items(m) == ROWS; }
static void on_navigate(mvvm_object *c, int32_t action, mvvm_object *screen, void *d) {
    (void)c; (void)d;
    if (action == MVVM_NAVIGATION_PUSH && !list_vm) list_vm = screen;
}

int main(int argc, char **argv) {
    int rounds = argc > 1 ? atoi(argv[1]) : 5;
    if (rounds < 1) rounds = 5;
    if (!gtk_init_check()) {
        printf("list_view_bench: skipped: no display (run under xvfb-run, or set DISPLAY)\n");
        return 0;
    }
    if (mvvm_init() != MVVM_OK) die("mvvm_init", mvvm_last_error_message());
    GError *error = NULL;
    if (!mvvm_gtk_attach(NULL, &error)) die("mvvm_gtk_attach", error->message);

    /* Ours: the coordinator's user list over 10,000 sample users, one page of all of them. */
    mvvm_sample_options options;
    mvvm_sample_options_init(&options);
    options.user_count = ROWS;
    options.page_size = ROWS;
    mvvm_object *repository = NULL;
    if (mvvm_repository_new_sample(&options, &repository) != MVVM_OK
        || mvvm_coordinator_new(repository, &coordinator) != MVVM_OK
        || mvvm_signal_connect(coordinator, "navigate", MVVM_CALLBACK(on_navigate), NULL, NULL, NULL) != MVVM_OK
        || mvvm_coordinator_start(coordinator) != MVVM_OK || !list_vm)
        die("the user list", mvvm_last_error_message());
    /* connected before the model's own handler: the time the change set is delivered */
    mvvm_signal_connect(list_vm, "rows-changed", MVVM_CALLBACK(on_rows_changed), NULL, NULL, NULL);
    MvvmGtkListModel *ours = mvvm_gtk_list_model_new(list_vm, "rows", &error);
    if (!ours) die("mvvm_gtk_list_model_new", error->message);
    mvvm_user_list_on_appear(list_vm);
    run_until(list_full, ours, "10,000 rows");

    /* The reference: the same rows as GObjects in a GListStore. */
    GListStore *store = g_list_store_new(BENCH_TYPE_USER);
    for (int64_t i = 0; i < ROWS; i++) {
        mvvm_user u;
        if (mvvm_user_list_get_row(list_vm, i, &u) != MVVM_OK) die("get_row", mvvm_last_error_message());
        BenchUser *item = g_object_new(BENCH_TYPE_USER, "id", u.id, "name", u.name, "email", u.email, NULL);
        g_list_store_append(store, item);
        g_object_unref(item);
    }

    window = gtk_window_new();
    gtk_window_set_default_size(GTK_WINDOW(window), 400, 600);
    Side a = side_new(G_LIST_MODEL(ours)), b = side_new(G_LIST_MODEL(store));
    gtk_window_set_child(GTK_WINDOW(window), a.scroller);
    gtk_window_present(GTK_WINDOW(window));
    pump_ms(300);
    clock_ = gtk_widget_get_frame_clock(window);
    if (!clock_) die("frame clock", "the window has none");
    g_signal_connect(clock_, "before-paint", G_CALLBACK(on_before_paint), NULL);
    g_signal_connect(clock_, "after-paint", G_CALLBACK(on_after_paint), NULL);
    g_signal_connect_after(clock_, "after-paint", G_CALLBACK(scroll_after_paint), NULL);

    /* Rounds: each side scrolled, then updated, back to back; the first round reported apart. */
    double scroll_a[rounds], scroll_b[rounds], scroll_r[rounds];
    double save_a[rounds], change_a[rounds], update_b[rounds], update_r[rounds], save_r[rounds];
    double work_a[rounds], work_b[rounds], work_r[rounds];
    double first_a = 0, first_b = 0;
    for (int r = 0; r <= rounds; r++) {
        double sa = scroll_pass(&a), sb = scroll_pass(&b);
        if (r == 0) { first_a = sa; first_b = sb; continue; }
        int i = r - 1;
        scroll_a[i] = sa; scroll_b[i] = sb; scroll_r[i] = sa / sb;
        char name[64];
        snprintf(name, sizeof name, "Renamed %d", r);
        save_a[i] = update_ours(&a, name, &change_a[i], &work_a[i]);
        update_b[i] = update_reference(&b, name, &work_b[i]);
        update_r[i] = change_a[i] / update_b[i];
        work_r[i] = work_a[i] / work_b[i];
        save_r[i] = save_a[i] / update_b[i];
    }
    printf("bench gtk_list_scroll_first_pass_step_mvvm %.1f us\n", first_a);
    printf("bench gtk_list_scroll_first_pass_step_gliststore %.1f us\n", first_b);
    printf("ratio gtk_list_scroll_first_pass_step %.3f\n", first_a / first_b);
    printf("bench gtk_list_scroll_step_mvvm %.1f us\n", median(scroll_a, rounds));
    printf("bench gtk_list_scroll_step_gliststore %.1f us\n", median(scroll_b, rounds));
    printf("ratio gtk_list_scroll_step %.3f\n", median(scroll_r, rounds));
    printf("bench gtk_list_row_update_work_mvvm %.1f us\n", median(work_a, rounds));
    printf("bench gtk_list_row_update_work_gliststore %.1f us\n", median(work_b, rounds));
    printf("ratio gtk_list_row_update_work %.3f\n", median(work_r, rounds));
    printf("bench gtk_list_row_update_mvvm %.1f us\n", median(change_a, rounds));
    printf("bench gtk_list_row_update_gliststore %.1f us\n", median(update_b, rounds));
    printf("ratio gtk_list_row_update %.3f\n", median(update_r, rounds));
    printf("bench gtk_list_row_save_to_repaint_mvvm %.1f us\n", median(save_a, rounds));
    printf("ratio gtk_list_row_save_to_repaint %.3f\n", median(save_r, rounds));
    fflush(stdout);
    gtk_window_destroy(GTK_WINDOW(window));
    return 0;
}
