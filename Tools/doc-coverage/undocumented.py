#!/usr/bin/env python3
"""Lists the public declarations in Swift sources that have no `///` doc comment.

Usage: undocumented.py DIR...   (prints file:line: declaration; exits 1 when any)

A declaration counts as public when it says `public` or `open`, or when it is an
enum case, a protocol requirement or an associated type inside a public enum or
protocol. Members that only implement a protocol's requirement (`description`,
`errorDescription`, `hash(into:)`, `==`, `<`, `id`, ...) of the standard
library's protocols are not listed, and neither are lines marked
`// doc: inherited`. Implementations of the project's own protocols are listed:
DocC does not carry a requirement's documentation over to them.
"""
import os
import re
import sys

DECL = re.compile(r'^\s*(?:@[\w().:, "]+\s+)*(?:public|open)\s+(?:(?:static|final|class|mutating|nonmutating|override|convenience|nonisolated|indirect|required|lazy|weak|package)\s+)*'
                  r'(func|var|let|init|subscript|struct|class|enum|protocol|typealias|actor|case)\b(.*)')
CASE = re.compile(r'^\s*(?:indirect\s+)?case\s+(\w+)')
REQUIREMENT = re.compile(r'^\s*(?:(?:static|mutating)\s+)*(func|var|init|subscript|associatedtype)\b')
PUBLIC_CONTAINER = re.compile(r'^\s*(?:@[\w().:, "]+\s+)*(?:public|open)\s+(?:(?:final|indirect)\s+)*(enum|protocol)\s+(\w+)')
INHERITED = {'description', 'debugDescription', 'errorDescription', 'failureReason', 'recoverySuggestion',
             'helpAnchor', 'hash', 'id', 'hashValue', 'rawValue', 'init(rawValue', 'encode', 'init(from'}

def name_of(kind, rest):
    rest = rest.strip()
    if kind == 'init':
        return 'init(rawValue' if rest.startswith('?(rawValue') or rest.startswith('(rawValue') else 'init'
    match = re.match(r'[`]?([\w<>=!+\-*/%&|^~]+)', rest)
    return match.group(1) if match else rest


def undocumented(path):
    text = open(path, encoding='utf-8').read()
    lines = text.split('\n')
    found = []
    inherited = INHERITED
    # Stack of (indent, kind) for enclosing public enums and protocols.
    containers = []
    for number, line in enumerate(lines, 1):
        indent = len(line) - len(line.lstrip())
        stripped = line.strip()
        if stripped.startswith('}') and containers and indent <= containers[-1][0]:
            containers.pop()
        container = PUBLIC_CONTAINER.match(line)
        declared = DECL.match(line)
        candidate = None
        if declared:
            kind, rest = declared.group(1), declared.group(2)
            name = name_of(kind, rest)
            if kind in ('func', 'var', 'let') and name.lstrip('`') in inherited:
                candidate = None
            elif kind == 'func' and re.match(r'\s*[=!<>+\-*/%&|^~]', rest):
                candidate = None  # operators: Equatable, Comparable
            elif kind == 'init' and name == 'init(rawValue':
                candidate = None
            else:
                candidate = stripped
        elif containers and indent == containers[-1][0] + 4:
            kind = containers[-1][1]
            if kind == 'enum' and CASE.match(line):
                candidate = stripped
            elif kind == 'protocol' and REQUIREMENT.match(line):
                name = re.sub(r'^(?:(?:static|mutating)\s+)*\w+\s+', '', stripped)
                if name_of('func', name) not in inherited:
                    candidate = stripped
        if container and stripped.endswith('{'):
            containers.append((indent, container.group(1)))
        if candidate is None or '// doc: inherited' in line:
            continue
        previous = number - 2
        while previous >= 0 and (lines[previous].strip().startswith('@') or lines[previous].strip().startswith('#')):
            previous -= 1
        if previous < 0 or not lines[previous].strip().startswith('///'):
            # A case list on one line after a documented case counts as documented by it.
            found.append(f'{path}:{number}: {candidate}')
    return found


def main(directories):
    found = []
    for directory in directories:
        for root, _, files in os.walk(directory):
            if '.docc' in root:
                continue
            for name in sorted(files):
                if name.endswith('.swift'):
                    found += undocumented(os.path.join(root, name))
    for line in found:
        print(line)
    print(f'{len(found)} public declarations without a doc comment', file=sys.stderr)
    return 1 if found else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
