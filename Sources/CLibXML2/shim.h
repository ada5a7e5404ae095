#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
/* Debian's libxml2 is built with ICU, and its encoding.h then includes ICU
   headers whose enums clash with Foundation's own copy of ICU in any module
   that uses both. Nothing here calls libxml2's ICU converters, and they are
   reached only through pointers, so the shim hides that include. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>
#include <libxml/encoding.h>
#include <libxml/globals.h>
#include <stdarg.h>
#include <stdio.h>

/* What libxml2 said outside a parser context while the current thread
   parsed: an encoding converter's or the input layer's error, which it
   raises with no context, and the push parser's own "encoder error". libxml2
   sends these to the thread's generic and structured error functions, whose
   default prints to standard error; while a sink is installed they come
   here instead, so that the reader turns them into one diagnostic. */
typedef struct {
    int count;
    char first[256];
    void *savedGenericContext;
    xmlGenericErrorFunc savedGeneric;
    void *savedStructuredContext;
    xmlStructuredErrorFunc savedStructured;
} cf_xml_error_sink;

static void cf_xml_sink_keep(cf_xml_error_sink *sink, const char *text) {
    if (sink->count++ > 0 || text == NULL) return;
    snprintf(sink->first, sizeof sink->first, "%s", text);
}

static void cf_xml_generic_error(void *context, const char *message, ...) {
    cf_xml_error_sink *sink = (cf_xml_error_sink *)context;
    if (sink == NULL || sink->count > 0) { if (sink != NULL) sink->count++; return; }
    char text[256];
    va_list arguments;
    va_start(arguments, message);
    vsnprintf(text, sizeof text, message, arguments);
    va_end(arguments);
    cf_xml_sink_keep(sink, text);
}

static void cf_xml_structured_error(void *context, xmlErrorPtr error) {
    cf_xml_error_sink *sink = (cf_xml_error_sink *)context;
    if (sink == NULL) return;
    cf_xml_sink_keep(sink, error != NULL ? error->message : NULL);
}

/* Sends the calling thread's context-free libxml2 errors to `sink` until
   cf_xml_release_errors(sink), which puts back what was there before. */
static inline void cf_xml_capture_errors(cf_xml_error_sink *sink) {
    sink->count = 0;
    sink->first[0] = 0;
    sink->savedGenericContext = xmlGenericErrorContext;
    sink->savedGeneric = xmlGenericError;
    sink->savedStructuredContext = xmlStructuredErrorContext;
    sink->savedStructured = xmlStructuredError;
    xmlSetGenericErrorFunc(sink, cf_xml_generic_error);
    xmlSetStructuredErrorFunc(sink, cf_xml_structured_error);
}

static inline void cf_xml_release_errors(cf_xml_error_sink *sink) {
    xmlSetGenericErrorFunc(sink->savedGenericContext, sink->savedGeneric);
    xmlSetStructuredErrorFunc(sink->savedStructuredContext, sink->savedStructured);
}

/* The number of leading bytes of `bytes` that libxml2's converter for
   `encoding` turns into UTF-8 before it meets a byte it refuses, and the
   number of line ends in what it made of them; -1 when it refuses none, or
   has no converter by that name. Call it with a sink installed: the
   converter reports what it refuses. */
static inline long cf_xml_convertible_prefix(const char *encoding, const unsigned char *bytes, int count, long *lineEnds) {
    *lineEnds = 0;
    xmlCharEncodingHandlerPtr handler = xmlFindCharEncodingHandler(encoding);
    if (handler == NULL) return -1;
    xmlBufferPtr input = xmlBufferCreateSize((size_t)count + 1);
    xmlBufferPtr output = xmlBufferCreateSize((size_t)count * 4 + 64);
    long result = -1;
    if (input != NULL && output != NULL && xmlBufferAdd(input, bytes, count) == 0) {
        for (int rounds = 0; rounds < 64 && xmlBufferLength(input) > 0; rounds++) {
            int before = xmlBufferLength(input);
            int status = xmlCharEncInFunc(handler, output, input);
            if (status == -2) { result = count - xmlBufferLength(input); break; }
            if (status < 0 || xmlBufferLength(input) == before) break;
        }
        const xmlChar *made = xmlBufferContent(output);
        int length = xmlBufferLength(output);
        if (result >= 0) for (int at = 0; at < length; at++) if (made[at] == '\n') (*lineEnds)++;
    }
    if (input != NULL) xmlBufferFree(input);
    if (output != NULL) xmlBufferFree(output);
    xmlCharEncCloseFunc(handler);
    return result;
}
#endif
