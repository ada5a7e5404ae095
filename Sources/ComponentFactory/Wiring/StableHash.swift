/// FNV-1a over UTF-8 bytes: the same in every process, where Swift's
/// `Hasher` is seeded per process. For stamps, never for security.
enum StableHash {
    static func of<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func of(_ text: String) -> UInt64 {
        of(text.utf8)
    }
}
