import CSQLite
import Foundation
import ComponentFactoryMacros

/// The real ``EmployeeStore``: a SQLite database, in a file in production
/// and on `:memory:` in tests (the article's in-memory stack, with the same
/// SQL as production and no state left behind).
///
/// The database is opened on first use, not when the component is built,
/// so that building or dry-running the graph never touches the disk. A file
/// store creates its directory if it is missing. One connection, used under
/// a lock.
///
/// ```swift
/// let store = SQLiteEmployeeStore(path: "/var/lib/human-resources/employees.sqlite")
/// try store.add(Employee(name: "Ada", department: "Engineering", salary: 120_000))
/// ```
@Component(conformsTo: [(any EmployeeStore).self])
public final class SQLiteEmployeeStore: EmployeeStore, @unchecked Sendable {
    /// SQLite's name for a private in-memory database.
    public static let inMemory = ":memory:"

    /// The database file, or `:memory:`.
    public let path: String
    private var connection: OpaquePointer?
    private let lock = NSLock()

    /// A store in the SQLite database at `path`, opened on first use.
    public init(path: String) {
        self.path = path
    }

    deinit {
        sqlite3_close_v2(connection)
    }

    /// Inserts `employee` into the database.
    public func add(_ employee: Employee) throws {
        try withConnection { database in
            try Self.run(database, "INSERT INTO employees (name, department, salary) VALUES (?, ?, ?)") { statement in
                try Self.check(database, Self.bind(employee.name, at: 1, in: statement))
                try Self.check(database, Self.bind(employee.department, at: 2, in: statement))
                try Self.check(database, sqlite3_bind_int64(statement, 3, Int64(employee.salary)))
                try Self.check(database, sqlite3_step(statement), expecting: SQLITE_DONE)
            }
        }
    }

    /// Every employee in the database, in the order inserted.
    public func allEmployees() throws -> [Employee] {
        try withConnection { database in
            var employees: [Employee] = []
            try Self.run(database, "SELECT name, department, salary FROM employees ORDER BY rowid") { statement in
                while true {
                    let step = sqlite3_step(statement)
                    if step == SQLITE_DONE { break }
                    try Self.check(database, step, expecting: SQLITE_ROW)
                    employees.append(Employee(name: Self.text(statement, 0), department: Self.text(statement, 1),
                                              salary: Int(sqlite3_column_int64(statement, 2))))
                }
            }
            return employees
        }
    }

    // MARK: SQLite

    private func withConnection<Result>(_ body: (OpaquePointer) throws -> Result) throws -> Result {
        try lock.withLock {
            let database = try connection ?? open()
            connection = database
            return try body(database)
        }
    }

    private func open() throws -> OpaquePointer {
        if path != Self.inMemory {
            let directory = (path as NSString).deletingLastPathComponent
            if !directory.isEmpty {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            }
        }
        var database: OpaquePointer?
        let opened = sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard opened == SQLITE_OK, let database else {
            let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(database)
            throw SQLiteFailure(path: path, message: message)
        }
        let schema = "CREATE TABLE IF NOT EXISTS employees (name TEXT NOT NULL, department TEXT NOT NULL, salary INTEGER NOT NULL)"
        guard sqlite3_exec(database, schema, nil, nil, nil) == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(database))
            sqlite3_close_v2(database)
            throw SQLiteFailure(path: path, message: message)
        }
        return database
    }

    private static func run(_ database: OpaquePointer, _ sql: String, _ body: (OpaquePointer) throws -> Void) throws {
        var statement: OpaquePointer?
        try check(database, sqlite3_prepare_v2(database, sql, -1, &statement, nil))
        guard let statement else { throw SQLiteFailure(path: "", message: "no statement for \(sql)") }
        defer { sqlite3_finalize(statement) }
        try body(statement)
    }

    private static func check(_ database: OpaquePointer, _ code: Int32, expecting expected: Int32 = SQLITE_OK) throws {
        guard code == expected else {
            throw SQLiteFailure(path: String(cString: sqlite3_db_filename(database, "main")), message: String(cString: sqlite3_errmsg(database)))
        }
    }

    /// Binds text that SQLite copies at once (its SQLITE_TRANSIENT).
    private static func bind(_ text: String, at position: Int32, in statement: OpaquePointer) -> Int32 {
        let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
        return sqlite3_bind_text(statement, position, text, -1, transient)
    }

    private static func text(_ statement: OpaquePointer, _ column: Int32) -> String {
        sqlite3_column_text(statement, column).map { String(cString: $0) } ?? ""
    }
}

/// A SQLite call that failed, with the database's path and SQLite's message.
public struct SQLiteFailure: Error, CustomStringConvertible {
    /// The database file that failed.
    public let path: String
    /// SQLite's own message.
    public let message: String

    public var description: String { "SQLite (\(path.isEmpty ? SQLiteEmployeeStore.inMemory : path)): \(message)" }
}
