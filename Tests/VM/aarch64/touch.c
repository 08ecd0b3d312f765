// A uinput multitouch touchscreen for the aarch64 guest (Tests/VM/aarch64/guest.sh), which
// has busybox but no Python: the same device as the harness' make-touch.py (protocol-B slots,
// BTN_TOUCH and ABS_X/ABS_Y for the first finger, INPUT_PROP_DIRECT, axes in pixels at 10
// units/mm) playing the same touch script, which scripts/aarch64-vm-test.sh turns from JSON
// lines into lines of "MS TYPE SLOT X Y" (whole pixels, sorted by time).
//
//   touch WIDTH HEIGHT NAME SCRIPT WAIT_FILE
// creates the device, prints its event node's name, waits until WAIT_FILE exists, plays
// SCRIPT (one SYN_REPORT per time stamp, as a touch controller reports a frame), prints
// "touch: played", and keeps the device until SIGTERM (unplugging it when it exits).
// Built for aarch64 with the build root's clang, statically.
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int fd = -1;

static void emit(int type, int code, int value) {
    struct input_event ev = {.type = type, .code = code, .value = value};
    if (write(fd, &ev, sizeof ev) != sizeof ev) { perror("touch: write"); exit(1); }
}

static void axis(int code, int max) {
    struct uinput_abs_setup abs = {.code = code, .absinfo = {.minimum = 0, .maximum = max, .resolution = 10}};
    if (code == ABS_MT_SLOT || code == ABS_MT_TRACKING_ID) abs.absinfo.resolution = 0;
    if (ioctl(fd, UI_SET_ABSBIT, code) < 0 || ioctl(fd, UI_ABS_SETUP, &abs) < 0) { perror("touch: UI_ABS_SETUP"); exit(1); }
}

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void on_term(int sig) {
    (void)sig;
    ioctl(fd, UI_DEV_DESTROY);
    _exit(0);
}

int main(int argc, char **argv) {
    if (argc != 6) { fprintf(stderr, "usage: touch WIDTH HEIGHT NAME SCRIPT WAIT_FILE\n"); return 2; }
    int width = atoi(argv[1]), height = atoi(argv[2]);
    FILE *script = fopen(argv[4], "r");
    if (!script) { perror(argv[4]); return 1; }
    fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (fd < 0) { perror("touch: /dev/uinput"); return 1; }
    ioctl(fd, UI_SET_EVBIT, EV_KEY);
    ioctl(fd, UI_SET_KEYBIT, BTN_TOUCH);
    ioctl(fd, UI_SET_EVBIT, EV_ABS);
    ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT);
    axis(ABS_X, width - 1);
    axis(ABS_Y, height - 1);
    axis(ABS_MT_SLOT, 9);
    axis(ABS_MT_TRACKING_ID, 65535);
    axis(ABS_MT_POSITION_X, width - 1);
    axis(ABS_MT_POSITION_Y, height - 1);
    struct uinput_setup setup = {.id = {.bustype = BUS_VIRTUAL, .vendor = 0x1234, .product = 0x5678}};
    snprintf(setup.name, sizeof setup.name, "%s", argv[3]);
    if (ioctl(fd, UI_DEV_SETUP, &setup) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) { perror("touch: UI_DEV_CREATE"); return 1; }
    signal(SIGTERM, on_term);
    char sysname[64] = "";
    if (ioctl(fd, UI_GET_SYSNAME(sizeof sysname), sysname) >= 0) {
        // The event node is the one folder named event* under /sys/devices/virtual/input/SYSNAME.
        char path[128];
        snprintf(path, sizeof path, "/sys/devices/virtual/input/%s", sysname);
        DIR *dir = opendir(path);
        for (struct dirent *e; dir && (e = readdir(dir));)
            if (strncmp(e->d_name, "event", 5) == 0) printf("touch: created /dev/input/%s\n", e->d_name);
        if (dir) closedir(dir);
    }
    fflush(stdout);
    for (int i = 0; access(argv[5], F_OK) != 0; i++) {
        if (i > 600) { fprintf(stderr, "touch: %s never appeared\n", argv[5]); return 1; }
        usleep(100000);
    }

    double start = now_ms(), frame = -1;
    int active[10] = {0}, tracking = 1, down = 0;
    char type[16];
    double ms;
    int slot, x, y;
    while (fscanf(script, "%lf %15s %d %d %d", &ms, type, &slot, &x, &y) == 5) {
        if (slot < 0 || slot > 9) continue;
        if (ms != frame) {
            if (frame >= 0) emit(EV_SYN, SYN_REPORT, 0);
            double wait = start + ms - now_ms();
            if (wait > 0) usleep((useconds_t)(wait * 1000));
            frame = ms;
        }
        int first = 1;
        for (int s = 0; s < slot; s++) if (active[s]) first = 0;
        if (strcmp(type, "down") == 0 && !active[slot]) {
            emit(EV_ABS, ABS_MT_SLOT, slot);
            emit(EV_ABS, ABS_MT_TRACKING_ID, tracking++);
            emit(EV_ABS, ABS_MT_POSITION_X, x);
            emit(EV_ABS, ABS_MT_POSITION_Y, y);
            if (down++ == 0) emit(EV_KEY, BTN_TOUCH, 1);
            if (first) { emit(EV_ABS, ABS_X, x); emit(EV_ABS, ABS_Y, y); }
            active[slot] = 1;
        } else if (strcmp(type, "move") == 0 && active[slot]) {
            emit(EV_ABS, ABS_MT_SLOT, slot);
            emit(EV_ABS, ABS_MT_POSITION_X, x);
            emit(EV_ABS, ABS_MT_POSITION_Y, y);
            if (first) { emit(EV_ABS, ABS_X, x); emit(EV_ABS, ABS_Y, y); }
        } else if ((strcmp(type, "up") == 0 || strcmp(type, "cancel") == 0) && active[slot]) {
            emit(EV_ABS, ABS_MT_SLOT, slot);
            emit(EV_ABS, ABS_MT_TRACKING_ID, -1);
            if (--down == 0) emit(EV_KEY, BTN_TOUCH, 0);
            active[slot] = 0;
        }
    }
    if (frame >= 0) emit(EV_SYN, SYN_REPORT, 0);
    printf("touch: played\n");
    fflush(stdout);
    for (;;) pause();
}
