#include "CLibInputShim.h"

#include <libinput.h>
#include <stdarg.h>
#include <stdio.h>

// libinput's handler has no user pointer of its own (the context's user data belongs to the
// kiosk's device access), so the sink is process-wide; the kiosk sets the same one every time.
static kiosk_libinput_log_sink log_sink;

static void format_message(struct libinput *libinput, enum libinput_log_priority priority,
                           const char *format, va_list args) {
    kiosk_libinput_log_sink sink = log_sink;
    if (sink == NULL || format == NULL) return;
    char line[512];
    if (vsnprintf(line, sizeof line, format, args) < 0) return;
    sink(libinput, (int)priority, line);
}

void kiosk_libinput_set_log_sink(struct libinput *libinput, kiosk_libinput_log_sink sink) {
    log_sink = sink;
    libinput_log_set_handler(libinput, format_message);
}
