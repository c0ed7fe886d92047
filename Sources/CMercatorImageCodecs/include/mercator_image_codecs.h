// JPEG and WebP decoding and encoding behind plain C types. JPEG goes through the system's libjpeg (the libjpeg
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

/// Encodes straight-alpha RGBA (width * height * 4 bytes) as a baseline JPEG at `quality` (1-100),
/// composited over white. Returns 1 with the bytes in `*output` (free them with mercator_jpeg_free);
/// 0 with the encoder's message, or when the build has no libjpeg (the LibJPEG trait).
int mercator_jpeg_encode(const uint8_t *rgba, int32_t width, int32_t height, int32_t quality,
                         uint8_t **output, size_t *output_length, char *message, size_t message_capacity);

/// Frees what mercator_jpeg_encode returned.
void mercator_jpeg_free(uint8_t *buffer);

/// 1 when this build encodes JPEG (libjpeg compiled in), else 0.
int mercator_jpeg_encoder_available(void);

/// Whether libwebp could be loaded (it is looked up once, by its shared library's name).
int mercator_webp_available(void);

/// A WebP's size (libwebp's `WebPGetInfo`). Returns 1 on success, 0 if not a WebP or libwebp is absent.
int mercator_webp_size(const uint8_t *data, size_t length, int32_t *width, int32_t *height);

/// Decodes a WebP into straight-alpha RGBA (libwebp's `WebPDecodeRGBAInto`). Returns 1 on success.
int mercator_webp_decode(const uint8_t *data, size_t length, uint8_t *rgba, size_t rgba_length, int32_t stride);

/// 1 when the loaded libwebp also encodes (`WebPEncodeRGBA`, `WebPEncodeLosslessRGBA`, `WebPFree`), else 0.
int mercator_webp_encoder_available(void);

/// Encodes straight-alpha RGBA as WebP: lossy at `quality` (0-100), lossless when `quality` is negative.
/// Returns the size with the bytes in `*output` (free them with mercator_webp_free), or 0 on failure.
size_t mercator_webp_encode(const uint8_t *rgba, int32_t width, int32_t height, int32_t stride, float quality,
                            uint8_t **output);

/// Frees what mercator_webp_encode returned.
void mercator_webp_free(uint8_t *buffer);

#endif
