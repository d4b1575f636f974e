/* Internal to mvvm-gtk (not installed): what the sources share, and the seam the unit test
 * uses to drive the real list model over a fake list. */
#ifndef MVVM_GTK_PRIVATE_H
#define MVVM_GTK_PRIVATE_H
#include "mvvm-gtk.h"

void mvvm_gtk_set_error(GError **error, mvvm_status status, const char *what);

/** Where a list model reads its rows: the library (mvvm_object_count/get_item) or a test's. */
typedef struct {
    int64_t (*count)(void *data);
    /** Fills *out with row `index` (a record value); FALSE when unreadable. */
    gboolean (*get)(void *data, int64_t index, mvvm_value *out);
} mvvm_gtk_row_source;

/** A model over `source`, items of the record described by `record` (a test may pass its own
 *  description; the GType is registered from it). */
MvvmGtkListModel *mvvm_gtk_list_model_new_from_source(const mvvm_gtk_row_source *source,
                                                      void *data, const mvvm_record_info *record,
                                                      GError **error);
/** Applies one change set: the cache, then items-changed/notify. */
void mvvm_gtk_list_model_apply(MvvmGtkListModel *self, const mvvm_list_change *changes,
                               size_t count);
/** Items currently cached (for the laziness test). */
guint mvvm_gtk_list_model_cached(MvvmGtkListModel *self);
GType mvvm_gtk_record_item_type_for(const mvvm_record_info *record);
void mvvm_gtk_record_item_fill(GObject *item, const mvvm_value *value);
#endif
