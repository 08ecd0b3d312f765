// The functions of <mosquitto.h> that KioskMQTT calls, forwarded to libmosquitto.so.1 loaded on
// first use (see CMosquittoLoader.h). Keep the list in step with KioskMQTT: a function missing
// here is a link error, never a silent stub.
#include "CMosquittoLoader.h"

#include <dlfcn.h>
#include <errno.h>
#include <mosquitto.h>
#include <pthread.h>
#include <stdio.h>

static void *library;
static char failure[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    // The soname libmosquitto1 installs on Debian 12 and 13; RTLD_NOW: a missing symbol fails
    // here, at the first call, not in the middle of a connection.
    library = dlopen("libmosquitto.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(failure, sizeof failure, "libmosquitto.so.1 cannot be loaded (%s): install libmosquitto1",
                 why ? why : "not found");
    }
}

int kiosk_mosquitto_available(void) {
    pthread_once(&once, load);
    return library != NULL;
}

static void *resolve(const char *name) {
    if (!kiosk_mosquitto_available()) return NULL;
    return dlsym(library, name);
}

// One forwarding definition: the real function, looked up once (the bridge calls from its
// connecting thread and from the loop's, hence the atomic), or `fallback` without it.
#define FORWARD(ret, name, params, args, fallback)                       \
    ret name params {                                                    \
        static ret(*real) params;                                        \
        ret(*f) params = __atomic_load_n(&real, __ATOMIC_ACQUIRE);       \
        if (f == NULL) {                                                 \
            f = (ret(*) params)resolve(#name);                           \
            __atomic_store_n(&real, f, __ATOMIC_RELEASE);                \
        }                                                                \
        if (f == NULL) { fallback; }                                     \
        return f args;                                                   \
    }
#define FORWARD_VOID(name, params, args)                                 \
    void name params {                                                   \
        static void(*real) params;                                       \
        void(*f) params = __atomic_load_n(&real, __ATOMIC_ACQUIRE);      \
        if (f == NULL) {                                                 \
            f = (void(*) params)resolve(#name);                          \
            __atomic_store_n(&real, f, __ATOMIC_RELEASE);                \
        }                                                                \
        if (f != NULL) f args;                                           \
    }

FORWARD(int, mosquitto_lib_init, (void), (), return MOSQ_ERR_NOT_SUPPORTED)
FORWARD(struct mosquitto *, mosquitto_new, (const char *id, bool clean, void *obj), (id, clean, obj),
        errno = ELIBACC; return NULL)
FORWARD_VOID(mosquitto_destroy, (struct mosquitto *m), (m))
FORWARD(int, mosquitto_will_set, (struct mosquitto *m, const char *topic, int length, const void *payload, int qos, bool retain),
        (m, topic, length, payload, qos, retain), return MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_username_pw_set, (struct mosquitto *m, const char *user, const char *password), (m, user, password),
        return MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_connect_async, (struct mosquitto *m, const char *host, int port, int keepalive),
        (m, host, port, keepalive), return MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_disconnect, (struct mosquitto *m), (m), return MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_publish, (struct mosquitto *m, int *mid, const char *topic, int length, const void *payload, int qos, bool retain),
        (m, mid, topic, length, payload, qos, retain), return MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_subscribe, (struct mosquitto *m, int *mid, const char *pattern, int qos), (m, mid, pattern, qos),
        return MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_loop_start, (struct mosquitto *m), (m), return MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_loop, (struct mosquitto *m, int timeout, int packets), (m, timeout, packets), return MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_loop_read, (struct mosquitto *m, int packets), (m, packets), return MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_loop_write, (struct mosquitto *m, int packets), (m, packets), return MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_loop_misc, (struct mosquitto *m), (m), return MOSQ_ERR_NOT_SUPPORTED)
FORWARD(int, mosquitto_socket, (struct mosquitto *m), (m), return -1)
FORWARD(bool, mosquitto_want_write, (struct mosquitto *m), (m), return false)
FORWARD(int, mosquitto_int_option, (struct mosquitto *m, enum mosq_opt_t option, int value), (m, option, value),
        return MOSQ_ERR_NOT_SUPPORTED)
FORWARD_VOID(mosquitto_user_data_set, (struct mosquitto *m, void *obj), (m, obj))
FORWARD(int, mosquitto_tls_set,
        (struct mosquitto *m, const char *cafile, const char *capath, const char *certfile, const char *keyfile,
         int (*pw_callback)(char *buf, int size, int rwflag, void *userdata)),
        (m, cafile, capath, certfile, keyfile, pw_callback), return MOSQ_ERR_NOT_SUPPORTED)
FORWARD_VOID(mosquitto_connect_callback_set, (struct mosquitto *m, void (*callback)(struct mosquitto *, void *, int)), (m, callback))
FORWARD_VOID(mosquitto_disconnect_callback_set, (struct mosquitto *m, void (*callback)(struct mosquitto *, void *, int)), (m, callback))
FORWARD_VOID(mosquitto_message_callback_set,
             (struct mosquitto *m, void (*callback)(struct mosquitto *, void *, const struct mosquitto_message *)), (m, callback))
FORWARD(const char *, mosquitto_strerror, (int code), (code), return failure)
FORWARD(const char *, mosquitto_connack_string, (int code), (code), return failure)
