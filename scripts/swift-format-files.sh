#!/bin/sh
# The Swift files `make format` formats and `make test-format` checks with the toolchain's
# swift-format and the checked-in .swift-format: every tracked .swift file but the generated
# exports (the generators write them; `make test-generated` checks them) and the seeds' code
# kept verbatim (Tests/SeedCompatibility), and the package manifests.
cd "$(dirname "$0")/.." || exit 1
git ls-files '*.swift' | grep -v -e '/Exports/Generated/' -e '^Tests/SeedCompatibility/' -e 'Package\.swift$'
