// JPEG and WebP decoding behind plain C types. JPEG goes through the system's libjpeg (the libjpeg
// API, whose headers every Debian-like base image has); WebP is loaded at run time from libwebp's
// shared library, so building needs no WebP headers and a machine without libwebp still runs.
#ifndef MERCATOR_IMAGE_CODECS_H
#define MERCATOR_IMAGE_CODECS_H

#include <stddef.h>
#include <stdint.h>

/// Reads a JPEG's size without decoding it. Returns 1 on success; on failure 0, with the decoder's
/// message in `message` (NUL-terminated, at most `message_capacity` bytes).
int mercator_jpeg_size(const uint8_t *data, size_t length, int32_t *width, int32_t *height,
                       char *message, size_t message_capacity);

/// Decodes a JPEG into `rgba` (width * height * 4 bytes, opaque RGBA). Returns 1 on success; on
/// failure 0 with the decoder's message.
int mercator_jpeg_decode(const uint8_t *data, size_t length, uint8_t *rgba, size_t rgba_length,
                         char *message, size_t message_capacity);

/// Whether libwebp could be loaded (it is looked up once, by its shared library's name).
int mercator_webp_available(void);

/// A WebP's size (libwebp's `WebPGetInfo`). Returns 1 on success, 0 if not a WebP or libwebp is absent.
int mercator_webp_size(const uint8_t *data, size_t length, int32_t *width, int32_t *height);

/// Decodes a WebP into straight-alpha RGBA (libwebp's `WebPDecodeRGBAInto`). Returns 1 on success.
int mercator_webp_decode(const uint8_t *data, size_t length, uint8_t *rgba, size_t rgba_length, int32_t stride);

#endif
