import Castle
import ComponentFactory

/// The castle loaded from its compiled wiring, which the CompileCastleWiring plugin
/// writes into this target on each build where an assembly or a `.properties` file changed.
public enum CastleFactory {
    /// The factory of `environment`, its values read from `config`; no XML is read.
    public static func load(config: String, environment: String) throws -> Factory {
        try Factory.load(compiled: CastleWiring.compiled, registry: castleRegistry(),
                         options: .init(config: .path(config), environment: environment))
    }
}
