import ComponentFactoryMacros

/// The hall's seats, as a main-actor view model: a get-only computed
/// property beside one the assembly sets, and an async initializer.
@MainActor @Component
public final class SeatMap {
    /// Rows of ten seats.
    public var rows: Int = 0
    /// Every seat.
    public var seats: Int { rows * 10 }

    public init() async {}
}
