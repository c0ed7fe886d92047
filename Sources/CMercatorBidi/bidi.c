#include "mercator_bidi.h"

// Built with the ICU trait on Linux only (MERCATOR_ICU); otherwise nothing here references ICU.
#if defined(MERCATOR_ICU)

#include <unicode/ubidi.h>
#include <unicode/uchar.h>
#include <unicode/ushape.h>

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

#else
typedef int mercator_bidi_unavailable;
#endif
