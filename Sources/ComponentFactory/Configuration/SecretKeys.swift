#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Decides which keys hold secrets, so that listings and messages show
/// `******` instead of their values.
///
/// A key is secret when, lower-cased and without `.`, `_`, `-` and spaces, it
/// contains password, secret, token, credential, private or apikey.
///
/// ```swift
/// SecretKeys.isSecret("db.password")  // true
/// SecretKeys.isSecret("api-key")      // true
/// SecretKeys.isSecret("db.url")       // false
/// ```
@_spi(Tooling)
public enum SecretKeys {
    /// What listings, hovers and messages show in place of a secret.
    public static let mask = "******"

    /// Works on the key's bytes: the markers are ASCII, so only ASCII
    /// letters need lower-casing, and a listing of a million keys stays fast.
    public static func isSecret(_ key: String) -> Bool {
        var key = key
        return key.withUTF8(isSecret(bytes:))
    }

    /// The same test on a key's UTF-8 bytes, in one pass with no copy: a
    /// marker may start only at a, c, p, s or t, and is then followed
    /// letter by letter, skipping `.`, `_`, `-` and spaces.
    public static func isSecret(bytes key: UnsafeBufferPointer<UInt8>) -> Bool {
        for start in key.indices {
            // Most bytes start no marker; this test is all they cost.
            let letter = key[start] | 0x20
            guard letter == UInt8(ascii: "a") || letter == UInt8(ascii: "c") || letter == UInt8(ascii: "p")
                || letter == UInt8(ascii: "s") || letter == UInt8(ascii: "t") else { continue }
            if marker(startingWith: letter, standsAt: start + 1, in: key) { return true }
        }
        return false
    }

    /// Whether the rest of a marker that starts with `letter` follows from `index` of `key`.
    @inline(never)
    private static func marker(startingWith letter: UInt8, standsAt index: Int, in key: UnsafeBufferPointer<UInt8>) -> Bool {
        switch letter {
        case UInt8(ascii: "a"): follows("pikey", from: index, in: key)
        case UInt8(ascii: "c"): follows("redential", from: index, in: key)
        case UInt8(ascii: "p"): follows("assword", from: index, in: key) || follows("rivate", from: index, in: key)
        case UInt8(ascii: "s"): follows("ecret", from: index, in: key)
        default: follows("oken", from: index, in: key)
        }
    }

    /// Whether `rest` follows from `start` of `key`, in any case, with separators anywhere.
    private static func follows(_ rest: StaticString, from start: Int, in key: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = start
        for offset in 0..<rest.utf8CodeUnitCount {
            while index < key.count && isSeparator(key[index]) { index += 1 }
            guard index < key.count, lowercased(key[index]) == rest.utf8Start[offset] else { return false }
            index += 1
        }
        return true
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: " ")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        UInt8(ascii: "A") <= byte && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
