// HarfBuzz text shaping behind plain C types, loaded at run time (dlopen of libharfbuzz.so.0): building
// needs no HarfBuzz headers, and a machine without the library reports that shaping is not installed.
// Only HarfBuzz's stable C ABI is used (hb_blob/face/font/buffer, hb_shape).
#ifndef MERCATOR_HARFBUZZ_H
#define MERCATOR_HARFBUZZ_H

#include <stddef.h>
#include <stdint.h>

/// One shaped glyph: the font's glyph id, the UTF-16 offset of the cluster it belongs to, and its
/// advance and offset in font units.
typedef struct {
    uint32_t glyph;
    uint32_t cluster;
    int32_t x_advance;
    int32_t y_advance;
    int32_t x_offset;
    int32_t y_offset;
} mercator_hb_glyph;

/// Whether HarfBuzz's shared library was found (looked up once).
int mercator_harfbuzz_available(void);

/// HarfBuzz's version string ("6.0.0"), or "" when it is not installed.
const char *mercator_harfbuzz_version(void);

/// A shaping font for face `index` of the font file `data` (copied), scaled to its units per em,
/// written to `units_per_em`; NULL if HarfBuzz is missing or the data holds no such face.
void *mercator_hb_font_create(const uint8_t *data, size_t length, unsigned int index, int32_t *units_per_em);

/// The same, scaled to `pixels_per_em` pixels in 26.6 fixed point (advances and offsets in 1/64 pixel,
/// as HarfBuzz gives them over a FreeType face sized to that many pixels); `pixels_per_em` 0 scales to
/// the units per em.
void *mercator_hb_font_create_scaled(const uint8_t *data, size_t length, unsigned int index, unsigned int pixels_per_em,
                                     int32_t *units_per_em);

/// The Unicode script of code point `c` as an ISO 15924 tag packed as HarfBuzz packs it ('Deva' =
/// 0x44657661; 'Zyyy' common, 'Zinh' inherited: non-spacing marks are inherited), or 0 when
/// HarfBuzz is not installed.
uint32_t mercator_hb_script(uint32_t c);

/// Whether `script` (a packed ISO 15924 tag) is written right to left; 0 when HarfBuzz is missing.
int mercator_hb_script_is_right_to_left(uint32_t script);

/// Releases a font of `mercator_hb_font_create`.
void mercator_hb_font_destroy(void *font);

/// Shapes `count` UTF-16 units of `text` from `start` (the rest is context) with `font`:
/// `script` an ISO 15924 tag as HarfBuzz packs it ('Arab' = 0x41726162; 0 guesses it), `direction`
/// 4 left to right, 5 right to left, 0 guessed; `language` a BCP 47 tag or NULL. Writes at most
/// `capacity` glyphs to `out` and returns how many the run has (call again with more room if larger),
/// or -1 on failure.
int32_t mercator_hb_shape(void *font, const uint16_t *text, int32_t length, int32_t start, int32_t count,
                          uint32_t script, int32_t direction, const char *language,
                          mercator_hb_glyph *out, int32_t capacity);

#endif
