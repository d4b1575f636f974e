/* mvvm-gtk: one GType per record, registered at run time, one GObject property per field. */
#include "mvvm-gtk-private.h"
#include <string.h>

typedef struct { GObject parent; GValue *values; } RecordItem;
typedef struct { GObjectClass parent; const mvvm_record_info *record; GParamSpec **specs; } RecordItemClass;

static GType field_gtype(mvvm_value_kind kind) {
    switch (kind) {
    case MVVM_VALUE_INT64: return G_TYPE_INT64;
    case MVVM_VALUE_INT32: return G_TYPE_INT;
    case MVVM_VALUE_BOOL: return G_TYPE_BOOLEAN;
    case MVVM_VALUE_DOUBLE: return G_TYPE_DOUBLE;
    case MVVM_VALUE_STRING: return G_TYPE_STRING;
    default: return G_TYPE_INVALID;
    }
}

static void item_get_property(GObject *object, guint id, GValue *value, GParamSpec *pspec) {
    RecordItemClass *klass = (RecordItemClass *)G_OBJECT_GET_CLASS(object);
    if (id == 0 || id > klass->record->field_count) {
        G_OBJECT_WARN_INVALID_PROPERTY_ID(object, id, pspec);
        return;
    }
    g_value_copy(&((RecordItem *)object)->values[id - 1], value);
}

static void item_finalize(GObject *object) {
    RecordItem *self = (RecordItem *)object;
    RecordItemClass *klass = (RecordItemClass *)G_OBJECT_GET_CLASS(object);
    for (size_t i = 0; i < klass->record->field_count; i++) g_value_unset(&self->values[i]);
    g_free(self->values);
    G_OBJECT_CLASS(g_type_class_peek_parent(klass))->finalize(object);
}

static void item_class_init(gpointer g_class, gpointer class_data) {
    RecordItemClass *klass = g_class;
    GObjectClass *object_class = g_class;
    const mvvm_record_info *record = class_data;
    klass->record = record;
    object_class->get_property = item_get_property;
    object_class->finalize = item_finalize;
    klass->specs = g_new0(GParamSpec *, record->field_count + 1);
    for (size_t i = 0; i < record->field_count; i++) {
        const mvvm_record_field *f = &record->fields[i];
        char *dashed = g_strdelimit(g_strdup(f->name), "_", '-');
        /* interned: static storage, as G_PARAM_STATIC_STRINGS needs */
        const char *name = g_intern_string(dashed);
        g_free(dashed);
        GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;
        GParamSpec *spec = NULL;
        switch (f->kind) {
        case MVVM_VALUE_INT64: spec = g_param_spec_int64(name, NULL, NULL, G_MININT64, G_MAXINT64, 0, flags); break;
        case MVVM_VALUE_INT32: spec = g_param_spec_int(name, NULL, NULL, G_MININT, G_MAXINT, 0, flags); break;
        case MVVM_VALUE_BOOL: spec = g_param_spec_boolean(name, NULL, NULL, FALSE, flags); break;
        case MVVM_VALUE_DOUBLE: spec = g_param_spec_double(name, NULL, NULL, -G_MAXDOUBLE, G_MAXDOUBLE, 0, flags); break;
        default: spec = g_param_spec_string(name, NULL, NULL, NULL, flags); break;
        }
        klass->specs[i] = spec;
        g_object_class_install_property(object_class, (guint)i + 1, spec);
    }
}

static void item_init(GTypeInstance *instance, gpointer g_class) {
    RecordItem *self = (RecordItem *)instance;
    const mvvm_record_info *record = ((RecordItemClass *)g_class)->record;
    self->values = g_new0(GValue, record->field_count ? record->field_count : 1);
    for (size_t i = 0; i < record->field_count; i++) {
        GType t = field_gtype(record->fields[i].kind);
        g_value_init(&self->values[i], t == G_TYPE_INVALID ? G_TYPE_STRING : t);
    }
}

GType mvvm_gtk_record_item_type_for(const mvvm_record_info *record) {
    static GMutex lock;
    g_mutex_lock(&lock);
    char *name = g_strconcat("MvvmGtk", record->name, NULL);
    GType type = g_type_from_name(name);
    if (type == G_TYPE_INVALID) {
        GTypeInfo info = {
            .class_size = sizeof(RecordItemClass),
            .class_init = item_class_init,
            .class_data = record,
            .instance_size = sizeof(RecordItem),
            .instance_init = item_init,
        };
        type = g_type_register_static(G_TYPE_OBJECT, name, &info, 0);
    }
    g_free(name);
    g_mutex_unlock(&lock);
    return type;
}

GType mvvm_gtk_record_item_type(int32_t record_kind, GError **error) {
    const mvvm_record_info *record = NULL;
    mvvm_status status = mvvm_record_describe(record_kind, &record);
    if (status != MVVM_OK) {
        mvvm_gtk_set_error(error, status, "mvvm_gtk_record_item_type");
        return G_TYPE_INVALID;
    }
    for (size_t i = 0; i < record->field_count; i++)
        if (field_gtype(record->fields[i].kind) == G_TYPE_INVALID) {
            g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_UNSUPPORTED,
                        "record %s: field %s has kind %d, which the adapter does not map",
                        record->name, record->fields[i].name, (int)record->fields[i].kind);
            return G_TYPE_INVALID;
        }
    return mvvm_gtk_record_item_type_for(record);
}

/* Copies the record in `value` into the item's fields, notifying the properties that changed
 * (none on the first fill: the object is not yet seen by anyone). */
void mvvm_gtk_record_item_fill(GObject *object, const mvvm_value *value) {
    RecordItem *self = (RecordItem *)object;
    RecordItemClass *klass = (RecordItemClass *)G_OBJECT_GET_CLASS(object);
    const mvvm_record_info *record = klass->record;
    g_object_freeze_notify(object);
    for (size_t i = 0; i < record->field_count; i++) {
        const mvvm_record_field *f = &record->fields[i];
        const unsigned char *p = value->as.record + f->offset;
        GValue *v = &self->values[i];
        gboolean changed = FALSE;
        switch (f->kind) {
        case MVVM_VALUE_INT64: { int64_t x; memcpy(&x, p, sizeof x); changed = g_value_get_int64(v) != x; g_value_set_int64(v, x); break; }
        case MVVM_VALUE_INT32: { int32_t x; memcpy(&x, p, sizeof x); changed = g_value_get_int(v) != x; g_value_set_int(v, x); break; }
        case MVVM_VALUE_BOOL: { int32_t x; memcpy(&x, p, sizeof x); changed = g_value_get_boolean(v) != (x != 0); g_value_set_boolean(v, x != 0); break; }
        case MVVM_VALUE_DOUBLE: { double x; memcpy(&x, p, sizeof x); changed = g_value_get_double(v) != x; g_value_set_double(v, x); break; }
        case MVVM_VALUE_STRING: { const char *x; memcpy(&x, p, sizeof x); changed = g_strcmp0(g_value_get_string(v), x) != 0; if (changed) g_value_set_string(v, x); break; }
        default: break;
        }
        if (changed) g_object_notify_by_pspec(object, klass->specs[i]);
    }
    g_object_thaw_notify(object);
}
