import FoundationEssentials

/// A Swift value `SQLiteStatement.bind(_:)` can bind to a parameter.
protocol SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws(DomainError)
}

extension Int: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws(DomainError) {
        try statement.bind(self, at: index)
    }
}

extension Double: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws(DomainError) {
        try statement.bind(self, at: index)
    }
}

extension Bool: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws(DomainError) {
        try statement.bind(self, at: index)
    }
}

extension String: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws(DomainError) {
        try statement.bind(self, at: index)
    }
}

extension Data: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws(DomainError) {
        try statement.bind(self, at: index)
    }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    func bind(to statement: SQLiteStatement, at index: Int32) throws(DomainError) {
        switch self {
        case let .some(value): try value.bind(to: statement, at: index)
        case .none: try statement.bindNull(at: index)
        }
    }
}
