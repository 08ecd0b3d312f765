// A counting malloc for tests: defined in the test executable, these functions interpose
// glibc's for the executable and every shared library (cairo, pango, fontconfig, the Swift
// runtime), count per thread and forward to glibc's own entry points (__libc_malloc & co.),
// which glibc exports for exactly this. Nothing here calls anything that could allocate.
#define _GNU_SOURCE
#include "allocation_counter.h"

#include <dlfcn.h>
#include <errno.h>
#include <link.h>
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

// Code ranges for telling the debug build's coroutine frames from real allocations (see
// `coroutineFrames` in the header); zero until `kiosk_allocation_counter_prepare` runs.
static uintptr_t slow_alloc_start, slow_alloc_end;
static uintptr_t swift_core_start, swift_core_end;
static uintptr_t program_start, program_end;

static int find_code(struct dl_phdr_info *info, size_t size, void *unused) {
    (void)size; (void)unused;
    int is_program = info->dlpi_name == NULL || info->dlpi_name[0] == 0;
    int is_swift_core = !is_program && strstr(info->dlpi_name, "libswiftCore.so") != NULL;
    if (!is_program && !is_swift_core) return 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[i];
        if (segment->p_type != PT_LOAD || !(segment->p_flags & PF_X)) continue;
        uintptr_t start = info->dlpi_addr + segment->p_vaddr, end = start + segment->p_memsz;
        if (is_program && !program_start) { program_start = start; program_end = end; }
        if (is_swift_core && !swift_core_start) { swift_core_start = start; swift_core_end = end; }
    }
    return 0;
}

void kiosk_allocation_counter_prepare(void) {
    if (slow_alloc_start) return;
    dl_iterate_phdr(find_code, NULL);
    void *slow_alloc = dlsym(RTLD_DEFAULT, "swift_slowAlloc");
    Dl_info info;
    const ElfW(Sym) *symbol = NULL;
    if (slow_alloc && dladdr1(slow_alloc, &info, (void **)&symbol, RTLD_DL_SYMENT) && symbol) {
        slow_alloc_end = (uintptr_t)slow_alloc + symbol->st_size;
        slow_alloc_start = (uintptr_t)slow_alloc;
    }
}

// Called from Swift code itself, not through swift_slowAlloc: in a debug build that is the
// heap frame of a coroutine (an array subscript's read accessor called from unspecialised
// generic code, `for … in` over an array), which an optimised build does not have.
static inline int is_coroutine_frame(uintptr_t caller) {
    if (!slow_alloc_start || (caller >= slow_alloc_start && caller < slow_alloc_end)) return 0;
    return (caller >= swift_core_start && caller < swift_core_end) || (caller >= program_start && caller < program_end);
}

static inline void *counted(void *pointer) {
    if (pointer) {
        if (tracing) kiosk_allocation_traced(pointer);
        counts.allocations += 1;
        counts.bytes += (int64_t)malloc_usable_size(pointer);
    }
    return pointer;
}

static inline void *counted_from(void *pointer, void *caller) {
    if (pointer && is_coroutine_frame((uintptr_t)caller)) counts.coroutineFrames += 1;
    return counted(pointer);
}

static inline void released(void *pointer) {
    if (pointer) {
        counts.frees += 1;
        counts.bytes -= (int64_t)malloc_usable_size(pointer);
    }
}

void *malloc(size_t size) { return counted_from(__libc_malloc(size), __builtin_return_address(0)); }

void *calloc(size_t count, size_t size) { return counted_from(__libc_calloc(count, size), __builtin_return_address(0)); }

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

void *aligned_alloc(size_t alignment, size_t size) {
    return counted_from(__libc_memalign(alignment, size), __builtin_return_address(0));
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = counted_from(__libc_memalign(alignment, size), __builtin_return_address(0));
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
