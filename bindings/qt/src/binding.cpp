/* binding.cpp: a Binding's life: made, connected to its signal by the signal's C signature,
 * told when the library ends the connection, disconnected when deleted. */
#include "internal.h"

#include <QThread>

namespace mvvm_qt {

using detail::fail;
using detail::failFromLibrary;
using detail::Link;
using detail::Member;

Binding::Binding(QObject *parent) : QObject(parent) {}

Binding::~Binding() {
    if (link_ != nullptr) {
        link_->owner = nullptr; /* the destroy notifier frees it */
        mvvm_signal_disconnect(connection_);
    }
}

namespace detail {

mvvm_status checkThread(const char *fn, QObject *object) {
    if (object->thread() != QThread::currentThread()) {
        return fail(MVVM_E_WRONG_THREAD, QStringLiteral("%1: called on another thread than the widget's").arg(fn));
    }
    return MVVM_OK;
}

Binding *BindingAccess::make(QObject *parent, mvvm_object *object, const Member &m, const char *name) {
    auto *b = new Binding(parent);
    b->object_ = object;
    b->id_ = m.id;
    b->name_ = QString::fromUtf8(name);
    return b;
}

Binding *BindingAccess::owner(void *user_data) {
    auto *link = static_cast<Link *>(user_data);
    return link != nullptr ? static_cast<Binding *>(link->owner) : nullptr;
}

template <typename T> void BindingAccess::notifyTrampoline(mvvm_object *, T, void *user_data) {
    Binding *b = owner(user_data);
    if (b != nullptr && b->live_ && b->notify_) b->notify_();
}

void BindingAccess::int64Trampoline(mvvm_object *, int64_t value, void *user_data) {
    Binding *b = owner(user_data);
    if (b != nullptr && b->live_ && b->notifyInt64_) b->notifyInt64_(value);
}

/* MVVM_CONNECT_SWAPPED: handler(user_data, arguments..., object); reads user_data only. */
void BindingAccess::swappedTrampoline(void *user_data) {
    Binding *b = owner(user_data);
    if (b != nullptr && b->live_ && b->notify_) b->notify_();
}

void BindingAccess::disconnected(void *user_data) {
    auto *link = static_cast<Link *>(user_data);
    if (link == nullptr) return;
    if (Binding *b = static_cast<Binding *>(link->owner)) {
        b->live_ = false;
        b->link_ = nullptr;
        b->connection_ = 0;
    }
    delete link;
}

mvvm_status BindingAccess::connect(const char *fn, Binding *b, const Member &signal, bool int64Handler) {
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

} // namespace detail
} // namespace mvvm_qt
