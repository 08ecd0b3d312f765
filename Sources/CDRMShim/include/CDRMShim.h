#pragma once
// Kernel interfaces Swift cannot call directly: ioctl request numbers are function-like
// macros (_IOWR) and fourcc codes are macros too. Each wrapper is one ioctl.
#include <stdint.h>

/// DRM_FORMAT_XRGB8888, the scanout format of the dumb buffers.
uint32_t kiosk_drm_format_xrgb8888(void);
