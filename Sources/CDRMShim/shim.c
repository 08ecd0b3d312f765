#include "CDRMShim.h"

#include <drm_fourcc.h>
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>
#include <xf86drm.h>

uint32_t kiosk_drm_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
uint32_t kiosk_drm_format_rgb565(void) { return DRM_FORMAT_RGB565; }

// drmIoctl already repeats the call on EINTR and EAGAIN.
static int drm_call(int fd, unsigned long request, void *arg) {
    return drmIoctl(fd, request, arg) == 0 ? 0 : -errno;
}

int kiosk_drm_create_dumb(int fd, uint32_t width, uint32_t height, uint32_t bpp,
                          uint32_t *handle, uint32_t *pitch, uint64_t *size) {
    struct drm_mode_create_dumb request;
    memset(&request, 0, sizeof request);
    request.width = width;
    request.height = height;
    request.bpp = bpp;
    int result = drm_call(fd, DRM_IOCTL_MODE_CREATE_DUMB, &request);
    if (result == 0) {
        *handle = request.handle;
        *pitch = request.pitch;
        *size = request.size;
    }
    return result;
}

int kiosk_drm_map_dumb(int fd, uint32_t handle, uint64_t *offset) {
    struct drm_mode_map_dumb request;
    memset(&request, 0, sizeof request);
    request.handle = handle;
    int result = drm_call(fd, DRM_IOCTL_MODE_MAP_DUMB, &request);
    if (result == 0) *offset = request.offset;
    return result;
}

int kiosk_drm_destroy_dumb(int fd, uint32_t handle) {
    struct drm_mode_destroy_dumb request;
    memset(&request, 0, sizeof request);
    request.handle = handle;
    return drm_call(fd, DRM_IOCTL_MODE_DESTROY_DUMB, &request);
}
