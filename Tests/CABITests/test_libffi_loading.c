/* test_libffi_loading.c: libffi is opened by the first call that needs it, not when the library
 * loads: not after mvvm_init() and a first page shown with handlers in the default layout (called
 * through their exact C type), but by the first handler connected in a layout libffi calls
 * (MVVM_CONNECT_SWAPPED here), which then works. One program of its own: a process maps libffi
 * once, so the check must come before anything else in it needs libffi. */
#include "harness.h"

static const char *const libffi = "libffi.so";

/* GObject's swapped form of "notify::loading": user_data first, the object last. */
static void swapped_loading(void *user_data, int32_t value, mvvm_object *object) {
    recorder *r = user_data;
    r->calls++;
    r->value = value;
    r->object = object;
}

/* The no-object form: the signal's arguments, then user_data. */
static void bare_loading(int32_t value, void *user_data) {
    recorder *r = user_data;
    r->calls++;
    r->value = value;
}

static void test_libffi_is_opened_by_the_first_handler_that_needs_it_not_before(void) {
    CHECK_EQ(harness_objects_loaded(libffi), 0);

    /* An ordinary first page: a user list over the sample repository, default-layout handlers. */
    mvvm_object *repository = make_sample_repository(30, 10, 0, 0);
    REQUIRE(repository != NULL);
    mvvm_object *list = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    recorder rows = {0}, loading = {0};
    CONNECT(list, "rows-changed", on_changes, &rows);
    CONNECT(list, "notify::loading", on_int32, &loading);
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(rows.calls > 0 && loading.value == MVVM_LOADING_NONE, HARNESS_PUMP_BUDGET);
    CHECK(rows.calls > 0);
    CHECK_EQ(harness_objects_loaded(libffi), 0);
    CHECK_OK(mvvm_object_destroy(list));

    /* A swapped handler is called through libffi: connecting it opens the library, once. */
    mvvm_object *second = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &second));
    recorder swapped = {0};
    swapped.value = -1;
    uint64_t id = 0;
    CHECK_OK(mvvm_signal_connect_flags(second, "notify::loading", MVVM_CALLBACK(swapped_loading), &swapped, NULL,
                                       MVVM_CONNECT_SWAPPED, &id));
    CHECK(id != 0);
    CHECK_EQ(harness_objects_loaded(libffi), 1);
    CHECK_OK(mvvm_user_list_on_appear(second));
    PUMP_UNTIL(swapped.calls >= 2 && swapped.value == MVVM_LOADING_NONE, HARNESS_PUMP_BUDGET);
    CHECK(swapped.calls >= 2);
    CHECK_EQ(swapped.value, MVVM_LOADING_NONE);
    CHECK(swapped.object == second);

    /* A second libffi user finds it open: still one copy mapped. */
    recorder bare = {0};
    CHECK_OK(mvvm_signal_connect_flags(second, "notify::loading", MVVM_CALLBACK(bare_loading), &bare, NULL,
                                       MVVM_CONNECT_NO_OBJECT, NULL));
    CHECK_EQ(harness_objects_loaded(libffi), 1);
    CHECK_OK(mvvm_object_destroy(second));
    CHECK_OK(mvvm_object_destroy(repository));
}

int main(void) {
    harness_init();
    RUN_TEST(test_libffi_is_opened_by_the_first_handler_that_needs_it_not_before);
    return harness_finish();
}
