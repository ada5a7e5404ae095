/// The keys of one run's definitions and the `<alias>`es that stand for
/// them: the one index through which every check and the compiler find a
/// component by name.
///
/// - The first definition of a key is the one the key names; a second is
///   `duplicate-key`, with a note at the first.
/// - An alias may name a key, another alias, or a key of a parent factory.
///   Each chain is followed once, and every alias on it learns its end, so
///   building the index is linear. An alias that shadows a key, is declared
///   twice, names nothing or loops is a diagnostic, and stands for nothing.
///
/// ```swift
/// let index = DefinitionIndex(definitions, aliases: assemblies.aliases)  // <alias name="knight" alias="hero"/>
/// index.position(of: "hero")  // the knight's position in `definitions`
/// ```
struct DefinitionIndex {
    /// The position of the first definition of each key.
    private(set) var positionByKey: [String: Int] = [:]
    /// Each good alias and the key it stands for (here, or a parent factory's).
    private(set) var aliasTargets: [String: String] = [:]
    private(set) var diagnostics: [Diagnostic] = []
    /// Keys that a parent factory answers.
    let outsideKeys: Set<String>
    /// The keys, prepared for "did you mean" once, when the first one is wanted.
    private var spelling: SpellingIndex?

    init(_ definitions: [ComponentDefinition], aliases declarations: [AssemblyDocument.AliasDeclaration],
         outsideKeys: Set<String> = []) {
        self.outsideKeys = outsideKeys
        positionByKey.reserveCapacity(definitions.count)
        for position in definitions.indices {
            let key = definitions[position].key
            if let first = positionByKey[key] {
                diagnostics.append(Diagnostic(
                    .duplicateKey, "duplicate key '\(key)'", at: Self.keyLocation(of: definitions[position]),
                    notes: [Diagnostic.Note("first defined here", at: Self.keyLocation(of: definitions[first]))]))
            } else {
                positionByKey[key] = position
            }
        }
        if !declarations.isEmpty {
            indexAliases(declarations, definitions: definitions)
        }
    }

    /// Where a definition's key is written, or the definition itself when the key was generated.
    static func keyLocation(of definition: ComponentDefinition) -> SourceLocation {
        definition.keyAttribute?.location ?? definition.location
    }

    /// The key that `name` stands for: an alias's target, or `name` itself.
    func key(for name: String) -> String {
        aliasTargets.isEmpty ? name : aliasTargets[name] ?? name
    }

    /// The position of the definition that `name` (a key or an alias) names here.
    func position(of name: String) -> Int? {
        positionByKey[key(for: name)]
    }

    /// Whether a parent factory answers `name` (a key, or an alias of one), as nothing here does.
    func isOutside(_ name: String) -> Bool {
        positionByKey[key(for: name)] == nil && outsideKeys.contains(key(for: name))
    }

    /// "; did you mean …?" among the keys.
    mutating func didYouMean(_ name: String) -> String {
        if spelling == nil { spelling = SpellingIndex(positionByKey.keys.sorted()) }
        return spelling?.didYouMean(name) ?? ""
    }

    private mutating func indexAliases(_ declarations: [AssemblyDocument.AliasDeclaration], definitions: [ComponentDefinition]) {
        var named: [String: AssemblyDocument.AliasDeclaration] = [:]
        for declaration in declarations {
            let alias = declaration.alias.text
            if let component = positionByKey[alias] {
                diagnostics.append(Diagnostic(.duplicateKey, "alias '\(alias)' shadows the key of a component; choose another alias",
                                              at: declaration.alias.location,
                                              notes: [Diagnostic.Note("the component is defined here", at: Self.keyLocation(of: definitions[component]))]))
            } else if let first = named[alias] {
                diagnostics.append(Diagnostic(.duplicateKey, "alias '\(alias)' is declared twice",
                                              at: declaration.alias.location, notes: [Diagnostic.Note("first declared here", at: first.location)]))
            } else {
                named[alias] = declaration
            }
        }
        // Follow each chain once; every alias on a chain learns its end, so the whole pass is linear.
        var settled: [String: String?] = [:]
        for declaration in declarations where named[declaration.alias.text] == declaration {
            var chain: [AssemblyDocument.AliasDeclaration] = []
            var onChain = Set<String>()
            var current = declaration
            var end: String??
            while end == nil {
                chain.append(current)
                onChain.insert(current.alias.text)
                let name = current.name.text
                if let known = settled[name] {
                    end = .some(known)
                } else if positionByKey[name] != nil || outsideKeys.contains(name) {
                    end = .some(name)
                } else if let next = named[name], !onChain.contains(name) {
                    current = next
                } else if onChain.contains(name) {
                    let path = chain.map(\.alias.text) + [name]
                    diagnostics.append(Diagnostic(.unknownReference, "aliases loop: " + path.joined(separator: " → "),
                                                  at: declaration.alias.location))
                    end = .some(nil)
                } else {
                    diagnostics.append(Diagnostic(
                        .unknownReference, "alias '\(current.alias.text)' names no component '\(name)'" + didYouMean(name),
                        at: current.name.location))
                    end = .some(nil)
                }
            }
            let target = end ?? nil
            for link in chain where settled[link.alias.text] == nil {
                settled[link.alias.text] = .some(target)
                if let target { aliasTargets[link.alias.text] = target }
            }
        }
    }
}
