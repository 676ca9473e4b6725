// Scores calculator inputs with a game's calculator module under Node, for tests/test_calculator_node.py.
// stdin: {"module": "/path/to/calculator.js", "data": <score data>, "inputs": [<calculator input>, ...]}
// stdout: [{"players": [...], "winners": [...]}, ...] — what score(data, input) gives for each input.
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const job = JSON.parse(readFileSync(0, "utf8"));
const calc = await import(pathToFileURL(job.module).href);
const out = job.inputs.map((input) => {
  const r = calc.score(job.data, input);
  return { players: r.players, winners: r.winners };
});
process.stdout.write(JSON.stringify(out));
