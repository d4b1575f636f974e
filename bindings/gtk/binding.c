/* mvvm-gtk: ViewModel properties <-> widget properties, commands -> GtkButton::clicked. */
#include "mvvm-gtk-private.h"
#include <string.h>

typedef struct {
    mvvm_object *object;
    uint32_t member;
    mvvm_value_kind kind;
    GObject *widget;      /* weak */
    GParamSpec *pspec;
    guint flags;
    uint64_t connection;
    gulong widget_handler;
    gboolean updating;
} Binding;

static gboolean to_gvalue(const mvvm_value *v, GValue *out) {
    switch (v->kind) {
    case MVVM_VALUE_NONE: g_value_init(out, G_TYPE_STRING); g_value_set_string(out, ""); return TRUE;
    case MVVM_VALUE_BOOL: g_value_init(out, G_TYPE_BOOLEAN); g_value_set_boolean(out, v->as.boolean != 0); return TRUE;
    case MVVM_VALUE_INT32: g_value_init(out, G_TYPE_INT); g_value_set_int(out, v->as.int32); return TRUE;
    case MVVM_VALUE_INT64: g_value_init(out, G_TYPE_INT64); g_value_set_int64(out, v->as.int64); return TRUE;
    case MVVM_VALUE_UINT64: g_value_init(out, G_TYPE_UINT64); g_value_set_uint64(out, v->as.uint64); return TRUE;
    case MVVM_VALUE_DOUBLE: g_value_init(out, G_TYPE_DOUBLE); g_value_set_double(out, v->as.real); return TRUE;
    case MVVM_VALUE_STRING: g_value_init(out, G_TYPE_STRING); g_value_set_string(out, v->as.string); return TRUE;
    default: return FALSE;
    }
}

static void push_to_widget(Binding *b) {
    if (b->widget == NULL || b->object == NULL) return;
    mvvm_value value;
    memset(&value, 0, sizeof value);
    mvvm_status status = mvvm_object_get(b->object, b->member, &value);
    if (status != MVVM_OK) {
        g_warning("mvvm-gtk: reading a bound property: %s: %s", mvvm_status_name(status), mvvm_last_error_message());
        return;
    }
    GValue source = G_VALUE_INIT, target = G_VALUE_INIT;
    if (value.kind == MVVM_VALUE_NONE && b->kind == MVVM_VALUE_BOOL) { value.kind = MVVM_VALUE_BOOL; value.as.boolean = 0; }
    if (!to_gvalue(&value, &source)) return;
    if ((b->flags & MVVM_GTK_BIND_INVERT_BOOLEAN) && G_VALUE_HOLDS_BOOLEAN(&source))
        g_value_set_boolean(&source, !g_value_get_boolean(&source));
    g_value_init(&target, b->pspec->value_type);
    if (g_value_transform(&source, &target)) {
        GValue current = G_VALUE_INIT;
        g_value_init(&current, b->pspec->value_type);
        g_object_get_property(b->widget, b->pspec->name, &current);
        if (g_param_values_cmp(b->pspec, &current, &target) != 0) {
            b->updating = TRUE;
            g_object_set_property(b->widget, b->pspec->name, &target);
            b->updating = FALSE;
        }
        g_value_unset(&current);
    }
    g_value_unset(&source);
    g_value_unset(&target);
}

static void on_widget_notify(GObject *widget, GParamSpec *pspec, gpointer data) {
    (void)pspec;
    Binding *b = data;
    if (b->updating || b->object == NULL) return;
    GValue current = G_VALUE_INIT;
    g_value_init(&current, b->pspec->value_type);
    g_object_get_property(widget, b->pspec->name, &current);
    mvvm_value value;
    memset(&value, 0, sizeof value);
    value.kind = b->kind;
    GValue converted = G_VALUE_INIT;
    gboolean ok = TRUE;
    switch (b->kind) {
    case MVVM_VALUE_STRING: g_value_init(&converted, G_TYPE_STRING); break;
    case MVVM_VALUE_BOOL: g_value_init(&converted, G_TYPE_BOOLEAN); break;
    case MVVM_VALUE_INT32: g_value_init(&converted, G_TYPE_INT); break;
    case MVVM_VALUE_INT64: g_value_init(&converted, G_TYPE_INT64); break;
    case MVVM_VALUE_DOUBLE: g_value_init(&converted, G_TYPE_DOUBLE); break;
    default: ok = FALSE; break;
    }
    if (ok) ok = g_value_transform(&current, &converted);
    if (ok) {
        switch (b->kind) {
        case MVVM_VALUE_STRING: value.as.string = g_value_get_string(&converted) ? g_value_get_string(&converted) : ""; break;
        case MVVM_VALUE_BOOL: value.as.boolean = g_value_get_boolean(&converted) ^ ((b->flags & MVVM_GTK_BIND_INVERT_BOOLEAN) != 0); break;
        case MVVM_VALUE_INT32: value.as.int32 = g_value_get_int(&converted); break;
        case MVVM_VALUE_INT64: value.as.int64 = g_value_get_int64(&converted); break;
        case MVVM_VALUE_DOUBLE: value.as.real = g_value_get_double(&converted); break;
        default: break;
        }
        mvvm_status status = mvvm_object_set(b->object, b->member, &value);
        if (status != MVVM_OK)
            g_warning("mvvm-gtk: setting a bound property: %s: %s", mvvm_status_name(status), mvvm_last_error_message());
    }
    if (G_IS_VALUE(&converted)) g_value_unset(&converted);
    g_value_unset(&current);
}

/* "notify::NAME" in MVVM_CONNECT_SWAPPED layout: handler(user_data, value, object), one C type
 * per value kind so every call is through the handler's exact type. */
static void on_notify_pointer(void *data, const void *value, mvvm_object *object) { (void)value; (void)object; push_to_widget(data); }
static void on_notify_int32(void *data, int32_t value, mvvm_object *object) { (void)value; (void)object; push_to_widget(data); }
static void on_notify_int64(void *data, int64_t value, mvvm_object *object) { (void)value; (void)object; push_to_widget(data); }
static void on_notify_uint64(void *data, uint64_t value, mvvm_object *object) { (void)value; (void)object; push_to_widget(data); }
static void on_notify_double(void *data, double value, mvvm_object *object) { (void)value; (void)object; push_to_widget(data); }

static void on_widget_gone(gpointer data, GObject *where) {
    (void)where;
    Binding *b = data;
    b->widget = NULL;
    b->widget_handler = 0;
    if (b->connection) mvvm_signal_disconnect(b->connection); /* frees b */
}

static void binding_free(void *data) {
    Binding *b = data;
    if (b->widget) {
        if (b->widget_handler) g_signal_handler_disconnect(b->widget, b->widget_handler);
        g_object_weak_unref(b->widget, on_widget_gone, b);
    }
    g_free(b);
}

static gboolean find_member(mvvm_object *object, const char *name, mvvm_member_kind want,
                            uint32_t *out_member, const mvvm_member_shape **out_shape, GError **error) {
    mvvm_type type = 0;
    const mvvm_type_info *info = NULL;
    mvvm_status status = mvvm_object_get_type(object, &type);
    if (status == MVVM_OK) status = mvvm_type_describe(type, &info);
    if (status != MVVM_OK) { mvvm_gtk_set_error(error, status, "mvvm-gtk"); return FALSE; }
    if (mvvm_member_find(type, name, out_member) != MVVM_OK || info->members[*out_member].kind != want) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_UNKNOWN_MEMBER, "%s has no %s named '%s'", info->name,
                    want == MVVM_MEMBER_PROPERTY ? "property" : "command", name);
        return FALSE;
    }
    *out_shape = &info->shapes[*out_member];
    return TRUE;
}

gboolean mvvm_gtk_bind_property(mvvm_object *object, const char *property, gpointer widget,
                                const char *widget_property, guint flags, GError **error) {
    if (object == NULL || property == NULL || !G_IS_OBJECT(widget) || widget_property == NULL || flags > 3) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_INVALID_ARGUMENT,
                    "mvvm_gtk_bind_property: NULL argument, a widget that is not a GObject, or unknown flags");
        return FALSE;
    }
    uint32_t member = 0;
    const mvvm_member_shape *shape = NULL;
    if (!find_member(object, property, MVVM_MEMBER_PROPERTY, &member, &shape, error)) return FALSE;
    GParamSpec *pspec = g_object_class_find_property(G_OBJECT_GET_CLASS(widget), widget_property);
    if (pspec == NULL) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_UNKNOWN_MEMBER, "%s has no property '%s'",
                    G_OBJECT_TYPE_NAME(widget), widget_property);
        return FALSE;
    }
    mvvm_callback handler = NULL;
    switch (shape->value_kind) {
    case MVVM_VALUE_STRING: handler = MVVM_CALLBACK(on_notify_pointer); break;
    case MVVM_VALUE_BOOL: case MVVM_VALUE_INT32: handler = MVVM_CALLBACK(on_notify_int32); break;
    case MVVM_VALUE_INT64: handler = MVVM_CALLBACK(on_notify_int64); break;
    case MVVM_VALUE_UINT64: handler = MVVM_CALLBACK(on_notify_uint64); break;
    case MVVM_VALUE_DOUBLE: handler = MVVM_CALLBACK(on_notify_double); break;
    default: break;
    }
    if (handler == NULL || shape->related == NULL) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_UNSUPPORTED, "property '%s' is of kind %d, which mvvm-gtk does not bind",
                    property, (int)shape->value_kind);
        return FALSE;
    }
    gboolean both = (flags & MVVM_GTK_BIND_BIDIRECTIONAL) != 0;
    if (both && !(shape->flags & MVVM_MEMBER_SETTABLE)) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_UNSUPPORTED, "property '%s' is read-only: it binds to the widget only", property);
        return FALSE;
    }
    Binding *b = g_new0(Binding, 1);
    b->object = object;
    b->member = member;
    b->kind = shape->value_kind;
    b->widget = widget;
    b->pspec = pspec;
    b->flags = flags;
    mvvm_status status = mvvm_signal_connect_flags(object, shape->related, handler, b, binding_free,
                                                   MVVM_CONNECT_SWAPPED, &b->connection);
    if (status != MVVM_OK) {
        g_free(b);
        mvvm_gtk_set_error(error, status, "mvvm_gtk_bind_property: mvvm_signal_connect_flags");
        return FALSE;
    }
    g_object_weak_ref(widget, on_widget_gone, b);
    if (both) {
        char *signal = g_strconcat("notify::", pspec->name, NULL);
        b->widget_handler = g_signal_connect(widget, signal, G_CALLBACK(on_widget_notify), b);
        g_free(signal);
    }
    push_to_widget(b);
    return TRUE;
}

typedef struct { mvvm_object *object; uint32_t member; } Command;

static void on_clicked(GtkButton *button, gpointer data) {
    (void)button;
    Command *c = data;
    mvvm_status status = mvvm_object_invoke(c->object, c->member, NULL, 0, NULL);
    if (status != MVVM_OK)
        g_warning("mvvm-gtk: a bound command: %s: %s", mvvm_status_name(status), mvvm_last_error_message());
}

static void command_free(gpointer data, GClosure *closure) { (void)closure; g_free(data); }

gboolean mvvm_gtk_bind_command(mvvm_object *object, const char *command, GtkButton *button, GError **error) {
    if (object == NULL || command == NULL || !GTK_IS_BUTTON(button)) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_INVALID_ARGUMENT,
                    "mvvm_gtk_bind_command: NULL argument or not a GtkButton");
        return FALSE;
    }
    uint32_t member = 0;
    const mvvm_member_shape *shape = NULL;
    if (!find_member(object, command, MVVM_MEMBER_COMMAND, &member, &shape, error)) return FALSE;
    if (shape->argument_count != 0) {
        g_set_error(error, MVVM_GTK_ERROR, MVVM_GTK_ERROR_UNSUPPORTED, "command '%s' takes %zu arguments; a button passes none",
                    command, shape->argument_count);
        return FALSE;
    }
    Command *c = g_new0(Command, 1);
    c->object = object;
    c->member = member;
    g_signal_connect_data(button, "clicked", G_CALLBACK(on_clicked), c, command_free, 0);
    return TRUE;
}
