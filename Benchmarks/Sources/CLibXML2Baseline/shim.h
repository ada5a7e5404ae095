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
#endif
