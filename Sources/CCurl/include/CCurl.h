/* libcurl for Swift, opened on first use rather than linked: a host that never makes an HTTP
 * repository never loads libcurl and the TLS, Kerberos and LDAP libraries it needs (≈ 5.7 MB
 * of a C host's resident memory, 31 shared objects). The types and constants come from the
 * system's <curl/curl.h> (libcurl4-openssl-dev, at build time only); the calls go through the
 * functions ccurl_load() resolved in libcurl.so.4. Also what Swift cannot call:
 * curl_easy_setopt is variadic, so each argument type gets a typed wrapper. */
#ifndef MVVM_CCURL_H
#define MVVM_CCURL_H

#include <curl/curl.h>
#include <stddef.h>

/* The libcurl functions the HTTP repository calls, each curl_<name>: the struct's fields
 * (typed as <curl/curl.h> declares them) and the names the loader resolves, in one list. */
#define CCURL_FUNCTIONS(X) \
    X(global_init) \
    X(easy_init) \
    X(easy_reset) \
    X(easy_cleanup) \
    X(easy_setopt) \
    X(easy_strerror) \
    X(multi_init) \
    X(multi_cleanup) \
    X(multi_add_handle) \
    X(multi_remove_handle) \
    X(multi_perform) \
    X(multi_info_read) \
    X(multi_poll) \
    X(multi_wakeup) \
    X(slist_append) \
    X(slist_free_all)

struct ccurl_functions {
#define CCURL_FIELD(name) __typeof__(curl_##name) *name;
    CCURL_FUNCTIONS(CCURL_FIELD)
#undef CCURL_FIELD
};

/* Hidden: the library's own, never among its exports (which are the mvvm_ API alone). */
#define CCURL_INTERNAL __attribute__((visibility("hidden")))

/* Opens libcurl.so.4, resolves every function above and runs curl_global_init, once per
 * process (any thread; later calls return the first call's answer). NULL when libcurl is
 * ready, else why not, naming the library or the missing function: a static string. */
CCURL_INTERNAL const char *ccurl_load(void);

/* Opens `soname` and fills `functions` (no global state, no curl_global_init): 0 on success,
 * else -1 with why in `error`. What ccurl_load does, open to tests. */
CCURL_INTERNAL int ccurl_open(const char *soname, struct ccurl_functions *functions, char *error, size_t error_size);

/* What ccurl_load resolved; the wrappers below may be called only after it returned NULL. */
CCURL_INTERNAL extern struct ccurl_functions ccurl;

static inline CURL *ccurl_easy_init(void) { return ccurl.easy_init(); }
static inline void ccurl_easy_reset(CURL *easy) { ccurl.easy_reset(easy); }
static inline void ccurl_easy_cleanup(CURL *easy) { ccurl.easy_cleanup(easy); }
static inline const char *ccurl_easy_strerror(CURLcode code) { return ccurl.easy_strerror(code); }
static inline CURLM *ccurl_multi_init(void) { return ccurl.multi_init(); }
static inline CURLMcode ccurl_multi_cleanup(CURLM *multi) { return ccurl.multi_cleanup(multi); }
static inline CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *easy) {
    return ccurl.multi_add_handle(multi, easy);
}
static inline CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *easy) {
    return ccurl.multi_remove_handle(multi, easy);
}
static inline CURLMcode ccurl_multi_perform(CURLM *multi, int *running) {
    return ccurl.multi_perform(multi, running);
}
static inline CURLMsg *ccurl_multi_info_read(CURLM *multi, int *left) {
    return ccurl.multi_info_read(multi, left);
}
static inline CURLMcode ccurl_multi_poll(CURLM *multi, struct curl_waitfd extra[], unsigned count, int timeout_ms,
                                             int *ready) {
    return ccurl.multi_poll(multi, extra, count, timeout_ms, ready);
}
static inline CURLMcode ccurl_multi_wakeup(CURLM *multi) { return ccurl.multi_wakeup(multi); }
static inline struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *line) {
    return ccurl.slist_append(list, line);
}
static inline void ccurl_slist_free_all(struct curl_slist *list) { ccurl.slist_free_all(list); }

/* A write or header callback: (bytes, 1, count, user data) -> bytes taken. */
typedef size_t (*ccurl_data_fn)(char *bytes, size_t size, size_t count, void *user_data);

static inline CURLcode ccurl_set_long(CURL *easy, CURLoption option, long value) {
    return ccurl.easy_setopt(easy, option, value);
}
static inline CURLcode ccurl_set_string(CURL *easy, CURLoption option, const char *value) {
    return ccurl.easy_setopt(easy, option, value);
}
static inline CURLcode ccurl_set_pointer(CURL *easy, CURLoption option, void *value) {
    return ccurl.easy_setopt(easy, option, value);
}
static inline CURLcode ccurl_set_list(CURL *easy, CURLoption option, struct curl_slist *value) {
    return ccurl.easy_setopt(easy, option, value);
}
static inline CURLcode ccurl_set_data_fn(CURL *easy, CURLoption option, ccurl_data_fn value) {
    return ccurl.easy_setopt(easy, option, value);
}
static inline CURLcode ccurl_set_size(CURL *easy, CURLoption option, curl_off_t value) {
    return ccurl.easy_setopt(easy, option, value);
}

#endif
