import Foundation
import SystemSupport
import Testing

@Suite struct RegularFileTests {
    @Test func aDeviceIsRefusedBeforeAnythingIsReadAndTheFailurePrintsReadably() {
        let failure = #expect(throws: RegularFile.Failure.self) { _ = try RegularFile.read("/dev/zero", maximumSize: 1 << 20) }
        #expect(failure?.reason == "it is not a regular file")
        #expect(failure.map { "\($0)" } == "error: it is not a regular file")
        #expect(failure?.localizedDescription == "error: it is not a regular file")
    }

    @Test func aFileOverTheLimitIsRefusedAndOneWithinItIsReadWhole() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("regular-\(UUID().uuidString).txt")
        try Data(repeating: 0x61, count: 2_000).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try RegularFile.read(file.path, maximumSize: 2_000).count == 2_000)
        let failure = #expect(throws: RegularFile.Failure.self) { _ = try RegularFile.read(file.path, maximumSize: 1_999) }
        #expect(failure?.reason == "it is larger than 1999 bytes, the most that is read")
    }
}
