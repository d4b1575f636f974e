/* Shared by the example windows: the row factory over any record item, and what --test needs
 * (waiting in the loop, rows shown, a PNG screenshot). */
#ifndef WINDOW_COMMON_H
#define WINDOW_COMMON_H
#include "../mvvm-gtk.h"
#include <stdio.h>
#include <stdlib.h>

static int check_failures;
#define CHECK(cond, ...) do { if (cond) { printf("ok: "); } else { check_failures++; printf("FAILED: "); } \
    printf(__VA_ARGS__); putchar('\n'); fflush(stdout); } while (0)

/* A row: a label showing the item's string property `field` (given as factory data). */
static void row_setup(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GtkWidget *label = gtk_label_new("");
    gtk_label_set_xalign(GTK_LABEL(label), 0);
    gtk_widget_set_margin_start(label, 8);
    gtk_widget_set_margin_top(label, 4);
    gtk_widget_set_margin_bottom(label, 4);
    gtk_list_item_set_child(item, label);
}
static void row_notify(GObject *object, GParamSpec *pspec, gpointer label) {
    char *text = NULL;
    g_object_get(object, pspec->name, &text, NULL);
    gtk_label_set_text(GTK_LABEL(label), text ? text : "");
    g_free(text);
}
static void row_bind(GtkSignalListItemFactory *f, GtkListItem *item, gpointer field) {
    (void)f;
    GObject *row = gtk_list_item_get_item(item);
    GtkWidget *label = gtk_list_item_get_child(item);
    GParamSpec *pspec = g_object_class_find_property(G_OBJECT_GET_CLASS(row), field);
    if (!pspec) return;
    row_notify(row, pspec, label);
    char *signal = g_strconcat("notify::", (char *)field, NULL);
    g_signal_connect_object(row, signal, G_CALLBACK(row_notify), label, 0);
    g_free(signal);
}
static void row_unbind(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    GObject *row = gtk_list_item_get_item(item);
    if (row) g_signal_handlers_disconnect_by_func(row, row_notify, gtk_list_item_get_child(item));
}
static GtkListItemFactory *row_factory(const char *field) {
    GtkListItemFactory *factory = gtk_signal_list_item_factory_new();
    g_signal_connect(factory, "setup", G_CALLBACK(row_setup), NULL);
    g_signal_connect(factory, "bind", G_CALLBACK(row_bind), (gpointer)field);
    g_signal_connect(factory, "unbind", G_CALLBACK(row_unbind), NULL);
    return factory;
}

/* Iterates the default context until cond(data) holds or `ms` pass. */
static gboolean wait_until(gboolean (*cond)(gpointer), gpointer data, int ms) {
    gint64 end = g_get_monotonic_time() + (gint64)ms * 1000;
    while (!cond(data)) {
        if (g_get_monotonic_time() > end) return FALSE;
        while (g_main_context_iteration(NULL, FALSE)) {}
        g_usleep(2000);
    }
    return TRUE;
}
static gboolean never(gpointer d) { (void)d; return FALSE; }
static void pump(int ms) { wait_until(never, NULL, ms); }

/* Rows of a GtkListView on screen (its mapped children), and the text of the first. */
static int rows_shown(GtkWidget *view, char **first_text) {
    int n = 0;
    if (first_text) *first_text = NULL;
    for (GtkWidget *child = gtk_widget_get_first_child(view); child; child = gtk_widget_get_next_sibling(child)) {
        if (!gtk_widget_get_mapped(child)) continue;
        GtkWidget *label = gtk_widget_get_first_child(child);
        if (!GTK_IS_LABEL(label)) continue;
        if (n == 0 && first_text) *first_text = g_strdup(gtk_label_get_text(GTK_LABEL(label)));
        n++;
    }
    return n;
}

static gboolean save_png(GtkWidget *window, const char *path) {
    int w = gtk_widget_get_width(window), h = gtk_widget_get_height(window);
    GdkPaintable *paintable = gtk_widget_paintable_new(window);
    GtkSnapshot *snapshot = gtk_snapshot_new();
    gdk_paintable_snapshot(paintable, snapshot, w, h);
    GskRenderNode *node = gtk_snapshot_free_to_node(snapshot);
    gboolean ok = FALSE;
    if (node) {
        GskRenderer *renderer = gtk_native_get_renderer(GTK_NATIVE(window));
        GdkTexture *texture = gsk_renderer_render_texture(renderer, node, &GRAPHENE_RECT_INIT(0, 0, w, h));
        ok = gdk_texture_save_to_png(texture, path);
        g_object_unref(texture);
        gsk_render_node_unref(node);
    }
    g_object_unref(paintable);
    return ok;
}

/* An error banner: a revealer whose label shows a ViewModel's "error-message". */
static void banner_sync(GObject *label, GParamSpec *pspec, gpointer revealer) {
    (void)pspec;
    const char *text = gtk_label_get_text(GTK_LABEL(label));
    gtk_revealer_set_reveal_child(GTK_REVEALER(revealer), text && *text);
}
static GtkWidget *banner_new(GtkWidget **out_label) {
    GtkWidget *revealer = gtk_revealer_new();
    GtkWidget *label = gtk_label_new("");
    gtk_widget_add_css_class(label, "error");
    gtk_widget_set_margin_top(label, 6);
    gtk_widget_set_margin_bottom(label, 6);
    gtk_revealer_set_child(GTK_REVEALER(revealer), label);
    g_signal_connect(label, "notify::label", G_CALLBACK(banner_sync), revealer);
    *out_label = label;
    return revealer;
}

static void die_on_error(GError *error) {
    if (error) { fprintf(stderr, "%s\n", error->message); exit(1); }
}
#endif
