#pragma once
// libinput's log handler takes (format, va_list). Swift can name it, but swift-frontend (6.0.3
// and 6.3.1) crashes in SILGen on a @convention(c) closure with a va_list parameter when it
// targets aarch64, so the message is formatted here and Swift gets one finished line.
//
// <libinput.h> is included by shim.c only: a header of this module including it would make
// libinput's declarations this module's in clang's eyes, and Swift files that import only
// CLibInput would no longer see them (Swift 6.0).
struct libinput;

/// One message of libinput's log, formatted (cut at 511 bytes, NUL-terminated) and as libinput
/// wrote it: usually ending in a newline. `priority` is an `enum libinput_log_priority`.
typedef void (*kiosk_libinput_log_sink)(struct libinput *libinput, int priority, const char *line);

/// Installs a log handler on `libinput` that formats each message with vsnprintf and passes it
/// to `sink`. One sink serves every context of the process (the last one set).
void kiosk_libinput_set_log_sink(struct libinput *libinput, kiosk_libinput_log_sink sink);
