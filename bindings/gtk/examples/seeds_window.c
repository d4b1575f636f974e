/* A GTK 4 window over the seeds' app, through mvvm-gtk: a search entry (UserSearch), the users
 * in a GtkListView (UserList, paging as the view scrolls), a detail pane with the editable name
 * and Save (UserDetail), errors in a banner.
 *
 *   seeds_window               the window
 *   seeds_window --test PNG    drives it (scroll, query, select, edit, save), checks the widgets,
 *                              writes a screenshot to PNG, exits 0 when every check passed */
#include "window_common.h"
#include "mvvm_seeds.h"
#include <string.h>

typedef struct {
    mvvm_object *repository, *list_vm, *search_vm, *detail_vm;
    MvvmGtkListModel *list_model, *search_model;
    mvvm_object *shown_vm; /* whose rows the view shows */
    GtkSingleSelection *selection;
    GtkWidget *window, *view, *scroller, *search, *detail_box, *pane, *name_entry, *save, *status, *banner_label;
    int saves;
} App;
static App app;

static void show_rows_of(mvvm_object *vm) {
    if (app.shown_vm == vm) return;
    app.shown_vm = vm;
    gtk_single_selection_set_model(app.selection, G_LIST_MODEL(vm == app.search_vm ? app.search_model : app.list_model));
}

/* Paging: every row bound on screen is reported with the list's "did-display-row". */
static void on_row_bind(GtkSignalListItemFactory *f, GtkListItem *item, gpointer data) {
    (void)f; (void)data;
    mvvm_value index = { .kind = MVVM_VALUE_INT64, .as.int64 = gtk_list_item_get_position(item) };
    mvvm_status status = mvvm_object_invoke_by_name(app.shown_vm, "did-display-row", &index, 1, NULL);
    if (status != MVVM_OK) g_warning("did-display-row: %s", mvvm_last_error_message());
}

static void on_query_empty(mvvm_object *vm, int32_t empty, void *data) {
    (void)vm; (void)data;
    show_rows_of(empty ? app.list_vm : app.search_vm);
}

static void on_did_save(mvvm_object *vm, const mvvm_user *user, void *data) {
    (void)vm; (void)data;
    app.saves++;
    char *text = g_strdup_printf("Saved \"%s\"", user->name);
    gtk_label_set_text(GTK_LABEL(app.status), text);
    g_free(text);
}

static void open_detail(int64_t user_id) {
    GError *error = NULL;
    if (app.detail_vm) { mvvm_object_destroy(app.detail_vm); app.detail_vm = NULL; }
    if (app.pane) { gtk_box_remove(GTK_BOX(app.detail_box), app.pane); app.pane = NULL; }
    if (mvvm_user_detail_new(app.repository, user_id, &app.detail_vm) != MVVM_OK) return;
    app.pane = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *title = gtk_label_new("Name");
    gtk_label_set_xalign(GTK_LABEL(title), 0);
    app.name_entry = gtk_entry_new();
    app.save = gtk_button_new_with_label("Save");
    GtkWidget *validation = gtk_label_new("");
    app.status = gtk_label_new("");
    gtk_box_append(GTK_BOX(app.pane), title);
    gtk_box_append(GTK_BOX(app.pane), app.name_entry);
    gtk_box_append(GTK_BOX(app.pane), validation);
    gtk_box_append(GTK_BOX(app.pane), app.save);
    gtk_box_append(GTK_BOX(app.pane), app.status);
    gtk_box_append(GTK_BOX(app.detail_box), app.pane);
    mvvm_gtk_bind_property(app.detail_vm, "draft-name", app.name_entry, "text", MVVM_GTK_BIND_BIDIRECTIONAL, &error);
    die_on_error(error);
    mvvm_gtk_bind_property(app.detail_vm, "can-save", app.save, "sensitive", MVVM_GTK_BIND_TO_WIDGET, &error);
    die_on_error(error);
    mvvm_gtk_bind_property(app.detail_vm, "validation-message", validation, "label", MVVM_GTK_BIND_TO_WIDGET, &error);
    die_on_error(error);
    mvvm_gtk_bind_property(app.detail_vm, "error-message", app.banner_label, "label", MVVM_GTK_BIND_TO_WIDGET, &error);
    die_on_error(error);
    mvvm_gtk_bind_command(app.detail_vm, "save", GTK_BUTTON(app.save), &error);
    die_on_error(error);
    mvvm_signal_connect(app.detail_vm, "did-save", MVVM_CALLBACK(on_did_save), NULL, NULL, NULL);
    mvvm_user_detail_on_appear(app.detail_vm);
}

static void on_selected(GtkSingleSelection *selection, GParamSpec *pspec, gpointer data) {
    (void)pspec; (void)data;
    GObject *row = gtk_single_selection_get_selected_item(selection);
    if (!row) return;
    gint64 id = 0;
    g_object_get(row, "id", &id, NULL);
    open_detail(id);
}

static void build(void) {
    GError *error = NULL;
    mvvm_sample_options options;
    mvvm_sample_options_init(&options);
    options.user_count = 1000;
    options.page_size = 20;
    if (mvvm_repository_new_sample(&options, &app.repository) != MVVM_OK
        || mvvm_user_list_new(app.repository, &app.list_vm) != MVVM_OK
        || mvvm_user_search_new(app.repository, &app.search_vm) != MVVM_OK) {
        fprintf(stderr, "seeds_window: %s\n", mvvm_last_error_message());
        exit(1);
    }
    app.list_model = mvvm_gtk_list_model_new(app.list_vm, "rows", &error);
    die_on_error(error);
    app.search_model = mvvm_gtk_list_model_new(app.search_vm, "rows", &error);
    die_on_error(error);

    app.window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(app.window), "mvvm: users (GTK 4)");
    gtk_window_set_default_size(GTK_WINDOW(app.window), 720, 480);
    GtkWidget *outer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *banner = banner_new(&app.banner_label);
    app.search = gtk_search_entry_new();
    gtk_widget_set_margin_start(app.search, 8); gtk_widget_set_margin_end(app.search, 8);
    gtk_widget_set_margin_top(app.search, 8); gtk_widget_set_margin_bottom(app.search, 8);
    GtkWidget *paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL);
    app.selection = gtk_single_selection_new(G_LIST_MODEL(g_object_ref(app.list_model)));
    gtk_single_selection_set_autoselect(app.selection, FALSE);
    gtk_single_selection_set_can_unselect(app.selection, TRUE);
    gtk_single_selection_set_selected(app.selection, GTK_INVALID_LIST_POSITION);
    app.shown_vm = app.list_vm;
    GtkListItemFactory *factory = row_factory("name");
    g_signal_connect(factory, "bind", G_CALLBACK(on_row_bind), NULL);
    app.view = gtk_list_view_new(GTK_SELECTION_MODEL(app.selection), factory);
    app.scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(app.scroller), app.view);
    gtk_widget_set_size_request(app.scroller, 320, -1);
    app.detail_box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_margin_start(app.detail_box, 12); gtk_widget_set_margin_end(app.detail_box, 12);
    gtk_widget_set_margin_top(app.detail_box, 12);
    gtk_paned_set_start_child(GTK_PANED(paned), app.scroller);
    gtk_paned_set_end_child(GTK_PANED(paned), app.detail_box);
    gtk_paned_set_position(GTK_PANED(paned), 400);
    gtk_widget_set_vexpand(paned, TRUE);
    gtk_box_append(GTK_BOX(outer), banner);
    gtk_box_append(GTK_BOX(outer), app.search);
    gtk_box_append(GTK_BOX(outer), paned);
    gtk_window_set_child(GTK_WINDOW(app.window), outer);

    mvvm_gtk_bind_property(app.search_vm, "query", app.search, "text", MVVM_GTK_BIND_BIDIRECTIONAL, &error);
    die_on_error(error);
    mvvm_gtk_bind_property(app.list_vm, "error-message", app.banner_label, "label", MVVM_GTK_BIND_TO_WIDGET, &error);
    die_on_error(error);
    mvvm_signal_connect(app.search_vm, "notify::is-query-empty", MVVM_CALLBACK(on_query_empty), NULL, NULL, NULL);
    g_signal_connect(app.selection, "notify::selected", G_CALLBACK(on_selected), NULL);
    mvvm_user_list_on_appear(app.list_vm);
}

static int64_t count_of(mvvm_object *vm) {
    mvvm_value v = { 0 };
    mvvm_object_get_by_name(vm, "count", &v);
    return v.kind == MVVM_VALUE_INT64 ? v.as.int64 : -1;
}
static gboolean list_filled(gpointer d) { (void)d; return count_of(app.list_vm) > 0 && rows_shown(app.view, NULL) > 0; }
static gboolean list_grew(gpointer d) { return count_of(app.list_vm) > *(int64_t *)d; }
static gboolean search_shown(gpointer d) { (void)d; return app.shown_vm == app.search_vm && count_of(app.search_vm) > 0 && rows_shown(app.view, NULL) > 0; }
static gboolean name_loaded(gpointer d) { (void)d; return app.name_entry && *gtk_editable_get_text(GTK_EDITABLE(app.name_entry)); }
static gboolean can_save(gpointer d) { (void)d; return gtk_widget_get_sensitive(app.save); }
static gboolean saved(gpointer d) { (void)d; return app.saves > 0; }

static int drive(const char *png) {
    char *first = NULL;
    CHECK(wait_until(list_filled, NULL, 5000), "the user list shows rows (%" G_GINT64_FORMAT " users, %d rows on screen)",
          count_of(app.list_vm), rows_shown(app.view, &first));
    CHECK(first && *first, "the first row reads \"%s\"", first ? first : "");
    g_free(first);
    int64_t before = count_of(app.list_vm);
    GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment(GTK_SCROLLED_WINDOW(app.scroller));
    for (int i = 0; i < 20 && count_of(app.list_vm) <= before; i++) {
        gtk_adjustment_set_value(adj, gtk_adjustment_get_upper(adj) - gtk_adjustment_get_page_size(adj));
        pump(50);
    }
    CHECK(wait_until(list_grew, &before, 5000), "scrolling to the end loaded the next page (%" G_GINT64_FORMAT " -> %" G_GINT64_FORMAT " users)",
          before, count_of(app.list_vm));
    gtk_editable_set_text(GTK_EDITABLE(app.search), "an");
    CHECK(wait_until(search_shown, NULL, 5000), "the query \"an\" shows %" G_GINT64_FORMAT " results in the view (%d rows on screen)",
          count_of(app.search_vm), rows_shown(app.view, &first));
    CHECK(first && strstr(g_ascii_strdown(first, -1), "an"), "the first result \"%s\" matches", first ? first : "");
    g_free(first);
    gtk_single_selection_set_selected(app.selection, 0);
    CHECK(wait_until(name_loaded, NULL, 5000), "selecting the first result opens its detail: name \"%s\"",
          app.name_entry ? gtk_editable_get_text(GTK_EDITABLE(app.name_entry)) : "");
    gtk_editable_set_text(GTK_EDITABLE(app.name_entry), "Ada Lovelace");
    CHECK(wait_until(can_save, NULL, 2000), "editing the name enables Save");
    g_signal_emit_by_name(app.save, "clicked");
    CHECK(wait_until(saved, NULL, 5000), "Save stored the name: the status reads \"%s\"", gtk_label_get_text(GTK_LABEL(app.status)));
    mvvm_value v = { 0 };
    mvvm_object_get_by_name(app.detail_vm, "is-dirty", &v);
    CHECK(v.as.boolean == 0, "after saving the detail is not dirty");
    gtk_adjustment_set_value(adj, 0);
    pump(300);
    CHECK(save_png(app.window, png), "screenshot %s", png);
    return check_failures;
}

int main(int argc, char **argv) {
    const char *png = argc == 3 && strcmp(argv[1], "--test") == 0 ? argv[2] : NULL;
    gtk_init();
    if (mvvm_init() != MVVM_OK) { fprintf(stderr, "mvvm_init: %s\n", mvvm_last_error_message()); return 1; }
    GError *error = NULL;
    guint source = mvvm_gtk_attach(NULL, &error);
    die_on_error(error);
    build();
    gtk_window_present(GTK_WINDOW(app.window));
    int failures = 0;
    if (png) {
        failures = drive(png);
        printf("seeds window: %d passed, %d failed\n", failures ? 0 : 1, failures ? 1 : 0);
    } else {
        while (g_list_model_get_n_items(gtk_window_get_toplevels()) > 0) g_main_context_iteration(NULL, TRUE);
    }
    gtk_window_destroy(GTK_WINDOW(app.window));
    mvvm_gtk_detach(source, NULL);
    return failures ? 1 : 0;
}
