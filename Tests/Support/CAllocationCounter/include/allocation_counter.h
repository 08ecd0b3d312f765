#ifndef KIOSK_ALLOCATION_COUNTER_H
#define KIOSK_ALLOCATION_COUNTER_H

#include <stdint.h>

/// What the calling thread has allocated since it started: every malloc, calloc, realloc,
/// posix_memalign, aligned_alloc, memalign and valloc that returned memory (`allocations`),
/// every free of a block (`frees`), and the usable bytes it holds net of what it freed
/// (`bytes`, which goes negative when it frees blocks another thread or an earlier phase
/// allocated). Counted per thread, so tests that allocate on other threads do not disturb it.
typedef struct {
    uint64_t allocations;
    uint64_t frees;
    int64_t bytes;
} kiosk_allocation_count;

/// The calling thread's counters.
kiosk_allocation_count kiosk_thread_allocations(void);

/// Whether this process's malloc is the counting one (it is when this library is linked into
/// the executable: the executable's definitions interpose glibc's for every shared library).
int kiosk_allocation_counter_is_active(void);

/// While on (non-zero), every allocation of the calling thread calls
/// `kiosk_allocation_traced`, where a debugger can stop and print the stack.
void kiosk_allocation_trace(int on);
void kiosk_allocation_traced(void *pointer);

/// The heap bytes in use in the whole process (`mallinfo2().uordblks`), every thread and arena.
uint64_t kiosk_process_heap_in_use(void);

#endif
