/* introspection.cpp: members found by name, and mvvm values as Qt values. */
#include "internal.h"

#include <cstring>

namespace mvvm_qt {
namespace detail {

mvvm_status findMember(const char *function, mvvm_object *object, const char *name, Member *out) {
    if (object == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the object is NULL").arg(function));
    if (name == nullptr) return fail(MVVM_E_INVALID_ARGUMENT, QStringLiteral("%1: the member name is NULL").arg(function));
    Member found;
    mvvm_status status = mvvm_object_get_type(object, &found.type);
    if (status != MVVM_OK) return failFromLibrary(status, QStringLiteral("%1: mvvm_object_get_type").arg(function));
    status = mvvm_type_describe(found.type, &found.info);
    if (status != MVVM_OK) return failFromLibrary(status, QStringLiteral("%1: mvvm_type_describe").arg(function));
    if (found.info->shapes == nullptr) {
        return fail(MVVM_E_STATE, QStringLiteral("%1: the library describes no member shapes (mvvm 0.2 or later needed)")
                                      .arg(function));
    }
    status = mvvm_member_find(found.type, name, &found.id);
    if (status != MVVM_OK) {
        return failFromLibrary(status, QStringLiteral("%1: type %2 has no member \"%3\"")
                                           .arg(function, QString::fromUtf8(found.info->name), QString::fromUtf8(name)));
    }
    if (found.id >= found.info->member_count) {
        return fail(MVVM_E_STATE, QStringLiteral("%1: member id %2 outside the type's description").arg(function).arg(found.id));
    }
    found.member = &found.info->members[found.id];
    found.shape = &found.info->shapes[found.id];
    *out = found;
    return MVVM_OK;
}

mvvm_status findSignal(const char *function, mvvm_object *object, const char *name, Member *out) {
    Member found;
    mvvm_status status = findMember(function, object, name, &found);
    if (status != MVVM_OK) return status;
    if (found.member->kind != MVVM_MEMBER_SIGNAL) {
        return fail(MVVM_E_INVALID_ARGUMENT,
                    QStringLiteral("%1: \"%2\" of %3 is not a signal").arg(function, QString::fromUtf8(name),
                                                                          QString::fromUtf8(found.info->name)));
    }
    *out = found;
    return MVVM_OK;
}

bool isPlainKind(int32_t kind) {
    switch (kind) {
    case MVVM_VALUE_BOOL:
    case MVVM_VALUE_INT32:
    case MVVM_VALUE_INT64:
    case MVVM_VALUE_UINT64:
    case MVVM_VALUE_DOUBLE:
    case MVVM_VALUE_STRING: return true;
    default: return false;
    }
}

QVariant plainValue(const mvvm_value &value) {
    switch (value.kind) {
    case MVVM_VALUE_BOOL: return QVariant(value.as.boolean != 0);
    case MVVM_VALUE_INT32: return QVariant(int(value.as.int32));
    case MVVM_VALUE_INT64: return QVariant(qlonglong(value.as.int64));
    case MVVM_VALUE_UINT64: return QVariant(qulonglong(value.as.uint64));
    case MVVM_VALUE_DOUBLE: return QVariant(value.as.real);
    case MVVM_VALUE_STRING: return value.as.string != nullptr ? QVariant(QString::fromUtf8(value.as.string)) : QVariant();
    default: return QVariant();
    }
}

QVariant recordField(const unsigned char *record, int32_t kind, size_t offset) {
    switch (kind) {
    case MVVM_VALUE_BOOL:
    case MVVM_VALUE_INT32: {
        int32_t v;
        std::memcpy(&v, record + offset, sizeof v);
        return kind == MVVM_VALUE_BOOL ? QVariant(v != 0) : QVariant(int(v));
    }
    case MVVM_VALUE_INT64: {
        int64_t v;
        std::memcpy(&v, record + offset, sizeof v);
        return QVariant(qlonglong(v));
    }
    case MVVM_VALUE_UINT64: {
        uint64_t v;
        std::memcpy(&v, record + offset, sizeof v);
        return QVariant(qulonglong(v));
    }
    case MVVM_VALUE_DOUBLE: {
        double v;
        std::memcpy(&v, record + offset, sizeof v);
        return QVariant(v);
    }
    case MVVM_VALUE_STRING: {
        const char *v;
        std::memcpy(&v, record + offset, sizeof v);
        return v != nullptr ? QVariant(QString::fromUtf8(v)) : QVariant();
    }
    default: return QVariant();
    }
}

QString displayText(const mvvm_value &value, const char *enum_name) {
    switch (value.kind) {
    case MVVM_VALUE_NONE: return QString();
    case MVVM_VALUE_BOOL: return value.as.boolean ? QStringLiteral("true") : QStringLiteral("false");
    case MVVM_VALUE_INT32: {
        const mvvm_enum_info *info = nullptr;
        if (enum_name != nullptr && mvvm_enum_describe(enum_name, &info) == MVVM_OK) {
            for (size_t i = 0; i < info->case_count; i++) {
                if (info->cases[i].value == value.as.int32) return QString::fromUtf8(info->cases[i].name);
            }
        }
        return QString::number(value.as.int32);
    }
    case MVVM_VALUE_INT64: return QString::number(value.as.int64);
    case MVVM_VALUE_UINT64: return QString::number(value.as.uint64);
    case MVVM_VALUE_DOUBLE: return QString::number(value.as.real);
    case MVVM_VALUE_STRING: return QString::fromUtf8(value.as.string);
    default: {
        /* A record: its name, or its first string field. */
        const mvvm_record_info *info = nullptr;
        if (mvvm_record_describe(value.kind, &info) != MVVM_OK) return QString();
        for (size_t i = 0; i < info->field_count; i++) {
            if (info->fields[i].kind == MVVM_VALUE_STRING) {
                return recordField(value.as.record, MVVM_VALUE_STRING, info->fields[i].offset).toString();
            }
        }
        return QString::fromUtf8(info->name);
    }
    }
}

bool truthValue(const mvvm_value &value) {
    switch (value.kind) {
    case MVVM_VALUE_NONE: return false;
    case MVVM_VALUE_BOOL:
    case MVVM_VALUE_INT32: return value.as.int32 != 0;
    case MVVM_VALUE_INT64: return value.as.int64 != 0;
    case MVVM_VALUE_UINT64: return value.as.uint64 != 0;
    case MVVM_VALUE_DOUBLE: return value.as.real != 0.0;
    default: return true;
    }
}

} // namespace detail
} // namespace mvvm_qt
