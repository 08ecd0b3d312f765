#pragma once
// Pixel loops that cairo has no fast path for, on 32-bit premultiplied pixels (cairo's ARGB32
// and RGB24: native-endian 0xAARRGGBB words).
#include <stddef.h>
#include <stdint.h>

/// Copies `rows` rows of `width` pixels from `src` to `dst` (strides in bytes) and darkens
/// them on the way: every channel becomes `src × keep / 255 + tint`, which is a solid colour
/// of alpha `255 − keep` and premultiplied pixel `tint` composited OVER the source. One pass
/// instead of a blit and then a translucent fill, which reads and writes the frame twice.
/// The rounding is pixman's (`(x × a + 128) × 257 >> 16`), so the pixels equal those of
/// cairo_paint over cairo_fill. `keep` 255 with `tint` 0 is a plain row copy. The buffers
/// must not overlap.
void kiosk_pixels_copy_darkened(uint8_t *dst, size_t dst_stride, const uint8_t *src, size_t src_stride,
                                size_t width, size_t rows, uint8_t keep, uint32_t tint);
