// HarfBuzz through dlopen: see mercator_harfbuzz.h. The few types HarfBuzz's ABI exposes are declared
// here as HarfBuzz lays them out (hb_glyph_info_t and hb_glyph_position_t are five 32-bit words each).
#include "mercator_harfbuzz.h"

#if defined(__linux__) || defined(__APPLE__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>

typedef struct { uint32_t codepoint, mask, cluster, var1, var2; } hb_glyph_info_abi;
typedef struct { int32_t x_advance, y_advance, x_offset, y_offset; uint32_t var; } hb_glyph_position_abi;

static void *(*hb_blob_create_p)(const char *, unsigned int, int, void *, void (*)(void *));
static void (*hb_blob_destroy_p)(void *);
static void *(*hb_face_create_p)(void *, unsigned int);
static void (*hb_face_destroy_p)(void *);
static unsigned int (*hb_face_get_upem_p)(void *);
static unsigned int (*hb_face_get_glyph_count_p)(void *);
static void *(*hb_font_create_p)(void *);
static void (*hb_font_destroy_p)(void *);
static void (*hb_font_set_scale_p)(void *, int, int);
static void (*hb_font_set_ppem_p)(void *, unsigned int, unsigned int);
static void (*hb_font_make_immutable_p)(void *);
static void (*hb_face_make_immutable_p)(void *);
static void *(*hb_unicode_funcs_get_default_p)(void);
static uint32_t (*hb_unicode_script_p)(void *, uint32_t);
static int (*hb_unicode_general_category_p)(void *, uint32_t);
static int (*hb_script_get_horizontal_direction_p)(uint32_t);
static void *(*hb_buffer_create_p)(void);
static void (*hb_buffer_destroy_p)(void *);
static int (*hb_buffer_allocation_successful_p)(void *);
static void (*hb_buffer_add_utf16_p)(void *, const uint16_t *, int, unsigned int, int);
static void (*hb_buffer_set_direction_p)(void *, int);
static void (*hb_buffer_set_script_p)(void *, uint32_t);
static void (*hb_buffer_set_language_p)(void *, const void *);
static const void *(*hb_language_from_string_p)(const char *, int);
static void (*hb_buffer_guess_segment_properties_p)(void *);
static void (*hb_shape_p)(void *, void *, const void *, unsigned int);
static hb_glyph_info_abi *(*hb_buffer_get_glyph_infos_p)(void *, unsigned int *);
static hb_glyph_position_abi *(*hb_buffer_get_glyph_positions_p)(void *, unsigned int *);
static const char *(*hb_version_string_p)(void);

static int loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define LOAD(handle, name) (*(void **)(&name##_p) = dlsym(handle, #name))

static void load(void) {
    static const char *names[] = { "libharfbuzz.so.0", "libharfbuzz.so", "libharfbuzz.0.dylib", "libharfbuzz.dylib" };
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        void *h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!h) continue;
        int ok = LOAD(h, hb_blob_create) && LOAD(h, hb_blob_destroy) && LOAD(h, hb_face_create) &&
                 LOAD(h, hb_face_destroy) && LOAD(h, hb_face_get_upem) && LOAD(h, hb_face_get_glyph_count) &&
                 LOAD(h, hb_font_create) && LOAD(h, hb_font_destroy) && LOAD(h, hb_font_set_scale) && LOAD(h, hb_font_set_ppem) &&
                 LOAD(h, hb_font_make_immutable) && LOAD(h, hb_face_make_immutable) &&
                 LOAD(h, hb_unicode_funcs_get_default) && LOAD(h, hb_unicode_script) &&
                 LOAD(h, hb_unicode_general_category) && LOAD(h, hb_script_get_horizontal_direction) &&
                 LOAD(h, hb_buffer_create) && LOAD(h, hb_buffer_destroy) && LOAD(h, hb_buffer_allocation_successful) &&
                 LOAD(h, hb_buffer_add_utf16) && LOAD(h, hb_buffer_set_direction) && LOAD(h, hb_buffer_set_script) &&
                 LOAD(h, hb_buffer_set_language) && LOAD(h, hb_language_from_string) &&
                 LOAD(h, hb_buffer_guess_segment_properties) && LOAD(h, hb_shape) &&
                 LOAD(h, hb_buffer_get_glyph_infos) && LOAD(h, hb_buffer_get_glyph_positions) && LOAD(h, hb_version_string);
        if (ok) { loaded = 1; return; }
        dlclose(h);
    }
}

int mercator_harfbuzz_available(void) {
    pthread_once(&once, load);
    return loaded;
}

const char *mercator_harfbuzz_version(void) {
    return mercator_harfbuzz_available() ? hb_version_string_p() : "";
}

typedef struct { void *face; void *font; } mercator_font;

void *mercator_hb_font_create(const uint8_t *data, size_t length, unsigned int index, int32_t *units_per_em) {
    return mercator_hb_font_create_scaled(data, length, index, 0, units_per_em);
}

void *mercator_hb_font_create_scaled(const uint8_t *data, size_t length, unsigned int index, unsigned int pixels_per_em,
                                     int32_t *units_per_em) {
    if (!mercator_harfbuzz_available() || !data || length == 0 || length > 0x7fffffff || pixels_per_em > 4096) return NULL;
    void *blob = hb_blob_create_p((const char *)data, (unsigned int)length, 0 /* HB_MEMORY_MODE_DUPLICATE */, NULL, NULL);
    void *face = hb_face_create_p(blob, index);
    hb_blob_destroy_p(blob);
    if (!face || hb_face_get_glyph_count_p(face) == 0) {
        if (face) hb_face_destroy_p(face);
        return NULL;
    }
    unsigned int upem = hb_face_get_upem_p(face);
    void *font = hb_font_create_p(face);
    if (pixels_per_em > 0) {
        hb_font_set_scale_p(font, (int)(pixels_per_em * 64), (int)(pixels_per_em * 64));
        hb_font_set_ppem_p(font, pixels_per_em, pixels_per_em);
    } else {
        hb_font_set_scale_p(font, (int)upem, (int)upem);
    }
    // set up once, then only read: HarfBuzz shapes with an immutable font from several threads at once
    // (its lazily loaded tables and shape-plan cache are atomic), and refuses later changes to it
    hb_face_make_immutable_p(face);
    hb_font_make_immutable_p(font);
    mercator_font *out = malloc(sizeof *out);
    if (!out) { hb_font_destroy_p(font); hb_face_destroy_p(face); return NULL; }
    out->face = face;
    out->font = font;
    if (units_per_em) *units_per_em = (int32_t)upem;
    return out;
}

void mercator_hb_font_destroy(void *font) {
    if (!font) return;
    mercator_font *f = font;
    hb_font_destroy_p(f->font);
    hb_face_destroy_p(f->face);
    free(f);
}

uint32_t mercator_hb_script(uint32_t c) {
    if (!mercator_harfbuzz_available()) return 0;
    void *funcs = hb_unicode_funcs_get_default_p();
    // HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK: a mark takes its base's script
    if (hb_unicode_general_category_p(funcs, c) == 12) return 0x5A696E68; /* 'Zinh' */
    return hb_unicode_script_p(funcs, c);
}

int mercator_hb_script_is_right_to_left(uint32_t script) {
    if (!mercator_harfbuzz_available()) return 0;
    return hb_script_get_horizontal_direction_p(script) == 5; /* HB_DIRECTION_RTL */
}

int32_t mercator_hb_shape(void *font, const uint16_t *text, int32_t length, int32_t start, int32_t count,
                          uint32_t script, int32_t direction, const char *language,
                          mercator_hb_glyph *out, int32_t capacity) {
    if (!font || !mercator_harfbuzz_available() || start < 0 || count < 0 || start + count > length) return -1;
    void *buffer = hb_buffer_create_p();
    hb_buffer_add_utf16_p(buffer, text, length, (unsigned int)start, count);
    if (direction) hb_buffer_set_direction_p(buffer, direction);
    if (script) hb_buffer_set_script_p(buffer, script);
    if (language) hb_buffer_set_language_p(buffer, hb_language_from_string_p(language, -1));
    hb_buffer_guess_segment_properties_p(buffer);
    if (!hb_buffer_allocation_successful_p(buffer)) { hb_buffer_destroy_p(buffer); return -1; }
    hb_shape_p(((mercator_font *)font)->font, buffer, NULL, 0);
    unsigned int n = 0, m = 0;
    hb_glyph_info_abi *infos = hb_buffer_get_glyph_infos_p(buffer, &n);
    hb_glyph_position_abi *positions = hb_buffer_get_glyph_positions_p(buffer, &m);
    if (n != m || (n > 0 && (!infos || !positions))) { hb_buffer_destroy_p(buffer); return -1; }
    for (unsigned int i = 0; i < n && (int32_t)i < capacity; i++) {
        out[i].glyph = infos[i].codepoint;
        out[i].cluster = infos[i].cluster;
        out[i].x_advance = positions[i].x_advance;
        out[i].y_advance = positions[i].y_advance;
        out[i].x_offset = positions[i].x_offset;
        out[i].y_offset = positions[i].y_offset;
    }
    hb_buffer_destroy_p(buffer);
    return (int32_t)n;
}
#else
int mercator_harfbuzz_available(void) { return 0; }
const char *mercator_harfbuzz_version(void) { return ""; }
void *mercator_hb_font_create(const uint8_t *data, size_t length, unsigned int index, int32_t *units_per_em) {
    (void)data; (void)length; (void)index; (void)units_per_em; return 0;
}
void *mercator_hb_font_create_scaled(const uint8_t *data, size_t length, unsigned int index, unsigned int pixels_per_em,
                                     int32_t *units_per_em) {
    (void)data; (void)length; (void)index; (void)pixels_per_em; (void)units_per_em; return 0;
}
uint32_t mercator_hb_script(uint32_t c) { (void)c; return 0; }
int mercator_hb_script_is_right_to_left(uint32_t script) { (void)script; return 0; }
void mercator_hb_font_destroy(void *font) { (void)font; }
int32_t mercator_hb_shape(void *font, const uint16_t *text, int32_t length, int32_t start, int32_t count,
                          uint32_t script, int32_t direction, const char *language,
                          mercator_hb_glyph *out, int32_t capacity) {
    (void)font; (void)text; (void)length; (void)start; (void)count; (void)script; (void)direction;
    (void)language; (void)out; (void)capacity; return -1;
}
#endif
