// Compiled with -fsyntax-only by run.sh: mvvm.h must be valid C++17 too (extern "C" linkage,
// no C-only constructs), so C++ hosts can include it directly.
#include "mvvm.h"

static_assert(MVVM_OK == 0, "MVVM_OK is 0");
static_assert(sizeof(mvvm_list_change) >= sizeof(int64_t) * 2, "mvvm_list_change holds start and count");

int main() {
    // The callback cast macro must work on a C++ function with a natural handler signature.
    void (*handler)(mvvm_object *, int32_t, void *) = [](mvvm_object *, int32_t, void *) {};
    mvvm_callback callback = MVVM_CALLBACK(handler);
    return callback == nullptr ? 1 : 0;
}
