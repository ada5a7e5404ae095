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
public enum SecretKeys {
    /// What listings, hovers and messages show in place of a secret.
    public static let mask = "******"
    private static let markers: [[UInt8]] = ["password", "secret", "token", "credential", "private", "apikey"].map { Array($0.utf8) }

    /// Works on the key's bytes, in a buffer on the stack: the markers are
    /// ASCII, so only ASCII letters need lower-casing, and a listing of a
    /// million keys stays fast.
    public static func isSecret(_ key: String) -> Bool {
        var key = key
        return key.withUTF8(isSecret(bytes:))
    }

    /// The same test on a key's UTF-8 bytes.
    public static func isSecret(bytes key: UnsafeBufferPointer<UInt8>) -> Bool {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(key.count, 1)) { buffer in
            var length = 0
            for byte in key {
                switch byte {
                case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: " "): continue
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): buffer[length] = byte | 0x20
                default: buffer[length] = byte
                }
                length += 1
            }
            guard let base = buffer.baseAddress else { return false }
            for start in 0..<length {
                // Only a marker's first letter can start a match: a, c, p, s or t.
                switch base[start] {
                case UInt8(ascii: "a"), UInt8(ascii: "c"), UInt8(ascii: "p"), UInt8(ascii: "s"), UInt8(ascii: "t"):
                    for marker in markers where marker[0] == base[start] && length - start >= marker.count
                    && memcmp(base + start, marker, marker.count) == 0 {
                        return true
                    }
                default:
                    continue
                }
            }
            return false
        }
    }
}
