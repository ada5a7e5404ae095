/// Finds the first byte that is not part of well-formed UTF-8, by the same
/// rules as Java's UTF-8 decoder with `CodingErrorAction.REPORT`: no overlong
/// forms, no encoded surrogates, nothing above U+10FFFF.
enum UTF8Validator {
    /// The offset of the first ill-formed byte, or nil when all are valid.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var offset = 0
        while offset < count {
            // Eight ASCII bytes at a time: the common case for configuration text.
            if offset + 8 <= count {
                let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    offset += 8
                    continue
                }
            }
            let lead = base[offset]
            if lead < 0x80 {
                offset += 1
                continue
            }
            let length: Int
            var secondLow: UInt8 = 0x80
            var secondHigh: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondLow = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondHigh = 0x9F
            case 0xF0: length = 4; secondLow = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondHigh = 0x8F
            default: return offset
            }
            guard offset + length <= count else { return offset }
            let second = base[offset + 1]
            guard second >= secondLow && second <= secondHigh else { return offset }
            var index = offset + 2
            while index < offset + length {
                guard base[index] & 0xC0 == 0x80 else { return offset }
                index += 1
            }
            offset += length
        }
        return nil
    }
}
