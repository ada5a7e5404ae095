#!/usr/bin/env python3
"""Writes the encoding fixtures: for each encoding libxml2 converts here, an
assembly that declares it, with a byte it refuses in the middle of line 4,
between two components. Run from this directory: python3 make-fixtures.py"""

HEAD = '<?xml version="1.0" encoding="{}"?>\n<assembly>\n  <component class="Knight" key="a"/>\n  <component class="Kn'
TAIL = 'ight" key="b"/>\n  <component class="Knight" key="c" parent="zzz"/>\n</assembly>\n'

# (declared name, Python codec, bytes the converter refuses)
CASES = [
    ("SHIFT_JIS", "shift_jis", b"\xff\xfe"),
    ("EUC-JP", "euc_jp", b"\xff\xfe"),
    ("GB18030", "gb18030", b"\xff\xfe"),
    ("BIG5", "big5", b"\xff\xfe"),
    ("UTF-7", "utf_7", b"\xff\xfe"),
    ("ISO-2022-JP", "iso2022_jp", b"\xff\xfe"),
    ("UTF-16", "utf_16_le", b"\x00\xdc"),   # a lone low surrogate
    ("UTF-32", "utf_32_le", b"\x00\x00\x11\x00"),  # past U+10FFFF
]

for name, codec, bad in CASES:
    with open(f"bad-byte-in-{name}.xml", "wb") as out:
        out.write(HEAD.format(name).encode(codec) + bad + TAIL.encode(codec))
