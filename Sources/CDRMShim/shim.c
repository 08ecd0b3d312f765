#include "CDRMShim.h"
#include <drm_fourcc.h>

uint32_t kiosk_drm_format_xrgb8888(void) { return DRM_FORMAT_XRGB8888; }
