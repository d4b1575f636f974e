/* mvvm-gtk: any list of any application as a GListModel, from change sets. */
#include "mvvm-gtk-private.h"
#include <string.h>

struct _MvvmGtkListModel {
    GObject parent;
    GType item_type;
    const mvvm_record_info *record;
    mvvm_gtk_row_source source;
    void *source_data;
    GPtrArray *cache; /* one slot per row: a GObject or NULL (not built yet) */
    guint cached;
    /* the library list, when made by mvvm_gtk_list_model_new() */
    mvvm_object *object;
    uint32_t list_member;
    uint64_t connection;
    gboolean finalizing;
};

static void model_iface_init(GListModelInterface *iface);
G_DEFINE_FINAL_TYPE_WITH_CODE(MvvmGtkListModel, mvvm_gtk_list_model, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, model_iface_init))

static GType model_get_item_type(GListModel *list) { return MVVM_GTK_LIST_MODEL(list)->item_type; }
static guint model_get_n_items(GListModel *list) { return MVVM_GTK_LIST_MODEL(list)->cache->len; }

static gpointer model_get_item(GListModel *list, guint position) {
    MvvmGtkListModel *self = MVVM_GTK_LIST_MODEL(list);
    if (position >= self->cache->len) return NULL;
    GObject *item = g_ptr_array_index(self->cache, position);
    if (item == NULL) {
        mvvm_value value;
        memset(&value, 0, sizeof value);
        if (!self->source.get(self->source_data, position, &value)) return NULL;
        item = g_object_new(self->item_type, NULL);
        mvvm_gtk_record_item_fill(item, &value);
        self->cache->pdata[position] = item;
        self->cached++;
    }
    return g_object_ref(item);
}

static void model_iface_init(GListModelInterface *iface) {
    iface->get_item_type = model_get_item_type;
    iface->get_n_items = model_get_n_items;
    iface->get_item = model_get_item;
}

static void drop_range(MvvmGtkListModel *self, guint start, guint count) {
    for (guint i = start; i < start + count; i++) {
        GObject *item = g_ptr_array_index(self->cache, i);
        if (item) { g_object_unref(item); self->cached--; }
    }
    g_ptr_array_remove_range(self->cache, start, count);
}

static void insert_empty(MvvmGtkListModel *self, guint start, guint count) {
    g_ptr_array_set_size(self->cache, (gint)(self->cache->len + count));
    memmove(self->cache->pdata + start + count, self->cache->pdata + start,
            (self->cache->len - count - start) * sizeof(gpointer));
    memset(self->cache->pdata + start, 0, count * sizeof(gpointer));
}

static void reset_to(MvvmGtkListModel *self, guint count) {
    drop_range(self, 0, self->cache->len);
    insert_empty(self, 0, count);
}

void mvvm_gtk_list_model_apply(MvvmGtkListModel *self, const mvvm_list_change *changes, size_t n) {
    g_return_if_fail(MVVM_GTK_IS_LIST_MODEL(self));
    g_return_if_fail(changes != NULL || n == 0);
    /* pending items-changed (pos, removed, added), in the coordinates of the cache as it is */
    gboolean pending = FALSE;
    guint P = 0, R = 0, A = 0;
    GHashTable *dirty = NULL;
    for (size_t k = 0; k < n; k++) {
        const mvvm_list_change *c = &changes[k];
        guint len = self->cache->len;
        guint p = 0, r = 0, a = 0;
        gboolean valid = c->start >= 0 && c->count >= 0;
        switch (c->kind) {
        case MVVM_LIST_RESET: valid = valid && c->count <= G_MAXINT; p = 0; r = len; a = (guint)c->count; break;
        case MVVM_LIST_INSERT: valid = valid && c->start <= len && c->count <= G_MAXINT - (int64_t)len;
            p = (guint)c->start; a = (guint)c->count; break;
        case MVVM_LIST_REMOVE: valid = valid && c->start + c->count <= len; p = (guint)c->start; r = (guint)c->count; break;
        case MVVM_LIST_UPDATE:
            valid = valid && c->start + c->count <= len;
            if (!valid) break;
            for (guint i = (guint)c->start; i < (guint)(c->start + c->count); i++) {
                GObject *item = g_ptr_array_index(self->cache, i);
                if (item) {
                    if (!dirty) dirty = g_hash_table_new(NULL, NULL);
                    g_hash_table_add(dirty, item);
                }
            }
            continue;
        case MVVM_LIST_MOVE:
            valid = valid && c->start < len && c->count < len;
            if (!valid) break;
            {
                guint from = (guint)c->start, to = (guint)c->count;
                if (from == to) continue;
                p = MIN(from, to); r = a = MAX(from, to) - p + 1;
            }
            break;
        default: valid = FALSE; break;
        }
        if (!valid) {
            /* A change set we cannot follow: resynchronise with the source's count. */
            g_warning("mvvm-gtk: change %d (kind %d, start %" G_GINT64_FORMAT ", count %"
                      G_GINT64_FORMAT ") does not fit a list of %u rows: resetting",
                      (int)k, (int)c->kind, c->start, c->count, len);
            int64_t count = self->source.count(self->source_data);
            if (count < 0 || count > G_MAXINT) count = 0;
            if (pending) g_list_model_items_changed(G_LIST_MODEL(self), P, R, A);
            pending = FALSE;
            reset_to(self, (guint)count);
            g_list_model_items_changed(G_LIST_MODEL(self), 0, len, (guint)count);
            continue;
        }
        /* merge with the pending range when they touch, else emit the pending one first */
        if (pending && p <= P + A && p + r >= P) {
            guint lo = MIN(P, p), hi = MAX(P + A, p + r);
            R = hi - lo - A + R;
            A = hi - lo - r + a;
            P = lo;
        } else {
            if (pending) g_list_model_items_changed(G_LIST_MODEL(self), P, R, A);
            pending = TRUE; P = p; R = r; A = a;
        }
        switch (c->kind) {
        case MVVM_LIST_RESET: reset_to(self, a); break;
        case MVVM_LIST_INSERT: insert_empty(self, p, a); break;
        case MVVM_LIST_REMOVE:
            if (dirty) for (guint i = p; i < p + r; i++) { gpointer it = g_ptr_array_index(self->cache, i); if (it) g_hash_table_remove(dirty, it); }
            drop_range(self, p, r); break;
        case MVVM_LIST_MOVE: {
            guint from = (guint)c->start, to = (guint)c->count;
            gpointer item = g_ptr_array_index(self->cache, from);
            if (from < to) memmove(self->cache->pdata + from, self->cache->pdata + from + 1, (to - from) * sizeof(gpointer));
            else memmove(self->cache->pdata + to + 1, self->cache->pdata + to, (from - to) * sizeof(gpointer));
            self->cache->pdata[to] = item;
            break;
        }
        default: break;
        }
    }
    if (pending) g_list_model_items_changed(G_LIST_MODEL(self), P, R, A);
    if (dirty) {
        /* refresh the updated items that are still cached, by their final index */
        for (guint i = 0; i < self->cache->len && g_hash_table_size(dirty) > 0; i++) {
            GObject *item = g_ptr_array_index(self->cache, i);
            if (item && g_hash_table_remove(dirty, item)) {
                mvvm_value value;
                memset(&value, 0, sizeof value);
                if (self->source.get(self->source_data, i, &value)) mvvm_gtk_record_item_fill(item, &value);
            }
        }
        g_hash_table_unref(dirty);
    }
}

guint mvvm_gtk_list_model_cached(MvvmGtkListModel *self) {
    g_return_val_if_fail(MVVM_GTK_IS_LIST_MODEL(self), 0);
    return self->cached;
}

static void mvvm_gtk_list_model_finalize(GObject *object) {
    MvvmGtkListModel *self = MVVM_GTK_LIST_MODEL(object);
    self->finalizing = TRUE;
    if (self->connection) mvvm_signal_disconnect(self->connection);
    drop_range(self, 0, self->cache->len);
    g_ptr_array_unref(self->cache);
    G_OBJECT_CLASS(mvvm_gtk_list_model_parent_class)->finalize(object);
}

static void mvvm_gtk_list_model_class_init(MvvmGtkListModelClass *klass) {
    G_OBJECT_CLASS(klass)->finalize = mvvm_gtk_list_model_finalize;
}

static void mvvm_gtk_list_model_init(MvvmGtkListModel *self) {
    self->cache = g_ptr_array_new();
}

MvvmGtkListModel *mvvm_gtk_list_model_new_from_source(const mvvm_gtk_row_source *source, void *data,
                                                      const mvvm_record_info *record, GError **error) {
    if (source == NULL || source->count == NULL || source->get == NULL || record == NULL) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_INVALID_ARGUMENT,
                    "mvvm_gtk_list_model_new_from_source: NULL argument");
        return NULL;
    }
    int64_t count = source->count(data);
    if (count < 0 || count > G_MAXINT) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_MVVM, "the list could not be counted");
        return NULL;
    }
    MvvmGtkListModel *self = g_object_new(MVVM_GTK_TYPE_LIST_MODEL, NULL);
    self->item_type = mvvm_gtk_record_item_type_for(record);
    self->record = record;
    self->source = *source;
    self->source_data = data;
    insert_empty(self, 0, (guint)count);
    return self;
}

/* ---- over the library ---- */

static int64_t lib_count(void *data) {
    MvvmGtkListModel *self = data;
    int64_t count = 0;
    if (self->object == NULL || mvvm_object_count(self->object, self->list_member, &count) != MVVM_OK) return 0;
    return count;
}

static gboolean lib_get(void *data, int64_t index, mvvm_value *out) {
    MvvmGtkListModel *self = data;
    if (self->object == NULL) return FALSE;
    mvvm_status status = mvvm_object_get_item(self->object, self->list_member, index, out);
    if (status != MVVM_OK) {
        g_warning("mvvm-gtk: row %" G_GINT64_FORMAT ": %s: %s", index, mvvm_status_name(status), mvvm_last_error_message());
        return FALSE;
    }
    return TRUE;
}

static void on_changes(mvvm_object *object, const mvvm_list_change *changes, size_t count, void *data) {
    (void)object;
    mvvm_gtk_list_model_apply(data, changes, count);
}

static void on_disconnected(void *data) {
    MvvmGtkListModel *self = data;
    if (self->finalizing) return;
    /* the object was destroyed (or the runtime shut down): the list is empty from now on */
    self->object = NULL;
    self->connection = 0;
    guint len = self->cache->len;
    reset_to(self, 0);
    if (len) g_list_model_items_changed(G_LIST_MODEL(self), 0, len, 0);
}

MvvmGtkListModel *mvvm_gtk_list_model_new(mvvm_object *object, const char *list, GError **error) {
    if (object == NULL || list == NULL) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_INVALID_ARGUMENT,
                    "mvvm_gtk_list_model_new: %s is NULL", object == NULL ? "object" : "list");
        return NULL;
    }
    mvvm_type type = 0;
    const mvvm_type_info *info = NULL;
    uint32_t member = 0;
    mvvm_status status = mvvm_object_get_type(object, &type);
    if (status == MVVM_OK) status = mvvm_type_describe(type, &info);
    if (status != MVVM_OK) { mvvm_gtk_set_error(error, status, "mvvm_gtk_list_model_new"); return NULL; }
    if (mvvm_member_find(type, list, &member) != MVVM_OK || info->members[member].kind != MVVM_MEMBER_LIST) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_UNKNOWN_MEMBER, "%s has no list named '%s'", info->name, list);
        return NULL;
    }
    const mvvm_member_shape *shape = &info->shapes[member];
    GError *local = NULL;
    GType item_type = mvvm_gtk_record_item_type(shape->value_kind, &local);
    if (item_type == G_TYPE_INVALID) { g_propagate_error(error, local); return NULL; }
    const mvvm_record_info *record = NULL;
    mvvm_record_describe(shape->value_kind, &record);
    MvvmGtkListModel *self = g_object_new(MVVM_GTK_TYPE_LIST_MODEL, NULL);
    self->item_type = item_type;
    self->record = record;
    self->object = object;
    self->list_member = member;
    self->source = (mvvm_gtk_row_source){ lib_count, lib_get };
    self->source_data = self;
    if (shape->related == NULL) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_UNSUPPORTED, "%s.%s has no change signal", info->name, list);
        g_object_unref(self);
        return NULL;
    }
    status = mvvm_signal_connect(object, shape->related, MVVM_CALLBACK(on_changes), self, on_disconnected, &self->connection);
    if (status != MVVM_OK) {
        mvvm_gtk_set_error(error, status, "mvvm_gtk_list_model_new: mvvm_signal_connect");
        self->finalizing = TRUE;
        g_object_unref(self);
        return NULL;
    }
    int64_t count = lib_count(self);
    if (count > G_MAXINT) count = G_MAXINT;
    insert_empty(self, 0, (guint)count);
    return self;
}
