/*
 * pkgconfig_smoke_gtk.c: the smallest host of an installed GTK adapter, built outside the
 * repository with nothing but
 *     cc pkgconfig_smoke_gtk.c $(pkg-config --cflags --libs mvvm-gtk)
 * (see `make test-install`). It attaches mvvm's loop to the default GMainContext, makes the
 * sample user list a GListModel, loads the first page through the loop and reads the first
 * item's "name" property. Needs no display server. Exits 0 on success, 1 with a message.
 */
#include <mvvm-gtk.h>
#include <mvvm_seeds.h>
#include <stdio.h>
#include <string.h>

static gboolean give_up(gpointer data) {
    *(gboolean *)data = TRUE;
    return G_SOURCE_REMOVE;
}

int main(void) {
    if (strcmp(mvvm_version_string(), MVVM_VERSION_STRING) != 0) {
        fprintf(stderr, "pkgconfig_smoke_gtk: header %s, library %s\n", MVVM_VERSION_STRING, mvvm_version_string());
        return 1;
    }
    GError *error = NULL;
    mvvm_object *repository = NULL, *list = NULL;
    if (mvvm_init() != MVVM_OK || mvvm_repository_new_sample(NULL, &repository) != MVVM_OK
        || mvvm_user_list_new(repository, &list) != MVVM_OK) {
        fprintf(stderr, "pkgconfig_smoke_gtk: %s\n", mvvm_last_error_message());
        return 1;
    }
    guint source = mvvm_gtk_attach(NULL, &error);
    MvvmGtkListModel *model = source ? mvvm_gtk_list_model_new(list, "rows", &error) : NULL;
    if (!model) {
        fprintf(stderr, "pkgconfig_smoke_gtk: %s\n", error->message);
        return 1;
    }
    GListModel *rows = G_LIST_MODEL(model);
    mvvm_user_list_on_appear(list);
    /* The page arrives through the descriptor's source; the timeout only ends a broken run. */
    gboolean timed_out = FALSE;
    guint guard = g_timeout_add_seconds(30, give_up, &timed_out);
    while (g_list_model_get_n_items(rows) == 0 && !timed_out) g_main_context_iteration(NULL, TRUE);
    if (!timed_out) g_source_remove(guard);
    guint n = g_list_model_get_n_items(rows);
    GObject *first = n > 0 ? g_list_model_get_item(rows, 0) : NULL;
    char *name = NULL;
    if (first) g_object_get(first, "name", &name, NULL);
    printf("pkgconfig_smoke_gtk: mvvm-gtk %s: %u rows of %s, the first named \"%s\"\n", mvvm_version_string(), n,
           g_type_name(g_list_model_get_item_type(rows)), name ? name : "");
    int ok = n > 0 && name && *name;
    if (!ok) fprintf(stderr, "pkgconfig_smoke_gtk: the list model stayed empty or its first row has no name\n");
    g_free(name);
    if (first) g_object_unref(first);
    g_object_unref(model);
    mvvm_gtk_detach(source, NULL);
    mvvm_object_destroy(list);
    mvvm_object_destroy(repository);
    mvvm_shutdown();
    return ok ? 0 : 1;
}
