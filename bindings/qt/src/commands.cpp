/* commands.cpp: commands to buttons and views (the current row, the rows on screen), signals to
 * functions, commands run by name. */
#include "internal.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QEvent>
#include <QScrollBar>
#include <QTimer>

#include <cstring>

namespace mvvm_qt {

using detail::BindingAccess;
using detail::checkThread;
using detail::fail;
using detail::failFromLibrary;
using detail::Member;

namespace {

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

namespace {

/* onSignal's path for any handler type: the checks, the binding, `install` giving it the
 * handler, the connection (`withInt64`: the signal's int64_t argument is read). */
template <typename Handler, typename Install>
mvvm_status bindSignal(const char *fn, QObject *context, mvvm_object *object, const char *signal, Handler handler,
                       bool withInt64, Install install, Binding **out_binding) {
    if (context == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the context is NULL").arg(fn));
    if (!handler) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the handler is empty").arg(fn));
    mvvm_status status = checkThread(fn, context);
    if (status != MVVM_OK) return status;
    Member m;
    status = detail::findSignal(fn, object, signal, &m);
    if (status != MVVM_OK) return status;
    Binding *b = BindingAccess::make(context, object, m, signal);
    install(b, std::move(handler));
    status = BindingAccess::connect(fn, b, m, withInt64);
    if (status != MVVM_OK) {
        delete b;
        return status;
    }
    if (out_binding != nullptr) *out_binding = b;
    return detail::succeed();
}

} // namespace

mvvm_status onSignal(QObject *context, mvvm_object *object, const char *signal, std::function<void()> handler,
                     Binding **out_binding) {
    return bindSignal(
        "mvvm_qt::onSignal", context, object, signal, std::move(handler), false,
        [](Binding *b, std::function<void()> h) { BindingAccess::setNotify(b, std::move(h)); }, out_binding);
}

mvvm_status onSignalInt64(QObject *context, mvvm_object *object, const char *signal, std::function<void(int64_t)> handler,
                          Binding **out_binding) {
    return bindSignal(
        "mvvm_qt::onSignalInt64", context, object, signal, std::move(handler), true,
        [](Binding *b, std::function<void(int64_t)> h) { BindingAccess::setNotifyInt64(b, std::move(h)); }, out_binding);
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

} // namespace mvvm_qt
