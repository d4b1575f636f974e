/* Helpers shared by the fuzz harnesses (api_fuzzer.c and data/\*_fuzzer.c): each harness has
 * its own CHECK and abort policy, so these report and leave the verdict to the caller. */
#ifndef MVVM_FUZZ_SUPPORT_H
#define MVVM_FUZZ_SUPPORT_H

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

/* Whether the NUL-terminated `s` is well-formed UTF-8: no overlong forms, no surrogates,
 * nothing above U+10FFFF (what the library promises for every string it hands out). */
static inline int fuzz_valid_utf8(const char *s) {
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned c = *p;
        int n;
        uint32_t cp;
        if (c < 0x80) { p++; continue; }
        if ((c & 0xE0) == 0xC0) { n = 1; cp = c & 0x1F; }
        else if ((c & 0xF0) == 0xE0) { n = 2; cp = c & 0x0F; }
        else if ((c & 0xF8) == 0xF0) { n = 3; cp = c & 0x07; }
        else return 0;
        for (int i = 1; i <= n; i++) {
            if ((p[i] & 0xC0) != 0x80) return 0;
            cp = (cp << 6) | (p[i] & 0x3F);
        }
        if ((n == 1 && cp < 0x80) || (n == 2 && cp < 0x800) || (n == 3 && cp < 0x10000)) return 0;
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
        p += n + 1;
    }
    return 1;
}

/* Replaces the file at `path` with data[0..size). 0 on success, else -1 with errno set. */
static inline int fuzz_write_file(const char *path, const uint8_t *data, size_t size) {
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return -1;
    size_t done = 0;
    while (done < size) {
        ssize_t n = write(fd, data + done, size - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            int saved = errno;
            close(fd);
            errno = saved;
            return -1;
        }
        done += (size_t)n;
    }
    return close(fd);
}

/* Whether the file at `path` holds exactly data[0..size). */
static inline int fuzz_file_holds(const char *path, const uint8_t *data, size_t size) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    uint8_t buffer[4096];
    size_t offset = 0;
    int same = 1;
    for (;;) {
        ssize_t n = read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) { same = same && n == 0 && offset == size; break; }
        if (offset + (size_t)n > size || memcmp(buffer, data + offset, (size_t)n) != 0) { same = 0; break; }
        offset += (size_t)n;
    }
    close(fd);
    return same;
}

#endif
