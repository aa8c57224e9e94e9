// Where a server's CPU time went: reads V8 CPU profiles (`node --cpu-prof`, e.g. from
// `BENCH_CPU_PROF=dir npm run bench:contacts-304`) and prints the share of sampled time by package
// (or Tapnet file) and the functions with the most self time. It is not a test.
//
//   npm run bench:profile-summary -- /tmp/profiles/CPU.….cpuprofile [more files]
//
// BENCH_TOP (default 25) sets how many functions are listed.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const TOP = Number(process.env.BENCH_TOP ?? 25);

/** A package under node_modules, a Tapnet file, Node's own code, or V8's pseudo-frames such as (garbage collector). */
function placeOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage?.[1]) return inPackage[1];
  if (url.startsWith('node:')) return 'node:*';
  return relative(process.cwd(), url.replace(/^file:\/\//, ''));
}

function summarise(path: string): void {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfByPlace = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const node = byId.get(id);
    const micros = profile.timeDeltas[index] ?? 0;
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    // The bench's own call that stops the profiler, not the server's work.
    if (url === 'node:inspector') return;
    const place = placeOf(url, functionName);
    total += micros;
    selfByPlace.set(place, (selfByPlace.get(place) ?? 0) + micros);
    const name = `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}`;
    selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + micros);
  });
  const idle = selfByPlace.get('(idle)') ?? 0;
  const busy = total - idle;
  const share = (micros: number) => `${((micros / busy) * 100).toFixed(1).padStart(5)} %`;
  const sorted = (map: Map<string, number>) =>
    [...map].filter(([name]) => !name.startsWith('(idle)')).sort((a, b) => b[1] - a[1]);
  console.log(`\n${path}: ${(busy / 1e6).toFixed(2)} s busy of ${(total / 1e6).toFixed(2)} s sampled`);
  console.log('Self time by place (share of busy time):');
  for (const [place, micros] of sorted(selfByPlace).slice(0, 20)) console.log(`  ${share(micros)}  ${place}`);
  console.log(`Top ${TOP} functions by self time:`);
  for (const [name, micros] of sorted(selfByFunction).slice(0, TOP))
    console.log(`  ${share(micros)}  ${name}`);
}

const files = process.argv.slice(2);
if (files.length === 0) throw new Error('name one or more .cpuprofile files');
for (const file of files) summarise(file);
