"""The schema hash the stubs of notes were generated from (mvvm.check_schema()).
Generated; do not edit. Regenerate: make generate"""

SCHEMA_HASH = "c2788411cd7d3b32"
