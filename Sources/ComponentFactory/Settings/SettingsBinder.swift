/// Binds one ``Settings`` type from one environment's configuration: what
/// ``Settings/init(from:)`` asks for each field. It reads the field's key
/// (resolving its placeholders, and counting the key as read), converts the
/// text with the factory's type converters, and checks the constraints. Each
/// problem is recorded, not thrown, so that one binding reports every field
/// that fails; the initializer then throws ``report``.
///
/// ```swift
/// init(from binder: inout SettingsBinder) throws(DiagnosticReport) {
///     let port = binder.field("port", key: "port", as: Int.self, default: 8080, written: "8080",
///                             constraints: [.within(1...65_535)])
///     guard let port else { throw binder.report }
///     self.port = port
/// }
/// ```
public struct SettingsBinder {
    var resolver: PlaceholderResolver
    private let converters: TypeConverters
    /// The settings type's name, for messages.
    private let settings: String
    private let prefix: String
    /// What went wrong, in the order of the fields.
    private(set) var problems: [Diagnostic] = []
    /// Each field asked for, in order.
    private(set) var fields: [SettingsField] = []

    init(_ type: any Settings.Type, resolver: PlaceholderResolver, converters: TypeConverters) {
        self.resolver = resolver
        self.converters = converters
        self.settings = String(describing: type)
        self.prefix = type.prefix
    }

    /// Every problem recorded so far, to throw from ``Settings/init(from:)``.
    public var report: DiagnosticReport { DiagnosticReport(problems) }

    /// The value of a field of type `Value`: its key's text converted, or
    /// `default` when no source sets the key. Nil when the field fails: no
    /// value and no default, a text that does not convert, or a broken
    /// constraint; the binder has recorded why.
    ///
    /// - `name`: the stored property's name; `key`: its key after the prefix.
    /// - `written`: the default as written in Swift, for the manifest.
    /// - `declaration`: where the field is declared, which an editor's
    ///   references from the key lead to (`@Settings` gives it); without
    ///   one, the line of this call (`file`, `line`), where the field is bound.
    public mutating func field<Value: Sendable>(
        _ name: String, key: String, as type: Value.Type = Value.self, default defaultValue: Value? = nil,
        written: String? = nil, constraints: [SettingsConstraint<Value>] = [], declaredAt declaration: SourceLocation? = nil,
        file: String = #filePath, line: Int = #line
    ) -> Value? {
        bind(describe(name, key, "\(Value.self)", written, constraints, declaration ?? SourceLocation(file: file, line: line)),
             default: defaultValue,
             constraints: constraints, isOptional: false) ?? nil
    }

    /// The value of an optional field: nil inside when no source sets the
    /// key and there is no default; nil outside when the field fails.
    public mutating func optionalField<Value: Sendable>(
        _ name: String, key: String, as type: Value.Type = Value.self, default defaultValue: Value? = nil,
        written: String? = nil, constraints: [SettingsConstraint<Value>] = [], declaredAt declaration: SourceLocation? = nil,
        file: String = #filePath, line: Int = #line
    ) -> Value?? {
        bind(describe(name, key, "\(Value.self)?", written, constraints, declaration ?? SourceLocation(file: file, line: line)),
             default: defaultValue,
             constraints: constraints, isOptional: true)
    }

    // MARK: Steps

    /// Both forms of a field: nil when it fails; nil inside when it is
    /// optional, unset and without a default (a required one is a failure then).
    private mutating func bind<Value: Sendable>(
        _ field: SettingsField, default defaultValue: Value?, constraints: [SettingsConstraint<Value>], isOptional: Bool
    ) -> Value?? {
        switch read(field) {
        case .failed:
            return nil
        case .absent:
            guard let defaultValue else {
                if isOptional { return .some(nil) }
                record(.unresolvedPlaceholder,
                       "\(field.reader) needs property '\(field.key)' (\(field.type)), which no source sets; "
                           + "set it, or give the field a default")
                return nil
            }
            return checked(defaultValue, text: "\(defaultValue)", field: field, constraints: constraints, at: nil).map { .some($0) }
        case .found(let text, let found):
            return converted(text, found, field: field, constraints: constraints).map { .some($0) }
        }
    }

    private mutating func describe<Value>(
        _ name: String, _ key: String, _ type: String, _ written: String?, _ constraints: [SettingsConstraint<Value>],
        _ declaration: SourceLocation?
    ) -> SettingsField {
        let field = SettingsField(settings: settings, name: name, key: prefix.isEmpty ? key : prefix + "." + key, type: type,
                                  defaultValue: written, constraints: constraints.map(\.description), location: declaration)
        fields.append(field)
        return field
    }

    /// What a field's key holds.
    private enum Reading {
        case absent
        case failed
        /// The resolved text, and where the key's value was written and what it is made of.
        case found(String, Found)
    }

    /// Where a value was written, and whether a secret went into it.
    private struct Found {
        var location: SourceLocation?
        /// The source's name, for a value with no line (an environment variable, a provider).
        var sourceName: String
        var provenance: PlaceholderResolver.Provenance

        /// The text as a message may show it.
        func shown(_ text: String) -> String { provenance.isSecret ? SecretKeys.mask : text }

        /// The lines, besides the key's own, that the value was made of through placeholders.
        var notes: [Diagnostic.Note] {
            provenance.origins.filter { $0 != location && $0.line > 0 }
                .map { Diagnostic.Note("the text comes from this property", at: $0) }
        }

        /// Where a message says the value came from, when it has no line.
        var source: String { location == nil ? " (set by \(sourceName))" : "" }
    }

    private mutating func read(_ field: SettingsField) -> Reading {
        var provenance = PlaceholderResolver.Provenance()
        let text: String?
        do {
            // Counted read whether or not a source sets it, as a placeholder's key is.
            text = try resolver.read(field.key, provenance: &provenance)
        } catch {
            var problem = error
            problem.notes.append(Diagnostic.Note("read by \(field.reader)",
                                                 at: resolver.configuration.property(forKey: field.key)?.location))
            problems.append(problem)
            return .failed
        }
        guard let text, let property = resolver.configuration.property(forKey: field.key) else { return .absent }
        return .found(text, Found(location: property.location, sourceName: property.sourceName, provenance: provenance))
    }

    private mutating func converted<Value: Sendable>(
        _ text: String, _ found: Found, field: SettingsField, constraints: [SettingsConstraint<Value>]
    ) -> Value? {
        let value: Value
        do {
            value = try converters.convert(text, to: Value.self)
        } catch {
            record(.conversion,
                   "cannot convert '\(found.shown(text))' of property '\(field.key)'\(found.source) to \(Value.self) "
                       + "for \(field.reader): \(error.reason)",
                   at: found.location, notes: found.notes)
            return nil
        }
        return checked(value, text: text, field: field, constraints: constraints, at: found)
    }

    /// `value` when it keeps every constraint; nil, with each broken one recorded, when not.
    private mutating func checked<Value>(
        _ value: Value, text: String, field: SettingsField, constraints: [SettingsConstraint<Value>], at found: Found?
    ) -> Value? {
        let before = problems.count
        for constraint in constraints {
            guard let reason = constraint.violation(value, text) else { continue }
            if let found {
                record(.constraint,
                       "property '\(field.key)' = '\(found.shown(text))'\(found.source) breaks \(field.reader): \(reason)",
                       at: found.location, notes: found.notes)
            } else {
                record(.constraint,
                       "the default of \(field.reader), \(field.defaultValue ?? text), breaks its constraint: \(reason); "
                           + "set property '\(field.key)', or change the default")
            }
        }
        return problems.count == before ? value : nil
    }

    private mutating func record(
        _ code: DiagnosticCode, _ message: String, at location: SourceLocation? = nil, notes: [Diagnostic.Note] = []
    ) {
        problems.append(Diagnostic(code, message, at: location, notes: notes))
    }
}
