#include "CConsoleShim.h"

#include <errno.h>
#include <linux/kd.h>
#include <linux/major.h>
#include <linux/vt.h>
#include <sys/ioctl.h>
#include <string.h>
#include <sys/sysmacros.h>

uint32_t kiosk_dev_major(dev_t dev) { return major(dev); }
uint32_t kiosk_dev_minor(dev_t dev) { return minor(dev); }

const int KIOSK_KD_TEXT = KD_TEXT;
const int KIOSK_KD_GRAPHICS = KD_GRAPHICS;
const uint32_t KIOSK_TTY_MAJOR = TTY_MAJOR;
const uint32_t KIOSK_MAX_VT = MAX_NR_CONSOLES;

// Console ioctls are not restarted by the kernel after a signal; repeat them here.
static int tty_call(int fd, unsigned long request, unsigned long arg) {
    int result;
    do {
        result = ioctl(fd, request, arg);
    } while (result == -1 && errno == EINTR);
    return result == 0 ? 0 : -errno;
}

int kiosk_vt_get_kd_mode(int fd, int *mode) {
    // The kernel stores an int (put_user(vc->vc_mode, (int __user *)arg)).
    return tty_call(fd, KDGETMODE, (unsigned long)mode);
}

int kiosk_vt_set_kd_mode(int fd, int mode) { return tty_call(fd, KDSETMODE, (unsigned long)mode); }

static int set_vt_mode(int fd, char mode, int relsig, int acqsig) {
    struct vt_mode vt;
    memset(&vt, 0, sizeof vt);
    vt.mode = mode;
    vt.relsig = (short)relsig;
    vt.acqsig = (short)acqsig;
    return tty_call(fd, VT_SETMODE, (unsigned long)&vt);
}

int kiosk_vt_set_process_mode(int fd, int relsig, int acqsig) {
    return set_vt_mode(fd, VT_PROCESS, relsig, acqsig);
}

int kiosk_vt_set_auto_mode(int fd) { return set_vt_mode(fd, VT_AUTO, 0, 0); }

int kiosk_vt_allow_release(int fd) { return tty_call(fd, VT_RELDISP, 1); }

int kiosk_vt_acknowledge_acquire(int fd) { return tty_call(fd, VT_RELDISP, VT_ACKACQ); }

int kiosk_vt_get_active(int fd, unsigned short *active) {
    struct vt_stat state;
    memset(&state, 0, sizeof state);
    int result = tty_call(fd, VT_GETSTATE, (unsigned long)&state);
    if (result == 0) *active = state.v_active;
    return result;
}

int kiosk_vt_activate(int fd, int number) { return tty_call(fd, VT_ACTIVATE, (unsigned long)number); }
