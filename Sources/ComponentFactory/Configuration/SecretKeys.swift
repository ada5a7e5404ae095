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
    public static let mask = "******"
    private static let markers: [[UInt8]] = ["password", "secret", "token", "credential", "private", "apikey"].map { Array($0.utf8) }

    /// Works on the key's bytes: the markers are ASCII, so only ASCII letters
    /// need lower-casing, and a listing of a million keys stays fast.
    public static func isSecret(_ key: String) -> Bool {
        var squeezed: [UInt8] = []
        squeezed.reserveCapacity(key.utf8.count)
        for byte in key.utf8 {
            switch byte {
            case UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: " "): continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): squeezed.append(byte | 0x20)
            default: squeezed.append(byte)
            }
        }
        return markers.contains { marker in
            squeezed.count >= marker.count && (0...(squeezed.count - marker.count)).contains { start in
                squeezed[start..<(start + marker.count)].elementsEqual(marker)
            }
        }
    }
}
