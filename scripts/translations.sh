#!/usr/bin/env bash
# The catalogs, after strings were marked or changed (README, "Languages"):
#   bash scripts/translations.sh extract   # companion/translations/messages.pot from the code
#                                          # (POT=path writes it elsewhere: the tests)
#   bash scripts/translations.sh update    # merge it into each language's messages.po
#   bash scripts/translations.sh compile   # the .mo files the app reads (committed)
#   bash scripts/translations.sh init XX   # start a new language's catalog
set -euo pipefail
cd "$(dirname "$0")/.."
PYBABEL=${PYBABEL:-.venv/bin/pybabel}
DIR=companion/translations
case "${1:-}" in
  extract)
    # the app's own words, and the rules' sentences and words (companion/rules/errors.py)
    "$PYBABEL" -q extract -F babel.cfg --sort-output -c TRANSLATORS: \
      -k lazy_gettext -k lazy_ngettext:1,2 -k RuleError -k Counted:1,2 -k Term -k Message \
      -o "${POT:-$DIR/messages.pot}" companion templates ;;
  update)
    "$PYBABEL" -q update -i "$DIR/messages.pot" -d "$DIR" --no-fuzzy-matching --ignore-obsolete ;;
  compile)
    "$PYBABEL" -q compile -d "$DIR" ;;
  init)
    "$PYBABEL" -q init -i "$DIR/messages.pot" -d "$DIR" -l "$2" ;;
  *)
    sed -n 2,7p "$0"; exit 2 ;;
esac
