/* The system <curl/curl.h> for Swift, plus what Swift cannot call: curl_easy_setopt and
 * curl_easy_getinfo are variadic, so each argument type gets a typed wrapper. */
#ifndef MVVM_CCURL_SHIM_H
#define MVVM_CCURL_SHIM_H

#include <curl/curl.h>

/* A write or header callback: (bytes, 1, count, user data) -> bytes taken. */
typedef size_t (*mvvm_curl_data_fn)(char *bytes, size_t size, size_t count, void *user_data);

static inline CURLcode mvvm_curl_set_long(CURL *easy, CURLoption option, long value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode mvvm_curl_set_string(CURL *easy, CURLoption option, const char *value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode mvvm_curl_set_pointer(CURL *easy, CURLoption option, void *value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode mvvm_curl_set_list(CURL *easy, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode mvvm_curl_set_data_fn(CURL *easy, CURLoption option, mvvm_curl_data_fn value) {
    return curl_easy_setopt(easy, option, value);
}
static inline CURLcode mvvm_curl_set_size(CURL *easy, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(easy, option, value);
}

#endif
