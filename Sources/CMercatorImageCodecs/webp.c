// WebP through libwebp's shared library, loaded once at run time (dlopen): the build needs no WebP headers,
// and a machine without libwebp reports "WebP support is not installed" instead of failing to link.
// The entry points used are libwebp's stable C ABI: decoding (decode.h, WEBP_DECODER_ABI_VERSION 0x0209)
// for images in styles, and encoding (encode.h: WebPEncodeRGBA, WebPEncodeLosslessRGBA, WebPFree) for
// the pyramid's and the CLI's WebP output.
#include "mercator_image_codecs.h"

#if defined(__linux__) || defined(__APPLE__)
#include <dlfcn.h>
#include <pthread.h>

typedef int (*webp_get_info_fn)(const uint8_t *, size_t, int *, int *);
typedef uint8_t *(*webp_decode_rgba_into_fn)(const uint8_t *, size_t, uint8_t *, size_t, int);
typedef size_t (*webp_encode_rgba_fn)(const uint8_t *, int, int, int, float, uint8_t **);
typedef size_t (*webp_encode_lossless_rgba_fn)(const uint8_t *, int, int, int, uint8_t **);
typedef void (*webp_free_fn)(void *);

static webp_get_info_fn webp_get_info;
static webp_decode_rgba_into_fn webp_decode_rgba_into;
static webp_encode_rgba_fn webp_encode_rgba;
static webp_encode_lossless_rgba_fn webp_encode_lossless_rgba;
static webp_free_fn webp_free;
static pthread_once_t webp_once = PTHREAD_ONCE_INIT;

static void webp_load(void) {
    static const char *names[] = { "libwebp.so.7", "libwebp.so", "libwebp.7.dylib", "libwebp.dylib" };
    for (unsigned i = 0; i < sizeof names / sizeof names[0]; i++) {
        void *handle = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (!handle) continue;
        webp_get_info = (webp_get_info_fn)dlsym(handle, "WebPGetInfo");
        webp_decode_rgba_into = (webp_decode_rgba_into_fn)dlsym(handle, "WebPDecodeRGBAInto");
        if (webp_get_info && webp_decode_rgba_into) {
            webp_encode_rgba = (webp_encode_rgba_fn)dlsym(handle, "WebPEncodeRGBA");
            webp_encode_lossless_rgba = (webp_encode_lossless_rgba_fn)dlsym(handle, "WebPEncodeLosslessRGBA");
            webp_free = (webp_free_fn)dlsym(handle, "WebPFree");
            if (!webp_encode_rgba || !webp_encode_lossless_rgba || !webp_free) {
                webp_encode_rgba = 0;
                webp_encode_lossless_rgba = 0;
                webp_free = 0;
            }
            return;
        }
        webp_get_info = 0;
        webp_decode_rgba_into = 0;
        dlclose(handle);
    }
}

int mercator_webp_available(void) {
    pthread_once(&webp_once, webp_load);
    return webp_get_info != 0;
}

int mercator_webp_size(const uint8_t *data, size_t length, int32_t *width, int32_t *height) {
    if (!mercator_webp_available()) return 0;
    int w = 0, h = 0;
    if (!webp_get_info(data, length, &w, &h)) return 0;
    *width = w;
    *height = h;
    return 1;
}

int mercator_webp_decode(const uint8_t *data, size_t length, uint8_t *rgba, size_t rgba_length, int32_t stride) {
    if (!mercator_webp_available()) return 0;
    return webp_decode_rgba_into(data, length, rgba, rgba_length, stride) != 0;
}

int mercator_webp_encoder_available(void) {
    pthread_once(&webp_once, webp_load);
    return webp_encode_rgba != 0;
}

size_t mercator_webp_encode(const uint8_t *rgba, int32_t width, int32_t height, int32_t stride, float quality,
                            uint8_t **output) {
    *output = 0;
    if (!mercator_webp_encoder_available()) return 0;
    if (quality < 0) return webp_encode_lossless_rgba(rgba, width, height, stride, output);
    return webp_encode_rgba(rgba, width, height, stride, quality, output);
}

void mercator_webp_free(uint8_t *buffer) {
    if (buffer && webp_free) webp_free(buffer);
}
#else
int mercator_webp_available(void) { return 0; }
int mercator_webp_size(const uint8_t *data, size_t length, int32_t *width, int32_t *height) {
    (void)data; (void)length; (void)width; (void)height; return 0;
}
int mercator_webp_decode(const uint8_t *data, size_t length, uint8_t *rgba, size_t rgba_length, int32_t stride) {
    (void)data; (void)length; (void)rgba; (void)rgba_length; (void)stride; return 0;
}
int mercator_webp_encoder_available(void) { return 0; }
size_t mercator_webp_encode(const uint8_t *rgba, int32_t width, int32_t height, int32_t stride, float quality,
                            uint8_t **output) {
    (void)rgba; (void)width; (void)height; (void)stride; (void)quality; *output = 0; return 0;
}
void mercator_webp_free(uint8_t *buffer) { (void)buffer; }
#endif
