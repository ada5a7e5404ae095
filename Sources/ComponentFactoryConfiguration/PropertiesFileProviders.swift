import Configuration
import SystemPackage

extension FileProvider where Snapshot == PropertiesSnapshot {
    /// A provider of the `.properties` file at `propertiesFile`, whose errors
    /// name that file: `Config/app.properties:2:7: error: malformed \uXXXX escape …`.
    ///
    /// ```swift
    /// let provider = try await FileProvider(propertiesFile: "Config/app.properties")
    /// ```
    public init(propertiesFile: FilePath, parsingOptions: PropertiesSnapshot.ParsingOptions = .default,
                allowMissing: Bool = false) async throws {
        var options = parsingOptions
        options.fileName = options.fileName ?? propertiesFile.string
        try await self.init(parsingOptions: options, filePath: propertiesFile, allowMissing: allowMissing)
    }
}

#if Reloading
extension ReloadingFileProvider where Snapshot == PropertiesSnapshot {
    /// A provider of the `.properties` file at `propertiesFile` that reads it
    /// again when it changes (checked every `pollInterval` while `run()`
    /// runs), whose errors name that file.
    ///
    /// ```swift
    /// let provider = try await ReloadingFileProvider(propertiesFile: "Config/app.properties", pollInterval: .seconds(5))
    /// ```
    public convenience init(propertiesFile: FilePath, parsingOptions: PropertiesSnapshot.ParsingOptions = .default,
                            allowMissing: Bool = false, pollInterval: Duration = .seconds(15)) async throws {
        var options = parsingOptions
        options.fileName = options.fileName ?? propertiesFile.string
        try await self.init(parsingOptions: options, filePath: propertiesFile, allowMissing: allowMissing,
                            pollInterval: pollInterval)
    }
}
#endif
