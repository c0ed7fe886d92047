// The system's libjpeg-turbo (TurboJPEG API) and libwebp decoders (Debian: libturbojpeg0-dev, libwebp-dev).
#include <turbojpeg.h>
#include <webp/decode.h>
