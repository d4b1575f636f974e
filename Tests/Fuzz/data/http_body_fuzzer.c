/*
 * http_body_fuzzer.c: a libFuzzer harness over what an HTTP server may send to
 * mvvm_repository_new_http. A server thread inside this process listens on 127.0.0.1 (an
 * ephemeral port) and answers every request with the current input:
 *
 *   byte 0, bit 0 clear  "body" mode: a well-formed 200 response whose body is the rest of
 *                        the input (Content-Length exact), with X-Total-Count taken from
 *                        byte 0's upper bits (0..127) or left out when they are all set;
 *   byte 0, bit 0 set    "raw" mode: the rest of the input is written as the whole response,
 *                        status line and headers included, then the connection is closed.
 *
 * Each input drives a user list (on-appear, which asks GET /users?_page=1&_limit=20) and a
 * user detail of user 1 (GET /users/1) until each has finished loading, a few dispatch rounds
 * at most, then destroys them. Checked, abort() on a violation ("INVARIANT VIOLATED"):
 *   - every call answers MVVM_OK;
 *   - a list that finished has rows (at most a page) or an error message, which is a
 *     non-empty sentence; rows read back with valid ids and non-NULL strings;
 *   - a detail that finished has its user or a non-empty error message;
 *   - nothing crashes, leaks (LeakSanitizer) or trips a sanitizer, whatever the bytes.
 *
 * Build and run like Tests/Fuzz/run.sh (the data fuzzers' runner is Tests/Fuzz/run-data.sh):
 *   $CLANG -fuse-ld=lld $MVVM_C_WARN -g -O1 $MVVM_FUZZ_CFLAGS -IInclude \
 *       Tests/Fuzz/data/http_body_fuzzer.c -L.build/debug -lmvvm -Wl,-rpath,.build/debug \
 *       -lpthread -o http_body_fuzzer
 *   ./http_body_fuzzer -max_total_time=60 -max_len=4096 Tests/Fuzz/data/corpus/http_body
 */
#define _GNU_SOURCE

#include "mvvm_seeds.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define VIOLATION(...)                                                                          \
    do {                                                                                        \
        fprintf(stderr, "INVARIANT VIOLATED (%s:%d): ", __FILE__, __LINE__);                    \
        fprintf(stderr, __VA_ARGS__);                                                           \
        fputc('\n', stderr);                                                                    \
        abort();                                                                                \
    } while (0)

#define MUST(call)                                                                              \
    do {                                                                                        \
        mvvm_status must_status_ = (call);                                                      \
        if (must_status_ != MVVM_OK)                                                            \
            VIOLATION("%s -> %s: %s", #call, mvvm_status_name(must_status_), mvvm_last_error_message()); \
    } while (0)

/* How long one pump slice waits, and how many slices a load may take (the requests go over
 * loopback to a thread that answers at once: a load takes a few slices). */
#define SLICE_MS 10
#define MAX_SLICES 400

static pthread_mutex_t input_lock = PTHREAD_MUTEX_INITIALIZER;
static uint8_t *current_input;
static size_t current_size;
static int listen_fd = -1;
static char base_url[64];

/* Reads the request head (to its blank line, bounded) and a body announced by
 * Content-Length (bounded), so the client is never answered mid-send. */
static void read_request(int fd) {
    char head[8192];
    size_t used = 0;
    while (used < sizeof head - 1) {
        ssize_t got = recv(fd, head + used, sizeof head - 1 - used, 0);
        if (got <= 0) return;
        used += (size_t)got;
        head[used] = '\0';
        char *end = strstr(head, "\r\n\r\n");
        if (end == NULL) continue;
        size_t body_have = used - (size_t)(end + 4 - head);
        size_t body_want = 0;
        const char *length = strcasestr(head, "\r\nContent-Length:");
        if (length != NULL) body_want = (size_t)strtoul(length + 17, NULL, 10);
        char sink[1024];
        while (body_have < body_want && body_want < (1u << 20)) {
            got = recv(fd, sink, sizeof sink, 0);
            if (got <= 0) return;
            body_have += (size_t)got;
        }
        return;
    }
}

static void write_all(int fd, const void *bytes, size_t size) {
    const uint8_t *p = bytes;
    while (size > 0) {
        ssize_t put = send(fd, p, size, MSG_NOSIGNAL);
        if (put <= 0) return;
        p += put;
        size -= (size_t)put;
    }
}

static void *serve(void *unused) {
    (void)unused;
    for (;;) {
        int fd = accept(listen_fd, NULL, NULL);
        if (fd < 0) {
            if (errno == EINTR) continue;
            return NULL;
        }
        read_request(fd);
        pthread_mutex_lock(&input_lock);
        size_t size = current_size;
        uint8_t *copy = malloc(size ? size : 1);
        if (copy && size) memcpy(copy, current_input, size);
        pthread_mutex_unlock(&input_lock);
        if (copy != NULL) {
            uint8_t mode = size > 0 ? copy[0] : 0;
            const uint8_t *rest = size > 0 ? copy + 1 : copy;
            size_t rest_size = size > 0 ? size - 1 : 0;
            if (mode & 1) {
                write_all(fd, rest, rest_size);
            } else {
                char head[256];
                int total = mode >> 1;
                int n = total == 127
                    ? snprintf(head, sizeof head,
                               "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                               "Content-Length: %zu\r\nConnection: close\r\n\r\n", rest_size)
                    : snprintf(head, sizeof head,
                               "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Total-Count: %d\r\n"
                               "Content-Length: %zu\r\nConnection: close\r\n\r\n", total, rest_size);
                write_all(fd, head, (size_t)n);
                write_all(fd, rest, rest_size);
            }
            free(copy);
        }
        shutdown(fd, SHUT_RDWR);
        close(fd);
    }
}

/* libcurl's process-wide set-up (curl_global_init, run once by the library) is never undone:
 * about 240 bytes in 18 allocations whether 1 input runs or 100 000, so not a leak of a
 * request or a repository. The stacks end inside libcurl (no frame pointers), hence the
 * library-wide pattern. LeakSanitizer reads this hook at start-up, so the harness needs no
 * suppressions file from its runner. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:libcurl.so\n"; }

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    listen_fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (listen_fd < 0 || bind(listen_fd, (struct sockaddr *)&address, sizeof address) != 0 ||
        listen(listen_fd, 16) != 0 || getsockname(listen_fd, (struct sockaddr *)&address, &length) != 0) {
        perror("http_body_fuzzer: cannot listen on 127.0.0.1");
        exit(2);
    }
    snprintf(base_url, sizeof base_url, "http://127.0.0.1:%d", ntohs(address.sin_port));
    pthread_t thread;
    if (pthread_create(&thread, NULL, serve, NULL) != 0) {
        perror("http_body_fuzzer: pthread_create");
        exit(2);
    }
    pthread_detach(thread);
    if (mvvm_init() != MVVM_OK) {
        fprintf(stderr, "http_body_fuzzer: mvvm_init: %s\n", mvvm_last_error_message());
        exit(2);
    }
    return 0;
}

static int32_t list_loading(mvvm_object *list) {
    int32_t loading = -1;
    MUST(mvvm_user_list_get_loading(list, &loading));
    return loading;
}

static void check_message(const char *what, const char *message) {
    if (message == NULL) return;
    size_t length = strlen(message);
    if (length == 0) VIOLATION("%s: an empty error message", what);
    if (message[length - 1] != '.') VIOLATION("%s: the message \"%s\" is not a sentence", what, message);
}

static void drive_list(mvvm_object *repository) {
    mvvm_object *list = NULL;
    MUST(mvvm_user_list_new(repository, &list));
    MUST(mvvm_user_list_on_appear(list));
    int slices = 0;
    while (list_loading(list) != MVVM_LOADING_NONE && slices++ < MAX_SLICES) MUST(mvvm_run(SLICE_MS, NULL));
    if (list_loading(list) == MVVM_LOADING_NONE) {
        int64_t count = -1;
        const char *message = NULL;
        MUST(mvvm_user_list_get_count(list, &count));
        MUST(mvvm_user_list_get_error_message(list, &message));
        if (count < 0 || count > 20) VIOLATION("list: %lld rows from a page of 20", (long long)count);
        if (count == 0 && message == NULL) {
            /* An empty first page is a valid answer (X-Total-Count 0, body []). */
        }
        check_message("list", message);
        for (int64_t i = 0; i < count; i++) {
            mvvm_user user;
            MUST(mvvm_user_list_get_row(list, i, &user));
            if (user.name == NULL || user.email == NULL) VIOLATION("list: row %lld has NULL strings", (long long)i);
        }
    }
    MUST(mvvm_object_destroy(list));
}

static void on_user(mvvm_object *vm, const mvvm_user *user, void *done) {
    (void)vm;
    if (user != NULL) *(int *)done = 1;
}

static void on_error(mvvm_object *vm, const char *message, void *done) {
    (void)vm;
    check_message("detail", message);
    if (message != NULL) *(int *)done = 1;
}

static void drive_detail(mvvm_object *repository) {
    mvvm_object *detail = NULL;
    int done = 0;
    MUST(mvvm_user_detail_new(repository, 1, &detail));
    MUST(mvvm_signal_connect(detail, "notify::user", MVVM_CALLBACK(on_user), &done, NULL, NULL));
    MUST(mvvm_signal_connect(detail, "notify::error-message", MVVM_CALLBACK(on_error), &done, NULL, NULL));
    MUST(mvvm_user_detail_on_appear(detail));
    int slices = 0;
    while (!done && slices++ < MAX_SLICES) MUST(mvvm_run(SLICE_MS, NULL));
    MUST(mvvm_object_destroy(detail));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    pthread_mutex_lock(&input_lock);
    free(current_input);
    current_input = malloc(size ? size : 1);
    if (current_input && size) memcpy(current_input, data, size);
    current_size = current_input ? size : 0;
    pthread_mutex_unlock(&input_lock);

    mvvm_http_options options;
    MUST(mvvm_http_options_init(&options));
    options.timeout_ms = 3000;
    options.max_body_bytes = 2048; /* small, so long inputs reach the limit */
    mvvm_object *repository = NULL;
    MUST(mvvm_repository_new_http_with_options(base_url, NULL, &options, &repository));
    drive_list(repository);
    drive_detail(repository);
    MUST(mvvm_object_destroy(repository));
    /* Late completions of anything still in flight land now, not in the next input. */
    for (int i = 0; i < 3; i++) MUST(mvvm_run(0, NULL));
    return 0;
}
