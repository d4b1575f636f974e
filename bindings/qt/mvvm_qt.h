/*
 * mvvm_qt.h: mvvm-qt, the Qt 6 adapter of mvvm (C++17, Qt 6.4 Widgets).
 *
 * The ViewModels of any application built on mvvm (libmvvm.so, libnotes.so, yours), in a
 * Qt Widgets program, found by introspection only: this adapter names no type of any app.
 *
 *   mvvm_qt::Loop          mvvm's descriptor on Qt's event loop (a QSocketNotifier calling
 *                          mvvm_dispatch()).
 *   mvvm_qt::ListModel     a QAbstractListModel over any list member of any object: one role
 *                          per field of the list's record (mvvm_record_describe()), driven
 *                          exactly by the list's change sets (mvvm_list_change).
 *   mvvm_qt::bind*()       a property to a widget: QLineEdit/QPlainTextEdit <-> a settable
 *                          string, QLabel <- any readable property, setEnabled/setVisible <- a
 *                          bool (or "present" for a nullable one); a command to a button's
 *                          clicked; a view's current row and visible rows to commands.
 *   mvvm_qt::onSignal*()   a std::function on a signal of an object.
 *
 * Build: `make qt` (pkg-config name mvvm-qt; `Requires: Qt6Widgets`). The library links Qt only:
 * the mvvm_* functions it calls come from the application's library the program links
 * (-lmvvm, -lnotes), so one program holds one Swift runtime (mvvm.h, THE REGISTRY).
 *
 * THREADS (the host-thread rule)
 *   mvvm is called only on the thread that initialised it (mvvm.h, THE ONE THREAD RULE): the
 *   process's main thread after mvvm_init(), or the thread that called
 *   mvvm_init_with_options(). The adapter attaches on that thread: call mvvm_init() there,
 *   then Loop::create() there, whose QSocketNotifier belongs to that thread's event loop; every
 *   function and class here is used on that same thread, which must also be the thread of the
 *   Qt objects involved (the parents, widgets and views passed in). For a Widgets program that
 *   is the GUI thread, the main thread: mvvm_init() in main() after QApplication, before
 *   anything below. (A host thread made by mvvm_init_with_options() on a QThread serves the
 *   non-widget parts, Loop and ListModel, created on it.) A call on another thread returns
 *   MVVM_E_WRONG_THREAD (from the library, or from the adapter's check that a parent or widget
 *   lives on the calling thread) and changes nothing. Everything the adapter calls back (model
 *   notifications, widget updates, commands, onSignal functions) runs on that thread: inside
 *   mvvm_dispatch(), which the Loop runs when the descriptor is readable, or at the end of the
 *   mvvm call that caused the change (mvvm.h, BATCHING). Exception: lastErrorMessage() may be
 *   called on any thread (each thread has its own message).
 *
 * ERRORS
 *   Every entry point validates its arguments and returns an mvvm_status: MVVM_OK, or the
 *   failure, with nothing created, nothing connected and the out-pointer untouched. The
 *   adapter's own checks (a NULL widget, a member of the wrong kind) give
 *   MVVM_E_INVALID_ARGUMENT, MVVM_E_UNKNOWN_NAME, MVVM_E_WRONG_TYPE or MVVM_E_STATE; the
 *   library's statuses pass through. mvvm_qt::lastErrorMessage() says why, in words (the
 *   library's message when the library refused). Failures after setup (a set refused while
 *   typing, a dispatch that failed) go to the handler of setErrorHandler(), if any, else to
 *   qWarning().
 *
 * OWNERSHIP
 *   - mvvm_object handles passed in are borrowed: the adapter never destroys one, and the
 *     caller keeps it alive as long as it likes (see "when the object goes first" below).
 *   - Every pointer an out-parameter returns is a QObject the adapter made for the caller:
 *       Loop **out_loop, ListModel **out_model: a child of the `parent` given, deleted with it;
 *         with a NULL parent the caller owns it and deletes it (delete; or deleteLater()).
 *       Binding **out_binding: a child of the widget, view or context object it serves, deleted
 *         with it. The pointer is borrowed: valid until that object is deleted, or until the
 *         caller deletes the binding (which unbinds). May be NULL: most callers never need it.
 *   - Deleting any of them disconnects its library handlers at once; none outlives its Qt
 *     parent. Nothing the adapter returns must be freed in any other way.
 *   - ListModel::createWithSource() takes the source over (deleted with the model).
 *   - Strings passed in (member names) are read during the call only; values handed out
 *     (QVariant, QString) are copies the caller owns, unlike the library's borrowed strings.
 *   - When the object goes first (mvvm_object_destroy(), mvvm_shutdown()), the library ends the
 *     connections: a ListModel resets to no rows (object() then NULL) and a Binding goes quiet
 *     (isLive() false; the widget keeps its last value); neither calls the dead handle again,
 *     and both may still be deleted as usual. A Loop may outlive mvvm_shutdown() (if it wakes
 *     then it reports MVVM_E_NOT_INITIALIZED once and stops watching); after a new mvvm_init()
 *     create a new one.
 */
#ifndef MVVM_QT_H
#define MVVM_QT_H

#include <mvvm.h>

#include <QAbstractListModel>
#include <QHash>
#include <QObject>
#include <QString>
#include <QVariant>
#include <QVector>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QAbstractButton;
class QAbstractItemView;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSocketNotifier;
class QWidget;

#define MVVM_QT_VERSION_STRING "0.1.0"

namespace mvvm_qt {

namespace detail {
/* What a library connection's user_data points to: the adapter object while it lives (the
 * connection's destroy notifier frees it). */
struct Link;
struct BindingAccess;
} // namespace detail

/* ------------------------------------------------------------------------------------------
 * Errors
 * ---------------------------------------------------------------------------------------- */

/** Why the last failed call of this adapter on the calling thread failed, in words; "" after a
 *  success. Any thread (each has its own). */
QString lastErrorMessage();

/** Receives failures that happen after setup, outside any call of the host: the status, and
 *  what failed in words (for example "mvvm_qt::bindText: setting \"draft-name\": ..."). */
using ErrorHandler = std::function<void(mvvm_status status, const QString &message)>;

/** Sets the handler for such failures (an empty function: qWarning(), the default). Host
 *  thread. */
void setErrorHandler(ErrorHandler handler);

/* ------------------------------------------------------------------------------------------
 * The loop
 * ---------------------------------------------------------------------------------------- */

/** mvvm's descriptor (mvvm_get_fd()) watched by a QSocketNotifier on the creating thread's
 *  event loop; when it is readable, mvvm_dispatch() runs. Nothing else drives the library:
 *  the host never calls mvvm_run(). */
class Loop : public QObject {
public:
    /** Creates the watch as a child of `parent` (may be NULL: the caller deletes it), on the
     *  calling thread, which must be mvvm's host thread after mvvm_init() (else the library's
     *  MVVM_E_WRONG_THREAD or MVVM_E_NOT_INITIALIZED) and `parent`'s thread
     *  (MVVM_E_WRONG_THREAD). MVVM_E_INVALID_ARGUMENT: `out_loop` is NULL. */
    static mvvm_status create(QObject *parent, Loop **out_loop);
    ~Loop() override;

    /** How many mvvm_dispatch() calls ran (for tests and diagnostics). */
    quint64 dispatchCount() const { return dispatches_; }

private:
    Loop(int fd, QObject *parent);
    void onReadable();
    QSocketNotifier *notifier_ = nullptr;
    quint64 dispatches_ = 0;
};

/* ------------------------------------------------------------------------------------------
 * Lists
 * ---------------------------------------------------------------------------------------- */

/** Where a ListModel reads its rows: the object's list member (what ListModel::create() makes),
 *  or a host's own source (ListModel::createWithSource(): the unit test's plain array). */
class ListSource {
public:
    virtual ~ListSource() = default;
    /** The number of rows now. */
    virtual mvvm_status count(int64_t *out_count) = 0;
    /** Row `index` now, of the model's item kind; strings borrowed until the next call. */
    virtual mvvm_status item(int64_t index, mvvm_value *out_item) = 0;
};

/** A QAbstractListModel over a list.
 *
 *  Roles: Qt::UserRole + n for field n of the list's record, in struct order, named by
 *  roleNames() after the field (QML reads `model.author_name`); Qt::DisplayRole is the first
 *  string field (for a list of plain values, role Qt::UserRole + 0 "value" and DisplayRole the
 *  value itself). Values: qlonglong (int64), int (int32, enums), bool, double, QString; a NULL
 *  nullable string is an invalid QVariant.
 *
 *  Changes: each change set is applied in order, every edit as its own Qt notification —
 *  insert: beginInsertRows/endInsertRows; remove: beginRemoveRows/endRemoveRows; update:
 *  dataChanged over its range; move: beginMoveRows/endMoveRows; reset: beginResetModel/
 *  endResetModel, for the reset edit only. Between those notifications rowCount() and data()
 *  answer for the list as it stands after the edits so far (rows are read from the library at
 *  their final index, which the model computes from the rest of the set), so views and proxies
 *  see a consistent model at every step. Rows are read lazily, once, and cached until an edit
 *  touches them. A change set that does not fit the model (a bad range, or a final count that is
 *  not the list's count) is applied as one reset, and reported to the error handler.
 */
class ListModel : public QAbstractListModel {
public:
    /** A model over list `list` ("rows") of `object`, found by introspection: the member must be
     *  an MVVM_MEMBER_LIST (else MVVM_E_INVALID_ARGUMENT; MVVM_E_UNKNOWN_NAME for a name the
     *  type does not have); its rows come from mvvm_object_get_item(), its count from
     *  mvvm_object_count(), its change sets from the signal mvvm_member_shape.related names
     *  (a list without one is read once: call reload() after it changed). The list is read
     *  at once. `parent` may be NULL. MVVM_E_INVALID_ARGUMENT: `object`, `list` or `out_model`
     *  is NULL; the library's status for an invalid handle or the wrong thread. */
    static mvvm_status create(mvvm_object *object, const char *list, QObject *parent, ListModel **out_model);

    /** A model over a host's `source` (taken over; deleted with the model) whose rows are of
     *  value kind `item_kind` (a record's kind, or a plain kind: bool, int32, int64, uint64,
     *  double, string); driven by applyChanges(). MVVM_E_INVALID_ARGUMENT: `source` or
     *  `out_model` is NULL, or `item_kind` is neither (nothing is kept: `source` is deleted). */
    static mvvm_status createWithSource(std::unique_ptr<ListSource> source, int32_t item_kind, QObject *parent,
                                        ListModel **out_model);

    ~ListModel() override;

    /** Applies a change set (mvvm_list_change, in order; `count` edits, `changes` may be NULL
     *  when 0) that already happened to the source. A list model's change signal calls it; a
     *  host-sourced model's host does. MVVM_E_INVALID_ARGUMENT: `changes` is NULL with count > 0;
     *  a set that does not fit is applied as a reset and gives MVVM_E_STATE. Host thread. */
    mvvm_status applyChanges(const mvvm_list_change *changes, size_t count);

    /** Reads the whole list again: one reset. */
    mvvm_status reload();

    /** The object and list member id (NULL and 0 for a host-sourced model, or once the object
     *  was destroyed). */
    mvvm_object *object() const { return object_; }
    uint32_t listMember() const { return member_; }
    /** The name of the property that counts the list (mvvm_member_shape.count), or "". */
    QString countProperty() const { return countProperty_; }
    /** The change signal's name, or "" for a list without one. */
    QString changeSignal() const { return changeSignal_; }
    /** The role of field `name` (a record field's name, or "value"), or -1. */
    int roleForField(const QString &name) const;
    /** The field names, in role order (Qt::UserRole + 0 first). */
    QStringList fieldNames() const;
    /** The number of resets this model emitted (a test's check that one-row changes are never
     *  resets). */
    quint64 resetCount() const { return resets_; }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

private:
    struct Field {
        QByteArray name;
        int32_t kind;
        size_t offset;
        bool nullable;
    };
    struct Slot {
        /* A slot's identity within one change set (renumbered at its start). */
        int64_t id;
        /* The row's values, one per field; empty until read. */
        std::optional<QVector<QVariant>> values;
    };

    explicit ListModel(QObject *parent);
    mvvm_status setUp(int32_t item_kind);
    void readAll();
    const QVector<QVariant> *rowValues(int row) const;
    void resetTo(int64_t count);
    static void onChanges(mvvm_object *object, const mvvm_list_change *changes, size_t count, void *link);
    static void onDisconnected(void *link);
    void detach();

    std::unique_ptr<ListSource> source_;
    mvvm_object *object_ = nullptr;
    uint32_t member_ = 0;
    QString countProperty_;
    QString changeSignal_;
    uint64_t connection_ = 0;
    detail::Link *link_ = nullptr;
    bool plain_ = false;
    int displayField_ = -1;
    QVector<Field> fields_;
    mutable std::vector<Slot> slots_;
    /* During a change set: the final index of each slot id still in the list at its end. */
    QHash<int64_t, int64_t> finalIndex_;
    bool replaying_ = false;
    bool gone_ = false;
    quint64 resets_ = 0;
};

/* ------------------------------------------------------------------------------------------
 * Property and command bindings
 * ---------------------------------------------------------------------------------------- */

/** One binding between a widget and a member of an mvvm object; a child of the widget. Delete it
 *  to unbind (its handler is disconnected); it is deleted with the widget. */
class Binding : public QObject {
public:
    ~Binding() override;
    mvvm_object *object() const { return object_; }
    /** The member's name ("draft-name", "save"). */
    QString member() const { return name_; }
    /** False once the object is gone (mvvm_object_destroy(), mvvm_shutdown()). */
    bool isLive() const { return live_; }

private:
    friend struct detail::BindingAccess;
    explicit Binding(QObject *parent);
    mvvm_object *object_ = nullptr;
    uint32_t id_ = 0;
    QString name_;
    uint64_t connection_ = 0;
    detail::Link *link_ = nullptr;
    bool live_ = true;
    /* Set while the binding writes to its widget: the widget's change signal is not sent back. */
    bool applying_ = false;
    /* Called on the library's signal (on the host thread). */
    std::function<void()> notify_;
    std::function<void(int64_t)> notifyInt64_;
};

/** `edit` <-> settable string property `property` of `object`, both ways: the edit shows the
 *  value now and on every "notify::NAME"; what the user types (textEdited) is set. A value that
 *  is already the edit's text is not written back, so neither side loops and the cursor stays.
 *  MVVM_E_INVALID_ARGUMENT: a NULL argument, a member that is not a string property;
 *  MVVM_E_STATE: a read-only one; MVVM_E_UNKNOWN_NAME: no such member. `out_binding` may be
 *  NULL. */
mvvm_status bindText(QLineEdit *edit, mvvm_object *object, const char *property, Binding **out_binding = nullptr);
/** The same for a multi-line editor (textChanged; programmatic changes are not written back). */
mvvm_status bindText(QPlainTextEdit *edit, mvvm_object *object, const char *property,
                     Binding **out_binding = nullptr);
/** `label` <- property `property` (any kind; read-only or not): strings as they are (absent:
 *  ""), numbers in decimal, bools as "true"/"false", enums by their case name. */
mvvm_status bindText(QLabel *label, mvvm_object *object, const char *property, Binding **out_binding = nullptr);
/** widget->setEnabled(value) for bool property `property` (a nullable property: present). */
mvvm_status bindEnabled(QWidget *widget, mvvm_object *object, const char *property, Binding **out_binding = nullptr);
/** widget->setVisible(value), likewise (an error banner bound to "error-message"). */
mvvm_status bindVisible(QWidget *widget, mvvm_object *object, const char *property, Binding **out_binding = nullptr);
/** button's clicked() runs argument-less command `command` of `object`. MVVM_E_INVALID_ARGUMENT:
 *  not a command, or one that takes arguments. */
mvvm_status bindCommand(QAbstractButton *button, mvvm_object *object, const char *command,
                        Binding **out_binding = nullptr);

/** The view's current row (a click, the keyboard) runs command `command` (one int64 argument,
 *  "did-select-row") with the row. The view's model must be set. */
mvvm_status bindCurrentRow(QAbstractItemView *view, mvvm_object *object, const char *command,
                           Binding **out_binding = nullptr);
/** Whenever the rows on screen change (scrolling, resizing, rows arriving), command `command`
 *  (one int64 argument, "did-display-row") runs with the last row on screen: how a paged list
 *  loads its next page as the view scrolls. The view's model must be set. */
mvvm_status bindDisplayedRows(QAbstractItemView *view, mvvm_object *object, const char *command,
                              Binding **out_binding = nullptr);

/* ------------------------------------------------------------------------------------------
 * Signals and commands as functions
 * ---------------------------------------------------------------------------------------- */

/** Calls `handler` on signal `signal` of `object`, whatever its arguments (connected in
 *  MVVM_CONNECT_SWAPPED layout; the handler reads what it needs through getters). The
 *  connection is a Binding child of `context` (deleted with it). */
mvvm_status onSignal(QObject *context, mvvm_object *object, const char *signal, std::function<void()> handler,
                     Binding **out_binding = nullptr);
/** The same for a signal whose C signature is void (*)(mvvm_object *, int64_t, void *)
 *  ("user-selected", "note-selected"); another signature gives MVVM_E_WRONG_TYPE. */
mvvm_status onSignalInt64(QObject *context, mvvm_object *object, const char *signal,
                          std::function<void(int64_t)> handler, Binding **out_binding = nullptr);

/** Runs command `command` of `object` with `argument_count` arguments; the failure's message
 *  goes to lastErrorMessage(). `result` may be NULL. */
mvvm_status invoke(mvvm_object *object, const char *command, const mvvm_value *arguments = nullptr,
                   size_t argument_count = 0, mvvm_value *result = nullptr);
/** Runs command `command` with one int64 argument. */
mvvm_status invoke(mvvm_object *object, const char *command, int64_t argument);
/** Reads property `property` of `object` as a QVariant (as ListModel's roles convert; a record:
 *  a QVariantMap of its fields; absent: an invalid QVariant). */
mvvm_status get(mvvm_object *object, const char *property, QVariant *out_value);

} // namespace mvvm_qt

#endif /* MVVM_QT_H */
