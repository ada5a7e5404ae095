#!/usr/bin/env bash
# Regenerates the .properties conformance corpus and the JDK's expected answers.
# Needs python3 and a JDK (java 11 or later); the tests themselves need neither.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../../Tests/JavaPropertiesTests/Fixtures/Conformance"
python3 "$here/generate.py" "$out"
java "$here/PropertiesOracle.java" "$out"
