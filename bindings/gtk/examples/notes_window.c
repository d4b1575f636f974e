/* The same adapter over another application, Notes (Examples/Notes, libnotes.so): the note list
 * with its query in a GtkListView, an editor pane (title, body, Save), New and Delete, errors in
 * a banner. Nothing here names a record field's offset: the rows come from mvvm-gtk's
 * introspection.
 *
 *   notes_window [FILE]               the window over the notes file FILE (default: in memory)
 *   notes_window --test FILE PNG      drives it (add notes, query, edit and save, delete), checks
 *                                     the widgets, writes a screenshot, exits 0 when all passed */
#include "window_common.h"
#include "notes.h"
#include <string.h>
#include <unistd.h>

typedef struct {
    mvvm_object *store, *list_vm, *editor_vm;
    MvvmGtkListModel *model;
    GtkSingleSelection *selection;
    GtkWidget *window, *view, *query, *editor_box, *pane, *title_entry, *body_entry, *save, *banner_label;
    int saves;
} App;
static App app;

static void on_did_save(mvvm_object *vm, const notes_note *note, void *data) {
    (void)vm; (void)note; (void)data;
    app.saves++;
    /* the list reads the store again: the saved note shows (an update, or an insert) */
    notes_note_list_reload(app.list_vm);
}

static void open_editor(int64_t note_id) {
    GError *error = NULL;
    if (app.editor_vm) { mvvm_object_destroy(app.editor_vm); app.editor_vm = NULL; }
    if (app.pane) { gtk_box_remove(GTK_BOX(app.editor_box), app.pane); app.pane = NULL; }
    if (notes_note_editor_new(app.store, note_id, &app.editor_vm) != MVVM_OK) return;
    app.pane = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    app.title_entry = gtk_entry_new();
    gtk_entry_set_placeholder_text(GTK_ENTRY(app.title_entry), "Title");
    app.body_entry = gtk_entry_new();
    gtk_entry_set_placeholder_text(GTK_ENTRY(app.body_entry), "Body");
    GtkWidget *validation = gtk_label_new("");
    app.save = gtk_button_new_with_label("Save");
    gtk_box_append(GTK_BOX(app.pane), app.title_entry);
    gtk_box_append(GTK_BOX(app.pane), app.body_entry);
    gtk_box_append(GTK_BOX(app.pane), validation);
    gtk_box_append(GTK_BOX(app.pane), app.save);
    gtk_box_append(GTK_BOX(app.editor_box), app.pane);
    mvvm_gtk_bind_property(app.editor_vm, "draft-title", app.title_entry, "text", MVVM_GTK_BIND_BIDIRECTIONAL, &error);
    die_on_error(error);
    mvvm_gtk_bind_property(app.editor_vm, "draft-body", app.body_entry, "text", MVVM_GTK_BIND_BIDIRECTIONAL, &error);
    die_on_error(error);
    mvvm_gtk_bind_property(app.editor_vm, "can-save", app.save, "sensitive", MVVM_GTK_BIND_TO_WIDGET, &error);
    die_on_error(error);
    mvvm_gtk_bind_property(app.editor_vm, "validation-message", validation, "label", MVVM_GTK_BIND_TO_WIDGET, &error);
    die_on_error(error);
    mvvm_gtk_bind_property(app.editor_vm, "error-message", app.banner_label, "label", MVVM_GTK_BIND_TO_WIDGET, &error);
    die_on_error(error);
    mvvm_gtk_bind_command(app.editor_vm, "save", GTK_BUTTON(app.save), &error);
    die_on_error(error);
    mvvm_signal_connect(app.editor_vm, "did-save", MVVM_CALLBACK(on_did_save), NULL, NULL, NULL);
}

static void on_selected(GtkSingleSelection *selection, GParamSpec *pspec, gpointer data) {
    (void)pspec; (void)data;
    GObject *row = gtk_single_selection_get_selected_item(selection);
    if (!row) return;
    gint64 id = 0;
    g_object_get(row, "id", &id, NULL);
    open_editor(id);
}
static void on_new(GtkButton *b, gpointer d) { (void)b; (void)d; gtk_single_selection_set_selected(app.selection, GTK_INVALID_LIST_POSITION); open_editor(0); }
static void on_delete(GtkButton *b, gpointer d) {
    (void)b; (void)d;
    guint position = gtk_single_selection_get_selected(app.selection);
    if (position == GTK_INVALID_LIST_POSITION) return;
    if (app.editor_vm) { mvvm_object_destroy(app.editor_vm); app.editor_vm = NULL; }
    if (app.pane) { gtk_box_remove(GTK_BOX(app.editor_box), app.pane); app.pane = NULL; }
    mvvm_value index = { .kind = MVVM_VALUE_INT64, .as.int64 = position };
    if (mvvm_object_invoke_by_name(app.list_vm, "delete-row", &index, 1, NULL) != MVVM_OK)
        gtk_label_set_text(GTK_LABEL(app.banner_label), mvvm_last_error_message());
}

static void build(const char *path) {
    GError *error = NULL;
    if (notes_store_new(path, &app.store) != MVVM_OK || notes_note_list_new(app.store, &app.list_vm) != MVVM_OK) {
        fprintf(stderr, "notes_window: %s\n", mvvm_last_error_message());
        exit(1);
    }
    app.model = mvvm_gtk_list_model_new(app.list_vm, "rows", &error);
    die_on_error(error);
    app.window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(app.window), "mvvm: notes (GTK 4)");
    gtk_window_set_default_size(GTK_WINDOW(app.window), 720, 420);
    GtkWidget *outer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0);
    GtkWidget *banner = banner_new(&app.banner_label);
    GtkWidget *bar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6);
    gtk_widget_set_margin_start(bar, 8); gtk_widget_set_margin_end(bar, 8);
    gtk_widget_set_margin_top(bar, 8); gtk_widget_set_margin_bottom(bar, 8);
    app.query = gtk_search_entry_new();
    gtk_widget_set_hexpand(app.query, TRUE);
    GtkWidget *add = gtk_button_new_with_label("New");
    GtkWidget *del = gtk_button_new_with_label("Delete");
    gtk_box_append(GTK_BOX(bar), app.query);
    gtk_box_append(GTK_BOX(bar), add);
    gtk_box_append(GTK_BOX(bar), del);
    app.selection = gtk_single_selection_new(G_LIST_MODEL(g_object_ref(app.model)));
    gtk_single_selection_set_autoselect(app.selection, FALSE);
    gtk_single_selection_set_can_unselect(app.selection, TRUE);
    gtk_single_selection_set_selected(app.selection, GTK_INVALID_LIST_POSITION);
    app.view = gtk_list_view_new(GTK_SELECTION_MODEL(app.selection), row_factory("title"));
    GtkWidget *scroller = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scroller), app.view);
    gtk_widget_set_size_request(scroller, 320, -1);
    app.editor_box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6);
    gtk_widget_set_margin_start(app.editor_box, 12); gtk_widget_set_margin_end(app.editor_box, 12);
    GtkWidget *paned = gtk_paned_new(GTK_ORIENTATION_HORIZONTAL);
    gtk_paned_set_start_child(GTK_PANED(paned), scroller);
    gtk_paned_set_end_child(GTK_PANED(paned), app.editor_box);
    gtk_paned_set_position(GTK_PANED(paned), 400);
    gtk_widget_set_vexpand(paned, TRUE);
    gtk_box_append(GTK_BOX(outer), banner);
    gtk_box_append(GTK_BOX(outer), bar);
    gtk_box_append(GTK_BOX(outer), paned);
    gtk_window_set_child(GTK_WINDOW(app.window), outer);
    mvvm_gtk_bind_property(app.list_vm, "query", app.query, "text", MVVM_GTK_BIND_BIDIRECTIONAL, &error);
    die_on_error(error);
    mvvm_gtk_bind_property(app.list_vm, "error-message", app.banner_label, "label", MVVM_GTK_BIND_TO_WIDGET, &error);
    die_on_error(error);
    g_signal_connect(app.selection, "notify::selected", G_CALLBACK(on_selected), NULL);
    g_signal_connect(add, "clicked", G_CALLBACK(on_new), NULL);
    g_signal_connect(del, "clicked", G_CALLBACK(on_delete), del);
    g_object_set_data(G_OBJECT(app.window), "delete", del);
    g_object_set_data(G_OBJECT(app.window), "new", add);
    notes_note_list_on_appear(app.list_vm);
}

static guint n_rows(void) { return g_list_model_get_n_items(G_LIST_MODEL(app.model)); }
static gboolean rows_are(gpointer d) { return n_rows() == GPOINTER_TO_UINT(d) && (int)rows_shown(app.view, NULL) == (int)GPOINTER_TO_UINT(d); }
static gboolean saved_n(gpointer d) { return app.saves >= GPOINTER_TO_INT(d); }
static gboolean can_save(gpointer d) { (void)d; return app.save && gtk_widget_get_sensitive(app.save); }
static gboolean title_loaded(gpointer d) { return app.title_entry && strcmp(gtk_editable_get_text(GTK_EDITABLE(app.title_entry)), d) == 0; }
static gboolean first_row_is(gpointer d) { char *t = NULL; rows_shown(app.view, &t); gboolean ok = t && strcmp(t, d) == 0; g_free(t); return ok; }

static int drive(const char *png) {
    static const char *titles[] = { "Groceries", "Ideas for the talk", "Call the plumber" };
    GtkWidget *add = g_object_get_data(G_OBJECT(app.window), "new"), *del = g_object_get_data(G_OBJECT(app.window), "delete");
    for (int i = 0; i < 3; i++) {
        g_signal_emit_by_name(add, "clicked");
        gtk_editable_set_text(GTK_EDITABLE(app.title_entry), titles[i]);
        gtk_editable_set_text(GTK_EDITABLE(app.body_entry), "written in the GTK window");
        wait_until(can_save, NULL, 2000);
        g_signal_emit_by_name(app.save, "clicked");
        wait_until(saved_n, GINT_TO_POINTER(i + 1), 3000);
    }
    CHECK(wait_until(rows_are, GUINT_TO_POINTER(3), 3000), "three notes saved in the editor show as %u rows (%d on screen)", n_rows(), rows_shown(app.view, NULL));
    gtk_editable_set_text(GTK_EDITABLE(app.query), "groc");
    CHECK(wait_until(rows_are, GUINT_TO_POINTER(1), 3000), "the query \"groc\" leaves %u row", n_rows());
    CHECK(first_row_is("Groceries"), "the row shown is \"Groceries\"");
    gtk_editable_set_text(GTK_EDITABLE(app.query), "");
    CHECK(wait_until(rows_are, GUINT_TO_POINTER(3), 3000), "clearing the query shows %u rows again", n_rows());
    /* select a row, edit its title, save */
    char *first = NULL;
    rows_shown(app.view, &first);
    gtk_single_selection_set_selected(app.selection, 0);
    CHECK(wait_until(title_loaded, first, 3000), "selecting the first row opens it in the editor (\"%s\")", first);
    g_free(first);
    gtk_editable_set_text(GTK_EDITABLE(app.title_entry), "Another idea");
    wait_until(can_save, NULL, 2000);
    int before = app.saves;
    g_signal_emit_by_name(app.save, "clicked");
    CHECK(wait_until(saved_n, GINT_TO_POINTER(before + 1), 3000), "Save stored the edited note");
    gboolean found = FALSE;
    pump(200);
    for (guint i = 0; i < n_rows(); i++) {
        GObject *row = g_list_model_get_item(G_LIST_MODEL(app.model), i);
        char *t = NULL; g_object_get(row, "title", &t, NULL);
        if (g_strcmp0(t, "Another idea") == 0) found = TRUE;
        g_free(t); g_object_unref(row);
    }
    CHECK(found, "the list shows the edited title");
    /* delete one */
    gtk_single_selection_set_selected(app.selection, 0);
    g_signal_emit_by_name(del, "clicked");
    CHECK(wait_until(rows_are, GUINT_TO_POINTER(2), 3000), "Delete leaves %u rows (%d on screen)", n_rows(), rows_shown(app.view, NULL));
    gtk_single_selection_set_selected(app.selection, 0);
    pump(300);
    CHECK(save_png(app.window, png), "screenshot %s", png);
    return check_failures;
}

int main(int argc, char **argv) {
    gboolean test = argc == 4 && strcmp(argv[1], "--test") == 0;
    const char *path = test ? argv[2] : argc > 1 ? argv[1] : "";
    gtk_init();
    if (mvvm_init() != MVVM_OK) { fprintf(stderr, "mvvm_init: %s\n", mvvm_last_error_message()); return 1; }
    if (test) unlink(path);
    GError *error = NULL;
    guint source = mvvm_gtk_attach(NULL, &error);
    die_on_error(error);
    build(path);
    gtk_window_present(GTK_WINDOW(app.window));
    int failures = 0;
    if (test) {
        failures = drive(argv[3]);
        printf("notes window: %d passed, %d failed\n", failures ? 0 : 1, failures ? 1 : 0);
    } else {
        while (g_list_model_get_n_items(gtk_window_get_toplevels()) > 0) g_main_context_iteration(NULL, TRUE);
    }
    gtk_window_destroy(GTK_WINDOW(app.window));
    mvvm_gtk_detach(source, NULL);
    return failures ? 1 : 0;
}
