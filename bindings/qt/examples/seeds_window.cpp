/*
 * A Qt 6 window over the seeds' app, through mvvm-qt: a search entry (UserSearch), the users
 * in a QListView (UserList, paging as the view scrolls), a detail pane with the editable name
 * and Save (UserDetail), errors in a banner.
 *
 *   seeds_window               the window (1,000 sample users, pages of 20)
 *   seeds_window --test PNG    drives it (scroll, type a query, select, edit, save), checks the
 *                              widgets, writes a screenshot to PNG, exits 0 when every check
 *                              passed
 */
#include "window_common.h"

#include "mvvm_seeds.h"

#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QStackedWidget>
#include <QTest>
#include <QVBoxLayout>

#include <cstring>

namespace {

using example::must;

struct App {
    mvvm_object *repository = nullptr, *list = nullptr, *search = nullptr, *detail = nullptr;
    QWidget *window = nullptr;
    QVBoxLayout *banner = nullptr;
    QLineEdit *query = nullptr;
    QStackedWidget *views = nullptr;
    QListView *listView = nullptr, *searchView = nullptr;
    QVBoxLayout *detailBox = nullptr;
    /* The detail pane of the selected user, and its error line in the banner. */
    QWidget *pane = nullptr;
    QLabel *paneError = nullptr;
    QLineEdit *name = nullptr;
    QLabel *validation = nullptr, *status = nullptr;
    QPushButton *save = nullptr;
    int saves = 0;
};
App app;
constexpr int pageSize = 20;

void closeDetail() {
    /* The widgets first: their bindings disconnect; then the ViewModel. */
    delete app.pane;
    delete app.paneError;
    app.pane = nullptr;
    app.paneError = nullptr;
    app.name = nullptr;
    app.save = nullptr;
    if (app.detail != nullptr) mvvm_object_destroy(app.detail);
    app.detail = nullptr;
}

void openDetail(int64_t userId) {
    closeDetail();
    if (mvvm_user_detail_new(app.repository, userId, &app.detail) != MVVM_OK) {
        std::fprintf(stderr, "mvvm_user_detail_new: %s\n", mvvm_last_error_message());
        return;
    }
    app.pane = new QWidget;
    auto *layout = new QVBoxLayout(app.pane);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(new QLabel(QStringLiteral("Name")));
    app.name = new QLineEdit;
    app.validation = new QLabel;
    app.save = new QPushButton(QStringLiteral("Save"));
    app.status = new QLabel;
    layout->addWidget(app.name);
    layout->addWidget(app.validation);
    layout->addWidget(app.save);
    layout->addWidget(app.status);
    layout->addStretch(1);
    app.detailBox->addWidget(app.pane);
    app.paneError = example::errorLine(nullptr, app.detail);
    app.banner->addWidget(app.paneError);
    must(mvvm_qt::bindText(app.name, app.detail, "draft-name"), "bindText(draft-name)");
    must(mvvm_qt::bindEnabled(app.save, app.detail, "can-save"), "bindEnabled(can-save)");
    must(mvvm_qt::bindText(app.validation, app.detail, "validation-message"), "bindText(validation-message)");
    must(mvvm_qt::bindCommand(app.save, app.detail, "save"), "bindCommand(save)");
    mvvm_object *detail = app.detail;
    must(mvvm_qt::onSignal(app.pane, detail, "did-save",
                           [detail] {
                               app.saves++;
                               QVariant user;
                               mvvm_qt::get(detail, "user", &user);
                               app.status->setText(QStringLiteral("Saved \"%1\"").arg(user.toMap().value("name").toString()));
                           }),
         "onSignal(did-save)");
    must(mvvm_qt::invoke(app.detail, "on-appear"), "on-appear");
}

/* One list's view: rows of `vm`'s "rows", paging and selection through its commands. */
QListView *listView(mvvm_object *vm) {
    mvvm_qt::ListModel *model = nullptr;
    must(mvvm_qt::ListModel::create(vm, "rows", app.window, &model), "ListModel::create");
    auto *view = new QListView;
    view->setUniformItemSizes(true);
    view->setModel(model);
    must(mvvm_qt::bindDisplayedRows(view, vm, "did-display-row"), "bindDisplayedRows");
    must(mvvm_qt::bindCurrentRow(view, vm, "did-select-row"), "bindCurrentRow");
    must(mvvm_qt::onSignalInt64(view, vm, "user-selected", [](int64_t id) { openDetail(id); }), "onSignalInt64(user-selected)");
    return view;
}

void build() {
    mvvm_sample_options options;
    mvvm_sample_options_init(&options);
    options.user_count = 1000;
    options.page_size = pageSize;
    if (mvvm_repository_new_sample(&options, &app.repository) != MVVM_OK || mvvm_user_list_new(app.repository, &app.list) != MVVM_OK ||
        mvvm_user_search_new(app.repository, &app.search) != MVVM_OK) {
        std::fprintf(stderr, "seeds_window: %s\n", mvvm_last_error_message());
        std::exit(1);
    }
    app.window = new QWidget;
    app.window->setWindowTitle(QStringLiteral("mvvm: users (Qt 6)"));
    app.window->resize(720, 480);
    auto *outer = new QVBoxLayout(app.window);
    app.banner = new QVBoxLayout;
    app.banner->addWidget(example::errorLine(app.window, app.list));
    app.banner->addWidget(example::errorLine(app.window, app.search));
    app.query = new QLineEdit;
    app.query->setPlaceholderText(QStringLiteral("Search users"));
    app.query->setClearButtonEnabled(true);
    app.listView = listView(app.list);
    app.searchView = listView(app.search);
    app.views = new QStackedWidget;
    app.views->addWidget(app.listView);
    app.views->addWidget(app.searchView);
    auto *detail = new QWidget;
    app.detailBox = new QVBoxLayout(detail);
    auto *splitter = new QSplitter;
    splitter->addWidget(app.views);
    splitter->addWidget(detail);
    splitter->setSizes({400, 320});
    outer->addLayout(app.banner);
    outer->addWidget(app.query);
    outer->addWidget(splitter, 1);

    must(mvvm_qt::bindText(app.query, app.search, "query"), "bindText(query)");
    /* The results while there is a query, else the whole list. */
    must(mvvm_qt::onSignal(app.window, app.search, "notify::is-query-empty",
                           [] {
                               QVariant empty;
                               mvvm_qt::get(app.search, "is-query-empty", &empty);
                               app.views->setCurrentWidget(empty.toBool() ? app.listView : app.searchView);
                           }),
         "onSignal(notify::is-query-empty)");
    must(mvvm_qt::invoke(app.list, "on-appear"), "on-appear");
}

int64_t countOf(mvvm_object *vm) {
    QVariant count;
    return mvvm_qt::get(vm, "count", &count) == MVVM_OK ? count.toLongLong() : -1;
}

bool dirty() {
    QVariant value;
    return mvvm_qt::get(app.detail, "is-dirty", &value) == MVVM_OK && value.toBool();
}

int drive(const char *png) {
    using example::rowsShown;
    using example::waitUntil;
    QString first;
    WINDOW_CHECK(waitUntil([] { return rowsShown(app.listView) > 0; }), "the user list shows rows (%lld users, %d rows on screen)",
                 (long long)countOf(app.list), rowsShown(app.listView, &first));
    WINDOW_CHECK(!first.isEmpty(), "the first row reads \"%s\"", qUtf8Printable(first));

    /* Scroll to the end: the last row on screen asks for the next page. */
    const int64_t before = countOf(app.list);
    QScrollBar *bar = app.listView->verticalScrollBar();
    bar->setValue(bar->maximum());
    WINDOW_CHECK(waitUntil([before] { return countOf(app.list) > before && app.listView->model()->rowCount() > before; }),
                 "scrolling to the end loaded the next page (%lld -> %lld users, %d rows in the view)", (long long)before,
                 (long long)countOf(app.list), app.listView->model()->rowCount());
    /* The page lands below the rows on screen: nothing more is asked for. */
    example::pump(300);
    WINDOW_CHECK(countOf(app.list) == before + pageSize && app.listView->model()->rowCount() == before + pageSize,
                 "one page only: %lld users once the view settled", (long long)countOf(app.list));

    /* Type a query: the results replace the list. */
    app.query->setFocus();
    QTest::keyClicks(app.query, QStringLiteral("an"));
    WINDOW_CHECK(waitUntil([] { return app.views->currentWidget() == app.searchView && rowsShown(app.searchView) > 0; }),
                 "typing \"an\" shows %lld results (%d rows on screen)", (long long)countOf(app.search),
                 rowsShown(app.searchView, &first));
    WINDOW_CHECK(first.contains(QStringLiteral("an"), Qt::CaseInsensitive), "the first result \"%s\" matches", qUtf8Printable(first));

    /* Click the first result: its detail opens. */
    const QRect firstRect = app.searchView->visualRect(app.searchView->model()->index(0, 0));
    QTest::mouseClick(app.searchView->viewport(), Qt::LeftButton, Qt::NoModifier, firstRect.center());
    WINDOW_CHECK(waitUntil([] { return app.name != nullptr && !app.name->text().isEmpty(); }),
                 "clicking the first result opens its detail: name \"%s\"", app.name ? qUtf8Printable(app.name->text()) : "");
    WINDOW_CHECK(app.name != nullptr && app.name->text() == first, "the detail is the clicked user's (\"%s\")", qUtf8Printable(first));
    WINDOW_CHECK(app.save != nullptr && !app.save->isEnabled(), "Save is disabled while nothing is edited");
    if (app.name == nullptr) return example::checkFailures;

    /* An empty name: the validation message, and save's refusal in the banner. */
    app.name->setFocus();
    app.name->selectAll();
    QTest::keyClick(app.name, Qt::Key_Backspace);
    WINDOW_CHECK(!app.validation->text().isEmpty() && !app.save->isEnabled(), "an empty name: \"%s\", Save disabled",
                 qUtf8Printable(app.validation->text()));
    mvvm_qt::invoke(app.detail, "save");
    WINDOW_CHECK(waitUntil([] { return app.paneError->isVisible() && !app.paneError->text().isEmpty(); }),
                 "saving it anyway shows the refusal in the banner: \"%s\"", qUtf8Printable(app.paneError->text()));

    /* Type a name and Save. */
    QTest::keyClicks(app.name, QStringLiteral("Ada Lovelace"));
    WINDOW_CHECK(!app.paneError->isVisible(), "editing the name hides the banner");
    WINDOW_CHECK(waitUntil([] { return app.save->isEnabled(); }), "a valid name enables Save");
    QTest::mouseClick(app.save, Qt::LeftButton);
    WINDOW_CHECK(waitUntil([] { return app.saves > 0; }), "Save stored the name: the status reads \"%s\"",
                 qUtf8Printable(app.status->text()));
    WINDOW_CHECK(app.status->text() == QStringLiteral("Saved \"Ada Lovelace\""), "the stored user's name is the typed one");
    WINDOW_CHECK(!dirty() && !app.save->isEnabled(), "after saving the detail is not dirty and Save is disabled");

    /* Clear the query: the whole list again. */
    app.query->selectAll();
    QTest::keyClick(app.query, Qt::Key_Backspace);
    WINDOW_CHECK(waitUntil([] { return app.views->currentWidget() == app.listView && rowsShown(app.listView) > 0; }),
                 "clearing the query shows the user list again (%d rows on screen)", rowsShown(app.listView));
    app.listView->scrollToTop();
    example::pump(200);
    WINDOW_CHECK(example::savePng(app.window, png), "screenshot %s", png);
    return example::checkFailures;
}

} // namespace

int main(int argc, char **argv) {
    const char *png = argc == 3 && std::strcmp(argv[1], "--test") == 0 ? argv[2] : nullptr;
    QApplication qapp(argc, argv);
    example::startMvvm(&qapp);
    build();
    app.window->show();
    int status = 0;
    if (png != nullptr) {
        status = drive(png) == 0 ? 0 : 1;
        std::printf("seeds window: %d checks, %d failed\n", example::checksRun, example::checkFailures);
    } else {
        status = qapp.exec();
    }
    closeDetail();
    delete app.window;
    mvvm_shutdown();
    return status;
}
