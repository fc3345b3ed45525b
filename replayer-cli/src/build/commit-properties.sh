#!/bin/sh
# The build.properties lines of the checkout DIR's commit (commit=, 12 digits, or unknown without git or where DIR is
# no checkout: a source tarball) and whether tracked files differ from it (modified=true or false), for sbench --version.
# git refuses a repository another user owns ('detected dubious ownership'), as in a build by sudo ./sbench in a user's
# clone: safe.directory=* (given on the command line, which git trusts as it does no repository's own configuration)
# reads it all the same; such a build already runs this checkout's code. git 2.36 and later take '*'. Without
# --no-optional-locks git status would write the index it refreshes, root's from then on.
dir=$1
commit=unknown
modified=false
if [ -e "$dir/.git" ]; then
  commit="$(git -c safe.directory='*' -C "$dir" rev-parse --short=12 HEAD 2>/dev/null)" || commit=unknown
  status="$(git -c safe.directory='*' -C "$dir" --no-optional-locks status --porcelain --untracked-files=no 2>/dev/null)" && [ -n "$status" ] && modified=true
fi
printf 'commit=%s\nmodified=%s\n' "$commit" "$modified"
