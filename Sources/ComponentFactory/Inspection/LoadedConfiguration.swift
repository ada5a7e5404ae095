/// What a factory was loaded from, for its inspection's properties: the
/// environment's configuration, each plan's definition as built, the
/// settings fields as bound, and the keys something read (those no source
/// lists among them: environment variables, providers).
struct LoadedConfiguration: Sendable {
    let configuration: Configuration
    let definitions: BuiltDefinitions
    let settingsFields: [SettingsField]
    let keysRead: [String]
    /// The build's warnings (such as `unused-property`): logged once, at load; a reload tells only those that are new.
    let warnings: [Diagnostic]
}
