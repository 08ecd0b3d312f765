#pragma once
#include <wayland-client.h>
#include <wayland-cursor.h>

// Swift imports `extern const struct wl_interface wl_compositor_interface;` as a value, so
// `&wl_compositor_interface` does not compile and withUnsafePointer(to:) would hand out the
// address of a copy. libwayland keeps the interface pointer inside each proxy and compares it,
// so wl_registry_bind must get the real static address: these return it.
static inline const struct wl_interface *kiosk_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *kiosk_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *kiosk_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *kiosk_wl_output_interface(void) { return &wl_output_interface; }

// wl_fixed_t (24.8 fixed point) to double; wayland-util.h's inline version uses a union trick
// Swift would import as well, but one named helper reads better at the call sites.
static inline double kiosk_wl_fixed_to_double(wl_fixed_t value) { return wl_fixed_to_double(value); }

// glibc declares memfd_create only under _GNU_SOURCE, which Swift's prebuilt Glibc module is
// built without. The symbol is in glibc since 2.27; redeclaring it is enough (as CLinux does
// for pipe2). MFD_CLOEXEC from <linux/memfd.h>.
extern int memfd_create(const char *name, unsigned int flags);
static const unsigned int KIOSK_MFD_CLOEXEC = 0x0001U;
