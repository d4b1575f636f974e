/* errors.cpp: the adapter's per-thread error message and its handler of later failures. */
#include "internal.h"

#include <QtGlobal>

namespace mvvm_qt {

namespace {
thread_local QString lastMessage;
ErrorHandler &handler() {
    static ErrorHandler instance;
    return instance;
}
} // namespace

QString lastErrorMessage() { return lastMessage; }

void setErrorHandler(ErrorHandler errorHandler) { handler() = std::move(errorHandler); }

namespace detail {

mvvm_status fail(mvvm_status status, const QString &message) {
    lastMessage = message;
    return status;
}

mvvm_status failFromLibrary(mvvm_status status, const QString &what) {
    return fail(status, QStringLiteral("%1: %2 (%3)")
                            .arg(what, QString::fromUtf8(mvvm_last_error_message()),
                                 QString::fromUtf8(mvvm_status_name(status))));
}

mvvm_status succeed() {
    lastMessage.clear();
    return MVVM_OK;
}

void report(mvvm_status status, const QString &message) {
    if (handler()) {
        handler()(status, message);
    } else {
        qWarning("mvvm-qt: %s", qUtf8Printable(message));
    }
}

} // namespace detail
} // namespace mvvm_qt
