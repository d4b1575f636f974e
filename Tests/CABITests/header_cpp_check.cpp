// Compiled with -fsyntax-only by run.sh: the headers must be valid C++17 too (extern "C"
// linkage, no C-only constructs), so C++ hosts can include them directly: the framework's
// mvvm.h alone, and an application's header (the seeds' app's) over it.
#include "mvvm.h"
#include "mvvm_seeds.h"

static_assert(MVVM_OK == 0, "MVVM_OK is 0");
static_assert(sizeof(mvvm_list_change) >= sizeof(int64_t) * 2, "mvvm_list_change holds start and count");
static_assert(MVVM_TYPE_USER_LIST == 2, "an application's type constant is an mvvm_type");

int main() {
    // The callback cast macro must work on a C++ function with a natural handler signature.
    void (*handler)(mvvm_object *, int32_t, void *) = [](mvvm_object *, int32_t, void *) {};
    mvvm_callback callback = MVVM_CALLBACK(handler);
    // A record inside a value, as an application's C++ host reads it.
    mvvm_value value{};
    value.kind = MVVM_VALUE_USER;
    MVVM_VALUE_RECORD(&value, mvvm_user)->id = 7;
    return callback == nullptr || MVVM_VALUE_RECORD(&value, mvvm_user)->id != 7 ? 1 : 0;
}
