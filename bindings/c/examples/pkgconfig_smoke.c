/*
 * pkgconfig_smoke.c: the smallest host of an installed libmvvm, built with nothing but
 *     cc pkgconfig_smoke.c $(pkg-config --cflags --libs mvvm)
 * (see `make test-install`). It checks that the header it was compiled against and the
 * library it loaded agree, creates a sample repository and a user list, loads the first page
 * through the loop and prints it. Exits 0 on success, 1 with a message otherwise.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <mvvm_seeds.h>

static int failed(const char *what, mvvm_status status) {
    fprintf(stderr, "pkgconfig_smoke: %s failed: %s: %s\n", what, mvvm_status_name(status), mvvm_last_error_message());
    return 1;
}

#define TRY(call)                                                                               \
    do {                                                                                        \
        mvvm_status status_ = (call);                                                           \
        if (status_ != MVVM_OK) return failed(#call, status_);                                  \
    } while (0)

static void on_rows_changed(mvvm_object *vm, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)vm;
    int *calls = user_data;
    (*calls)++;
    for (size_t i = 0; i < count; i++) {
        printf("rows-changed: kind %d, start %" PRId64 ", count %" PRId64 "\n", changes[i].kind, changes[i].start,
               changes[i].count);
    }
}

int main(void) {
    printf("header: mvvm %s (ABI %d); library: mvvm %s (ABI %d)\n", MVVM_VERSION_STRING, MVVM_ABI_VERSION,
           mvvm_version_string(), (int)mvvm_abi_version());
    if (mvvm_abi_version() != MVVM_ABI_VERSION || strcmp(mvvm_version_string(), MVVM_VERSION_STRING) != 0) {
        fprintf(stderr, "pkgconfig_smoke: the installed header and library disagree\n");
        return 1;
    }
    TRY(mvvm_init());

    mvvm_sample_options options;
    TRY(mvvm_sample_options_init(&options));
    options.page_size = 5;
    mvvm_object *repository = NULL;
    TRY(mvvm_repository_new_sample(&options, &repository));
    mvvm_object *list = NULL;
    TRY(mvvm_user_list_new(repository, &list));
    int calls = 0;
    TRY(mvvm_signal_connect(list, "rows-changed", MVVM_CALLBACK(on_rows_changed), &calls, NULL, NULL));
    TRY(mvvm_user_list_on_appear(list));
    /* At most 250 waits of 20 ms: five seconds. */
    for (int i = 0; i < 250 && calls == 0; i++) TRY(mvvm_run(20, NULL));
    if (calls == 0) {
        fprintf(stderr, "pkgconfig_smoke: the first page never arrived\n");
        return 1;
    }
    int64_t count = 0;
    TRY(mvvm_user_list_get_count(list, &count));
    for (int64_t i = 0; i < count; i++) {
        mvvm_user user;
        TRY(mvvm_user_list_get_row(list, i, &user));
        printf("row %" PRId64 ": #%" PRId64 " %s <%s>\n", i, user.id, user.name, user.email);
    }
    if (count != 5) {
        fprintf(stderr, "pkgconfig_smoke: expected a page of 5 rows, got %" PRId64 "\n", count);
        return 1;
    }
    TRY(mvvm_shutdown());
    printf("pkgconfig_smoke: ok\n");
    return 0;
}
