/// The `<alias>` declarations of an assembly set, each followed to the key it
/// finally stands for, in one pass: an alias may name a key or another alias.
///
/// An alias that shadows a key, is declared twice, names nothing, or loops
/// back to itself is a diagnostic; such an alias stands for nothing.
///
/// ```swift
/// let aliases = AliasTable(assemblies.aliases, keys: ["knight"])  // <alias name="knight" alias="hero"/>
/// aliases.key(for: "hero")  // "knight"
/// ```
struct AliasTable {
    /// Each good alias and the key it stands for.
    private(set) var targets: [String: String] = [:]
    private(set) var diagnostics: [Diagnostic] = []

    /// `keys` are the components' keys, with where each is defined;
    /// `outsideKeys` are keys an alias may stand for that are defined
    /// elsewhere (a parent factory's).
    init(_ declarations: [AssemblyDocument.AliasDeclaration], keys: [String: SourceLocation], outsideKeys: Set<String> = []) {
        var named: [String: AssemblyDocument.AliasDeclaration] = [:]
        for declaration in declarations {
            let alias = declaration.alias.text
            if let component = keys[alias] {
                diagnostics.append(Diagnostic(.duplicateKey, "alias '\(alias)' shadows the key of a component; choose another alias",
                                              at: declaration.alias.location, notes: [Diagnostic.Note("the component is defined here", at: component)]))
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
                } else if keys[name] != nil || outsideKeys.contains(name) {
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
                        .unknownReference,
                        "alias '\(current.alias.text)' names no component '\(name)'"
                            + SpellingSuggestions.didYouMean(name, among: keys.keys), at: current.name.location))
                    end = .some(nil)
                }
            }
            let target = end ?? nil
            for link in chain where settled[link.alias.text] == nil {
                settled[link.alias.text] = .some(target)
                if let target { targets[link.alias.text] = target }
            }
        }
    }

    /// The key that `name` stands for: itself, or an alias's target.
    func key(for name: String) -> String {
        targets.isEmpty ? name : targets[name] ?? name
    }
}
