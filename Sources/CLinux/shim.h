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
