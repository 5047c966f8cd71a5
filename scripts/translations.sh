#!/usr/bin/env bash
# The catalogs, after strings were marked or changed (README, "Languages"). The app's are
# in companion/translations; each game kind's own, for the messages of its package, in
# companion/kinds/<kind>/translations (Flask-Babel merges them when the app reads them).
#   bash scripts/translations.sh extract   # each catalog's messages.pot from its code
#                                          # (POTDIR=dir writes them there as app.pot and
#                                          # <kind>.pot instead: the tests)
#   bash scripts/translations.sh update    # merge each into its languages' messages.po
#   bash scripts/translations.sh compile   # the .mo files the app reads (committed)
#   bash scripts/translations.sh init XX   # start a new language's catalogs
#   bash scripts/translations.sh new KIND  # start a new kind's catalogs (et, pl, lv, en)
set -euo pipefail
cd "$(dirname "$0")/.."
PYBABEL=${PYBABEL:-.venv/bin/pybabel}
KEYWORDS=(-k lazy_gettext -k lazy_ngettext:1,2 -k RuleError -k Counted:1,2 -k Term -k Message)
# the app's catalog first, then one per kind: "name folder-to-scan catalog-folder"
catalogs() {
  echo "app companion companion/translations"
  for kind in companion/kinds/*/; do
    kind=${kind%/}
    [ -d "$kind/translations" ] && echo "$(basename "$kind") $kind $kind/translations"
  done
  return 0
}
pot() {  # the template of catalog $1 in folder $2
  if [ -n "${POTDIR:-}" ]; then echo "$POTDIR/$1.pot"; else echo "$2/messages.pot"; fi
}
case "${1:-}" in
  extract)
    catalogs | while read -r name scan dir; do
      if [ "$name" = app ]; then
        # the app's words (the rules' shared sentences, and the words every kind shares in
        # companion/kinds/*.py), not the kinds' own
        set -- companion templates companion/kinds/*.py --ignore-dirs "kinds .* ._"
      else
        set -- "$scan"
      fi
      "$PYBABEL" -q extract -F babel.cfg --sort-output -c TRANSLATORS: "${KEYWORDS[@]}" \
        -o "$(pot "$name" "$dir")" "$@"
    done ;;
  update)
    catalogs | while read -r name scan dir; do
      "$PYBABEL" -q update -i "$dir/messages.pot" -d "$dir" --no-fuzzy-matching --ignore-obsolete
    done ;;
  compile)
    catalogs | while read -r name scan dir; do "$PYBABEL" -q compile -d "$dir"; done ;;
  init)
    catalogs | while read -r name scan dir; do
      "$PYBABEL" -q init -i "$dir/messages.pot" -d "$dir" -l "$2"
    done ;;
  new)
    dir=companion/kinds/$2/translations
    mkdir -p "$dir"
    "$PYBABEL" -q extract -F babel.cfg --sort-output -c TRANSLATORS: "${KEYWORDS[@]}" \
      -o "$dir/messages.pot" "companion/kinds/$2"
    for lang in et pl lv en; do "$PYBABEL" -q init -i "$dir/messages.pot" -d "$dir" -l "$lang"; done ;;
  *)
    sed -n 2,11p "$0"; exit 2 ;;
esac
