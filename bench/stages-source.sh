# Sourced by the throughput scripts that compare two jars: stages_source JAR LABEL prints the path of
# bench/ReadThroughput.java as of the commit JAR was built from (it follows sbench's API), copied
# into bench/out/stages-LABEL/, or the checkout's for a jar built with uncommitted changes or from
# a commit this clone lacks.
stages_source() {
  local commit
  commit=$(java -jar "$1" --version | sed -n 's/.*(commit \([0-9a-f]*\))$/\1/p')
  mkdir -p "bench/out/stages-$2"
  if [ -n "$commit" ] && git show "$commit:bench/ReadThroughput.java" > "bench/out/stages-$2/ReadThroughput.java" 2>/dev/null; then
    echo "bench/out/stages-$2/ReadThroughput.java"
  else
    echo bench/ReadThroughput.java
  fi
}
