@_spi(Tooling) import ComponentFactory
import Testing

/// The rule, written the plain way: lower-case the key, drop `.`, `_`, `-`
/// and spaces, and look for a marker. ``SecretKeys`` follows markers through
/// the bytes instead; both must agree on every key.
@Suite struct SecretKeysTests {
    private static let markers = ["password", "secret", "token", "credential", "private", "apikey"]

    private func plainRule(_ key: String) -> Bool {
        var squeezed = String.UnicodeScalarView()
        for scalar in key.unicodeScalars where !".-_ ".unicodeScalars.contains(scalar) {
            let isUpper = scalar.value >= 0x41 && scalar.value <= 0x5A
            squeezed.append(isUpper ? Unicode.Scalar(UInt8(scalar.value) | 0x20) : scalar)
        }
        let text = String(squeezed)
        return Self.markers.contains { text.contains($0) }
    }

    @Test func separatorsAndCaseAnywhereInsideAMarkerStillMatch() {
        for key in ["db.PASS_word", "a.p-a.s-s w_o.r-d", "Api-Key", "x.cRedEntIal.y", "tok.en", "privat", "passwor", "s.e.c.r.e.t"] {
            #expect(SecretKeys.isSecret(key) == plainRule(key), "\(key)")
        }
        #expect(SecretKeys.isSecret("a.p-a.s-s w_o.r-d"))
        #expect(!SecretKeys.isSecret("privat"))
        #expect(!SecretKeys.isSecret("passwor"))
    }

    @Test func nonASCIIBytesNeverMatchALetter() {
        // "ṗassword" has no ASCII p; "pässword" breaks the marker.
        for key in ["ṗassword", "pässword", "tøken", "sécret", "apïkey"] {
            #expect(!SecretKeys.isSecret(key), "\(key)")
            #expect(plainRule(key) == false, "\(key)")
        }
    }

    @Test func agreesWithThePlainRuleOnManyGeneratedKeys() {
        // Keys built from pieces of markers, separators and other letters,
        // enumerated deterministically so that any failure repeats.
        let pieces = ["pa", "ss", "wo", "rd", "se", "cr", "et", "to", "ke", "n", "ap", "i", "y", "cre", "den", "tial",
                      "pri", "va", "te", ".", "_", "-", " ", "X", "é", "PASS", "Word", "a", "p"]
        var generator = UInt64(0x9E37_79B9_7F4A_7C15)
        var disagreements: [String] = []
        var secrets = 0
        for _ in 0..<20_000 {
            var key = ""
            generator = generator &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(generator >> 60) + 1
            for step in 0..<length {
                let index = Int((generator >> UInt64(4 * (step % 15))) & 0xFF) % pieces.count
                key += pieces[index]
            }
            let expected = plainRule(key)
            if expected { secrets += 1 }
            if SecretKeys.isSecret(key) != expected { disagreements.append(key) }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
        #expect(secrets > 100)  // the generator does produce secrets to agree on
    }
}
