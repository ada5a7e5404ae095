import Castle
import FactoryTool

// The castle's own tool, with its registry: `validate`, `compile-wiring` and the rest.
FactoryTool.main(registry: castleRegistry())
