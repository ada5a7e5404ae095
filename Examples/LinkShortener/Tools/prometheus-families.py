#!/usr/bin/env python3
"""Parses Prometheus text exposition on stdin with prometheus_client's own
parser (not a regular expression) and prints what it found as JSON:
{"families": [{"name", "type", "help"}], "samples": [{"name", "labels", "value"}]}.
A text the parser refuses exits 1 with its error. The link shortener's
end-to-end tests read /metrics through it."""
import json
import sys

from prometheus_client.parser import text_string_to_metric_families


def main() -> int:
    text = sys.stdin.read()
    families, samples = [], []
    try:
        for family in text_string_to_metric_families(text):
            families.append({"name": family.name, "type": family.type, "help": family.documentation})
            for sample in family.samples:
                samples.append({"name": sample.name, "labels": sample.labels, "value": sample.value})
    except Exception as error:  # the parser's refusal, whatever its type
        print(f"not Prometheus text: {error}", file=sys.stderr)
        return 1
    json.dump({"families": families, "samples": samples}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
