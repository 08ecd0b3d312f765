#ifndef KIOSK_ALLOCATION_COUNTER_H
#define KIOSK_ALLOCATION_COUNTER_H

#include <stdint.h>

/// What the calling thread has allocated since it started: every malloc, calloc, realloc,
/// posix_memalign, aligned_alloc, memalign and valloc that returned memory (`allocations`),
/// every free of a block (`frees`), and the usable bytes it holds net of what it freed
/// (`bytes`, which goes negative when it frees blocks another thread or an earlier phase
/// allocated). Counted per thread, so tests that allocate on other threads do not disturb it.
///
/// `coroutineFrames` counts the allocations among them that Swift code made by calling malloc
/// itself rather than through `swift_slowAlloc` (which every Swift object, array and string
/// goes through): in a debug build, the heap frames of coroutines, such as an array
/// subscript's read accessor called by unspecialised generic code (`for … in` over an array).
/// An optimised build specialises and inlines those and has (almost) none. They are told
/// apart only after `kiosk_allocation_counter_prepare()`, by the caller's address: code of
/// libswiftCore or of the test executable (whose C code does not allocate per frame).
typedef struct {
    uint64_t allocations;
    uint64_t frees;
    int64_t bytes;
    uint64_t coroutineFrames;
} kiosk_allocation_count;

/// Finds the code ranges that `coroutineFrames` needs (swift_slowAlloc, libswiftCore, the
/// executable). Call it once, outside any measurement: dlsym may allocate.
void kiosk_allocation_counter_prepare(void);

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
