#pragma once
// libmosquitto is loaded when the MQTT bridge first calls it, not when the kiosk starts:
// with it come libssl and libcrypto, about 1.7 MiB of resident pages (0.4 of them relocated,
// so private) that a kiosk without an `mqtt` section never uses. shim.c defines the
// mosquitto_* functions the bridge calls (the declarations are <mosquitto.h>'s, through
// CMosquitto); each looks the real one up with dlopen/dlsym on first use.
//
// Without libmosquitto.so.1 on the system the functions fail as libmosquitto reports a
// failure: mosquitto_new returns NULL with errno ELIBACC (the bridge then stops the kiosk with
// "mosquitto_new: Can not access a needed shared library"), the others MOSQ_ERR_NOT_SUPPORTED,
// and mosquitto_strerror names the missing library.

/// 1 when libmosquitto.so.1 is loaded (it is loaded by this call if it was not yet), else 0.
int kiosk_mosquitto_available(void);
