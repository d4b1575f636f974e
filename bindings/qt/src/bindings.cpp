/* bindings.cpp: properties to widgets, commands to buttons and views, signals to functions. */
#include "internal.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QThread>
#include <QTimer>
#include <QVariantMap>

#include <cstring>

namespace mvvm_qt {

using detail::fail;
using detail::failFromLibrary;
using detail::Link;
using detail::Member;

namespace detail {

/* What the entry points below do to a Binding (its members are private to users). */
struct BindingAccess {
    static Binding *make(QObject *parent, mvvm_object *object, const Member &m, const char *name) {
        auto *b = new Binding(parent);
        b->object_ = object;
        b->id_ = m.id;
        b->name_ = QString::fromUtf8(name);
        return b;
    }
    static Binding *owner(void *user_data) {
        auto *link = static_cast<Link *>(user_data);
        return link != nullptr ? static_cast<Binding *>(link->owner) : nullptr;
    }
    template <typename T> static void notifyTrampoline(mvvm_object *, T, void *user_data) {
        Binding *b = owner(user_data);
        if (b != nullptr && b->live_ && b->notify_) b->notify_();
    }
    static void int64Trampoline(mvvm_object *, int64_t value, void *user_data) {
        Binding *b = owner(user_data);
        if (b != nullptr && b->live_ && b->notifyInt64_) b->notifyInt64_(value);
    }
    /* MVVM_CONNECT_SWAPPED: handler(user_data, arguments..., object); reads user_data only. */
    static void swappedTrampoline(void *user_data) {
        Binding *b = owner(user_data);
        if (b != nullptr && b->live_ && b->notify_) b->notify_();
    }
    static void disconnected(void *user_data) {
        auto *link = static_cast<Link *>(user_data);
        if (link == nullptr) return;
        if (Binding *b = static_cast<Binding *>(link->owner)) {
            b->live_ = false;
            b->link_ = nullptr;
            b->connection_ = 0;
        }
        delete link;
    }
    /* Connects `signal` (its C signature from introspection) to the binding's notify_. */
    static mvvm_status connect(const char *fn, Binding *b, const Member &signal, bool int64Handler) {
        const QByteArray sig(signal.member->c_signature != nullptr ? signal.member->c_signature : "");
        const QByteArray head("void (*)(mvvm_object *, "), tail(", void *)");
        QByteArray middle;
        if (sig.startsWith(head) && sig.endsWith(tail)) middle = sig.mid(head.size(), sig.size() - head.size() - tail.size());
        mvvm_callback handler = nullptr;
        uint32_t flags = MVVM_CONNECT_DEFAULT;
        if (int64Handler) {
            if (middle != "int64_t") {
                return fail(MVVM_E_WRONG_TYPE, QStringLiteral("%1: the signal \"%2\" has the signature %3, not void (*)(mvvm_object "
                                                              "*, int64_t, void *)")
                                                   .arg(fn, QString::fromUtf8(signal.member->name), QString::fromUtf8(sig)));
            }
            handler = MVVM_CALLBACK(&int64Trampoline);
        } else if (middle == "int32_t") {
            handler = MVVM_CALLBACK(&notifyTrampoline<int32_t>);
        } else if (middle == "int64_t") {
            handler = MVVM_CALLBACK(&notifyTrampoline<int64_t>);
        } else if (middle == "uint64_t") {
            handler = MVVM_CALLBACK(&notifyTrampoline<uint64_t>);
        } else if (middle == "double") {
            handler = MVVM_CALLBACK(&notifyTrampoline<double>);
        } else if (!middle.isEmpty() && middle.endsWith('*') && !middle.contains(',')) {
            handler = MVVM_CALLBACK(&notifyTrampoline<const void *>);
        } else {
            handler = MVVM_CALLBACK(&swappedTrampoline);
            flags = MVVM_CONNECT_SWAPPED;
        }
        auto *link = new Link{b};
        uint64_t id = 0;
        mvvm_status status =
            mvvm_signal_connect_flags(b->object_, signal.member->name, handler, link, &disconnected, flags, &id);
        if (status != MVVM_OK) {
            delete link;
            return failFromLibrary(status, QStringLiteral("%1: mvvm_signal_connect(\"%2\")")
                                               .arg(fn, QString::fromUtf8(signal.member->name)));
        }
        b->link_ = link;
        b->connection_ = id;
        return MVVM_OK;
    }
    static bool live(const Binding *b) { return b->live_; }
    static bool applying(const Binding *b) { return b->applying_; }
    static void setApplying(Binding *b, bool on) { b->applying_ = on; }
    static void setNotify(Binding *b, std::function<void()> f) { b->notify_ = std::move(f); }
    static void setNotifyInt64(Binding *b, std::function<void(int64_t)> f) { b->notifyInt64_ = std::move(f); }
    static uint32_t id(const Binding *b) { return b->id_; }
};

} // namespace detail

using detail::BindingAccess;

Binding::Binding(QObject *parent) : QObject(parent) {}

Binding::~Binding() {
    if (link_ != nullptr) {
        link_->owner = nullptr; /* the destroy notifier frees it */
        mvvm_signal_disconnect(connection_);
    }
}

namespace {

mvvm_status checkThread(const char *fn, QObject *object) {
    if (object->thread() != QThread::currentThread()) {
        return fail(MVVM_E_WRONG_THREAD, QStringLiteral("%1: called on another thread than the widget's").arg(fn));
    }
    return MVVM_OK;
}

/* A property of `object`, found and checked: `what` says what it must be for the message. */
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

/* A command of `object` taking exactly the arguments `kinds` gives. */
mvvm_status findCommand(const char *fn, mvvm_object *object, const char *command, std::initializer_list<int32_t> kinds,
                        Member *m) {
    mvvm_status status = detail::findMember(fn, object, command, m);
    if (status != MVVM_OK) return status;
    if (m->member->kind != MVVM_MEMBER_COMMAND) {
        return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: \"%2\" of %3 is not a command")
                                                 .arg(fn, QString::fromUtf8(command), QString::fromUtf8(m->info->name)));
    }
    bool same = m->shape->argument_count == kinds.size();
    size_t i = 0;
    for (int32_t k : kinds) {
        if (!same) break;
        same = m->shape->arguments[i++].kind == k;
    }
    if (!same) {
        return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the command \"%2\" takes %3 argument(s), not %4")
                                                 .arg(fn, QString::fromUtf8(command))
                                                 .arg(m->shape->argument_count)
                                                 .arg(kinds.size() == 0 ? QStringLiteral("none") : QStringLiteral("one int64")));
    }
    return MVVM_OK;
}

void runIndexCommand(Binding *b, mvvm_object *object, const char *fn, int64_t row) {
    if (!BindingAccess::live(b)) return;
    mvvm_value argument;
    std::memset(&argument, 0, sizeof argument);
    argument.kind = MVVM_VALUE_INT64;
    argument.as.int64 = row;
    mvvm_status s = mvvm_object_invoke(object, BindingAccess::id(b), &argument, 1, nullptr);
    if (s != MVVM_OK) {
        detail::report(s, QStringLiteral("%1: \"%2\"(%3): %4").arg(fn, b->member()).arg(row).arg(QString::fromUtf8(mvvm_last_error_message())));
    }
}

/* Calls `changed` on the viewport's resizes and showing (no Q_OBJECT needed for a filter). */
class ViewportWatcher final : public QObject {
public:
    ViewportWatcher(QObject *parent, std::function<void()> changed) : QObject(parent), changed_(std::move(changed)) {}
    bool eventFilter(QObject *watched, QEvent *event) override {
        if (event->type() == QEvent::Resize || event->type() == QEvent::Show) changed_();
        return QObject::eventFilter(watched, event);
    }

private:
    std::function<void()> changed_;
};

} // namespace

mvvm_status bindText(QLineEdit *edit, mvvm_object *object, const char *property, Binding **out_binding) {
    const char *fn = "mvvm_qt::bindText(QLineEdit)";
    if (edit == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the edit is NULL").arg(fn));
    mvvm_status status = checkThread(fn, edit);
    if (status != MVVM_OK) return status;
    Member m;
    status = findSettableString(fn, object, property, &m);
    if (status != MVVM_OK) return status;
    Binding *b = nullptr;
    status = bindProperty(fn, edit, object, m, property,
                          [edit](Binding *binding, const mvvm_value &v) {
                              const QString text = stringOf(v);
                              if (edit->text() == text) return;
                              BindingAccess::setApplying(binding, true);
                              edit->setText(text);
                              BindingAccess::setApplying(binding, false);
                          },
                          &b);
    if (status != MVVM_OK) return status;
    QObject::connect(edit, &QLineEdit::textEdited, b, [b, object, fn](const QString &text) { setString(b, object, fn, text); });
    if (out_binding != nullptr) *out_binding = b;
    return MVVM_OK;
}

mvvm_status bindText(QPlainTextEdit *edit, mvvm_object *object, const char *property, Binding **out_binding) {
    const char *fn = "mvvm_qt::bindText(QPlainTextEdit)";
    if (edit == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the edit is NULL").arg(fn));
    mvvm_status status = checkThread(fn, edit);
    if (status != MVVM_OK) return status;
    Member m;
    status = findSettableString(fn, object, property, &m);
    if (status != MVVM_OK) return status;
    Binding *b = nullptr;
    status = bindProperty(fn, edit, object, m, property,
                          [edit](Binding *binding, const mvvm_value &v) {
                              const QString text = stringOf(v);
                              if (edit->toPlainText() == text) return;
                              BindingAccess::setApplying(binding, true);
                              edit->setPlainText(text);
                              BindingAccess::setApplying(binding, false);
                          },
                          &b);
    if (status != MVVM_OK) return status;
    QObject::connect(edit, &QPlainTextEdit::textChanged, b, [b, edit, object, fn] {
        if (BindingAccess::applying(b)) return;
        setString(b, object, fn, edit->toPlainText());
    });
    if (out_binding != nullptr) *out_binding = b;
    return MVVM_OK;
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

mvvm_status bindCommand(QAbstractButton *button, mvvm_object *object, const char *command, Binding **out_binding) {
    const char *fn = "mvvm_qt::bindCommand";
    if (button == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the button is NULL").arg(fn));
    mvvm_status status = checkThread(fn, button);
    if (status != MVVM_OK) return status;
    Member m;
    status = findCommand(fn, object, command, {}, &m);
    if (status != MVVM_OK) return status;
    Binding *b = BindingAccess::make(button, object, m, command);
    QObject::connect(button, &QAbstractButton::clicked, b, [b, object, fn] {
        if (!BindingAccess::live(b)) return;
        mvvm_status s = mvvm_object_invoke(object, BindingAccess::id(b), nullptr, 0, nullptr);
        if (s != MVVM_OK) {
            detail::report(s, QStringLiteral("%1: \"%2\": %3").arg(fn, b->member(), QString::fromUtf8(mvvm_last_error_message())));
        }
    });
    if (out_binding != nullptr) *out_binding = b;
    return detail::succeed();
}

mvvm_status bindCurrentRow(QAbstractItemView *view, mvvm_object *object, const char *command, Binding **out_binding) {
    const char *fn = "mvvm_qt::bindCurrentRow";
    if (view == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the view is NULL").arg(fn));
    mvvm_status status = checkThread(fn, view);
    if (status != MVVM_OK) return status;
    if (view->model() == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the view has no model").arg(fn));
    Member m;
    status = findCommand(fn, object, command, {MVVM_VALUE_INT64}, &m);
    if (status != MVVM_OK) return status;
    Binding *b = BindingAccess::make(view, object, m, command);
    /* What the user picks: a click, or Enter (activated). Rows moved under the current index by
     * a change set are not picks, so currentChanged is not used. */
    auto pick = [b, object, fn](const QModelIndex &index) {
        if (index.isValid()) runIndexCommand(b, object, fn, index.row());
    };
    QObject::connect(view, &QAbstractItemView::clicked, b, pick);
    QObject::connect(view, &QAbstractItemView::activated, b, pick);
    if (out_binding != nullptr) *out_binding = b;
    return detail::succeed();
}

mvvm_status bindDisplayedRows(QAbstractItemView *view, mvvm_object *object, const char *command, Binding **out_binding) {
    const char *fn = "mvvm_qt::bindDisplayedRows";
    if (view == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the view is NULL").arg(fn));
    mvvm_status status = checkThread(fn, view);
    if (status != MVVM_OK) return status;
    QAbstractItemModel *model = view->model();
    if (model == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the view has no model").arg(fn));
    Member m;
    status = findCommand(fn, object, command, {MVVM_VALUE_INT64}, &m);
    if (status != MVVM_OK) return status;
    Binding *b = BindingAccess::make(view, object, m, command);
    struct State {
        bool pending = false;
        int lastRow = -1;
        int lastCount = -1;
    };
    auto state = std::make_shared<State>();
    /* Once the view has laid the rows out: the last row on screen, when it or the count changed. */
    auto check = [b, view, object, state, fn] {
        state->pending = false;
        QAbstractItemModel *current = view->model();
        if (current == nullptr || !view->isVisible()) return;
        const int rows = current->rowCount();
        if (rows <= 0) {
            state->lastRow = state->lastCount = -1;
            return;
        }
        /* Rows that arrived are laid out by the view later (a delayed layout): until then they
         * have no place, and the point below would hit none of them. Lay them out now. */
        if (view->visualRect(current->index(rows - 1, 0)).isEmpty()) view->doItemsLayout();
        /* No row at the viewport's bottom edge: the rows end above it, the last one is shown. */
        const QModelIndex bottom = view->indexAt(QPoint(1, view->viewport()->height() - 1));
        const int row = bottom.isValid() ? bottom.row() : rows - 1;
        if (row == state->lastRow && rows == state->lastCount) return;
        state->lastRow = row;
        state->lastCount = rows;
        runIndexCommand(b, object, fn, row);
    };
    auto schedule = [b, state, check] {
        if (state->pending) return;
        state->pending = true;
        QTimer::singleShot(0, b, check);
    };
    QObject::connect(view->verticalScrollBar(), &QScrollBar::valueChanged, b, schedule);
    QObject::connect(model, &QAbstractItemModel::rowsInserted, b, schedule);
    QObject::connect(model, &QAbstractItemModel::rowsRemoved, b, schedule);
    QObject::connect(model, &QAbstractItemModel::modelReset, b, schedule);
    QObject::connect(model, &QAbstractItemModel::layoutChanged, b, schedule);
    view->viewport()->installEventFilter(new ViewportWatcher(b, schedule));
    schedule();
    if (out_binding != nullptr) *out_binding = b;
    return detail::succeed();
}

mvvm_status onSignal(QObject *context, mvvm_object *object, const char *signal, std::function<void()> handler,
                     Binding **out_binding) {
    const char *fn = "mvvm_qt::onSignal";
    if (context == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the context is NULL").arg(fn));
    if (!handler) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the handler is empty").arg(fn));
    mvvm_status status = checkThread(fn, context);
    if (status != MVVM_OK) return status;
    Member m;
    status = detail::findSignal(fn, object, signal, &m);
    if (status != MVVM_OK) return status;
    Binding *b = BindingAccess::make(context, object, m, signal);
    BindingAccess::setNotify(b, std::move(handler));
    status = BindingAccess::connect(fn, b, m, false);
    if (status != MVVM_OK) {
        delete b;
        return status;
    }
    if (out_binding != nullptr) *out_binding = b;
    return detail::succeed();
}

mvvm_status onSignalInt64(QObject *context, mvvm_object *object, const char *signal, std::function<void(int64_t)> handler,
                          Binding **out_binding) {
    const char *fn = "mvvm_qt::onSignalInt64";
    if (context == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the context is NULL").arg(fn));
    if (!handler) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the handler is empty").arg(fn));
    mvvm_status status = checkThread(fn, context);
    if (status != MVVM_OK) return status;
    Member m;
    status = detail::findSignal(fn, object, signal, &m);
    if (status != MVVM_OK) return status;
    Binding *b = BindingAccess::make(context, object, m, signal);
    BindingAccess::setNotifyInt64(b, std::move(handler));
    status = BindingAccess::connect(fn, b, m, true);
    if (status != MVVM_OK) {
        delete b;
        return status;
    }
    if (out_binding != nullptr) *out_binding = b;
    return detail::succeed();
}

mvvm_status invoke(mvvm_object *object, const char *command, const mvvm_value *arguments, size_t argument_count,
                   mvvm_value *result) {
    const char *fn = "mvvm_qt::invoke";
    if (arguments == nullptr && argument_count > 0) {
        return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: arguments is NULL with a count of %2").arg(fn).arg(argument_count));
    }
    Member m;
    mvvm_status status = detail::findMember(fn, object, command, &m);
    if (status != MVVM_OK) return status;
    if (m.member->kind != MVVM_MEMBER_COMMAND) {
        return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: \"%2\" of %3 is not a command")
                                                 .arg(fn, QString::fromUtf8(command), QString::fromUtf8(m.info->name)));
    }
    status = mvvm_object_invoke(object, m.id, arguments, argument_count, result);
    if (status != MVVM_OK) return failFromLibrary(status, QStringLiteral("%1: \"%2\"").arg(fn, QString::fromUtf8(command)));
    return detail::succeed();
}

mvvm_status invoke(mvvm_object *object, const char *command, int64_t argument) {
    mvvm_value value;
    std::memset(&value, 0, sizeof value);
    value.kind = MVVM_VALUE_INT64;
    value.as.int64 = argument;
    return invoke(object, command, &value, 1, nullptr);
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
