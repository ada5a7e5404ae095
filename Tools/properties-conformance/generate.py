#!/usr/bin/env python3
"""Generates the tricky .properties files of the conformance corpus.

Deterministic: the same seed writes the same bytes. Each file is named after
the case it shows: NNNN-<case>.properties. PropertiesOracle.java then writes
the JDK's answer for each file next to it.

Usage: generate.py OUTPUT_DIR
"""
import os
import random
import sys

rng = random.Random(20261122)
EOLS = ["\n", "\r", "\r\n"]
SEPARATORS = ["=", ":", " ", "\t", "\f", " = ", " : ", "\t=\t", "  ", "=:", ":=", " =: ", "\f=\f", "== ", "::"]
PLAIN_WORDS = ["alpha", "beta", "db.url", "server.port", "a", "key", "x.y.z", "naïve", "日本", "emoji😀", "sp ace"]
WORDS_IN_VALUES = ["hello", "world", "http://host:8080/api", "a=b", "c:d", "#notcomment", "!bang", "tab\there", "é", "ü", "中文", "🎉", "e\u0301"]
cases = []


def add(name, text):
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    cases.append((name, data))


def eol():
    return rng.choice(EOLS)


def key_text():
    parts = [rng.choice(["a", "key", "db", "x", "naïve", "日本", "k1", "ß"]) for _ in range(rng.randint(1, 3))]
    return rng.choice([".", "_", "-", ""]).join(parts)


def escaped_key():
    pieces = []
    for _ in range(rng.randint(1, 4)):
        pieces.append(rng.choice(["a", "b", "\\=", "\\:", "\\ ", "\\\t", "\\#", "\\!", "\\\\", "x", "\\f", "\\n"]))
    return "".join(pieces)


def value_text():
    return " ".join(rng.choice(WORDS_IN_VALUES) for _ in range(rng.randint(0, 3)))


def u_escape(code, upper=None):
    digits = "%04x" % code
    if upper is None:
        upper = rng.random() < 0.5
    return "\\u" + (digits.upper() if upper else digits)


# 1. Comments: '#' and '!', indented, ending in backslashes, and comment-like values.
for i in range(40):
    lines = []
    for _ in range(rng.randint(2, 6)):
        kind = rng.randint(0, 5)
        if kind == 0:
            lines.append(rng.choice(["", " ", "\t", "\f"]) + rng.choice("#!") + " comment " + value_text())
        elif kind == 1:
            lines.append(rng.choice("#!") + " ends in backslash " + "\\" * rng.randint(1, 3))
        elif kind == 2:
            lines.append(key_text() + rng.choice(SEPARATORS) + rng.choice(["#value", "!value", "a # b", "x ! y"]))
        elif kind == 3:
            lines.append("\\#" + key_text() + "=" + value_text())
        else:
            lines.append(key_text() + rng.choice(SEPARATORS) + value_text())
    add("comments", "".join(line + eol() for line in lines))

# 2. Every separator, and escaped separators inside keys.
for i in range(45):
    lines = []
    for _ in range(rng.randint(1, 5)):
        lines.append(rng.choice(["", " ", "\t"]) + (escaped_key() if rng.random() < 0.5 else key_text())
                     + rng.choice(SEPARATORS) + value_text())
    add("separators", "".join(line + eol() for line in lines))

# 3. Odd and even runs of backslashes before a line end.
for i in range(40):
    lines = []
    for _ in range(rng.randint(1, 4)):
        run = "\\" * rng.randint(0, 7)
        lines.append(key_text() + "=" + value_text() + run)
        if rng.random() < 0.5:
            lines.append(rng.choice(["", " ", "\t  "]) + value_text())
    add("backslash-runs", "".join(line + eol() for line in lines))

# 4. A continuation onto a line that looks like a comment, or a separator.
for i in range(35):
    first = key_text() + rng.choice(SEPARATORS) + value_text() + "\\"
    second = rng.choice(["", "  ", "\t"]) + rng.choice(["# not a comment", "! not a comment", "=x", ":y", "  ", "key=value"])
    lines = [first, second]
    if rng.random() < 0.5:
        lines = ["\\"] + [rng.choice(["# after a lone backslash", "! bang", "k=v"])] + lines
    add("continuation-comment", "".join(line + eol() for line in lines))

# 5. A blank (or blank-looking) line ends a continuation.
for i in range(35):
    blank = rng.choice(["", " ", "\t", "\f", " \t \f"])
    lines = [key_text() + "=" + value_text() + "\\", blank, key_text() + rng.choice(SEPARATORS) + value_text()]
    if rng.random() < 0.3:
        lines.insert(0, key_text() + "\\")
    add("continuation-blank-line", "".join(line + eol() for line in lines))

# 6. Mixed \r, \r\n and \n in one file, including inside continuations.
for i in range(40):
    text = ""
    for _ in range(rng.randint(3, 8)):
        piece = rng.choice([
            key_text() + "=" + value_text(),
            key_text() + "=" + value_text() + "\\",
            "# comment",
            "",
            "   " + value_text(),
        ])
        text += piece + rng.choice(EOLS + ["\r\r", "\n\r", "\r\n\r\n"])
    add("mixed-line-ends", text)

# 7. \uXXXX escapes: BMP characters in either case, surrogate pairs, lone surrogates.
for i in range(45):
    lines = []
    for _ in range(rng.randint(1, 4)):
        kind = rng.randint(0, 4)
        if kind == 0:
            code = rng.choice([0x41, 0xE9, 0x3D, 0x3A, 0x20, 0x5C, 0x0A, 0x4E2D, 0xFFFD, 0x00, 0xFEFF, rng.randint(0x20, 0xD7FF)])
            esc = u_escape(code)
        elif kind == 1:
            cp = rng.randint(0x10000, 0x10FFFF)
            cp -= 0x10000
            esc = u_escape(0xD800 + (cp >> 10)) + u_escape(0xDC00 + (cp & 0x3FF))
        elif kind == 2:
            esc = u_escape(rng.choice([0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xD83D]))
        elif kind == 3:
            esc = u_escape(0xD83D) + rng.choice(["x", "😀", u_escape(0xD83D), u_escape(0x41)])
        else:
            esc = u_escape(0xDE00) + u_escape(0xD83D)
        where = rng.randint(0, 1)
        if where == 0:
            lines.append(key_text() + esc + "=" + value_text())
        else:
            lines.append(key_text() + "=" + value_text() + esc + value_text())
    add("unicode-escapes", "".join(line + eol() for line in lines))

# 8. Escapes split across a continuation line.
for i in range(30):
    code = "%04X" % rng.choice([0x41, 0xE9, 0x263A, 0xD83D])
    cut = rng.randint(0, 4)
    lines = [key_text() + "=pre\\u" + code[:cut] + "\\", rng.choice(["", "  ", "\t"]) + code[cut:] + "post"]
    if rng.random() < 0.3:
        lines = [key_text() + "=\\", "   \\u" + code + "\\", "  tail"]
    add("escape-across-continuation", "".join(line + eol() for line in lines))

# 9. Unknown escapes: the backslash is dropped.
for i in range(30):
    esc = "".join("\\" + rng.choice("abcdeghijkmopqsvwxyzABZ\"'0159.-_é中😀") for _ in range(rng.randint(1, 4)))
    lines = [rng.choice([esc + "=" + value_text(), key_text() + "=" + esc, esc + " " + esc])]
    add("unknown-escapes", "".join(line + eol() for line in lines))

# 10. Malformed \u: too few digits, a non-hex digit, or the end of the line.
for i in range(35):
    bad = rng.choice(["\\u", "\\u1", "\\u12", "\\u123", "\\uZZZZ", "\\u12G4", "\\u 123", "\\uu1234", "\\u-123", "\\u００４１"])
    where = rng.randint(0, 3)
    if where == 0:
        line = key_text() + bad + "=" + value_text()
    elif where == 1:
        line = key_text() + "=" + value_text() + bad
    elif where == 2:
        line = key_text() + "=" + bad + value_text()
    else:
        line = "# comment hides " + bad
    prefix = "".join(key_text() + "=" + value_text() + eol() for _ in range(rng.randint(0, 3)))
    add("malformed-unicode-escape", prefix + line + rng.choice(["", eol()]))

# 11. Trailing whitespace, empty keys and values, keys without values.
for i in range(40):
    lines = []
    for _ in range(rng.randint(1, 5)):
        lines.append(rng.choice([
            key_text() + "=" + value_text() + rng.choice([" ", "  ", "\t", "\f", " \t"]),
            "=" + value_text(),
            ":" + value_text(),
            " =",
            key_text() + "=",
            key_text(),
            key_text() + "   ",
            "\\ =" + value_text(),
            key_text() + "=\\ " + value_text(),
            key_text() + "=" + "\\u0020" + value_text(),
        ]))
    add("empty-and-trailing", "".join(line + eol() for line in lines))

# 12. Non-ASCII keys and values.
for i in range(30):
    lines = [rng.choice(["naïve", "日本語", "ключ", "κλειδί", "😀", "ß", "ﬁ"]) + rng.choice(SEPARATORS)
             + rng.choice(["värde", "値", "значение", "🎉🎉", "e\u0301", "\u00a0nbsp", "\u2028sep"]) for _ in range(rng.randint(1, 4))]
    add("non-ascii", "".join(line + eol() for line in lines))

# 13. No final newline: the last line ends at the end of the file.
for i in range(30):
    body = "".join(key_text() + "=" + value_text() + eol() for _ in range(rng.randint(0, 3)))
    last = rng.choice([key_text() + "=" + value_text(), key_text() + "=" + value_text() + "\\",
                       key_text() + "=" + value_text() + "\\\\", "# last comment", "\\", "   ", key_text() + "=a\\\\\\"])
    add("no-final-newline", body + last)

# 14. Duplicate keys: the last wins.
for i in range(20):
    key = key_text()
    lines = [key + "=" + str(n) for n in range(rng.randint(2, 4))]
    lines.insert(rng.randint(0, len(lines)), key_text() + "=other")
    add("duplicate-keys", "".join(line + eol() for line in lines))

# 15. A byte-order mark, which Java keeps as part of the first key.
for i in range(5):
    add("byte-order-mark", "\ufeff" + key_text() + "=" + value_text() + eol())

# 16. Invalid UTF-8, which a strict decoder rejects.
for i in range(15):
    bad = rng.choice([b"\xff", b"\xc3", b"\xc0\xaf", b"\xe0\x80\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\x80", b"\xe2\x82"])
    good = (key_text() + "=" + value_text()).encode()
    where = rng.randint(0, 2)
    if where == 0:
        data = good + bad + b"\n"
    elif where == 1:
        data = b"# comment " + bad + b"\n" + good + b"\n"
    else:
        data = good + b"\n" + bad + b"=x"
    add("invalid-utf8", data)

# 17. Random mixtures of all of the above.
TOKENS = ["a", "b", "key", "=", ":", " ", "\t", "\f", "\\", "\\\\", "#", "!", "\n", "\r", "\r\n",
          "\\u0041", "\\u00e9", "\\uD83D\\uDE00", "\\t", "\\n", "\\ ", "é", "中", "😀", "\\\n", "\\\r\n", "  \\\n  "]
for i in range(110):
    text = "".join(rng.choice(TOKENS) for _ in range(rng.randint(5, 40)))
    add("mixture", text)

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
for name in os.listdir(out):
    if name.endswith(".properties") or name.endswith(".expected"):
        os.remove(os.path.join(out, name))
for number, (name, data) in enumerate(cases, 1):
    with open(os.path.join(out, "%04d-%s.properties" % (number, name)), "wb") as handle:
        handle.write(data)
print("wrote %d files to %s" % (len(cases), out))
