/* mvvm-gtk: mvvm's descriptor on a GMainContext. */
#include "mvvm-gtk-private.h"
#include <glib-unix.h>

G_DEFINE_QUARK(mvvm-gtk-error-quark, mvvm_gtk_error)

void mvvm_gtk_set_error(GError **error, mvvm_status status, const char *what) {
    g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_MVVM, "%s: %s: %s", what,
                mvvm_status_name(status), mvvm_last_error_message());
}

static gboolean on_readable(gint fd, GIOCondition condition, gpointer user_data) {
    (void)fd; (void)condition; (void)user_data;
    mvvm_status status = mvvm_dispatch();
    if (status != MVVM_OK && status != MVVM_E_REENTRANCY)
        g_warning("mvvm-gtk: mvvm_dispatch: %s: %s", mvvm_status_name(status),
                  mvvm_last_error_message());
    return G_SOURCE_CONTINUE;
}

guint mvvm_gtk_attach(GMainContext *context, GError **error) {
    int fd = -1;
    mvvm_status status = mvvm_get_fd(&fd);
    if (status != MVVM_OK || fd < 0) {
        mvvm_gtk_set_error(error, status, "mvvm_gtk_attach: mvvm_get_fd");
        return 0;
    }
    /* A harmless dispatch proves we are on the host thread and the runtime is up. */
    status = mvvm_dispatch();
    if (status != MVVM_OK) {
        mvvm_gtk_set_error(error, status, "mvvm_gtk_attach: mvvm_dispatch");
        return 0;
    }
    GSource *source = g_unix_fd_source_new(fd, G_IO_IN);
    g_source_set_callback(source, G_SOURCE_FUNC(on_readable), NULL, NULL);
    g_source_set_name(source, "mvvm-gtk");
    guint id = g_source_attach(source, context);
    g_source_unref(source);
    return id;
}

gboolean mvvm_gtk_detach(guint source_id, GError **error) {
    GSource *source = source_id ? g_main_context_find_source_by_id(NULL, source_id) : NULL;
    if (source == NULL || g_strcmp0(g_source_get_name(source), "mvvm-gtk") != 0) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_INVALID_ARGUMENT,
                    "mvvm_gtk_detach: %u is not a live mvvm-gtk source of the default context",
                    source_id);
        return FALSE;
    }
    g_source_destroy(source);
    return TRUE;
}
