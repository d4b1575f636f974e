import CSQLite
import FoundationEssentials

/// One prepared statement of a `SQLiteConnection`: bind parameters (1-based), step through
/// rows, read columns (0-based).
///
/// Get one from `SQLiteConnection.withStatement(_:_:)`, which caches it by its SQL text and
/// resets it (and clears its bindings) when the closure returns, so it is prepared once per
/// connection however often it runs. Not thread-safe; it lives and dies with its connection.
final class SQLiteStatement {
    private let handle: OpaquePointer
    // Unowned: the connection owns its cached statements and finalizes them before closing.
    private unowned let connection: SQLiteConnection
    /// The SQL text, for error messages.
    let sql: String

    init(handle: OpaquePointer, sql: String, connection: SQLiteConnection) {
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit { csqlite_finalize(handle) }

    // MARK: Binding

    /// Binds `value` to parameter `index` (1-based).
    func bind(_ value: Int, at index: Int32) throws(DomainError) {
        try check(csqlite_bind_int64(handle, index, Int64(value)), "binding parameter \(index)")
    }

    func bind(_ value: Double, at index: Int32) throws(DomainError) {
        try check(csqlite_bind_double(handle, index, value), "binding parameter \(index)")
    }

    func bind(_ value: Bool, at index: Int32) throws(DomainError) {
        try bind(value ? 1 : 0, at: index)
    }

    /// Binds `value` as UTF-8 text (SQLite copies it).
    func bind(_ value: String, at index: Int32) throws(DomainError) {
        let code = value.utf8CString.withUnsafeBufferPointer { text in
            // The count excludes the terminating NUL; text with embedded NULs stays whole.
            csqlite_bind_text(handle, index, text.baseAddress, Int32(text.count - 1), mvvm_sqlite_transient())
        }
        try check(code, "binding parameter \(index)")
    }

    /// Binds `value` as a blob (SQLite copies it).
    func bind(_ value: Data, at index: Int32) throws(DomainError) {
        let code = value.withUnsafeBytes { bytes in
            csqlite_bind_blob(
                handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                Int32(bytes.count), mvvm_sqlite_transient())
        }
        try check(code, "binding parameter \(index)")
    }

    func bindNull(at index: Int32) throws(DomainError) {
        try check(csqlite_bind_null(handle, index), "binding parameter \(index)")
    }

    /// Binds `values` to parameters 1, 2, … in order.
    func bind(_ values: any SQLiteBindable...) throws(DomainError) {
        for (offset, value) in values.enumerated() {
            try value.bind(to: self, at: Int32(offset + 1))
        }
    }

    // MARK: Stepping

    /// Runs the statement to its next row: `true` when a row is ready to read, `false` when
    /// it has finished.
    @discardableResult
    func step() throws(DomainError) -> Bool {
        let code = csqlite_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.failure(code, step: "running \"\(sql)\"")
        }
    }

    /// Runs the statement to completion, ignoring any rows.
    func run() throws(DomainError) {
        while try step() {}
    }

    /// Every row, each turned into a value by `read` (called while the row is current).
    func rows<T>(_ read: (SQLiteStatement) throws(DomainError) -> T) throws(DomainError) -> [T] {
        var result: [T] = []
        while try step() { result.append(try read(self)) }
        return result
    }

    /// The first row turned into a value by `read`, or `nil` when there is none.
    func firstRow<T>(_ read: (SQLiteStatement) throws(DomainError) -> T) throws(DomainError) -> T? {
        try step() ? try read(self) : nil
    }

    /// Makes the statement ready to run again and forgets its bindings.
    func reset() {
        csqlite_reset(handle)
        csqlite_clear_bindings(handle)
    }

    // MARK: Columns

    func isNull(_ column: Int32) -> Bool { csqlite_column_type(handle, column) == SQLITE_NULL }

    func int(_ column: Int32) -> Int { Int(csqlite_column_int64(handle, column)) }

    func double(_ column: Int32) -> Double { csqlite_column_double(handle, column) }

    func bool(_ column: Int32) -> Bool { csqlite_column_int64(handle, column) != 0 }

    /// The column as text (a NULL reads as "").
    func string(_ column: Int32) -> String {
        guard let text = csqlite_column_text(handle, column) else { return "" }
        let count = Int(csqlite_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// The column as bytes (a NULL reads as empty).
    func data(_ column: Int32) -> Data {
        let count = Int(csqlite_column_bytes(handle, column))
        guard let bytes = csqlite_column_blob(handle, column), count > 0 else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    private func check(_ code: Int32, _ step: String) throws(DomainError) {
        guard code == SQLITE_OK else { throw connection.failure(code, step: "\(step) of \"\(sql)\"") }
    }
}
