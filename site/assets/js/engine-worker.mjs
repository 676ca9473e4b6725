// Module web worker: boots the self-hosted Pyodide (Pyodide 314 supports module workers only), unpacks the
// tischlein engine (engine.zip: the kernel tischlein/engine/ and each game's engine modules) and answers
// {id, type: "init" | "run" | "check" | "api", ...} with {id, ok, result | error}. JSON strings cross the
// boundary. "api" calls one function of tischlein.engine.api by name (only those listed in _TL_API), or of
// tischlein.engine.table (_TL_TABLE: a whole game kept here, the page told only what its viewer sees). A game's
// JSON comes with the first request naming its key only (the client knows what it sent): later requests send
// `game: null`, so a click does not copy and hand the whole game to Python again.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const ENGINE_DIR = "/home/pyodide/tischlein-engine";
let ready = null;
let py = null;

async function init(engineUrl) {
  py = await loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href });
  const response = await fetch(engineUrl);
  if (!response.ok) throw new Error(`${engineUrl}: HTTP ${response.status}`);
  py.unpackArchive(await response.arrayBuffer(), "zip", { extractDir: ENGINE_DIR });
  py.runPython(`
import importlib, json, sys
sys.path.insert(0, ${JSON.stringify(ENGINE_DIR)})
importlib.invalidate_caches()
from tischlein.engine import api as _tl_api, table as _tl_table
_tl_games = {}

def _tl_game(key, text):
    if key not in _tl_games:
        if text is None:
            raise ValueError(f"no game {key} sent yet")
        _tl_games[key] = json.loads(text)
    return _tl_games[key]

def _tl_run(key, game_text, example_text, lang):
    return json.dumps(_tl_api.run(_tl_game(key, game_text), json.loads(example_text), None, lang))

_TL_API = ("run", "check_move", "choices", "draw", "legal_moves", "view", "play")

_TL_TABLE = ("open_table", "look", "whose", "play_move", "bots_move", "undo", "close_table")

def _tl_api_call(fn, key, game_text, args_text):
    game = _tl_game(key, game_text)       # kept first: the client sends a game once, whatever this call does
    if fn in _TL_TABLE:
        return json.dumps(getattr(_tl_table, fn)(game, *json.loads(args_text)))
    if fn not in _TL_API:
        raise ValueError(f"no engine function {fn}")
    return json.dumps(getattr(_tl_api, fn)(game, *json.loads(args_text)))

def _tl_check(key, game_text, state_text, move_text, lang):
    return json.dumps(_tl_api.check_move(_tl_game(key, game_text), json.loads(state_text),
                                         json.loads(move_text), lang))
`);
  return { python: py.runPython("import sys; sys.version.split()[0]") };
}

self.onmessage = async (event) => {
  const msg = event.data;
  try {
    let result;
    if (msg.type === "init") {
      ready = ready || init(msg.engine);
      result = await ready;
    } else if (msg.type === "run") {
      await ready;
      result = py.globals.get("_tl_run")(msg.gameKey, msg.game ?? null, msg.example, msg.lang);
    } else if (msg.type === "check") {
      await ready;
      result = py.globals.get("_tl_check")(msg.gameKey, msg.game ?? null, msg.state, msg.move, msg.lang);
    } else if (msg.type === "api") {
      await ready;
      result = py.globals.get("_tl_api_call")(msg.fn, msg.gameKey, msg.game ?? null, msg.args);
    } else {
      throw new Error(`unknown request ${msg.type}`);
    }
    self.postMessage({ id: msg.id, ok: true, result });
  } catch (err) {
    self.postMessage({ id: msg.id, ok: false, error: String(err && err.message ? err.message : err) });
  }
};
