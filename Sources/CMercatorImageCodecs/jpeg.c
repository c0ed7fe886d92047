// JPEG through the libjpeg API. libjpeg reports errors by calling error_exit, which must not return:
// it longjmps back here, the only way to keep a corrupt file from ending the process.
#include "mercator_image_codecs.h"

#if defined(MERCATOR_LIBJPEG)
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

struct mercator_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    size_t capacity;
};

static void mercator_jpeg_error_exit(j_common_ptr info) {
    struct mercator_jpeg_error *error = (struct mercator_jpeg_error *)info->err;
    if (error->message && error->capacity > 0) {
        char buffer[JMSG_LENGTH_MAX];
        (*info->err->format_message)(info, buffer);
        snprintf(error->message, error->capacity, "%s", buffer);
    }
    longjmp(error->jump, 1);
}

static void mercator_jpeg_quiet(j_common_ptr info, int level) { (void)info; (void)level; }

// libjpeg's error manager for one call: errors long-jump back with their text in `message`, warnings are quiet.
static struct jpeg_error_mgr *mercator_jpeg_errors(struct mercator_jpeg_error *error, char *message, size_t capacity) {
    struct jpeg_error_mgr *manager = jpeg_std_error(&error->base);
    error->base.error_exit = mercator_jpeg_error_exit;
    error->base.emit_message = mercator_jpeg_quiet;
    error->message = message;
    error->capacity = capacity;
    return manager;
}

static int mercator_jpeg_run(const uint8_t *data, size_t length, int32_t *width, int32_t *height,
                             uint8_t *rgba, size_t rgba_length, char *message, size_t capacity) {
    struct jpeg_decompress_struct info;
    struct mercator_jpeg_error error;
    memset(&info, 0, sizeof info);
    info.err = mercator_jpeg_errors(&error, message, capacity);
    uint8_t *row = NULL;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        free(row);
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, (unsigned char *)data, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    if (width) *width = (int32_t)info.image_width;
    if (height) *height = (int32_t)info.image_height;
    if (!rgba) {
        jpeg_destroy_decompress(&info);
        return 1;
    }
    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    size_t w = info.output_width, h = info.output_height;
    if (info.output_components != 3 || rgba_length < w * h * 4) {
        if (message && capacity > 0) snprintf(message, capacity, "unexpected output layout");
        jpeg_destroy_decompress(&info);
        return 0;
    }
    row = malloc(w * 3);
    if (!row) {
        if (message && capacity > 0) snprintf(message, capacity, "out of memory");
        jpeg_destroy_decompress(&info);
        return 0;
    }
    while (info.output_scanline < info.output_height) {
        size_t y = info.output_scanline;
        JSAMPROW rows[1] = { row };
        jpeg_read_scanlines(&info, rows, 1);
        uint8_t *out = rgba + y * w * 4;
        for (size_t x = 0; x < w; x++) {
            out[4 * x] = row[3 * x];
            out[4 * x + 1] = row[3 * x + 1];
            out[4 * x + 2] = row[3 * x + 2];
            out[4 * x + 3] = 255;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    return 1;
}

int mercator_jpeg_size(const uint8_t *data, size_t length, int32_t *width, int32_t *height,
                       char *message, size_t message_capacity) {
    return mercator_jpeg_run(data, length, width, height, NULL, 0, message, message_capacity);
}

int mercator_jpeg_decode(const uint8_t *data, size_t length, uint8_t *rgba, size_t rgba_length,
                         char *message, size_t message_capacity) {
    return mercator_jpeg_run(data, length, NULL, NULL, rgba, rgba_length, message, message_capacity);
}

// Encoding: straight-alpha RGBA composited over white (JPEG has no alpha), baseline, 4:2:0 at the
// given quality, into a buffer libjpeg allocates (jpeg_mem_dest); the caller frees it with
// mercator_jpeg_free.
int mercator_jpeg_encode(const uint8_t *rgba, int32_t width, int32_t height, int32_t quality,
                         uint8_t **output, size_t *output_length, char *message, size_t message_capacity) {
    struct jpeg_compress_struct info;
    struct mercator_jpeg_error error;
    memset(&info, 0, sizeof info);
    info.err = mercator_jpeg_errors(&error, message, message_capacity);
    unsigned char *buffer = NULL;
    unsigned long length = 0;
    uint8_t *row;
    *output = NULL;
    *output_length = 0;
    if (width <= 0 || height <= 0 || width > 65500 || height > 65500) {
        if (message && message_capacity > 0) snprintf(message, message_capacity, "a %dx%d image cannot be a JPEG (1 to 65500 pixels a side)", width, height);
        return 0;
    }
    // Allocated before setjmp: a local assigned between setjmp and longjmp is indeterminate afterwards.
    row = malloc((size_t)width * 3);
    if (!row) {
        if (message && message_capacity > 0) snprintf(message, message_capacity, "out of memory");
        return 0;
    }
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&info);
        free(row);
        free(buffer);
        return 0;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, &buffer, &length);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        const uint8_t *in = rgba + (size_t)info.next_scanline * (size_t)width * 4;
        for (size_t x = 0; x < (size_t)width; x++) {
            unsigned a = in[4 * x + 3], white = 255u * (255u - a);
            row[3 * x] = (uint8_t)((in[4 * x] * a + white + 127u) / 255u);
            row[3 * x + 1] = (uint8_t)((in[4 * x + 1] * a + white + 127u) / 255u);
            row[3 * x + 2] = (uint8_t)((in[4 * x + 2] * a + white + 127u) / 255u);
        }
        JSAMPROW rows[1] = { row };
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    free(row);
    *output = buffer;
    *output_length = (size_t)length;
    return 1;
}

void mercator_jpeg_free(uint8_t *buffer) { free(buffer); }

int mercator_jpeg_encoder_available(void) { return 1; }

#else
#include <stdio.h>
int mercator_jpeg_size(const uint8_t *data, size_t length, int32_t *width, int32_t *height,
                       char *message, size_t message_capacity) {
    (void)data; (void)length; (void)width; (void)height;
    if (message && message_capacity > 0) snprintf(message, message_capacity, "JPEG is not available in this build");
    return 0;
}
int mercator_jpeg_decode(const uint8_t *data, size_t length, uint8_t *rgba, size_t rgba_length,
                         char *message, size_t message_capacity) {
    (void)data; (void)length; (void)rgba; (void)rgba_length;
    if (message && message_capacity > 0) snprintf(message, message_capacity, "JPEG is not available in this build");
    return 0;
}
int mercator_jpeg_encode(const uint8_t *rgba, int32_t width, int32_t height, int32_t quality,
                         uint8_t **output, size_t *output_length, char *message, size_t message_capacity) {
    (void)rgba; (void)width; (void)height; (void)quality;
    *output = NULL;
    *output_length = 0;
    if (message && message_capacity > 0) snprintf(message, message_capacity, "JPEG is not available in this build");
    return 0;
}
void mercator_jpeg_free(uint8_t *buffer) { (void)buffer; }
int mercator_jpeg_encoder_available(void) { return 0; }
#endif
