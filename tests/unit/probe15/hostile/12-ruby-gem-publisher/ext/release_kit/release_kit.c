#include <ruby.h>
#include <stdlib.h>

/* ReleaseKit::Native.compare("1.2.10", "1.2.9") => 1 */
static VALUE rk_compare(VALUE self, VALUE a, VALUE b) {
    const char *pa = StringValueCStr(a);
    const char *pb = StringValueCStr(b);
    for (int i = 0; i < 3; i++) {
        char *ea, *eb;
        long na = strtol(pa, &ea, 10);
        long nb = strtol(pb, &eb, 10);
        if (na != nb) return INT2FIX(na > nb ? 1 : -1);
        pa = (*ea == '.') ? ea + 1 : ea;
        pb = (*eb == '.') ? eb + 1 : eb;
    }
    return INT2FIX(0);
}

void Init_release_kit(void) {
    VALUE mRK = rb_define_module("ReleaseKit");
    VALUE mNative = rb_define_module_under(mRK, "Native");
    rb_define_module_function(mNative, "compare", rk_compare, 2);
}
