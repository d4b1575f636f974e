/*
 * model_test.cpp: mvvm_qt::ListModel's index arithmetic, and the adapter's checks, off screen.
 *
 *   1. 10,000 random change sets (a deterministic generator, seed 38): each is applied to a plain
 *      array (the truth, which the model's source serves) and to the model; then the model agrees
 *      with the array through its API (rowCount(), data() for every row and role), and a plain
 *      observer that replays the model's own signals (rowsInserted, rowsRemoved, rowsMoved,
 *      dataChanged, modelReset: lambdas, no moc) on a copy of the array as it was, reading the
 *      rows the signals announce through data() at that moment, ends with the same array. Every
 *      begin is followed by its end, rowCount() agrees with the observer at each step, and the
 *      model resets exactly as often as the set holds a reset edit. Malformed sets are reset.
 *   2. Against the seeds' library (libmvvm.so): a model over a SortedIntegers' "values" and a
 *      UserList's "rows" (roles from the record's fields), the loop on a QSocketNotifier, the
 *      bindings, and the adapter's refusals of bad input (statuses and messages).
 *
 * Ends with "model_test: N passed, M failed"; exit status 1 if any check failed.
 */
#include "mvvm_qt.h"
#include "mvvm_seeds.h"

#include <QAbstractButton>
#include <QApplication>
#include <QElapsedTimer>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QPushButton>
#include <QScrollBar>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

namespace {

int passed = 0, failed = 0;

#define CHECK(cond)                                                                                   \
    do {                                                                                              \
        if (cond) {                                                                                   \
            passed++;                                                                                 \
        } else {                                                                                      \
            failed++;                                                                                 \
            if (failed <= 20) std::fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                                             \
    } while (0)

/* One check per case instead of thousands: failures are still reported. */
#define EXPECT(cond, ...)                                                       \
    do {                                                                        \
        if (!(cond)) {                                                          \
            ok = false;                                                         \
            if (failed + messages < 20) {                                       \
                std::fprintf(stderr, "case %d: %s: ", caseNumber, #cond);       \
                std::fprintf(stderr, __VA_ARGS__);                              \
                std::fputc('\n', stderr);                                       \
                messages++;                                                     \
            }                                                                   \
        }                                                                       \
    } while (0)
int messages = 0;

/* SplitMix64: the same numbers everywhere (std's distributions differ between libraries). */
struct Random {
    uint64_t state;
    uint64_t next() {
        uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        return z ^ (z >> 31);
    }
    int64_t below(int64_t n) { return n <= 0 ? 0 : int64_t(next() % uint64_t(n)); }
};

struct Row {
    int64_t id;
    std::string name;
    std::string email;
    bool hasEmail;
};

/* The truth: a plain array, served to the model as mvvm_user records. */
struct ArraySource final : mvvm_qt::ListSource {
    std::vector<Row> *rows;
    explicit ArraySource(std::vector<Row> *r) : rows(r) {}
    mvvm_status count(int64_t *out) override {
        *out = int64_t(rows->size());
        return MVVM_OK;
    }
    mvvm_status item(int64_t index, mvvm_value *out) override {
        if (index < 0 || index >= int64_t(rows->size())) return MVVM_E_OUT_OF_RANGE;
        const Row &r = (*rows)[size_t(index)];
        std::memset(out, 0, sizeof *out);
        out->kind = MVVM_VALUE_USER;
        mvvm_user *user = MVVM_VALUE_RECORD(out, mvvm_user);
        user->id = r.id;
        user->name = r.name.c_str();
        user->email = r.hasEmail ? r.email.c_str() : nullptr;
        return MVVM_OK;
    }
};

/* What the observer knows of a row: the three roles as the model answered. */
struct Seen {
    QVariant id, name, email;
    bool operator==(const Seen &o) const { return id == o.id && name == o.name && email == o.email; }
};

Seen seenOf(const Row &r) {
    return Seen{QVariant(qlonglong(r.id)), QVariant(QString::fromStdString(r.name)),
                r.hasEmail ? QVariant(QString::fromStdString(r.email)) : QVariant()};
}

Seen read(const QAbstractItemModel *m, int row) {
    QModelIndex i = m->index(row, 0);
    return Seen{m->data(i, Qt::UserRole + 0), m->data(i, Qt::UserRole + 1), m->data(i, Qt::UserRole + 2)};
}

/* Replays the model's signals on its own array. */
struct Observer {
    const mvvm_qt::ListModel *model = nullptr;
    std::vector<Seen> rows;
    int open = 0;         /* begins without their end */
    bool consistent = true;
    int resets = 0;
    std::string trouble;

    void problem(const std::string &what) {
        if (consistent) trouble = what;
        consistent = false;
    }
    void checkCount(const char *when) {
        if (model->rowCount() != int(rows.size())) {
            problem(std::string(when) + ": rowCount() " + std::to_string(model->rowCount()) + ", observer " +
                    std::to_string(rows.size()));
        }
    }
    void attach(mvvm_qt::ListModel *m, QObject *context) {
        model = m;
        rows.clear();
        for (int r = 0; r < m->rowCount(); r++) rows.push_back(read(m, r));
        auto begin = [this](const char *what) {
            if (open != 0) problem(std::string(what) + " inside another change");
            open++;
            checkCount(what);
        };
        auto end = [this](const char *what) {
            if (open != 1) problem(std::string(what) + " without its begin");
            open = 0;
        };
        QObject::connect(m, &QAbstractItemModel::rowsAboutToBeInserted, context, [this, begin](const QModelIndex &, int first, int) {
            begin("rowsAboutToBeInserted");
            if (first < 0 || first > int(rows.size())) problem("insert position outside the rows");
        });
        QObject::connect(m, &QAbstractItemModel::rowsInserted, context, [this, end](const QModelIndex &, int first, int last) {
            end("rowsInserted");
            std::vector<Seen> added;
            for (int r = first; r <= last; r++) added.push_back(read(model, r));
            rows.insert(rows.begin() + first, added.begin(), added.end());
            checkCount("rowsInserted");
        });
        QObject::connect(m, &QAbstractItemModel::rowsAboutToBeRemoved, context, [this, begin](const QModelIndex &, int first, int last) {
            begin("rowsAboutToBeRemoved");
            if (first < 0 || last >= int(rows.size()) || last < first) problem("removed rows outside the rows");
        });
        QObject::connect(m, &QAbstractItemModel::rowsRemoved, context, [this, end](const QModelIndex &, int first, int last) {
            end("rowsRemoved");
            if (first >= 0 && last < int(rows.size()) && first <= last) rows.erase(rows.begin() + first, rows.begin() + last + 1);
            checkCount("rowsRemoved");
        });
        QObject::connect(m, &QAbstractItemModel::rowsAboutToBeMoved, context,
                         [begin](const QModelIndex &, int, int, const QModelIndex &, int) { begin("rowsAboutToBeMoved"); });
        QObject::connect(m, &QAbstractItemModel::rowsMoved, context,
                         [this, end](const QModelIndex &, int start, int last, const QModelIndex &, int destination) {
                             end("rowsMoved");
                             if (start < 0 || last >= int(rows.size()) || destination < 0 || destination > int(rows.size())) {
                                 problem("move outside the rows");
                                 return;
                             }
                             /* Qt: rows start..last go before row `destination` of the list before the move. */
                             std::vector<Seen> moved(rows.begin() + start, rows.begin() + last + 1);
                             rows.erase(rows.begin() + start, rows.begin() + last + 1);
                             int to = destination > last ? destination - (last - start + 1) : destination;
                             rows.insert(rows.begin() + to, moved.begin(), moved.end());
                             checkCount("rowsMoved");
                         });
        QObject::connect(m, &QAbstractItemModel::dataChanged, context,
                         [this](const QModelIndex &topLeft, const QModelIndex &bottomRight, const QList<int> &) {
                             if (open != 0) problem("dataChanged inside another change");
                             checkCount("dataChanged");
                             for (int r = topLeft.row(); r <= bottomRight.row(); r++) {
                                 if (r < 0 || r >= int(rows.size())) {
                                     problem("dataChanged outside the rows");
                                     return;
                                 }
                                 rows[size_t(r)] = read(model, r);
                             }
                         });
        QObject::connect(m, &QAbstractItemModel::modelAboutToBeReset, context, [begin] { begin("modelAboutToBeReset"); });
        QObject::connect(m, &QAbstractItemModel::modelReset, context, [this, end] {
            end("modelReset");
            resets++;
            rows.clear();
            for (int r = 0; r < model->rowCount(); r++) rows.push_back(read(model, r));
        });
    }
};

const char *kindName(int32_t kind) {
    switch (kind) {
    case MVVM_LIST_RESET: return "reset";
    case MVVM_LIST_INSERT: return "insert";
    case MVVM_LIST_REMOVE: return "remove";
    case MVVM_LIST_UPDATE: return "update";
    case MVVM_LIST_MOVE: return "move";
    default: return "?";
    }
}

void propertyTest(int cases) {
    Random random{38};
    int64_t nextId = 1;
    auto fresh = [&nextId, &random] {
        int64_t id = nextId++;
        Row r{id, "user " + std::to_string(id), "u" + std::to_string(id) + "@example.org", random.below(4) != 0};
        return r;
    };
    int good = 0;
    int withReset = 0, edits = 0;
    for (int caseNumber = 0; caseNumber < cases; caseNumber++) {
        bool ok = true;
        std::vector<Row> truth;
        const int64_t initial = random.below(10);
        for (int64_t i = 0; i < initial; i++) truth.push_back(fresh());

        QObject context;
        mvvm_qt::ListModel *model = nullptr;
        mvvm_status status = mvvm_qt::ListModel::createWithSource(std::make_unique<ArraySource>(&truth), MVVM_VALUE_USER,
                                                                  &context, &model);
        EXPECT(status == MVVM_OK, "createWithSource: %s", qUtf8Printable(mvvm_qt::lastErrorMessage()));
        if (status != MVVM_OK) {
            failed++;
            continue;
        }
        Observer observer;
        observer.attach(model, &context);

        /* The change set, applied to the truth as it is made. */
        std::vector<mvvm_list_change> set;
        const int64_t length = 1 + random.below(6);
        int resetsInSet = 0;
        for (int64_t e = 0; e < length; e++) {
            const int64_t size = int64_t(truth.size());
            int64_t pick = random.below(100);
            mvvm_list_change c{0, 0, 0};
            if (pick < 4) {
                c = {MVVM_LIST_RESET, 0, random.below(9)};
                truth.clear();
                for (int64_t i = 0; i < c.count; i++) truth.push_back(fresh());
                resetsInSet++;
            } else if (pick < 40 || size == 0) {
                c = {MVVM_LIST_INSERT, random.below(size + 1), random.below(4)};
                std::vector<Row> added;
                for (int64_t i = 0; i < c.count; i++) added.push_back(fresh());
                truth.insert(truth.begin() + c.start, added.begin(), added.end());
            } else if (pick < 65) {
                int64_t start = random.below(size);
                c = {MVVM_LIST_REMOVE, start, random.below(std::min<int64_t>(3, size - start) + 1)};
                truth.erase(truth.begin() + c.start, truth.begin() + c.start + c.count);
            } else if (pick < 85) {
                int64_t start = random.below(size);
                c = {MVVM_LIST_UPDATE, start, random.below(std::min<int64_t>(3, size - start) + 1)};
                for (int64_t r = c.start; r < c.start + c.count; r++) {
                    truth[size_t(r)].name = "renamed " + std::to_string(nextId++);
                    truth[size_t(r)].hasEmail = !truth[size_t(r)].hasEmail;
                }
            } else {
                c = {MVVM_LIST_MOVE, random.below(size), random.below(size)};
                Row moved = truth[size_t(c.start)];
                truth.erase(truth.begin() + c.start);
                truth.insert(truth.begin() + c.count, moved);
            }
            set.push_back(c);
        }
        edits += int(set.size());
        if (resetsInSet > 0) withReset++;

        status = model->applyChanges(set.data(), set.size());
        std::string described;
        for (const auto &c : set) {
            described += std::string(kindName(c.kind)) + "(" + std::to_string(c.start) + "," + std::to_string(c.count) + ") ";
        }
        EXPECT(status == MVVM_OK, "applyChanges: %s; set %s", qUtf8Printable(mvvm_qt::lastErrorMessage()), described.c_str());
        EXPECT(observer.consistent, "%s; set %s", observer.trouble.c_str(), described.c_str());
        EXPECT(observer.open == 0, "a begin without its end; set %s", described.c_str());
        EXPECT(model->rowCount() == int(truth.size()), "rowCount %d, array %zu; set %s", model->rowCount(), truth.size(),
               described.c_str());
        EXPECT(observer.rows.size() == truth.size(), "observer %zu rows, array %zu; set %s", observer.rows.size(), truth.size(),
               described.c_str());
        EXPECT(int(model->resetCount()) == resetsInSet && observer.resets == resetsInSet,
               "%d resets (observer %d) for %d reset edits; set %s", int(model->resetCount()), observer.resets, resetsInSet,
               described.c_str());
        for (size_t r = 0; r < truth.size() && ok; r++) {
            Seen want = seenOf(truth[r]);
            Seen got = read(model, int(r));
            EXPECT(got == want, "model row %zu is %s, array %s; set %s", r, qUtf8Printable(got.name.toString()),
                   truth[r].name.c_str(), described.c_str());
            EXPECT(model->data(model->index(int(r), 0), Qt::DisplayRole) == want.name, "DisplayRole of row %zu", r);
            if (r < observer.rows.size()) {
                EXPECT(observer.rows[r] == want, "observer row %zu is %s, array %s; set %s", r,
                       qUtf8Printable(observer.rows[r].name.toString()), truth[r].name.c_str(), described.c_str());
            }
        }
        if (ok) {
            good++;
        } else {
            failed++;
        }
    }
    passed += good;
    std::printf("model_test: %d random change sets (%d edits, %d with a reset edit): %d agree with the array, through the "
                "model's API and its signals\n",
                cases, edits, withReset, good);
}

/* Malformed sets: applied as one reset to the source's count, MVVM_E_STATE, reported. */
void malformedTest() {
    std::vector<Row> truth{{1, "a", "", false}, {2, "b", "", false}, {3, "c", "", false}};
    QObject context;
    mvvm_qt::ListModel *model = nullptr;
    CHECK(mvvm_qt::ListModel::createWithSource(std::make_unique<ArraySource>(&truth), MVVM_VALUE_USER, &context, &model) == MVVM_OK);
    int reported = 0;
    mvvm_qt::setErrorHandler([&reported](mvvm_status, const QString &) { reported++; });
    const mvvm_list_change bad[][1] = {{{MVVM_LIST_REMOVE, 2, 5}}, {{MVVM_LIST_INSERT, 9, 1}}, {{MVVM_LIST_MOVE, 0, 3}},
                                       {{42, 0, 0}},               {{MVVM_LIST_UPDATE, -1, 1}}, {{MVVM_LIST_INSERT, 0, 1}}};
    for (const auto &set : bad) {
        quint64 resets = model->resetCount();
        CHECK(model->applyChanges(set, 1) == MVVM_E_STATE);
        CHECK(model->resetCount() == resets + 1);
        CHECK(model->rowCount() == 3);
        CHECK(read(model, 2).name == QVariant(QStringLiteral("c")));
    }
    CHECK(reported == 6);
    CHECK(mvvm_qt::lastErrorMessage().contains(QStringLiteral("applied as a reset")));
    CHECK(model->applyChanges(nullptr, 2) == MVVM_E_INVALID_ARGUMENT);
    CHECK(model->applyChanges(nullptr, 0) == MVVM_OK);
    mvvm_qt::setErrorHandler(nullptr);
    /* Bad arguments of the factories. */
    CHECK(mvvm_qt::ListModel::createWithSource(nullptr, MVVM_VALUE_USER, nullptr, &model) == MVVM_E_INVALID_ARGUMENT);
    CHECK(mvvm_qt::ListModel::createWithSource(std::make_unique<ArraySource>(&truth), MVVM_VALUE_USER, nullptr, nullptr) ==
          MVVM_E_INVALID_ARGUMENT);
    CHECK(mvvm_qt::ListModel::createWithSource(std::make_unique<ArraySource>(&truth), 999, nullptr, &model) == MVVM_E_INVALID_ARGUMENT);
    CHECK(mvvm_qt::lastErrorMessage().contains(QStringLiteral("999")));
}

/* Runs the loop until `done` or 5 s. */
template <typename F> bool runUntil(F done, int ms = 5000) {
    QElapsedTimer timer;
    timer.start();
    while (!done() && timer.elapsed() < ms) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
    return done();
}

/* bindDisplayedRows over a real QListView: the first page fills a view shorter than a page, and
 * nothing more loads; scrolling to the end loads exactly the next page, which lands below the
 * rows on screen, so nothing more loads (rows that arrive are laid out by the view later: the
 * binding must not take "no row at the bottom edge yet" for "the rows end above it"). */
void viewPagingTest() {
    mvvm_sample_options options;
    mvvm_sample_options_init(&options);
    options.user_count = 100;
    options.page_size = 20;
    mvvm_object *repository = nullptr, *list = nullptr;
    CHECK(mvvm_repository_new_sample(&options, &repository) == MVVM_OK);
    CHECK(mvvm_user_list_new(repository, &list) == MVVM_OK);
    QListView view;
    mvvm_qt::ListModel *model = nullptr;
    CHECK(mvvm_qt::ListModel::create(list, "rows", &view, &model) == MVVM_OK);
    view.setModel(model);
    view.resize(200, 150);
    view.show();
    CHECK(mvvm_qt::bindDisplayedRows(&view, list, "did-display-row") == MVVM_OK);
    CHECK(mvvm_qt::invoke(list, "on-appear") == MVVM_OK);
    CHECK(runUntil([model] { return model->rowCount() == 20; }));
    const QModelIndex bottom = view.indexAt(QPoint(1, view.viewport()->height() - 1));
    CHECK(bottom.isValid() && bottom.row() < 17); /* the prefetch distance is 3 rows */
    CHECK(!runUntil([model] { return model->rowCount() != 20; }, 300));
    view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum());
    CHECK(runUntil([model] { return model->rowCount() == 40; }));
    CHECK(!runUntil([model] { return model->rowCount() != 40; }, 300));
    int64_t count = 0;
    CHECK(mvvm_user_list_get_count(list, &count) == MVVM_OK && count == 40);
    std::printf("model_test: bindDisplayedRows on a QListView: %d rows after one scroll to the end (pages of 20)\n",
                model->rowCount());
    delete model;
    CHECK(mvvm_object_destroy(list) == MVVM_OK);
    CHECK(mvvm_object_destroy(repository) == MVVM_OK);
}

void libraryTest() {
    CHECK(mvvm_init() == MVVM_OK);
    mvvm_qt::Loop *loop = nullptr;
    QObject root;
    CHECK(mvvm_qt::Loop::create(&root, nullptr) == MVVM_E_INVALID_ARGUMENT);
    CHECK(mvvm_qt::Loop::create(&root, &loop) == MVVM_OK);

    /* The host-thread rule: another thread is refused, by the library and by the adapter
     * (a parent on the host thread), with a message on that thread only. */
    {
        mvvm_status loopStatus = MVVM_OK, loopWithParent = MVVM_OK, modelStatus = MVVM_OK;
        QString message;
        mvvm_qt::Loop *other = nullptr;
        mvvm_qt::ListModel *otherModel = nullptr;
        std::thread worker([&] {
            loopStatus = mvvm_qt::Loop::create(nullptr, &other);
            message = mvvm_qt::lastErrorMessage();
            loopWithParent = mvvm_qt::Loop::create(&root, &other);
            modelStatus = mvvm_qt::ListModel::create(reinterpret_cast<mvvm_object *>(0x1234), "values", nullptr, &otherModel);
        });
        worker.join();
        CHECK(loopStatus == MVVM_E_WRONG_THREAD && loopWithParent == MVVM_E_WRONG_THREAD && modelStatus == MVVM_E_WRONG_THREAD);
        CHECK(other == nullptr && otherModel == nullptr);
        CHECK(message.contains(QStringLiteral("mvvm_get_fd")));
        CHECK(mvvm_qt::lastErrorMessage().isEmpty()); /* the host thread's last call succeeded */
    }

    /* SortedIntegers: a list of plain int64 values. */
    const int64_t initial[] = {30, 10, 20};
    mvvm_object *sorted = nullptr;
    CHECK(mvvm_sorted_integers_new(initial, 3, 7, &sorted) == MVVM_OK);
    mvvm_qt::ListModel *values = nullptr;
    CHECK(mvvm_qt::ListModel::create(sorted, "values", &root, &values) == MVVM_OK);
    CHECK(values != nullptr && values->rowCount() == 3);
    CHECK(values->fieldNames() == QStringList{QStringLiteral("value")});
    CHECK(values->changeSignal() == QStringLiteral("rows-changed"));
    CHECK(values->countProperty() == QStringLiteral("count"));
    CHECK(values->data(values->index(0), Qt::DisplayRole) == QVariant(qlonglong(10)));
    Observer observer;
    observer.attach(values, &root);
    int64_t at = -1;
    CHECK(mvvm_sorted_integers_add(sorted, 15, &at) == MVVM_OK && at == 1);
    CHECK(mvvm_qt::invoke(sorted, "remove-at", int64_t(0)) == MVVM_OK);
    for (int i = 0; i < 40; i++) CHECK(mvvm_sorted_integers_add_new_integer(sorted) == MVVM_OK);
    CHECK(mvvm_sorted_integers_remove_at(sorted, 5) == MVVM_OK);
    int64_t count = 0;
    CHECK(mvvm_sorted_integers_get_count(sorted, &count) == MVVM_OK && values->rowCount() == int(count));
    bool same = observer.consistent && int(observer.rows.size()) == values->rowCount();
    for (int64_t i = 0; i < count && same; i++) {
        int64_t v = 0;
        same = mvvm_sorted_integers_get_value(sorted, i, &v) == MVVM_OK &&
               values->data(values->index(int(i)), Qt::UserRole) == QVariant(qlonglong(v)) &&
               observer.rows[size_t(i)].id == QVariant(qlonglong(v));
    }
    CHECK(same);
    CHECK(values->resetCount() == 0); /* one-row changes are never resets */
    std::printf("model_test: SortedIntegers' \"values\": %d rows after 43 single-row edits, no reset, the observer agrees\n",
                values->rowCount());

    /* The adapter's refusals. */
    mvvm_qt::ListModel *bad = nullptr;
    CHECK(mvvm_qt::ListModel::create(nullptr, "values", nullptr, &bad) == MVVM_E_INVALID_ARGUMENT);
    CHECK(mvvm_qt::ListModel::create(sorted, nullptr, nullptr, &bad) == MVVM_E_INVALID_ARGUMENT);
    CHECK(mvvm_qt::ListModel::create(sorted, "values", nullptr, nullptr) == MVVM_E_INVALID_ARGUMENT);
    CHECK(mvvm_qt::ListModel::create(sorted, "nope", nullptr, &bad) == MVVM_E_UNKNOWN_NAME);
    CHECK(mvvm_qt::lastErrorMessage().contains(QStringLiteral("nope")));
    CHECK(mvvm_qt::ListModel::create(sorted, "count", nullptr, &bad) == MVVM_E_INVALID_ARGUMENT);
    CHECK(mvvm_qt::lastErrorMessage().contains(QStringLiteral("not a list")));
    CHECK(mvvm_qt::ListModel::create(reinterpret_cast<mvvm_object *>(0x1234), "values", nullptr, &bad) == MVVM_E_INVALID_HANDLE);
    CHECK(bad == nullptr);
    CHECK(mvvm_qt::invoke(sorted, "count") == MVVM_E_INVALID_ARGUMENT);
    CHECK(mvvm_qt::invoke(sorted, "remove-at", int64_t(999)) == MVVM_E_OUT_OF_RANGE);
    CHECK(mvvm_qt::invoke(sorted, "remove-at", nullptr, 1) == MVVM_E_INVALID_ARGUMENT);

    /* A user list over the sample repository: roles from the record. */
    mvvm_sample_options options;
    mvvm_sample_options_init(&options);
    options.user_count = 45;
    options.latency_ms = 5;
    mvvm_object *repository = nullptr, *list = nullptr;
    CHECK(mvvm_repository_new_sample(&options, &repository) == MVVM_OK);
    CHECK(mvvm_user_list_new(repository, &list) == MVVM_OK);
    mvvm_qt::ListModel *users = nullptr;
    CHECK(mvvm_qt::ListModel::create(list, "rows", &root, &users) == MVVM_OK);
    CHECK(users->fieldNames() == (QStringList{QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("email")}));
    CHECK(users->roleNames().value(Qt::UserRole + 1) == QByteArrayLiteral("name"));
    CHECK(users->roleForField(QStringLiteral("email")) == Qt::UserRole + 2);
    QLabel loading;
    CHECK(mvvm_qt::bindText(&loading, list, "loading") == MVVM_OK);
    CHECK(loading.text() == QStringLiteral("none")); /* the enum's case name */
    CHECK(mvvm_qt::invoke(list, "on-appear") == MVVM_OK);
    CHECK(runUntil([users] { return users->rowCount() == 20; }));
    CHECK(loop->dispatchCount() > 0);
    mvvm_user first;
    CHECK(mvvm_user_list_get_row(list, 0, &first) == MVVM_OK);
    const QString firstName = QString::fromUtf8(first.name); /* borrowed until the list's next change */
    CHECK(users->data(users->index(0), Qt::DisplayRole) == QVariant(firstName));
    CHECK(users->data(users->index(0), Qt::UserRole) == QVariant(qlonglong(first.id)));
    const quint64 firstPageResets = users->resetCount(); /* the first page replaces the empty list */
    CHECK(mvvm_qt::invoke(list, "did-display-row", int64_t(19)) == MVVM_OK);
    CHECK(runUntil([users] { return users->rowCount() == 40; }));
    CHECK(users->resetCount() == firstPageResets); /* the next page is an insert */

    /* Bindings: refusals, and a two-way text binding against UserDetail. */
    QLineEdit edit;
    QPushButton button;
    CHECK(mvvm_qt::bindText(static_cast<QLineEdit *>(nullptr), list, "error-message") == MVVM_E_INVALID_ARGUMENT);
    CHECK(mvvm_qt::bindText(&edit, list, "error-message") == MVVM_E_STATE); /* read-only */
    CHECK(mvvm_qt::bindText(&edit, list, "count") == MVVM_E_INVALID_ARGUMENT); /* not a string */
    CHECK(mvvm_qt::bindText(&edit, list, "refresh") == MVVM_E_INVALID_ARGUMENT); /* not a property */
    CHECK(mvvm_qt::bindCommand(&button, list, "did-select-row") == MVVM_E_INVALID_ARGUMENT); /* takes an argument */
    CHECK(mvvm_qt::bindCommand(&button, list, "missing") == MVVM_E_UNKNOWN_NAME);
    CHECK(mvvm_qt::bindEnabled(&button, list, "count") == MVVM_OK); /* a number: non-zero */
    CHECK(button.isEnabled());
    CHECK(mvvm_qt::bindEnabled(&button, nullptr, "count") == MVVM_E_INVALID_ARGUMENT);
    CHECK(mvvm_qt::onSignalInt64(&root, list, "rows-changed", [](int64_t) {}) == MVVM_E_WRONG_TYPE);
    CHECK(mvvm_qt::onSignal(&root, list, "count", [] {}) == MVVM_E_INVALID_ARGUMENT);

    mvvm_object *detail = nullptr;
    CHECK(mvvm_user_detail_new(repository, first.id, &detail) == MVVM_OK);
    QLineEdit name;
    QPushButton save;
    QLabel user;
    mvvm_qt::Binding *nameBinding = nullptr;
    CHECK(mvvm_qt::bindText(&name, detail, "draft-name", &nameBinding) == MVVM_OK);
    CHECK(mvvm_qt::bindEnabled(&save, detail, "can-save") == MVVM_OK);
    CHECK(mvvm_qt::bindCommand(&save, detail, "save") == MVVM_OK);
    CHECK(mvvm_qt::bindText(&user, detail, "user") == MVVM_OK);
    CHECK(!save.isEnabled());
    CHECK(mvvm_qt::invoke(detail, "on-appear") == MVVM_OK);
    CHECK(runUntil([&name] { return !name.text().isEmpty(); }));
    CHECK(name.text() == firstName);
    name.setCursorPosition(2);
    name.insert(QStringLiteral("XY")); /* as typed: textEdited */
    const char *draft = nullptr;
    CHECK(mvvm_user_detail_get_draft_name(detail, &draft) == MVVM_OK && QString::fromUtf8(draft) == name.text());
    CHECK(name.cursorPosition() == 4); /* not rewritten by its own notification */
    CHECK(save.isEnabled());
    CHECK(mvvm_user_detail_set_draft_name(detail, "From the library") == MVVM_OK);
    CHECK(name.text() == QStringLiteral("From the library"));
    int saved = 0;
    CHECK(mvvm_qt::onSignal(&root, detail, "did-save", [&saved] { saved++; }) == MVVM_OK);
    save.click();
    CHECK(runUntil([&saved] { return saved == 1; }));
    CHECK(user.text() == QStringLiteral("From the library"));

    /* The object goes first: the model empties, the bindings go quiet, nothing crashes. */
    CHECK(nameBinding->isLive());
    CHECK(mvvm_object_destroy(detail) == MVVM_OK);
    CHECK(!nameBinding->isLive());
    name.insert(QStringLiteral("after")); /* no call on the dead handle */
    save.click();
    CHECK(mvvm_object_destroy(sorted) == MVVM_OK);
    CHECK(values->rowCount() == 0 && values->object() == nullptr);
    CHECK(values->reload() == MVVM_E_STATE);
    delete values;
    viewPagingTest();
    CHECK(mvvm_shutdown() == MVVM_OK);
    CHECK(users->rowCount() == 0);
    delete users;
    std::printf("model_test: the seeds' library: UserList rows with roles id/name/email, paging, bindings, refusals\n");
}

} // namespace

int main(int argc, char **argv) {
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    propertyTest(10000);
    malformedTest();
    libraryTest();
    std::printf("model_test: %d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
