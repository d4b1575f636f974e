/* Swift's `CommandLine.arguments` for a library linked with -static-stdlib (the shipped one).
 *
 * The standard library asks the runtime for the process's arguments through
 * _swift_stdlib_getUnsafeArgvArgc. The runtime's Linux version (CommandLine.cpp in
 * libswiftCore.a) finds them at load time by reading and parsing /proc/self/maps, in a static
 * initialiser every host runs whether or not anything ever asks: a tenth of a C host's start
 * to mvvm_init(). Defined here, these two functions are found before the archive is searched,
 * so that object is never linked: glibc hands every initialiser of a shared object the
 * process's argc and argv (also under dlopen), which capture_arguments keeps, and nothing reads
 * /proc at start. In a build against the toolchain's shared runtime these hidden copies are
 * unused (libswiftCore.so keeps its own). */
#include "executor_hooks.h"

#include <stddef.h>

#define HIDDEN __attribute__((visibility("hidden")))

static char **override_argv;
static int override_argc;
static char **captured_argv;
static int captured_argc;

static void capture_arguments(int argc, char **argv, char **envp) {
    (void)envp;
    if (argv != NULL && argc > 0) {
        captured_argv = argv;
        captured_argc = argc;
    }
}

/* Run by the dynamic loader with the rest of the library's initialisers (glibc passes
 * argc, argv and envp to each). */
__attribute__((used, section(".init_array"))) static void (*const capture_arguments_entry)(int, char **, char **) =
    capture_arguments;

HIDDEN void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    override_argv = argv;
    override_argc = argc;
}

HIDDEN char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
    if (override_argv != NULL) {
        *outArgLen = override_argc;
        return override_argv;
    }
    if (captured_argv != NULL) {
        *outArgLen = captured_argc;
        return captured_argv;
    }
    /* No arguments were handed over (a loader other than glibc's): an empty list. */
    static char *empty[] = {NULL};
    *outArgLen = 0;
    return empty;
}
