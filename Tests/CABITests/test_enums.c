/* test_enums.c: the enums' C face, mvvm_enum_describe() and mvvm_enum_list(), against the
 * header: mvvm_loading and mvvm_view_state are described with every constant the header gives
 * them, the member shapes that hold them name them, and bad arguments are refused with
 * statuses and messages, leaving the outputs untouched. */
#include "harness.h"

typedef struct expected_case {
    const char *name, *c_name;
    int32_t value;
} expected_case;

#define CASE(name, constant) {name, #constant, constant}

static const expected_case loading_cases[] = {
    CASE("none", MVVM_LOADING_NONE),
    CASE("full_screen", MVVM_LOADING_FULL_SCREEN),
    CASE("next_page", MVVM_LOADING_NEXT_PAGE),
};

static const expected_case view_state_cases[] = {
    CASE("idle", MVVM_VIEW_STATE_IDLE), CASE("loading", MVVM_VIEW_STATE_LOADING),
    CASE("loaded", MVVM_VIEW_STATE_LOADED), CASE("empty", MVVM_VIEW_STATE_EMPTY),
    CASE("failed", MVVM_VIEW_STATE_FAILED),
};

/* Numbered from 1, as in 0.1: the declaration gives push its number. */
static const expected_case navigation_cases[] = {
    CASE("push", MVVM_NAVIGATION_PUSH),
    CASE("pop", MVVM_NAVIGATION_POP),
};

static const struct {
    const char *name, *c_type;
    const expected_case *cases;
    size_t case_count;
} header_enums[] = {
    {"Loading", "mvvm_loading", loading_cases, 3},
    {"ViewState", "mvvm_view_state", view_state_cases, 5},
    {"Navigation", "mvvm_navigation", navigation_cases, 2},
};
#define HEADER_ENUM_COUNT (sizeof header_enums / sizeof header_enums[0])

static void check_described(const mvvm_enum_info *info, size_t i) {
    CHECK_STR_EQ(info->name, header_enums[i].name);
    CHECK_STR_EQ(info->c_type, header_enums[i].c_type);
    CHECK(info->doc != NULL && info->doc[0] != '\0');
    REQUIRE(info->case_count == header_enums[i].case_count);
    for (size_t c = 0; c < info->case_count; c++) {
        CHECK_STR_EQ(info->cases[c].name, header_enums[i].cases[c].name);
        CHECK_STR_EQ(info->cases[c].c_name, header_enums[i].cases[c].c_name);
        CHECK_EQ(info->cases[c].value, header_enums[i].cases[c].value);
        CHECK(info->cases[c].doc != NULL);
    }
}

static void test_every_header_enum_is_described_with_the_header_constants(void) {
    for (size_t i = 0; i < HEADER_ENUM_COUNT; i++) {
        const mvvm_enum_info *info = NULL;
        REQUIRE_OK(mvvm_enum_describe(header_enums[i].c_type, &info));
        check_described(info, i);
        const mvvm_enum_info *again = NULL;
        CHECK_OK(mvvm_enum_describe(header_enums[i].c_type, &again));
        CHECK(again == info); /* static storage */
    }
}

static void test_the_list_holds_every_enum_in_registration_order(void) {
    const mvvm_enum_info *enums = NULL;
    size_t count = 0;
    REQUIRE_OK(mvvm_enum_list(&enums, &count));
    REQUIRE(count == HEADER_ENUM_COUNT);
    for (size_t i = 0; i < count; i++) check_described(&enums[i], i);
}

static void test_the_properties_holding_them_name_them(void) {
    const struct {
        mvvm_type type;
        const char *member, *c_type;
    } holders[] = {{MVVM_TYPE_USER_LIST, "loading", "mvvm_loading"}, {MVVM_TYPE_POST_DETAIL, "state", "mvvm_view_state"}};
    for (size_t i = 0; i < sizeof holders / sizeof holders[0]; i++) {
        const mvvm_type_info *info = NULL;
        uint32_t member = 0;
        REQUIRE_OK(mvvm_type_describe(holders[i].type, &info));
        REQUIRE_OK(mvvm_member_find(holders[i].type, holders[i].member, &member));
        CHECK_EQ(info->shapes[member].value_kind, MVVM_VALUE_INT32);
        CHECK_STR_EQ(info->shapes[member].enum_name, holders[i].c_type);
    }
}

static void test_bad_arguments_are_refused_and_nothing_is_written(void) {
    const mvvm_enum_info *sentinel = (const mvvm_enum_info *)(uintptr_t)0x1234;
    const mvvm_enum_info *info = sentinel;
    CHECK_STATUS(mvvm_enum_describe(NULL, &info), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "c_type") != NULL);
    CHECK_STATUS(mvvm_enum_describe("mvvm_loading", NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK(strstr(mvvm_last_error_message(), "out_info") != NULL);
    CHECK_STATUS(mvvm_enum_describe("mvvm_load\xff", &info), MVVM_E_INVALID_UTF8);
    const char *unknown[] = {"", "Loading", "MVVM_LOADING", "mvvm_loading ", "mvvm_navigation_action"};
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        CHECK_STATUS(mvvm_enum_describe(unknown[i], &info), MVVM_E_UNKNOWN_NAME);
        CHECK(strstr(mvvm_last_error_message(), "mvvm_view_state") != NULL);
    }
    CHECK(info == sentinel);
    size_t count = 77;
    CHECK_STATUS(mvvm_enum_list(NULL, &count), MVVM_E_INVALID_ARGUMENT);
    CHECK_EQ(count, (size_t)77);
    CHECK_STATUS(mvvm_enum_list(&info, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK(info == sentinel);
}

int main(void) {
    harness_init();
    RUN_TEST(test_every_header_enum_is_described_with_the_header_constants);
    RUN_TEST(test_the_list_holds_every_enum_in_registration_order);
    RUN_TEST(test_the_properties_holding_them_name_them);
    RUN_TEST(test_bad_arguments_are_refused_and_nothing_is_written);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
