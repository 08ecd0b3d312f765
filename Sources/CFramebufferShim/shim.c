#include "CFramebufferShim.h"

#include <errno.h>
#include <sys/ioctl.h>

static int fb_call(int fd, unsigned long request, void *arg) {
    int result;
    do {
        result = ioctl(fd, request, arg);
    } while (result == -1 && errno == EINTR);
    return result == 0 ? 0 : -errno;
}

int kiosk_fb_get_variable(int fd, struct fb_var_screeninfo *info) { return fb_call(fd, FBIOGET_VSCREENINFO, info); }

int kiosk_fb_put_variable(int fd, struct fb_var_screeninfo *info) { return fb_call(fd, FBIOPUT_VSCREENINFO, info); }

int kiosk_fb_get_fixed(int fd, struct fb_fix_screeninfo *info) { return fb_call(fd, FBIOGET_FSCREENINFO, info); }

int kiosk_fb_pan(int fd, struct fb_var_screeninfo *info, unsigned xoffset, unsigned yoffset) {
    struct fb_var_screeninfo request = *info;
    request.xoffset = xoffset;
    request.yoffset = yoffset;
    // A pan, not a wrap: with FB_VMODE_YWRAP the offset would be taken modulo the virtual height.
    request.vmode &= ~FB_VMODE_YWRAP;
    return fb_call(fd, FBIOPAN_DISPLAY, &request);
}

static int fb_blank(int fd, unsigned long mode) {
    int result;
    do {
        result = ioctl(fd, FBIOBLANK, mode);
    } while (result == -1 && errno == EINTR);
    return result == 0 ? 0 : -errno;
}

int kiosk_fb_unblank(int fd) { return fb_blank(fd, FB_BLANK_UNBLANK); }

int kiosk_fb_powerdown(int fd) { return fb_blank(fd, FB_BLANK_POWERDOWN); }

int kiosk_fb_wait_for_vsync(int fd) {
    __u32 screen = 0;   // the first (only) screen of the device
    return fb_call(fd, FBIO_WAITFORVSYNC, &screen);
}
