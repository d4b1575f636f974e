/* list_model.cpp: a QAbstractListModel over any list, driven by its change sets. */
#include "internal.h"

#include <QThread>

#include <climits>
#include <cstring>

namespace mvvm_qt {

using detail::fail;
using detail::failFromLibrary;
using detail::Link;

namespace {

/* An object's list member, read through the generic entry points. */
class ObjectListSource final : public ListSource {
public:
    ObjectListSource(mvvm_object *object, uint32_t member) : object_(object), member_(member) {}
    mvvm_status count(int64_t *out_count) override { return mvvm_object_count(object_, member_, out_count); }
    mvvm_status item(int64_t index, mvvm_value *out_item) override {
        return mvvm_object_get_item(object_, member_, index, out_item);
    }

private:
    mvvm_object *object_;
    uint32_t member_;
};

/* A count as a number of Qt rows (ints). */
size_t rowsOf(int64_t count) { return size_t(count < 0 ? 0 : count > INT_MAX ? INT_MAX : count); }

const char *const changeSignature = "void (*)(mvvm_object *, const mvvm_list_change *, size_t, void *)";

/* One edit checked against the list's length before it; false for a malformed one. */
bool editFits(const mvvm_list_change &c, int64_t size) {
    switch (c.kind) {
    case MVVM_LIST_RESET: return c.start == 0 && c.count >= 0 && c.count <= INT_MAX;
    case MVVM_LIST_INSERT: return c.start >= 0 && c.start <= size && c.count >= 0 && size + c.count <= INT_MAX;
    case MVVM_LIST_REMOVE:
    case MVVM_LIST_UPDATE: return c.start >= 0 && c.count >= 0 && c.start <= size && c.count <= size - c.start;
    case MVVM_LIST_MOVE: return c.start >= 0 && c.start < size && c.count >= 0 && c.count < size;
    default: return false;
    }
}

} // namespace

ListModel::ListModel(QObject *parent) : QAbstractListModel(parent) {}

ListModel::~ListModel() {
    if (link_ != nullptr) {
        link_->owner = nullptr; /* the destroy notifier frees it */
        mvvm_signal_disconnect(connection_);
    }
}

mvvm_status ListModel::create(mvvm_object *object, const char *list, QObject *parent, ListModel **out_model) {
    const char *fn = "ListModel::create";
    if (out_model == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: out_model is NULL").arg(fn));
    if (list == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the list name is NULL").arg(fn));
    if (parent != nullptr && parent->thread() != QThread::currentThread()) {
        return fail(MVVM_E_WRONG_THREAD, QStringLiteral("%1: called on another thread than its parent's").arg(fn));
    }
    detail::Member m;
    mvvm_status status = detail::findMember(fn, object, list, &m);
    if (status != MVVM_OK) return status;
    const QString typeName = QString::fromUtf8(m.info->name);
    if (m.member->kind != MVVM_MEMBER_LIST) {
        return fail(MVVM_E_INVALID_ARGUMENT,
                    QStringLiteral("%1: \"%2\" of %3 is not a list").arg(fn, QString::fromUtf8(list), typeName));
    }
    /* The change signal, checked to have a change set's signature before anything is made. */
    detail::Member signal;
    if (m.shape->related != nullptr) {
        status = detail::findSignal(fn, object, m.shape->related, &signal);
        if (status != MVVM_OK) return status;
        if (std::strcmp(signal.member->c_signature, changeSignature) != 0) {
            return fail(MVVM_E_WRONG_TYPE, QStringLiteral("%1: the change signal \"%2\" of %3 has the signature %4, not %5")
                                               .arg(fn, QString::fromUtf8(m.shape->related), typeName,
                                                    QString::fromUtf8(signal.member->c_signature),
                                                    QString::fromUtf8(changeSignature)));
        }
    }
    std::unique_ptr<ListModel> model(new ListModel(parent));
    model->source_ = std::make_unique<ObjectListSource>(object, m.id);
    model->object_ = object;
    model->member_ = m.id;
    model->countProperty_ = m.shape->count != nullptr ? QString::fromUtf8(m.shape->count) : QString();
    status = model->setUp(m.shape->value_kind);
    if (status != MVVM_OK) {
        model->setParent(nullptr);
        return status;
    }
    int64_t count = 0;
    status = model->source_->count(&count);
    if (status != MVVM_OK) return failFromLibrary(status, QStringLiteral("%1: mvvm_object_count").arg(fn));
    if (m.shape->related != nullptr) {
        auto *link = new Link{model.get()};
        uint64_t id = 0;
        status = mvvm_signal_connect(object, m.shape->related, MVVM_CALLBACK(&ListModel::onChanges), link,
                                     &ListModel::onDisconnected, &id);
        if (status != MVVM_OK) {
            delete link; /* not connected: the notifier is not called */
            return failFromLibrary(status, QStringLiteral("%1: mvvm_signal_connect(\"%2\")")
                                               .arg(fn, QString::fromUtf8(m.shape->related)));
        }
        model->link_ = link;
        model->connection_ = id;
        model->changeSignal_ = QString::fromUtf8(m.shape->related);
    }
    model->slots_.assign(rowsOf(count), Slot{0, std::nullopt});
    *out_model = model.release();
    return detail::succeed();
}

mvvm_status ListModel::createWithSource(std::unique_ptr<ListSource> source, int32_t item_kind, QObject *parent,
                                        ListModel **out_model) {
    const char *fn = "ListModel::createWithSource";
    if (out_model == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: out_model is NULL").arg(fn));
    if (!source) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the source is NULL").arg(fn));
    if (parent != nullptr && parent->thread() != QThread::currentThread()) {
        return fail(MVVM_E_WRONG_THREAD, QStringLiteral("%1: called on another thread than its parent's").arg(fn));
    }
    std::unique_ptr<ListModel> model(new ListModel(parent));
    model->source_ = std::move(source);
    mvvm_status status = model->setUp(item_kind);
    if (status != MVVM_OK) {
        model->setParent(nullptr);
        return status;
    }
    int64_t count = 0;
    status = model->source_->count(&count);
    if (status != MVVM_OK) {
        model->setParent(nullptr);
        return fail(status, QStringLiteral("%1: the source's count failed").arg(fn));
    }
    model->slots_.assign(rowsOf(count), Slot{0, std::nullopt});
    *out_model = model.release();
    return detail::succeed();
}

mvvm_status ListModel::setUp(int32_t item_kind) {
    if (detail::isPlainKind(item_kind)) {
        plain_ = true;
        fields_.push_back(Field{QByteArrayLiteral("value"), item_kind, 0, item_kind == MVVM_VALUE_STRING});
        displayField_ = 0;
        return MVVM_OK;
    }
    const mvvm_record_info *info = nullptr;
    mvvm_status status = mvvm_record_describe(item_kind, &info);
    if (status != MVVM_OK) {
        return failFromLibrary(MVVM_E_INVALID_ARGUMENT,
                               QStringLiteral("ListModel: items of kind %1 are neither a record nor a plain value")
                                   .arg(item_kind));
    }
    for (size_t i = 0; i < info->field_count; i++) {
        const mvvm_record_field &f = info->fields[i];
        fields_.push_back(Field{QByteArray(f.name), int32_t(f.kind), f.offset, (f.flags & MVVM_MEMBER_NULLABLE) != 0});
        if (displayField_ < 0 && f.kind == MVVM_VALUE_STRING) displayField_ = int(i);
    }
    return MVVM_OK;
}

int ListModel::roleForField(const QString &name) const {
    for (int i = 0; i < fields_.size(); i++) {
        if (QString::fromUtf8(fields_[i].name) == name) return Qt::UserRole + i;
    }
    return -1;
}

QStringList ListModel::fieldNames() const {
    QStringList names;
    for (const Field &f : fields_) names << QString::fromUtf8(f.name);
    return names;
}

int ListModel::rowCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : int(slots_.size()); }

QHash<int, QByteArray> ListModel::roleNames() const {
    QHash<int, QByteArray> names = QAbstractListModel::roleNames();
    for (int i = 0; i < fields_.size(); i++) names.insert(Qt::UserRole + i, fields_[i].name);
    return names;
}

const QVector<QVariant> *ListModel::rowValues(int row) const {
    if (row < 0 || size_t(row) >= slots_.size() || !source_) return nullptr;
    Slot &slot = slots_[size_t(row)];
    if (slot.values) return &*slot.values;
    /* Settled, the model's row is the list's row; during a change set, the row is read at the
     * index it has at the set's end (the list is already there), unless a later edit removes it. */
    int64_t index = row;
    if (replaying_) {
        auto it = finalIndex_.constFind(slot.id);
        if (it == finalIndex_.constEnd()) return nullptr;
        index = it.value();
    }
    mvvm_value value;
    std::memset(&value, 0, sizeof value);
    if (source_->item(index, &value) != MVVM_OK) return nullptr; /* not cached: read again later */
    QVector<QVariant> values;
    values.reserve(fields_.size());
    if (plain_) {
        values.push_back(detail::plainValue(value));
    } else {
        for (const Field &f : fields_) {
            values.push_back(value.kind == MVVM_VALUE_NONE ? QVariant()
                                                           : detail::recordField(value.as.record, f.kind, f.offset));
        }
    }
    slot.values = std::move(values);
    return &*slot.values;
}

QVariant ListModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid() || index.column() != 0 || index.parent().isValid()) return QVariant();
    int field = role == Qt::DisplayRole ? displayField_ : role - Qt::UserRole;
    if (field < 0 || field >= fields_.size()) return QVariant();
    const QVector<QVariant> *values = rowValues(index.row());
    if (values == nullptr) return QVariant();
    return values->at(field);
}

void ListModel::resetTo(int64_t count) {
    beginResetModel();
    slots_.assign(rowsOf(count), Slot{0, std::nullopt});
    endResetModel();
    resets_++;
}

mvvm_status ListModel::reload() {
    if (!source_) return fail(MVVM_E_STATE, QStringLiteral("ListModel::reload: the list's object is gone"));
    int64_t count = 0;
    mvvm_status status = source_->count(&count);
    if (status != MVVM_OK) return failFromLibrary(status, QStringLiteral("ListModel::reload: the count"));
    resetTo(count);
    return detail::succeed();
}

mvvm_status ListModel::applyChanges(const mvvm_list_change *changes, size_t count) {
    const char *fn = "ListModel::applyChanges";
    if (changes == nullptr && count > 0) {
        return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: changes is NULL with a count of %2").arg(fn).arg(count));
    }
    if (replaying_) return fail(MVVM_E_STATE, QStringLiteral("%1: called while a change set is being applied").arg(fn));
    if (!source_) return fail(MVVM_E_STATE, QStringLiteral("%1: the list's object is gone").arg(fn));
    int64_t listCount = 0;
    mvvm_status status = source_->count(&listCount);
    if (status != MVVM_OK) return failFromLibrary(status, QStringLiteral("%1: the list's count").arg(fn));

    /* Pass 1: the set applied to the slots' identities alone, to learn the final index of every
     * slot that survives it and to check that the set fits. Slots are numbered 0..n-1 now;
     * inserted ones n, n+1, ... in the order the set inserts them (pass 2 numbers alike). */
    const int64_t before = int64_t(slots_.size());
    std::vector<int64_t> ids(static_cast<size_t>(before));
    for (int64_t i = 0; i < before; i++) ids[size_t(i)] = i;
    int64_t next = before;
    bool fits = true;
    for (size_t e = 0; e < count && fits; e++) {
        const mvvm_list_change &c = changes[e];
        if (!editFits(c, int64_t(ids.size()))) {
            fits = false;
            break;
        }
        switch (c.kind) {
        case MVVM_LIST_RESET:
            ids.resize(size_t(c.count));
            for (auto &id : ids) id = next++;
            break;
        case MVVM_LIST_INSERT: {
            std::vector<int64_t> added(size_t(c.count));
            for (auto &id : added) id = next++;
            ids.insert(ids.begin() + c.start, added.begin(), added.end());
            break;
        }
        case MVVM_LIST_REMOVE: ids.erase(ids.begin() + c.start, ids.begin() + c.start + c.count); break;
        case MVVM_LIST_UPDATE: break;
        case MVVM_LIST_MOVE: {
            int64_t id = ids[size_t(c.start)];
            ids.erase(ids.begin() + c.start);
            ids.insert(ids.begin() + c.count, id);
            break;
        }
        }
    }
    if (!fits || int64_t(ids.size()) != listCount) {
        QString why = !fits ? QStringLiteral("an edit does not fit the list") : QStringLiteral("the set leaves %1 rows, the list has %2")
                                                                               .arg(ids.size())
                                                                               .arg(listCount);
        resetTo(listCount);
        QString message = QStringLiteral("%1: %2; applied as a reset to %3 rows").arg(fn, why).arg(listCount);
        detail::report(MVVM_E_STATE, message);
        return fail(MVVM_E_STATE, message);
    }
    finalIndex_.clear();
    finalIndex_.reserve(int(ids.size()));
    for (size_t f = 0; f < ids.size(); f++) finalIndex_.insert(ids[f], int64_t(f));

    /* Pass 2: each edit as its own Qt notification, on the slots. */
    for (int64_t i = 0; i < before; i++) slots_[size_t(i)].id = i;
    next = before;
    replaying_ = true;
    const QModelIndex root;
    for (size_t e = 0; e < count; e++) {
        const mvvm_list_change &c = changes[e];
        const int first = int(c.start);
        switch (c.kind) {
        case MVVM_LIST_RESET: {
            beginResetModel();
            slots_.assign(size_t(c.count), Slot{0, std::nullopt});
            for (auto &slot : slots_) slot.id = next++;
            endResetModel();
            resets_++;
            break;
        }
        case MVVM_LIST_INSERT: {
            if (c.count == 0) break;
            beginInsertRows(root, first, first + int(c.count) - 1);
            std::vector<Slot> added(size_t(c.count));
            for (auto &slot : added) slot.id = next++;
            slots_.insert(slots_.begin() + c.start, std::make_move_iterator(added.begin()),
                          std::make_move_iterator(added.end()));
            endInsertRows();
            break;
        }
        case MVVM_LIST_REMOVE: {
            if (c.count == 0) break;
            beginRemoveRows(root, first, first + int(c.count) - 1);
            slots_.erase(slots_.begin() + c.start, slots_.begin() + c.start + c.count);
            endRemoveRows();
            break;
        }
        case MVVM_LIST_UPDATE: {
            if (c.count == 0) break;
            for (int64_t r = c.start; r < c.start + c.count; r++) slots_[size_t(r)].values.reset();
            emit dataChanged(index(first), index(first + int(c.count) - 1));
            break;
        }
        case MVVM_LIST_MOVE: {
            const int to = int(c.count);
            if (to == first) break;
            /* Qt's destination is the row before which it goes, counted before the move. */
            beginMoveRows(root, first, first, root, to > first ? to + 1 : to);
            Slot moved = std::move(slots_[size_t(first)]);
            slots_.erase(slots_.begin() + first);
            slots_.insert(slots_.begin() + to, std::move(moved));
            endMoveRows();
            break;
        }
        }
    }
    replaying_ = false;
    finalIndex_.clear();
    if (gone_) {
        gone_ = false;
        detach();
    }
    return detail::succeed();
}

void ListModel::onChanges(mvvm_object *object, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)object;
    auto *link = static_cast<Link *>(user_data);
    if (link == nullptr || link->owner == nullptr) return;
    auto *model = static_cast<ListModel *>(link->owner);
    /* A set that does not fit was reset and reported by applyChanges(). */
    model->applyChanges(changes, count);
}

void ListModel::onDisconnected(void *user_data) {
    auto *link = static_cast<Link *>(user_data);
    if (link == nullptr) return;
    if (link->owner != nullptr) static_cast<ListModel *>(link->owner)->detach();
    delete link;
}

void ListModel::detach() {
    /* The object is gone (destroyed, or the runtime shut down): no rows, and no more calls. */
    link_ = nullptr;
    connection_ = 0;
    object_ = nullptr;
    member_ = 0;
    if (replaying_) {
        /* Destroyed by a slot of one of this set's notifications: the reset follows the set. */
        gone_ = true;
        return;
    }
    source_.reset();
    beginResetModel();
    slots_.clear();
    endResetModel();
    resets_++;
}

} // namespace mvvm_qt
