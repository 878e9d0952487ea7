import { readGraphFile } from '../eval/graph-file.js';
import { openScratchGraph } from '../test/support/scratch-graph.js';
import { plannerOn } from '../test/support/planner.js';

const [file, ...questions] = process.argv.slice(2);
const { graph, close } = await openScratchGraph('ask', await readGraphFile(file!));
const planner = await plannerOn(graph);
for (const q of questions) {
  const a = await planner.ask(q);
  console.log('\n#', q, '\n ', a.cypher ?? JSON.stringify(a.reading).slice(0, 300), '\n ', a.text, a.rows.length);
}
await close();
