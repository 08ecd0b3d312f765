#pragma once
// Kernel interfaces Swift cannot call directly: ioctl request numbers are function-like
// macros (_IOWR, DRM_IOWR) and fourcc codes are macros too, so Swift never sees them.
// Each wrapper is one ioctl (or one macro) and returns 0 or a negative errno, so Swift
// code need not read errno after the call.
#include <stdint.h>
#include <sys/types.h>

// MARK: DRM

/// DRM_FORMAT_XRGB8888 and DRM_FORMAT_RGB565, the scanout formats of the dumb buffers.
uint32_t kiosk_drm_format_xrgb8888(void);
uint32_t kiosk_drm_format_rgb565(void);

/// DRM_IOCTL_MODE_CREATE_DUMB: a width x height buffer of `bpp` bits per pixel; the kernel
/// chooses the pitch (row stride) and size and zero-fills it.
int kiosk_drm_create_dumb(int fd, uint32_t width, uint32_t height, uint32_t bpp,
                          uint32_t *handle, uint32_t *pitch, uint64_t *size);
/// DRM_IOCTL_MODE_MAP_DUMB: the fake offset to pass to mmap(2) on the DRM descriptor.
int kiosk_drm_map_dumb(int fd, uint32_t handle, uint64_t *offset);
/// DRM_IOCTL_MODE_DESTROY_DUMB.
int kiosk_drm_destroy_dumb(int fd, uint32_t handle);
