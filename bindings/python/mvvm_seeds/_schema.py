"""The schema hash the stubs of mvvm_seeds were generated from (mvvm.check_schema()).
Generated; do not edit. Regenerate: cd bindings/python && python3 -m mvvm._stubgen --library /path/to/libmvvm.so --module mvvm_seeds --reexport mvvm_seeds.host --output mvvm_seeds/__init__.pyi"""

SCHEMA_HASH = "a1ef0a1fec5c807b"
