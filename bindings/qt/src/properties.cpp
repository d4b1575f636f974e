/* properties.cpp: properties to widgets (text, enabled, visible), and a property read as a QVariant. */
#include "internal.h"

#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QVariantMap>
#include <QWidget>

#include <cstring>

namespace mvvm_qt {

using detail::BindingAccess;
using detail::checkThread;
using detail::fail;
using detail::failFromLibrary;
using detail::Member;

namespace {

/* Property `property` of `object`, found, and checked to be a property with a notify signal. */
mvvm_status findProperty(const char *fn, mvvm_object *object, const char *property, Member *out) {
    mvvm_status status = detail::findMember(fn, object, property, out);
    if (status != MVVM_OK) return status;
    if (out->member->kind != MVVM_MEMBER_PROPERTY) {
        return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: \"%2\" of %3 is not a property")
                                                 .arg(fn, QString::fromUtf8(property), QString::fromUtf8(out->info->name)));
    }
    if (out->shape->related == nullptr) {
        return fail(MVVM_E_STATE, QStringLiteral("%1: the property \"%2\" has no notify signal").arg(fn, QString::fromUtf8(property)));
    }
    return MVVM_OK;
}

mvvm_status readValue(const char *fn, mvvm_object *object, uint32_t member, const char *name, mvvm_value *out) {
    std::memset(out, 0, sizeof *out);
    mvvm_status status = mvvm_object_get(object, member, out);
    if (status != MVVM_OK) return failFromLibrary(status, QStringLiteral("%1: reading \"%2\"").arg(fn, QString::fromUtf8(name)));
    return MVVM_OK;
}

QString stringOf(const mvvm_value &v) { return v.kind == MVVM_VALUE_STRING ? QString::fromUtf8(v.as.string) : QString(); }

/* Makes a binding of `property`'s notify signal, runs `update` once and on every notification.
 * On failure nothing is left. */
mvvm_status bindProperty(const char *fn, QObject *widget, mvvm_object *object, const Member &m, const char *property,
                         const std::function<void(Binding *, const mvvm_value &)> &update, Binding **out) {
    mvvm_value initial;
    mvvm_status status = readValue(fn, object, m.id, property, &initial);
    if (status != MVVM_OK) return status;
    Member signal;
    status = detail::findSignal(fn, object, m.shape->related, &signal);
    if (status != MVVM_OK) return status;
    Binding *b = BindingAccess::make(widget, object, m, property);
    status = BindingAccess::connect(fn, b, signal, false);
    if (status != MVVM_OK) {
        delete b;
        return status;
    }
    const QString name = QString::fromUtf8(property);
    const uint32_t id = m.id;
    BindingAccess::setNotify(b, [b, object, id, name, update, fn] {
        mvvm_value value;
        std::memset(&value, 0, sizeof value);
        mvvm_status s = mvvm_object_get(object, id, &value);
        if (s != MVVM_OK) {
            detail::report(s, QStringLiteral("%1: reading \"%2\": %3").arg(fn, name, QString::fromUtf8(mvvm_last_error_message())));
            return;
        }
        update(b, value);
    });
    update(b, initial);
    if (out != nullptr) *out = b;
    return detail::succeed();
}

void setString(Binding *b, mvvm_object *object, const char *fn, const QString &text) {
    if (!BindingAccess::live(b) || BindingAccess::applying(b)) return;
    const QByteArray utf8 = text.toUtf8();
    mvvm_value value;
    std::memset(&value, 0, sizeof value);
    value.kind = MVVM_VALUE_STRING;
    value.as.string = utf8.constData();
    mvvm_status s = mvvm_object_set(object, BindingAccess::id(b), &value);
    if (s != MVVM_OK) {
        detail::report(s, QStringLiteral("%1: setting \"%2\": %3").arg(fn, b->member(), QString::fromUtf8(mvvm_last_error_message())));
    }
}

mvvm_status findSettableString(const char *fn, mvvm_object *object, const char *property, Member *m) {
    mvvm_status status = findProperty(fn, object, property, m);
    if (status != MVVM_OK) return status;
    if (m->shape->value_kind != MVVM_VALUE_STRING) {
        return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the property \"%2\" is not a string").arg(fn, QString::fromUtf8(property)));
    }
    if ((m->shape->flags & MVVM_MEMBER_SETTABLE) == 0) {
        return fail(MVVM_E_STATE, QStringLiteral("%1: the property \"%2\" is read-only").arg(fn, QString::fromUtf8(property)));
    }
    return MVVM_OK;
}

mvvm_status bindFlag(const char *fn, QWidget *widget, mvvm_object *object, const char *property, bool visible,
                     Binding **out) {
    if (widget == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the widget is NULL").arg(fn));
    mvvm_status status = checkThread(fn, widget);
    if (status != MVVM_OK) return status;
    Member m;
    status = findProperty(fn, object, property, &m);
    if (status != MVVM_OK) return status;
    const int32_t kind = m.shape->value_kind;
    const bool flagKind = kind == MVVM_VALUE_BOOL || kind == MVVM_VALUE_INT32 || kind == MVVM_VALUE_INT64;
    if (!flagKind && (m.shape->flags & MVVM_MEMBER_NULLABLE) == 0) {
        return fail(MVVM_E_INVALID_ARGUMENT,
                    QStringLiteral("%1: the property \"%2\" is neither a bool nor nullable").arg(fn, QString::fromUtf8(property)));
    }
    return bindProperty(fn, widget, object, m, property,
                        [widget, visible](Binding *, const mvvm_value &v) {
                            if (visible) {
                                widget->setVisible(detail::truthValue(v));
                            } else {
                                widget->setEnabled(detail::truthValue(v));
                            }
                        },
                        out);
}

/* bindText for an editable text widget: the checks, the property shown in the edit (unless it
 * already shows it: the cursor stays), and `watchEdits` sending the user's edits back. */
template <typename Edit, typename Shown, typename Show, typename WatchEdits>
mvvm_status bindEditableText(const char *fn, Edit *edit, mvvm_object *object, const char *property,
                             Binding **out_binding, Shown shown, Show show, WatchEdits watchEdits) {
    if (edit == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the edit is NULL").arg(fn));
    mvvm_status status = checkThread(fn, edit);
    if (status != MVVM_OK) return status;
    Member m;
    status = findSettableString(fn, object, property, &m);
    if (status != MVVM_OK) return status;
    Binding *b = nullptr;
    status = bindProperty(fn, edit, object, m, property,
                          [edit, shown, show](Binding *binding, const mvvm_value &v) {
                              const QString text = stringOf(v);
                              if (shown(edit) == text) return;
                              BindingAccess::setApplying(binding, true);
                              show(edit, text);
                              BindingAccess::setApplying(binding, false);
                          },
                          &b);
    if (status != MVVM_OK) return status;
    watchEdits(b);
    if (out_binding != nullptr) *out_binding = b;
    return MVVM_OK;
}

} // namespace

mvvm_status bindText(QLineEdit *edit, mvvm_object *object, const char *property, Binding **out_binding) {
    const char *fn = "mvvm_qt::bindText(QLineEdit)";
    return bindEditableText(
        fn, edit, object, property, out_binding, [](QLineEdit *e) { return e->text(); },
        [](QLineEdit *e, const QString &text) { e->setText(text); },
        [edit, object, fn](Binding *b) {
            QObject::connect(edit, &QLineEdit::textEdited, b,
                             [b, object, fn](const QString &text) { setString(b, object, fn, text); });
        });
}

mvvm_status bindText(QPlainTextEdit *edit, mvvm_object *object, const char *property, Binding **out_binding) {
    const char *fn = "mvvm_qt::bindText(QPlainTextEdit)";
    return bindEditableText(
        fn, edit, object, property, out_binding, [](QPlainTextEdit *e) { return e->toPlainText(); },
        [](QPlainTextEdit *e, const QString &text) { e->setPlainText(text); },
        [edit, object, fn](Binding *b) {
            QObject::connect(edit, &QPlainTextEdit::textChanged, b, [b, edit, object, fn] {
                if (BindingAccess::applying(b)) return;
                setString(b, object, fn, edit->toPlainText());
            });
        });
}

mvvm_status bindText(QLabel *label, mvvm_object *object, const char *property, Binding **out_binding) {
    const char *fn = "mvvm_qt::bindText(QLabel)";
    if (label == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the label is NULL").arg(fn));
    mvvm_status status = checkThread(fn, label);
    if (status != MVVM_OK) return status;
    Member m;
    status = findProperty(fn, object, property, &m);
    if (status != MVVM_OK) return status;
    const char *enumName = m.shape->enum_name;
    return bindProperty(fn, label, object, m, property,
                        [label, enumName](Binding *, const mvvm_value &v) { label->setText(detail::displayText(v, enumName)); },
                        out_binding);
}

mvvm_status bindEnabled(QWidget *widget, mvvm_object *object, const char *property, Binding **out_binding) {
    return bindFlag("mvvm_qt::bindEnabled", widget, object, property, false, out_binding);
}

mvvm_status bindVisible(QWidget *widget, mvvm_object *object, const char *property, Binding **out_binding) {
    return bindFlag("mvvm_qt::bindVisible", widget, object, property, true, out_binding);
}

mvvm_status get(mvvm_object *object, const char *property, QVariant *out_value) {
    const char *fn = "mvvm_qt::get";
    if (out_value == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: out_value is NULL").arg(fn));
    Member m;
    mvvm_status status = detail::findMember(fn, object, property, &m);
    if (status != MVVM_OK) return status;
    if (m.member->kind != MVVM_MEMBER_PROPERTY) {
        return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: \"%2\" of %3 is not a property")
                                                 .arg(fn, QString::fromUtf8(property), QString::fromUtf8(m.info->name)));
    }
    mvvm_value value;
    status = readValue(fn, object, m.id, property, &value);
    if (status != MVVM_OK) return status;
    const mvvm_record_info *info = nullptr;
    if (!detail::isPlainKind(value.kind) && value.kind != MVVM_VALUE_NONE && mvvm_record_describe(value.kind, &info) == MVVM_OK) {
        QVariantMap map;
        for (size_t i = 0; i < info->field_count; i++) {
            map.insert(QString::fromUtf8(info->fields[i].name),
                       detail::recordField(value.as.record, info->fields[i].kind, info->fields[i].offset));
        }
        *out_value = map;
    } else {
        *out_value = detail::plainValue(value);
    }
    return detail::succeed();
}


} // namespace mvvm_qt
