/// One type a target's sources mark for registration, as the generator
/// found it: its name as written from the module's top level, and how it is
/// registered.
struct RegisteredType: Equatable {
    enum Kind: Equatable {
        /// `@Component`: registered by the `Registration` the macro wrote.
        case component
        /// `@Settings`: registered with `register(settings:)`.
        case settings
    }

    /// `Knight`, or `Outer.Knight` for a type nested in another.
    let name: String
    let kind: Kind
    /// The first type a class inherits from, as written: its superclass when
    /// that is a `@Component` of the same target.
    let inherited: String?
    /// `file:line`, for the generated file's comments and warnings.
    let location: String
}
