#pragma once
// libjpeg-turbo's TurboJPEG 2 API (Debian's libturbojpeg0-dev: 2.1.5 on Debian 12 and 13).
// The tj3* functions of TurboJPEG 3 are not used: Debian 13 does not ship 3.x.
#include <turbojpeg.h>
