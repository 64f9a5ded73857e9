# Sourced by the project scripts: puts Node 24 on PATH, installing it from the npm registry into .tools/node24
# when the system Node is older (NestJS 12 is ESM-only; the code runs TypeScript compiled by SWC at load).
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(_major node)" -lt 24 ]; then
  _local="$_root/.tools/node24/node_modules/.bin"
  if [ ! -x "$_local/node" ] || [ "$(_major "$_local/node")" -lt 24 ]; then
    echo "[setup] Node $(node --version 2>/dev/null || echo none) is older than 24: installing node@24 into .tools/node24" >&2
    npm install --prefix "$_root/.tools/node24" --no-audit --no-fund --loglevel=error node@24 >&2
  fi
  export PATH="$_local:$PATH"
fi
# Every server process and script compiles the sources with SWC at load (NestJS decorators; tools/swc/register.mjs).
# Not before the dependencies are installed: npm itself runs on this Node, and the hook needs @swc/core (run.sh
# sources this file again after installing). V8's compile cache keeps the compiled bytecode between starts.
if [ -d "$_root/node_modules/@swc/core" ]; then
  case " ${NODE_OPTIONS:-} " in *"/tools/swc/register.mjs"*) ;; *) export NODE_OPTIONS="--enable-source-maps --import=$_root/tools/swc/register.mjs ${NODE_OPTIONS:-}" ;; esac
fi
# Jest runs the specs as ES modules in vm contexts (--experimental-vm-modules): each worker would print Node's
# "VM Modules is an experimental feature" warning, ~170 times in `npm test` (issue 39). Experimental features are
# chosen here on purpose; their warnings tell a newcomer nothing.
case " ${NODE_OPTIONS:-} " in *" --disable-warning=ExperimentalWarning "*) ;; *) export NODE_OPTIONS="${NODE_OPTIONS:-} --disable-warning=ExperimentalWarning" ;; esac
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$_root/node_modules/.cache/node-compile}"
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
