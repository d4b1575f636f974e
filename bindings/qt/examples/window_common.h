/*
 * window_common.h: what the two example windows share: starting mvvm and the adapter's loop,
 * the error banner, and what --test needs (checks, waiting in the event loop, the rows a view
 * shows on screen, a PNG screenshot). Header-only, for the examples; not part of mvvm-qt.
 */
#ifndef MVVM_QT_WINDOW_COMMON_H
#define MVVM_QT_WINDOW_COMMON_H

#include "mvvm_qt.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QListView>
#include <QPixmap>
#include <QWidget>

#include <cstdio>
#include <cstdlib>

namespace example {

inline int checkFailures = 0;
inline int checksRun = 0;

/* One check of --test: "ok: ..." or "FAILED: ...", on stdout. */
#define WINDOW_CHECK(cond, ...)                                                                         \
    do {                                                                                                \
        example::checksRun++;                                                                           \
        if (cond) {                                                                                     \
            std::printf("ok: ");                                                                        \
        } else {                                                                                        \
            example::checkFailures++;                                                                   \
            std::printf("FAILED: ");                                                                    \
        }                                                                                               \
        std::printf(__VA_ARGS__);                                                                       \
        std::putchar('\n');                                                                             \
        std::fflush(stdout);                                                                            \
    } while (0)

/* A setup step that must succeed: else the adapter's message, and exit 1. */
inline void must(mvvm_status status, const char *what) {
    if (status == MVVM_OK) return;
    std::fprintf(stderr, "%s: %s (%s)\n", what, qUtf8Printable(mvvm_qt::lastErrorMessage()), mvvm_status_name(status));
    std::exit(1);
}

/* mvvm_init() on this thread (the GUI thread: mvvm's host thread from now on), then the
 * adapter's loop, a child of the application. */
inline void startMvvm(QApplication *app) {
    if (mvvm_init() != MVVM_OK) {
        std::fprintf(stderr, "mvvm_init: %s\n", mvvm_last_error_message());
        std::exit(1);
    }
    mvvm_qt::Loop *loop = nullptr;
    must(mvvm_qt::Loop::create(app, &loop), "mvvm_qt::Loop::create");
}

/* An error line of the banner: shown while `property` ("error-message") of `object` is
 * present, with its text. */
inline QLabel *errorLine(QWidget *parent, mvvm_object *object, const char *property = "error-message") {
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("QLabel { background: #f8d7da; color: #721c24; padding: 6px; }"));
    must(mvvm_qt::bindText(label, object, property), "bindText(banner)");
    must(mvvm_qt::bindVisible(label, object, property), "bindVisible(banner)");
    return label;
}

/* Iterates the event loop until done() or `ms` milliseconds passed; whether done() holds. */
template <typename F> bool waitUntil(F done, int ms = 5000) {
    QElapsedTimer timer;
    timer.start();
    while (!done()) {
        if (timer.elapsed() > ms) return false;
        QCoreApplication::processEvents(QEventLoop::AllEvents | QEventLoop::WaitForMoreEvents, 10);
    }
    return true;
}
inline void pump(int ms) {
    waitUntil([] { return false; }, ms);
}

/* The rows `view` shows in its viewport now (laid out and intersecting it), and the text of
 * the first. */
inline int rowsShown(QListView *view, QString *firstText = nullptr) {
    if (firstText != nullptr) firstText->clear();
    QAbstractItemModel *model = view->model();
    if (model == nullptr || !view->isVisible()) return 0;
    const QRect area = view->viewport()->rect();
    int shown = 0;
    for (int r = 0; r < model->rowCount(); r++) {
        const QModelIndex index = model->index(r, 0);
        const QRect rect = view->visualRect(index);
        if (view->isRowHidden(r) || rect.isEmpty() || !rect.intersects(area)) {
            if (shown > 0) break; /* past the last row on screen */
            continue;
        }
        if (shown == 0 && firstText != nullptr) *firstText = index.data(Qt::DisplayRole).toString();
        shown++;
    }
    return shown;
}

/* The window as drawn, to a PNG file. */
inline bool savePng(QWidget *window, const char *path) {
    QPixmap pixmap = window->grab();
    return !pixmap.isNull() && pixmap.save(QString::fromUtf8(path), "PNG");
}

} // namespace example

#endif
