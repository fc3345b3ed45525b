# Sourced by ./sbench and ./sbench-spark: the java check and the build, each of which fails in a line that
# says what is missing and what to do (Maven's own report only where the sources are at fault).

# The JAVA_VERSION of the JDK of the java JAVA, from its release file (no JVM is started for that), one level up
# for a Java 8 JRE inside its JDK (JDK/jre/bin/java); nothing for a java without one.
java_version() {  # JAVA
  local home
  home="$(dirname "$(dirname "$(readlink -f "$1")")")"
  [ -f "$home/release" ] || [ "$(basename "$home")" != jre ] || home="$(dirname "$home")"
  if [ -f "$home/release" ]; then
    sed -n 's/^JAVA_VERSION="\(.*\)"$/\1/p' "$home/release"
  fi
}

# The feature version of a JAVA_VERSION (25 for 25.0.3, 1 for 1.8.0_392); 17 for one that does not say.
java_feature_of() {  # VERSION
  if [[ "${1%%.*}" =~ ^[0-9]+$ ]]; then echo "${1%%.*}"; else echo 17; fi
}

# Exits 5 when the java on the PATH is missing or older than 17 (a java without a release file is taken as a
# Java 17). Sets java_feature, its feature version, and java_id, its JAVA_VERSION and the path of its binary.
require_java() {  # NAME
  local java version
  java="$(command -v java)" || {
    echo "$1: java is not on the PATH; sbench needs Java 17 or later: install it (e.g. apt-get install openjdk-17-jdk-headless)" >&2
    exit 5
  }
  version="$(java_version "$java")"
  java_feature="$(java_feature_of "$version")"
  java_id="$version $(readlink -f "$java")"
  if [ "$java_feature" -lt 17 ]; then
    echo "$1: $java is Java $version; sbench needs Java 17 or later: install it and put its bin first on the PATH" >&2
    exit 5
  fi
}

# The first of FILES (absolute paths) this user cannot read, or the first directory on the way to one it cannot
# enter; nothing when each can be read or is missing (the build makes it).
unreadable() {  # FILE...
  local file path part parts
  for file in "$@"; do
    [ ! -r "$file" ] || continue
    path=
    IFS=/ read -ra parts <<<"${file#/}"
    for part in "${parts[@]}"; do
      path="$path/$part"
      [ -e "$path" ] || continue 2
      if [ -d "$path" ]; then
        [ -x "$path" ] || { echo "$path"; return 0; }
      elif [ ! -r "$path" ]; then
        echo "$path"
        return 0
      fi
    done
  done
}

# Exits 5 when this user cannot read one of FILES, which NAME runs from: a build in DIR by another user under umask 077
# left its target/ drwx------ (the launcher took the jar for missing and went on to build, which this user cannot), and
# one by root takes its libraries from /root/.m2. The line names it, its mode and owner, and what to do.
require_readable() {  # NAME DIR FILE...
  local name=$1 dir=$2 closed owner module todo
  shift 2
  closed="$(unreadable "$@")"
  [ -n "$closed" ] || return 0
  owner="$(stat -c %U "$closed")"
  if [[ "$closed" == "$dir"/*/* ]]; then
    module="${closed#"$dir"/}"
    todo="which $owner's build of $dir left closed to others; as $owner, open it to all (chmod -R a+rX $dir/${module%%/*}/target)"
    todo+=" or build again under umask 022, or use a checkout of your own"
  else
    todo="where the build of $dir by $owner takes its libraries from; run $name as $owner, or use a checkout of your own"
  fi
  echo "$name: this user cannot read $closed ($(stat -c %A "$closed"), owner $owner), $todo" >&2
  exit 5
}

# The first directory of the build in DIR (the root, a module, a module's target/) this user cannot write.
unwritable() {  # DIR
  local d t
  for d in "$1" "$1"/*/; do
    d="${d%/}"
    [ -f "$d/pom.xml" ] || continue
    [ -w "$d" ] || { echo "$d"; return 0; }
    if [ -d "$d/target" ]; then
      t="$(find "$d/target" -type d ! -writable -print -quit)"
      [ -z "$t" ] || { echo "$t"; return 0; }
    fi
  done
}

# What a failed build in DIR lacks and what to do, from its Maven output LOG; nothing when the report itself is
# what the user needs (a compilation error).
build_lack() {  # NAME DIR LOG
  local name=$1 dir=$2 log=$3 closed repository first why
  # As the user who builds (builder): root can write all, a checkout's owner not what a build as root left there.
  closed="$("${builder[@]}" bash -c "$(declare -f unwritable)"'; unwritable "$1"' unwritable "$dir")"
  if [ -n "$closed" ] && [ -n "$build_owner" ]; then
    echo "cannot build in $dir as its owner $build_owner ($as_owner): $build_owner cannot write $closed" \
      "($(stat -c %A "$closed"), owner $(stat -c %U "$closed")); give the checkout back to $build_owner" \
      "(chown -R $build_owner: $dir) and run ./$name again"
  elif [ -n "$closed" ]; then
    echo "cannot build in $dir: this user cannot write $closed (the build writes each module's target/ there);" \
      "build once as its owner, or use a checkout of your own"
  elif grep -q 'Could not create local repository at' "$log"; then
    repository="$(sed -n 's/.*Could not create local repository at \([^ ]*\).*/\1/p' "$log" | head -n1)"
    echo "Maven could not create its local repository $repository in the home of ${build_owner:-$(id -un)}, who" \
      "builds${build_owner:+ (as root, the owner of the checkout)}; give ${build_owner:-this user} a home of their own, or" \
      "name a repository they can write in MAVEN_OPTS (-Dmaven.repo.local=DIR)"
  elif grep -q -E 'could not be resolved|Could not resolve|Could not transfer|in offline mode' "$log"; then
    # The first artifact named after the project's own (a dependency's failure names the project first).
    first="$(grep -m1 -E 'could not be resolved|Could not resolve|Could not transfer|in offline mode' "$log" \
      | sed -E 's/(for|on) project [^ ]+//g' | grep -o -E '[A-Za-z0-9_.-]+:[A-Za-z0-9_.-]+(:[a-z-]+)?:[0-9][A-Za-z0-9_.-]*' | head -n1)"
    why="$(grep -o -E 'Unknown host [^ :]+|in offline mode|Connection refused|[Cc]onnect timed out|Network is unreachable|No route to host' "$log" | head -n1)"
    echo "the build needs Maven plugins and libraries that are not in the local repository and could not be" \
      "downloaded (the first: ${first:-as Maven reports}${why:+; $why}); run ./$name again where Maven Central" \
      "can be reached (or a mirror named in ~/.m2/settings.xml)"
  elif grep -q 'No compiler is provided in this environment' "$log"; then
    echo "Maven runs on a Java runtime without its compiler (a JRE); install a JDK 17 or later" \
      "(e.g. apt-get install openjdk-17-jdk-headless), and point JAVA_HOME at it if Maven still finds the JRE"
  elif grep -q -E 'release version 17 not supported|invalid target release: 17' "$log"; then
    echo "Maven runs on a Java older than 17 (JAVA_HOME, or else the java on the PATH: mvn -v says which);" \
      "point JAVA_HOME at a JDK 17 or later"
  fi
}

# Its input but the 4 lines a Java 24 or later (JEP 498) prints when Maven 3.8's guava first calls sun.misc.Unsafe,
# on every build, which a user cannot act on. The option that allows the calls is not passed instead: Java 17
# refuses it, and the java Maven runs on is not the launcher's to know (~/.mavenrc or /etc/mavenrc may set it).
without_unsafe_warnings() {
  awk '/^WARNING: A terminally deprecated method in sun\.misc\.Unsafe has been called$/ { unsafe = 1; next }
    unsafe && /^WARNING: (sun\.misc\.Unsafe::|Please consider reporting this to the maintainers of class )/ { next }
    { unsafe = 0; print }'
}

as_owner="as root the build runs as the checkout's owner, so that its files stay theirs"

# Sets builder, the command a build of DIR runs under, and build_owner, who builds. As root in a checkout another user
# owns (sudo ./sbench in a user's clone) that is the owner, with their groups and HOME (Maven's ~/.m2 and settings are
# theirs): built as root, each target/ was root's, the owner's next build could not write it, and sbench-spark's class
# path named /root/.m2. Else this user, and no command. Exits 5 where the owner cannot be switched to.
owner_builder() {  # NAME DIR
  local name=$1 dir=$2 uid account gid home
  builder=()
  build_owner=
  uid="$(stat -c %u "$dir")"
  [ "$(id -u)" = 0 ] && [ "$uid" != 0 ] || return 0
  account="$(getent passwd "$uid")" || {
    echo "$name: cannot build in $dir as its owner ($as_owner): no user here has its uid $uid; give the checkout to" \
      "one (chown -R USER: $dir)" >&2
    exit 5
  }
  IFS=: read -r build_owner _ _ gid _ home _ <<<"$account"
  command -v setpriv >/dev/null || {
    echo "$name: cannot build in $dir as its owner $build_owner ($as_owner): setpriv is missing; install util-linux," \
      "or run ./$name --version once as $build_owner" >&2
    exit 5
  }
  builder=(setpriv --reuid="$uid" --regid="$gid" --init-groups env HOME="$home" USER="$build_owner" LOGNAME="$build_owner")
}

# Runs mvn ARGS in DIR, quiet, as owner_builder (called before, so that its refusal is the only line) set; on failure
# exits 5 with what the build lacks, or Maven's report and "NAME: build failed".
build() {  # NAME DIR ARGS...
  local name=$1 dir=$2 lack
  shift 2
  build_log="$(mktemp)"
  trap 'rm -f "$build_log"' EXIT
  # Debian's Maven 3.8 writes colour resets (ESC[0m) even in batch mode, as all its output on success.
  if (cd "$dir" && "${builder[@]}" mvn "$@" >"$build_log" 2>&1); then
    sed 's/\x1b\[0m//g' "$build_log" | without_unsafe_warnings >&2
    rm -f "$build_log"
    trap - EXIT
    return 0
  fi
  lack="$(build_lack "$name" "$dir" "$build_log")"
  if [ -n "$lack" ]; then
    echo "$name: $lack" >&2
  else
    sed 's/\x1b\[0m//g' "$build_log" >&2
    echo "$name: build failed" >&2
  fi
  exit 5
}
