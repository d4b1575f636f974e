/* mvvm-gtk: a small GTK 4 adapter over mvvm's C ABI (Include/mvvm.h).
 *
 *   - mvvm_gtk_attach()            mvvm's descriptor on a GMainContext;
 *   - MvvmGtkListModel             any list of any application as a GListModel, found by
 *                                  introspection only (mvvm_type_describe,
 *                                  mvvm_record_describe), items-changed from the change sets;
 *   - mvvm_gtk_bind_property()     a ViewModel property <-> a widget property, both ways;
 *   - mvvm_gtk_bind_command()      a command to GtkButton::clicked.
 *
 * THREADS: every function here must be called on mvvm's host thread (see "The host thread"
 * in README and mvvm_init_with_options()), which must also be the thread that runs the
 * GMainContext passed to mvvm_gtk_attach() (for GTK: the main thread, GTK's own). The library
 * refuses calls from another thread: MVVM_GTK_ERROR_MVVM with MVVM_E_WRONG_THREAD in the
 * GError's message (mvvm_gtk_attach() checks it with a first mvvm_dispatch()). Signals of the
 * models and bindings (items-changed, notify, widget updates) are emitted on the host thread,
 * from mvvm_dispatch(), so GTK sees them on its own thread.
 *
 * ERRORS: every function validates its arguments; failures are a GError in the domain
 * MVVM_GTK_ERROR (code: an mvvm_gtk_error; the message carries mvvm's status name and
 * mvvm_last_error_message() when the library refused). No function aborts on bad input.
 *
 * LINKING: pkg-config name mvvm-gtk. libmvvm-gtk.so depends on GLib/GIO/GTK 4 and does not link
 * an application's library: the process's one mvvm library (libmvvm.so, libnotes.so, ...)
 * provides the mvvm_ symbols, so the same adapter serves any application. */
#ifndef MVVM_GTK_H
#define MVVM_GTK_H

#include <gio/gio.h>
#include <gtk/gtk.h>
#include "mvvm.h"

G_BEGIN_DECLS

#define MVVM_GTK_ERROR (mvvm_gtk_error_quark())
GQuark mvvm_gtk_error_quark(void);

typedef enum {
    /** A NULL or otherwise invalid argument. */
    MVVM_GTK_ERROR_INVALID_ARGUMENT = 1,
    /** The library refused a call (the message names the mvvm_status). */
    MVVM_GTK_ERROR_MVVM = 2,
    /** No member of that name, or not of the needed kind (a list, a property, a command). */
    MVVM_GTK_ERROR_UNKNOWN_MEMBER = 3,
    /** A property or record field of a kind the adapter does not map. */
    MVVM_GTK_ERROR_UNSUPPORTED = 4,
} mvvm_gtk_error;

/* ---- The loop ------------------------------------------------------------------------- */

/** Watches mvvm's descriptor (mvvm_get_fd()) on `context` (NULL: the default main context)
 *  and calls mvvm_dispatch() when it is readable. mvvm_init() must have succeeded, and this
 *  must be called on the host thread, which must be the thread that iterates `context`.
 *  Returns the GSource id (> 0) in `context`, or 0 with *error set. Remove it with
 *  mvvm_gtk_detach() before mvvm_shutdown(). */
guint mvvm_gtk_attach(GMainContext *context, GError **error);

/** Removes the watch that mvvm_gtk_attach(NULL, ...) returned (a source of the default main
 *  context; for another context destroy the source with g_source_destroy()), on the same
 *  thread. FALSE with *error for an id that is not a live mvvm-gtk source. */
gboolean mvvm_gtk_detach(guint source_id, GError **error);

/* ---- Lists ---------------------------------------------------------------------------- */

#define MVVM_GTK_TYPE_LIST_MODEL (mvvm_gtk_list_model_get_type())
G_DECLARE_FINAL_TYPE(MvvmGtkListModel, mvvm_gtk_list_model, MVVM_GTK, LIST_MODEL, GObject)

/** A GListModel over list member `list` ("rows", "items", ...) of `object`. The item kind
 *  must be a record (its fields become one GObject property each: int64 -> gint64, int32 ->
 *  gint, bool -> gboolean, double -> gdouble, string -> gchararray with '_' as '-'); the
 *  change signal is the member's shape `related`, the count its `count` member. Items are
 *  created lazily on g_list_model_get_item() and cached; a change set updates the cache and
 *  emits items-changed exactly (an update only notifies the cached items' properties).
 *  Returns a new reference (free with g_object_unref), or NULL with *error set. The model
 *  does not own `object`: it disconnects when the object is destroyed (then it empties) or
 *  when the model is finalised. Host thread. */
MvvmGtkListModel *mvvm_gtk_list_model_new(mvvm_object *object, const char *list, GError **error);

/** The GType of the items of record kind `record_kind` (registered on first use, named
 *  "MvvmGtk" + the record's name), or G_TYPE_INVALID with *error set. Any thread. */
GType mvvm_gtk_record_item_type(int32_t record_kind, GError **error);

/* ---- Bindings ------------------------------------------------------------------------- */

typedef enum {
    /** ViewModel -> widget only (a label, a read-only property). */
    MVVM_GTK_BIND_TO_WIDGET = 0,
    /** Both ways: widget changes set the ViewModel property (which must be settable). */
    MVVM_GTK_BIND_BIDIRECTIONAL = 1,
    /** Widget property is set to the negation of a bool ViewModel property. */
    MVVM_GTK_BIND_INVERT_BOOLEAN = 2,
} mvvm_gtk_bind_flags;

/** Binds ViewModel property `property` of `object` to GObject property `widget_property` of
 *  `widget` (string <-> gchararray, bool <-> gboolean, int32/int64/double <-> numeric
 *  types). The widget's value is set at once. The binding lives until the widget is
 *  finalised or the object destroyed, whichever comes first; it holds no reference on
 *  either. Returns TRUE, or FALSE with *error set. Host thread. */
gboolean mvvm_gtk_bind_property(mvvm_object *object, const char *property, gpointer widget,
                                const char *widget_property, guint flags, GError **error);

/** Invokes command `command` (no arguments) of `object` on every GtkButton::clicked of
 *  `button`; errors of the call (the object destroyed meanwhile: MVVM_E_INVALID_HANDLE) are
 *  reported with g_warning. Lives as long as the button: a host that destroys the object
 *  first drops the button too (as the examples do with their detail panes). Returns TRUE, or FALSE with *error set. Host thread. */
gboolean mvvm_gtk_bind_command(mvvm_object *object, const char *command, GtkButton *button,
                               GError **error);

G_END_DECLS

#endif
