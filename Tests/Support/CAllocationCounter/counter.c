// A counting malloc for tests: defined in the test executable, these functions interpose
// glibc's for the executable and every shared library (cairo, pango, fontconfig, the Swift
// runtime), count per thread and forward to glibc's own entry points (__libc_malloc & co.),
// which glibc exports for exactly this. Nothing here calls anything that could allocate.
#define _GNU_SOURCE
#include "allocation_counter.h"

#include <errno.h>
#include <malloc.h>
#include <stddef.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

// initial-exec: the executable's own TLS block, reached without __tls_get_addr (which may
// itself call malloc the first time a thread touches a dynamically allocated TLS block).
static __thread kiosk_allocation_count counts __attribute__((tls_model("initial-exec")));

static __thread int tracing __attribute__((tls_model("initial-exec")));

void kiosk_allocation_trace(int on) { tracing = on; }

// Does nothing: a place for a debugger's breakpoint (`break kiosk_allocation_traced`, then
// `bt`) that stops only at the allocations a test asked to trace.
__attribute__((noinline)) void kiosk_allocation_traced(void *pointer) { __asm__ volatile("" : : "r"(pointer) : "memory"); }

static inline void *counted(void *pointer) {
    if (pointer) {
        if (tracing) kiosk_allocation_traced(pointer);
        counts.allocations += 1;
        counts.bytes += (int64_t)malloc_usable_size(pointer);
    }
    return pointer;
}

static inline void released(void *pointer) {
    if (pointer) {
        counts.frees += 1;
        counts.bytes -= (int64_t)malloc_usable_size(pointer);
    }
}

void *malloc(size_t size) { return counted(__libc_malloc(size)); }

void *calloc(size_t count, size_t size) { return counted(__libc_calloc(count, size)); }

void free(void *pointer) {
    released(pointer);
    __libc_free(pointer);
}

void *realloc(void *pointer, size_t size) {
    // realloc(p, 0) frees p and returns NULL (glibc); counted as a free then.
    size_t before = pointer ? malloc_usable_size(pointer) : 0;
    void *result = __libc_realloc(pointer, size);
    if (result) {
        counts.allocations += 1;
        counts.bytes += (int64_t)malloc_usable_size(result) - (int64_t)before;
        if (pointer) counts.frees += 1;
    } else if (pointer && size == 0) {
        counts.frees += 1;
        counts.bytes -= (int64_t)before;
    }
    return result;
}

void *memalign(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }

void *aligned_alloc(size_t alignment, size_t size) { return counted(__libc_memalign(alignment, size)); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = counted(__libc_memalign(alignment, size));
    if (!pointer) return ENOMEM;
    *out = pointer;
    return 0;
}

void *valloc(size_t size) { return counted(__libc_memalign((size_t)sysconf(_SC_PAGESIZE), size)); }

kiosk_allocation_count kiosk_thread_allocations(void) { return counts; }

int kiosk_allocation_counter_is_active(void) {
    // strdup allocates inside libc.so: counted only if the interposition works for shared
    // libraries, not just for calls from this file.
    uint64_t before = counts.allocations;
    char *probe = strdup("probe");
    free(probe);
    return counts.allocations > before;
}

uint64_t kiosk_process_heap_in_use(void) { return (uint64_t)mallinfo2().uordblks; }
