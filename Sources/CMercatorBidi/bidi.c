#include "mercator_bidi.h"

// Built with the ICU trait on Linux only (MERCATOR_ICU); otherwise nothing here references ICU.
#if defined(MERCATOR_ICU)

#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/ushape.h>
#include <unicode/uscript.h>
#include <unicode/ubrk.h>
#include <string.h>

int32_t mercator_shape_arabic(const uint16_t *source, int32_t length, uint16_t *dest, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t written = u_shapeArabic((const UChar *)source, length, (UChar *)dest, capacity,
                                    U_SHAPE_LETTERS_SHAPE | U_SHAPE_TEXT_DIRECTION_LOGICAL, &error);
    return U_FAILURE(error) ? -1 : written;
}

int mercator_bidi_line(const uint16_t *text, int32_t length, int32_t start, int32_t limit, int32_t *map, uint8_t *levels) {
    UErrorCode error = U_ZERO_ERROR;
    UBiDi *paragraph = ubidi_openSized(length, 0, &error);
    UBiDi *line = ubidi_openSized(limit - start, 0, &error);
    int ok = 0;
    if (U_SUCCESS(error)) {
        ubidi_setPara(paragraph, (const UChar *)text, length, UBIDI_DEFAULT_LTR, NULL, &error);
        ubidi_setLine(paragraph, start, limit, line, &error);
        ubidi_getVisualMap(line, map, &error);
        if (U_SUCCESS(error)) {
            for (int32_t i = 0; i < limit - start; i++) levels[i] = ubidi_getLevelAt(line, i);
            ok = 1;
        }
    }
    if (line) ubidi_close(line);
    if (paragraph) ubidi_close(paragraph);
    return ok;
}

int32_t mercator_char_mirror(int32_t c) { return u_charMirror(c); }

uint32_t mercator_script(int32_t c) {
    UErrorCode error = U_ZERO_ERROR;
    UScriptCode code = uscript_getScript(c, &error);
    if (U_FAILURE(error)) return 0;
    const char *name = uscript_getShortName(code);
    if (!name || strlen(name) != 4) return 0;
    return ((uint32_t)(unsigned char)name[0] << 24) | ((uint32_t)(unsigned char)name[1] << 16) |
           ((uint32_t)(unsigned char)name[2] << 8) | (uint32_t)(unsigned char)name[3];
}

int32_t mercator_line_breaks(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(UBRK_LINE, "", (const UChar *)text, length, &error);
    if (U_FAILURE(error) || !it) return -1;
    int32_t count = 0;
    for (int32_t b = ubrk_first(it); b != UBRK_DONE; b = ubrk_next(it)) {
        if (b <= 0 || b >= length) continue;
        if (count < capacity) out[count] = b;
        count++;
    }
    ubrk_close(it);
    return count;
}

#else
typedef int mercator_bidi_unavailable;
#endif
