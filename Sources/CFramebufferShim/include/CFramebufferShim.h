#pragma once
// Linux framebuffer (fbdev) ioctls for KioskFramebuffer. ioctl(2) is variadic, which Swift
// cannot call; each wrapper is one ioctl, retried on EINTR, and returns 0 or a negative errno,
// so Swift code need not read errno after the call. The structs and FB_* constants come from
// <linux/fb.h> as they are.
#include <linux/fb.h>

/// FBIOGET_VSCREENINFO: the variable screen information (resolution, virtual size, offsets,
/// pixel layout, timings). Fails with -ENOTTY on a device that is not a framebuffer.
int kiosk_fb_get_variable(int fd, struct fb_var_screeninfo *info);
/// FBIOPUT_VSCREENINFO: asks for `info` (e.g. a taller virtual screen for double buffering);
/// the driver may adjust it, so read it again afterwards.
int kiosk_fb_put_variable(int fd, struct fb_var_screeninfo *info);
/// FBIOGET_FSCREENINFO: the fixed information (memory size, line length, visual, pan steps).
int kiosk_fb_get_fixed(int fd, struct fb_fix_screeninfo *info);
/// FBIOPAN_DISPLAY to (`xoffset`, `yoffset`) of the virtual screen; `info` is the current
/// variable information, whose other fields the kernel ignores.
int kiosk_fb_pan(int fd, struct fb_var_screeninfo *info, unsigned xoffset, unsigned yoffset);
/// FBIO_WAITFORVSYNC: blocks until the next vertical blank. -ENOTTY (or -EINVAL) where the
/// driver has no such interrupt. DRM's fbdev emulation returns 0 at once when the CRTC has no
/// vblank interrupt, so success alone does not prove a blank was waited for.
int kiosk_fb_wait_for_vsync(int fd);
/// FBIOBLANK with FB_BLANK_UNBLANK: the panel on (a console that blanked it leaves it dark).
int kiosk_fb_unblank(int fd);
/// FBIOBLANK with FB_BLANK_POWERDOWN: the panel (and its backlight, where the driver links
/// one) off. -EINVAL where the driver cannot blank.
int kiosk_fb_powerdown(int fd);
