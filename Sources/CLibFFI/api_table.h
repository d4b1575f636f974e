/* The table behind mvvm_get_api() (Exports/PluginExports.swift), built in C.
 *
 * Why C: most exports are `@MainActor @c` Swift functions, and Swift refuses to form a
 * `@convention(c)` pointer from a global-actor-isolated function ("loses global actor"), and a
 * module-qualified reference to the imported C declaration is not accepted as a C function
 * pointer either. Here the C compiler takes the address of each exported symbol directly and
 * checks it against the field's type in the header's struct, so a wrong signature is a
 * compile error and the table holds exactly the addresses dlsym() would give.
 *
 * The table is a `static const` object with a constant initialiser: it is laid out by the
 * linker (read-only after relocation), needs no run-time initialisation, and so is safe to hand
 * out from any thread before mvvm_init(). The header is reached as the module CMVVM (no include
 * path needed: SwiftPM passes its module map, Tests/ABICheck finds it through -I). */
#ifndef MVVM_CLIBFFI_API_TABLE_H
#define MVVM_CLIBFFI_API_TABLE_H

#pragma clang module import CMVVM

static inline const mvvm_api *mvvm_api_table(void) {
    static const mvvm_api table = {
        .struct_size = (uint32_t)sizeof(mvvm_api),
        .abi_version = MVVM_ABI_VERSION,
        .version = mvvm_version,
        .version_string = mvvm_version_string,
        .abi_version_fn = mvvm_abi_version,
        .status_name = mvvm_status_name,
        .last_error_message = mvvm_last_error_message,
        .init = mvvm_init,
        .shutdown = mvvm_shutdown,
        .get_fd = mvvm_get_fd,
        .dispatch = mvvm_dispatch,
        .run = mvvm_run,
        .wakeup = mvvm_wakeup,
        .object_get_type = mvvm_object_get_type,
        .object_destroy = mvvm_object_destroy,
        .signal_connect = mvvm_signal_connect,
        .signal_connect_flags = mvvm_signal_connect_flags,
        .signal_disconnect = mvvm_signal_disconnect,
        .command_closure_new = mvvm_command_closure_new,
        .command_closure_free = mvvm_command_closure_free,
        .type_describe = mvvm_type_describe,
        .sample_options_init = mvvm_sample_options_init,
        .repository_new_sample = mvvm_repository_new_sample,
        .repository_new_json_file = mvvm_repository_new_json_file,
        .user_list_new = mvvm_user_list_new,
        .user_list_on_appear = mvvm_user_list_on_appear,
        .user_list_refresh = mvvm_user_list_refresh,
        .user_list_did_display_row = mvvm_user_list_did_display_row,
        .user_list_did_select_row = mvvm_user_list_did_select_row,
        .user_list_dismiss_error = mvvm_user_list_dismiss_error,
        .user_list_get_count = mvvm_user_list_get_count,
        .user_list_get_row = mvvm_user_list_get_row,
        .user_list_get_loading = mvvm_user_list_get_loading,
        .user_list_get_has_more_pages = mvvm_user_list_get_has_more_pages,
        .user_list_get_error_message = mvvm_user_list_get_error_message,
        .user_detail_new = mvvm_user_detail_new,
        .user_detail_on_appear = mvvm_user_detail_on_appear,
        .user_detail_set_draft_name = mvvm_user_detail_set_draft_name,
        .user_detail_save = mvvm_user_detail_save,
        .user_detail_get_user = mvvm_user_detail_get_user,
        .user_detail_get_draft_name = mvvm_user_detail_get_draft_name,
        .user_detail_get_is_saving = mvvm_user_detail_get_is_saving,
        .user_detail_get_is_dirty = mvvm_user_detail_get_is_dirty,
        .user_detail_get_can_save = mvvm_user_detail_get_can_save,
        .user_detail_get_validation_message = mvvm_user_detail_get_validation_message,
        .user_detail_get_error_message = mvvm_user_detail_get_error_message,
        .post_detail_new = mvvm_post_detail_new,
        .post_detail_on_appear = mvvm_post_detail_on_appear,
        .post_detail_toggle_like = mvvm_post_detail_toggle_like,
        .post_detail_get_state = mvvm_post_detail_get_state,
        .post_detail_get_post = mvvm_post_detail_get_post,
        .post_detail_get_comment_count = mvvm_post_detail_get_comment_count,
        .post_detail_get_comment = mvvm_post_detail_get_comment,
        .post_detail_get_is_liked = mvvm_post_detail_get_is_liked,
        .post_detail_get_likes_count = mvvm_post_detail_get_likes_count,
        .post_detail_get_error_message = mvvm_post_detail_get_error_message,
        .sorted_integers_new = mvvm_sorted_integers_new,
        .sorted_integers_add_new_integer = mvvm_sorted_integers_add_new_integer,
        .sorted_integers_add = mvvm_sorted_integers_add,
        .sorted_integers_remove_at = mvvm_sorted_integers_remove_at,
        .sorted_integers_get_count = mvvm_sorted_integers_get_count,
        .sorted_integers_get_value = mvvm_sorted_integers_get_value,
        .stopwatch_new = mvvm_stopwatch_new,
        .stopwatch_button_tapped = mvvm_stopwatch_button_tapped,
        .stopwatch_lap = mvvm_stopwatch_lap,
        .stopwatch_reset = mvvm_stopwatch_reset,
        .stopwatch_get_elapsed_text = mvvm_stopwatch_get_elapsed_text,
        .stopwatch_get_button_text = mvvm_stopwatch_get_button_text,
        .stopwatch_get_is_running = mvvm_stopwatch_get_is_running,
        .stopwatch_get_is_lap_enabled = mvvm_stopwatch_get_is_lap_enabled,
        .stopwatch_get_lap_count = mvvm_stopwatch_get_lap_count,
        .stopwatch_get_lap = mvvm_stopwatch_get_lap,
        .coordinator_new = mvvm_coordinator_new,
        .coordinator_start = mvvm_coordinator_start,
        .coordinator_back = mvvm_coordinator_back,
        .coordinator_get_depth = mvvm_coordinator_get_depth,
        .coordinator_get_screen = mvvm_coordinator_get_screen,
        .repository_new_host = mvvm_repository_new_host,
        .request_resolve_user_page = mvvm_request_resolve_user_page,
        .request_resolve_user = mvvm_request_resolve_user,
        .request_resolve_post = mvvm_request_resolve_post,
        .request_resolve_comments = mvvm_request_resolve_comments,
        .request_fail = mvvm_request_fail,
    };
    return &table;
}

#endif /* MVVM_CLIBFFI_API_TABLE_H */
