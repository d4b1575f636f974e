/*
 * http_bench.c: one page of users over HTTP, libmvvm's HTTP repository beside libcurl's easy
 * interface, against the same local server (Tests/Support/placeholder_server.py, 45 users) in
 * the same run.
 *
 *   http_page_load: mvvm_user_list_refresh() -> the list's "rows-changed" handler, on the host
 *                   thread asleep in poll() on mvvm_get_fd() between rounds: the request
 *                   (libcurl's multi interface on the repository's transfer thread), the JSON
 *                   decoding there, the hop to the host thread, the ViewModel's update and
 *                   the delivery to C. GET /users?_page=1&_limit=20.
 *   curl_page_load: curl_easy_perform() of the same URL on one reused easy handle (its
 *                   connection kept alive: the best idiom of the easy interface), the body
 *                   collected into a buffer, not parsed.
 *
 * Each figure is the median over RUNS runs of that run's median; the two sides' runs are
 * interleaved. Prints `bench <name> <value> us` and `ratio http_page_load_vs_curl <value>`
 * (ours / reference; the goal is <= 1.5).
 *
 *   http_bench PATH/TO/placeholder_server.py
 */
#define _GNU_SOURCE

#include <curl/curl.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mvvm_seeds.h"
#include "../../Tests/Support/placeholder_server.h"

#define RUNS 7
#define ROUNDS 60

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}
static placeholder_server server;
static void die(const char *what, const char *detail) {
    fprintf(stderr, "http_bench: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    placeholder_server_stop(&server);
    exit(1);
}
static void check(mvvm_status status, const char *call) {
    if (status != MVVM_OK) die(call, mvvm_last_error_message());
}
#define CHECK(call) check((call), #call)
static int compare_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
static double median(double *values, size_t count) {
    qsort(values, count, sizeof *values, compare_double);
    return values[count / 2];
}

/* ---- libmvvm ------------------------------------------------------------------------------ */
static int rows_changed;
static int64_t last_count;
static void on_rows(mvvm_object *vm, const mvvm_list_change *changes, size_t count, void *data) {
    (void)changes;
    (void)count;
    (void)data;
    mvvm_user_list_get_count(vm, &last_count);
    rows_changed++;
}

static void wait_rows(int fd, int target) {
    uint64_t deadline = now_ns() + 10000000000u;
    while (rows_changed < target) {
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, 100) > 0) CHECK(mvvm_dispatch());
        if (now_ns() > deadline) die("no rows-changed within 10 s", NULL);
    }
}

static double mvvm_run_once(int fd, mvvm_object *list) {
    double samples[ROUNDS];
    for (int i = 0; i < ROUNDS; i++) {
        int target = rows_changed + 1;
        uint64_t start = now_ns();
        CHECK(mvvm_user_list_refresh(list));
        wait_rows(fd, target);
        samples[i] = (double)(now_ns() - start) / 1000.0;
        if (last_count != 20) die("the page does not hold 20 users", NULL);
        /* The list goes back to idle (notify::loading) in the same delivery; drain it. */
        CHECK(mvvm_run(0, NULL));
    }
    return median(samples, ROUNDS);
}

/* ---- libcurl ------------------------------------------------------------------------------ */
typedef struct {
    char *bytes;
    size_t size, capacity;
} buffer;
static size_t collect(char *data, size_t size, size_t count, void *user) {
    buffer *b = user;
    size_t n = size * count;
    if (b->size + n > b->capacity) {
        size_t capacity = (b->size + n) * 2;
        char *grown = realloc(b->bytes, capacity);
        if (grown == NULL) return 0;
        b->bytes = grown;
        b->capacity = capacity;
    }
    memcpy(b->bytes + b->size, data, n);
    b->size += n;
    return n;
}

static double curl_run_once(CURL *easy, buffer *body) {
    double samples[ROUNDS];
    for (int i = 0; i < ROUNDS; i++) {
        body->size = 0;
        uint64_t start = now_ns();
        CURLcode code = curl_easy_perform(easy);
        samples[i] = (double)(now_ns() - start) / 1000.0;
        long status = 0;
        curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
        if (code != CURLE_OK || status != 200 || body->size < 100) die("curl_easy_perform", curl_easy_strerror(code));
    }
    return median(samples, ROUNDS);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: http_bench PATH/TO/placeholder_server.py\n");
        return 2;
    }
    if (placeholder_server_start(&server, argv[1], NULL) != 0) die("python3 cannot run the placeholder server", argv[1]);
    char url[128];
    snprintf(url, sizeof url, "%s/users?_page=1&_limit=20", server.base_url);

    CHECK(mvvm_init());
    int fd = -1;
    CHECK(mvvm_get_fd(&fd));
    mvvm_object *repository = NULL, *list = NULL;
    CHECK(mvvm_repository_new_http(server.base_url, NULL, &repository));
    CHECK(mvvm_user_list_new(repository, &list));
    CHECK(mvvm_signal_connect(list, "rows-changed", MVVM_CALLBACK(on_rows), NULL, NULL, NULL));
    CHECK(mvvm_user_list_on_appear(list));
    wait_rows(fd, 1); /* warm: the connection is open, the code paths are paged in */

    curl_global_init(CURL_GLOBAL_DEFAULT);
    CURL *easy = curl_easy_init();
    buffer body = {0};
    curl_easy_setopt(easy, CURLOPT_URL, url);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, collect);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, &body);
    curl_easy_setopt(easy, CURLOPT_TCP_NODELAY, 1L);
    if (curl_easy_perform(easy) != CURLE_OK) die("curl warm-up", NULL);

    double ours[RUNS], theirs[RUNS];
    for (int run = 0; run < RUNS; run++) {
        ours[run] = mvvm_run_once(fd, list);
        theirs[run] = curl_run_once(easy, &body);
    }
    double ours_median = median(ours, RUNS), theirs_median = median(theirs, RUNS);
    printf("bench http_page_load %.1f us\n", ours_median);
    printf("bench curl_page_load %.1f us\n", theirs_median);
    printf("ratio http_page_load_vs_curl %.2f\n", ours_median / theirs_median);

    curl_easy_cleanup(easy);
    curl_global_cleanup();
    free(body.bytes);
    CHECK(mvvm_object_destroy(list));
    CHECK(mvvm_object_destroy(repository));
    CHECK(mvvm_shutdown());
    placeholder_server_stop(&server);
    return 0;
}
