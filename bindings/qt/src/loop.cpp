/* loop.cpp: mvvm's descriptor on Qt's event loop. */
#include "internal.h"

#include <QSocketNotifier>
#include <QThread>

namespace mvvm_qt {

using detail::fail;
using detail::failFromLibrary;

mvvm_status Loop::create(QObject *parent, Loop **out_loop) {
    if (out_loop == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("Loop::create: out_loop is NULL"));
    if (parent != nullptr && parent->thread() != QThread::currentThread()) {
        return fail(MVVM_E_WRONG_THREAD,
                    QStringLiteral("Loop::create: called on another thread than its parent's (create it on mvvm's host "
                                   "thread, the parent's thread)"));
    }
    int fd = -1;
    /* The library refuses another thread than its host thread (MVVM_E_WRONG_THREAD), and a
     * runtime not started (MVVM_E_NOT_INITIALIZED). */
    mvvm_status status = mvvm_get_fd(&fd);
    if (status != MVVM_OK) return failFromLibrary(status, QStringLiteral("Loop::create: mvvm_get_fd"));
    *out_loop = new Loop(fd, parent);
    return detail::succeed();
}

Loop::Loop(int fd, QObject *parent) : QObject(parent) {
    notifier_ = new QSocketNotifier(fd, QSocketNotifier::Read, this);
    QObject::connect(notifier_, &QSocketNotifier::activated, this, [this] { onReadable(); });
}

Loop::~Loop() = default;

void Loop::onReadable() {
    dispatches_++;
    mvvm_status status = mvvm_dispatch();
    if (status != MVVM_OK) {
        detail::report(status, QStringLiteral("mvvm_dispatch: %1 (%2)")
                                   .arg(QString::fromUtf8(mvvm_last_error_message()),
                                        QString::fromUtf8(mvvm_status_name(status))));
        if (status == MVVM_E_NOT_INITIALIZED) notifier_->setEnabled(false); /* shut down: stop watching */
    }
}

} // namespace mvvm_qt
