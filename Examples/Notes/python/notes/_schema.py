"""The schema hash the stubs of notes were generated from (mvvm.check_schema()).
Generated; do not edit. Regenerate: make generate"""

SCHEMA_HASH = "de6b06e6e6ced09b"
