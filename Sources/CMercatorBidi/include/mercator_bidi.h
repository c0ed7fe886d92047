// Right-to-left text through the system's ICU (Debian: libicu-dev), behind plain C types so that
// ICU's own types never meet Foundation's copy of ICU in Swift.
#ifndef MERCATOR_BIDI_H
#define MERCATOR_BIDI_H

#include <stdint.h>

/// Arabic letters of `source` (UTF-16, logical order) shaped into their contextual presentation
/// forms, written to `dest`; returns the length written, or -1 on failure.
int32_t mercator_shape_arabic(const uint16_t *source, int32_t length, uint16_t *dest, int32_t capacity);

/// The visual order of line [start, limit) of the paragraph `text` (UTF-16; direction from its
/// first strong character): map[visual] = logical index within the line, levels[logical] = the
/// embedding level (odd: right to left). Returns 1 on success, 0 on failure.
int mercator_bidi_line(const uint16_t *text, int32_t length, int32_t start, int32_t limit, int32_t *map, uint8_t *levels);

/// The mirrored form of a character drawn right to left (parentheses…), or the character itself.
int32_t mercator_char_mirror(int32_t c);

/// The Unicode script of `c` as an ISO 15924 tag packed big-endian ('Deva' = 0x44657661; 'Zyyy'
/// common, 'Zinh' inherited), from ICU's script data; 0 for an unknown script.
uint32_t mercator_script(int32_t c);

/// The line-break opportunities ICU's line break iterator finds in `text` (UTF-16; dictionaries for
/// Thai, Lao, Khmer and Myanmar, which do not separate words with spaces): the UTF-16 offsets where a
/// line may start, the text's end excluded, written to `out`; returns how many there are (call again
/// with more room if larger than `capacity`), or -1 on failure.
int32_t mercator_line_breaks(const uint16_t *text, int32_t length, int32_t *out, int32_t capacity);

#endif
