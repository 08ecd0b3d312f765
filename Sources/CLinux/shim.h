#pragma once
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <signal.h>
#include <stdint.h>

// glibc declares pipe2 only under _GNU_SOURCE, and Swift's prebuilt Glibc module is compiled
// without it (it cannot be injected afterwards). The symbol is in every glibc since 2.9, so a
// plain redeclaration is enough: it creates both ends with O_CLOEXEC/O_NONBLOCK atomically,
// which pipe() + fcntl() cannot (a fork between the two calls would leak the descriptors).
extern int pipe2(int pipefd[2], int flags);

// Unix sockets for the control socket. accept4 (atomically non-blocking and close-on-exec) and
// struct ucred (SO_PEERCRED) are _GNU_SOURCE-only too: accept4 is redeclared, and the
// credentials get a struct of ucred's layout (pid, uid, gid), which the kernel has fixed since 2.2.
#include <sys/socket.h>
#include <sys/un.h>
extern int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);
struct kiosk_peer_credentials { int32_t pid; uint32_t uid; uint32_t gid; };
// renameat2 with RENAME_NOREPLACE (glibc 2.28, _GNU_SOURCE-only): the control socket is
// bound in a private folder and moved into place whole, failing if something is there by then.
extern int renameat2(int olddirfd, const char *oldpath, int newdirfd, const char *newpath, unsigned int flags);
#define KIOSK_RENAME_NOREPLACE 1

// mallopt and malloc_trim, which Swift's Glibc module leaves out: how big blocks are
// allocated and handed back to the kernel (KioskLoop's HeapPolicy, applied by the runner).
#include <malloc.h>
