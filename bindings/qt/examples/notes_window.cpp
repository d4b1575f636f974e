/*
 * The same adapter over another application, Notes (Examples/Notes, libnotes.so): the note list
 * with its query in a QListView, an editor pane (title, body, Save), New and Delete, errors in
 * a banner. Nothing here names a record field's offset: the rows come from mvvm-qt's
 * introspection (the list's DisplayRole is the record's first string field, the title).
 *
 *   notes_window [FILE]               the window over the notes file FILE (default: in memory)
 *   notes_window --test FILE PNG      drives it (add notes, type a query, select, edit and save,
 *                                     delete), checks the widgets, writes a screenshot, exits 0
 *                                     when every check passed
 */
#include "window_common.h"

#include "notes.h"

#include <QHBoxLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTest>
#include <QVBoxLayout>

#include <cstring>
#include <unistd.h>

namespace {

using example::must;

struct App {
    mvvm_object *store = nullptr, *list = nullptr, *editor = nullptr;
    mvvm_qt::ListModel *model = nullptr;
    QWidget *window = nullptr;
    QVBoxLayout *banner = nullptr;
    QLineEdit *query = nullptr;
    QPushButton *add = nullptr, *remove = nullptr;
    QListView *view = nullptr;
    QVBoxLayout *editorBox = nullptr;
    /* The editor pane of the open note, and its error line in the banner. */
    QWidget *pane = nullptr;
    QLabel *paneError = nullptr;
    QLineEdit *title = nullptr;
    QPlainTextEdit *body = nullptr;
    QPushButton *save = nullptr;
    int saves = 0;
};
App app;

void closeEditor() {
    delete app.pane; /* its bindings disconnect */
    delete app.paneError;
    app.pane = nullptr;
    app.paneError = nullptr;
    app.title = nullptr;
    app.body = nullptr;
    app.save = nullptr;
    if (app.editor != nullptr) mvvm_object_destroy(app.editor);
    app.editor = nullptr;
}

/* An editor of note `noteId` (0: a new note). */
void openEditor(int64_t noteId) {
    closeEditor();
    if (notes_note_editor_new(app.store, noteId, &app.editor) != MVVM_OK) {
        std::fprintf(stderr, "notes_note_editor_new: %s\n", mvvm_last_error_message());
        return;
    }
    app.pane = new QWidget;
    auto *layout = new QVBoxLayout(app.pane);
    layout->setContentsMargins(0, 0, 0, 0);
    app.title = new QLineEdit;
    app.title->setPlaceholderText(QStringLiteral("Title"));
    app.body = new QPlainTextEdit;
    app.body->setPlaceholderText(QStringLiteral("Body"));
    auto *validation = new QLabel;
    app.save = new QPushButton(QStringLiteral("Save"));
    layout->addWidget(app.title);
    layout->addWidget(app.body, 1);
    layout->addWidget(validation);
    layout->addWidget(app.save);
    app.editorBox->addWidget(app.pane);
    app.paneError = example::errorLine(nullptr, app.editor);
    app.banner->addWidget(app.paneError);
    must(mvvm_qt::bindText(app.title, app.editor, "draft-title"), "bindText(draft-title)");
    must(mvvm_qt::bindText(app.body, app.editor, "draft-body"), "bindText(draft-body)");
    must(mvvm_qt::bindEnabled(app.save, app.editor, "can-save"), "bindEnabled(can-save)");
    must(mvvm_qt::bindText(validation, app.editor, "validation-message"), "bindText(validation-message)");
    must(mvvm_qt::bindCommand(app.save, app.editor, "save"), "bindCommand(save)");
    /* The list reads the store again: the saved note shows (an update, or an insert). */
    must(mvvm_qt::onSignal(app.pane, app.editor, "did-save",
                           [] {
                               app.saves++;
                               mvvm_qt::invoke(app.list, "reload");
                           }),
         "onSignal(did-save)");
}

void deleteSelected() {
    const QModelIndex current = app.view->currentIndex();
    if (!current.isValid()) return;
    closeEditor();
    mvvm_value row;
    std::memset(&row, 0, sizeof row);
    row.kind = MVVM_VALUE_INT64;
    row.as.int64 = current.row();
    /* A refusal of the store comes back as the list's "error-message" (the banner). */
    if (mvvm_qt::invoke(app.list, "delete-row", &row, 1) != MVVM_OK) {
        std::fprintf(stderr, "delete-row: %s\n", qUtf8Printable(mvvm_qt::lastErrorMessage()));
    }
}

void build(const char *path) {
    if (notes_store_new(path, &app.store) != MVVM_OK || notes_note_list_new(app.store, &app.list) != MVVM_OK) {
        std::fprintf(stderr, "notes_window: %s\n", mvvm_last_error_message());
        std::exit(1);
    }
    app.window = new QWidget;
    app.window->setWindowTitle(QStringLiteral("mvvm: notes (Qt 6)"));
    app.window->resize(720, 420);
    must(mvvm_qt::ListModel::create(app.list, "rows", app.window, &app.model), "ListModel::create");
    auto *outer = new QVBoxLayout(app.window);
    app.banner = new QVBoxLayout;
    app.banner->addWidget(example::errorLine(app.window, app.list));
    auto *bar = new QHBoxLayout;
    app.query = new QLineEdit;
    app.query->setPlaceholderText(QStringLiteral("Search notes"));
    app.add = new QPushButton(QStringLiteral("New"));
    app.remove = new QPushButton(QStringLiteral("Delete"));
    bar->addWidget(app.query, 1);
    bar->addWidget(app.add);
    bar->addWidget(app.remove);
    app.view = new QListView;
    app.view->setModel(app.model);
    auto *editor = new QWidget;
    app.editorBox = new QVBoxLayout(editor);
    auto *splitter = new QSplitter;
    splitter->addWidget(app.view);
    splitter->addWidget(editor);
    splitter->setSizes({400, 320});
    outer->addLayout(app.banner);
    outer->addLayout(bar);
    outer->addWidget(splitter, 1);

    must(mvvm_qt::bindText(app.query, app.list, "query"), "bindText(query)");
    must(mvvm_qt::bindCurrentRow(app.view, app.list, "did-select-row"), "bindCurrentRow");
    must(mvvm_qt::onSignalInt64(app.window, app.list, "note-selected", [](int64_t id) { openEditor(id); }),
         "onSignalInt64(note-selected)");
    QObject::connect(app.add, &QPushButton::clicked, app.window, [] {
        app.view->clearSelection();
        app.view->setCurrentIndex(QModelIndex());
        openEditor(0);
    });
    QObject::connect(app.remove, &QPushButton::clicked, app.window, [] { deleteSelected(); });
    must(mvvm_qt::invoke(app.list, "on-appear"), "on-appear");
}

int rows() { return app.model->rowCount(); }
bool rowsAre(int n) { return rows() == n && example::rowsShown(app.view) == n; }
QString rowText(int row) { return app.model->index(row, 0).data(Qt::DisplayRole).toString(); }
bool canSave() { return app.save != nullptr && app.save->isEnabled(); }

/* Types into a line edit as the user does: everything selected, then the keys. */
void retype(QLineEdit *edit, const QString &text) {
    edit->setFocus();
    edit->selectAll();
    if (text.isEmpty()) {
        QTest::keyClick(edit, Qt::Key_Backspace);
    } else {
        QTest::keyClicks(edit, text);
    }
}

void clickRow(int row) {
    const QRect rect = app.view->visualRect(app.model->index(row, 0));
    QTest::mouseClick(app.view->viewport(), Qt::LeftButton, Qt::NoModifier, rect.center());
}

int drive(const char *png) {
    using example::waitUntil;
    const char *titles[] = {"Groceries", "Ideas for the talk", "Call the plumber"};
    WINDOW_CHECK(waitUntil([] { return rows() == 0; }), "a new notes file shows no rows");
    for (int i = 0; i < 3; i++) {
        QTest::mouseClick(app.add, Qt::LeftButton);
        retype(app.title, QString::fromUtf8(titles[i]));
        app.body->setFocus();
        QTest::keyClicks(app.body, QStringLiteral("written in the Qt window"));
        waitUntil(canSave, 2000);
        QTest::mouseClick(app.save, Qt::LeftButton);
        waitUntil([i] { return app.saves >= i + 1; }, 3000);
    }
    WINDOW_CHECK(waitUntil([] { return rowsAre(3); }), "three notes saved in the editor show as %d rows (%d on screen)", rows(),
                 example::rowsShown(app.view));

    retype(app.query, QStringLiteral("groc"));
    WINDOW_CHECK(waitUntil([] { return rowsAre(1); }), "the query \"groc\" leaves %d row", rows());
    QString first;
    example::rowsShown(app.view, &first);
    WINDOW_CHECK(first == QStringLiteral("Groceries"), "the row shown is \"%s\"", qUtf8Printable(first));
    retype(app.query, QString());
    WINDOW_CHECK(waitUntil([] { return rowsAre(3); }), "clearing the query shows %d rows again", rows());

    /* Select a row, edit its title, save. */
    const QString picked = rowText(0);
    clickRow(0);
    WINDOW_CHECK(waitUntil([&picked] { return app.title != nullptr && app.title->text() == picked; }),
                 "clicking the first row opens it in the editor (\"%s\")", app.title ? qUtf8Printable(app.title->text()) : "");
    if (app.title == nullptr) return example::checkFailures;
    WINDOW_CHECK(!canSave(), "Save is disabled while nothing is edited");
    retype(app.title, QStringLiteral("Another idea"));
    WINDOW_CHECK(waitUntil(canSave, 2000), "editing the title enables Save");
    const int before = app.saves;
    QTest::mouseClick(app.save, Qt::LeftButton);
    WINDOW_CHECK(waitUntil([before] { return app.saves == before + 1; }), "Save stored the edited note");
    auto shown = [] {
        for (int r = 0; r < rows(); r++)
            if (rowText(r) == QStringLiteral("Another idea")) return true;
        return false;
    };
    WINDOW_CHECK(waitUntil(shown), "the list shows the edited title");
    WINDOW_CHECK(waitUntil([&picked] {
                     for (int r = 0; r < rows(); r++)
                         if (rowText(r) == picked) return false;
                     return rows() == 3;
                 }),
                 "and no longer the old one (\"%s\"), still 3 rows", qUtf8Printable(picked));

    /* Delete one. */
    clickRow(0);
    const QString deleted = rowText(0);
    QTest::mouseClick(app.remove, Qt::LeftButton);
    WINDOW_CHECK(waitUntil([] { return rowsAre(2); }), "Delete leaves %d rows (%d on screen)", rows(), example::rowsShown(app.view));
    bool gone = true;
    for (int r = 0; r < rows(); r++) gone = gone && rowText(r) != deleted;
    WINDOW_CHECK(gone, "the deleted note (\"%s\") is not listed", qUtf8Printable(deleted));
    clickRow(0);
    waitUntil([] { return app.title != nullptr && !app.title->text().isEmpty(); }, 2000);
    example::pump(200);
    WINDOW_CHECK(example::savePng(app.window, png), "screenshot %s", png);
    return example::checkFailures;
}

} // namespace

int main(int argc, char **argv) {
    const bool test = argc == 4 && std::strcmp(argv[1], "--test") == 0;
    const char *path = test ? argv[2] : argc > 1 ? argv[1] : "";
    QApplication qapp(argc, argv);
    if (test) unlink(path);
    example::startMvvm(&qapp);
    build(path);
    app.window->show();
    int status = 0;
    if (test) {
        status = drive(argv[3]) == 0 ? 0 : 1;
        std::printf("notes window: %d checks, %d failed\n", example::checksRun, example::checkFailures);
    } else {
        status = qapp.exec();
    }
    closeEditor();
    delete app.window;
    mvvm_shutdown();
    return status;
}
