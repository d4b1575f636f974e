/* internal.h: what the adapter's sources share (not installed). */
#ifndef MVVM_QT_INTERNAL_H
#define MVVM_QT_INTERNAL_H

#include "../mvvm_qt.h"

#include <QString>
#include <QVariant>

namespace mvvm_qt {
namespace detail {

/* A library connection's user_data. `owner` is the ListModel or Binding while it lives; the
 * connection's destroy notifier (disconnect, the object's destruction, shutdown) frees the
 * Link and, if the owner still lives, tells it. */
struct Link {
    void *owner;
};

/* Records the failure as the calling thread's lastErrorMessage() and returns `status`. */
mvvm_status fail(mvvm_status status, const QString &message);
/* A library call's failure: `what` and the library's message. */
mvvm_status failFromLibrary(mvvm_status status, const QString &what);
/* Clears the calling thread's message and returns MVVM_OK. */
mvvm_status succeed();
/* A failure outside any host call: to the error handler, else qWarning(). */
void report(mvvm_status status, const QString &message);

/* A member of an object's type, found by name through introspection. */
struct Member {
    mvvm_type type = 0;
    uint32_t id = 0;
    const mvvm_type_info *info = nullptr;
    const mvvm_member_info *member = nullptr;
    const mvvm_member_shape *shape = nullptr;
};

/* Finds member `name` of `object`'s type (`function` names the caller in messages): the
 * handle's status from the library, MVVM_E_UNKNOWN_NAME for no such member. */
mvvm_status findMember(const char *function, mvvm_object *object, const char *name, Member *out);

/* Finds the signal named `name` of `object`'s type; MVVM_E_INVALID_ARGUMENT when the member is
 * not a signal. */
mvvm_status findSignal(const char *function, mvvm_object *object, const char *name, Member *out);

/* A plain value as a QVariant (a record: invalid; see recordField()). */
QVariant plainValue(const mvvm_value &value);
/* Field of kind `kind` at `offset` of a record's struct. */
QVariant recordField(const unsigned char *record, int32_t kind, size_t offset);
/* Whether `kind` is a plain kind a model or label can show. */
bool isPlainKind(int32_t kind);
/* A value as a label shows it; `enum_name` (may be NULL) names an int32's enum. */
QString displayText(const mvvm_value &value, const char *enum_name);
/* A value as a bool: bools and numbers non-zero, anything else present. */
bool truthValue(const mvvm_value &value);

/* What the sources do to a Binding (its members are private to users): binding.cpp defines
 * make() and connect() and the library callbacks; the rest are accessors. */
struct BindingAccess {
    static Binding *make(QObject *parent, mvvm_object *object, const Member &m, const char *name);
    /* Connects `signal` (its C signature from introspection) to the binding's notify function
     * (int64Handler: the int64 one, for a void (*)(mvvm_object *, int64_t, void *) signal). */
    static mvvm_status connect(const char *fn, Binding *b, const Member &signal, bool int64Handler);
    static bool live(const Binding *b) { return b->live_; }
    static bool applying(const Binding *b) { return b->applying_; }
    static void setApplying(Binding *b, bool on) { b->applying_ = on; }
    static void setNotify(Binding *b, std::function<void()> f) { b->notify_ = std::move(f); }
    static void setNotifyInt64(Binding *b, std::function<void(int64_t)> f) { b->notifyInt64_ = std::move(f); }
    static uint32_t id(const Binding *b) { return b->id_; }

private:
    static Binding *owner(void *user_data);
    template <typename T> static void notifyTrampoline(mvvm_object *, T, void *user_data);
    static void int64Trampoline(mvvm_object *, int64_t value, void *user_data);
    static void swappedTrampoline(void *user_data);
    static void disconnected(void *user_data);
};

/* MVVM_E_WRONG_THREAD unless `object` (a widget, view, parent) lives on the calling thread. */
mvvm_status checkThread(const char *fn, QObject *object);

} // namespace detail
} // namespace mvvm_qt

#endif
