#!/usr/bin/env python3
"""Decodes OTLP/HTTP protobuf trace exports (ExportTraceServiceRequest), one
file each, named on the command line, with opentelemetry-proto's generated
classes, and prints every span as JSON: {"resource": {...}, "spans": [{"name",
"kind", "traceId", "spanId", "parentSpanId", "attributes"}]}. The link
shortener's end-to-end tests read what their collector received through it."""
import json
import sys

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
from opentelemetry.proto.trace.v1.trace_pb2 import Span


def value(any_value):
    """An AnyValue as plain JSON: a string, a number, a bool or a list of them."""
    kind = any_value.WhichOneof("value")
    if kind == "array_value":
        return [value(item) for item in any_value.array_value.values]
    return getattr(any_value, kind) if kind else None


def attributes(pairs):
    return {pair.key: value(pair.value) for pair in pairs}


def main() -> int:
    resource, spans = {}, []
    for path in sys.argv[1:]:
        request = ExportTraceServiceRequest()
        with open(path, "rb") as export:
            request.ParseFromString(export.read())
        for resource_spans in request.resource_spans:
            resource.update(attributes(resource_spans.resource.attributes))
            for scope_spans in resource_spans.scope_spans:
                for span in scope_spans.spans:
                    spans.append({
                        "name": span.name,
                        "kind": Span.SpanKind.Name(span.kind),
                        "traceId": span.trace_id.hex(),
                        "spanId": span.span_id.hex(),
                        "parentSpanId": span.parent_span_id.hex(),
                        "attributes": attributes(span.attributes),
                    })
    json.dump({"resource": resource, "spans": spans}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
