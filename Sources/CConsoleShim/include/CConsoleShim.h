#pragma once
// Console (virtual terminal) ioctls Swift cannot call directly: request numbers are macros.
// Each wrapper is one ioctl (or one macro) and returns 0 or a negative errno, so Swift code
// need not read errno after the call. Used by KioskDevice's VirtualTerminal, which the DRM
// and framebuffer backends share through the console session.
#include <stdint.h>
#include <sys/types.h>

/// major(3) and minor(3) of a device number (macros in <sys/sysmacros.h>).
uint32_t kiosk_dev_major(dev_t dev);
uint32_t kiosk_dev_minor(dev_t dev);

// MARK: Virtual terminals (<linux/kd.h>, <linux/vt.h>)

/// KD_TEXT and KD_GRAPHICS, the values KDSETMODE takes and KDGETMODE reports.
extern const int KIOSK_KD_TEXT;
extern const int KIOSK_KD_GRAPHICS;
/// The major number of /dev/ttyN (TTY_MAJOR); VTs are minors 1…63 (MAX_NR_CONSOLES).
extern const uint32_t KIOSK_TTY_MAJOR;
extern const uint32_t KIOSK_MAX_VT;

/// KDGETMODE: the console mode (KD_TEXT or KD_GRAPHICS). Fails with -ENOTTY on a non-VT.
int kiosk_vt_get_kd_mode(int fd, int *mode);
/// KDSETMODE.
int kiosk_vt_set_kd_mode(int fd, int mode);
/// VT_SETMODE with VT_PROCESS: the kernel asks before switching away (sends `relsig`, waits
/// for VT_RELDISP 1) and tells us after switching back (sends `acqsig`).
int kiosk_vt_set_process_mode(int fd, int relsig, int acqsig);
/// VT_SETMODE with VT_AUTO: switches happen without asking (the default).
int kiosk_vt_set_auto_mode(int fd);
/// VT_RELDISP 1: allow the pending switch away.
int kiosk_vt_allow_release(int fd);
/// VT_RELDISP VT_ACKACQ: acknowledge that we have the VT again.
int kiosk_vt_acknowledge_acquire(int fd);
/// VT_GETSTATE: the number of the active VT (works on /dev/tty0 and any VT).
int kiosk_vt_get_active(int fd, unsigned short *active);
/// VT_ACTIVATE: switch to VT `number`.
int kiosk_vt_activate(int fd, int number);
