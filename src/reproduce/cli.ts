// `samuel704 reproduce NAME`: re-run one published experiment from scratch on the 704, print the
// paper's figures beside ours with a verdict per row, and write Markdown and HTML (with the
// pictures as SVG files) to --out. `reproduce --list` names each experiment, its source and time.

import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { writeFileAtomic } from '../devices/atomicFile.ts';
import { guarded } from '../cli/style.ts';
import { sceneSvg } from '../pictures/svg.ts';
import { allExperiments, findExperiment } from './registry.ts';
import { html, markdown, terminalText } from './render.ts';
import type { Experiment } from './experiment.ts';
import { makeFolder } from '../host/makeFolder.ts';

export function listText(experiments: readonly Experiment[]): string {
  const w = Math.max(4, ...experiments.map((e) => e.name.length));
  return experiments
    .map((e) => `${e.name.padEnd(w)}  ${e.title}\n${' '.repeat(w)}  source: ${e.source}\n${' '.repeat(w)}  expected: ${e.expected}${e.expectedQuick ? ` (--quick: ${e.expectedQuick})` : ''}`)
    .join('\n') + '\n';
}

const seedList = (text: string): number[] => {
  const seeds = text.split(',').map((s) => Number(s.trim()));
  if (!seeds.length || seeds.some((s) => !Number.isInteger(s) || s < 0)) throw new Error(`--seeds ${text}: give whole numbers separated by commas, e.g. 1,2,3`);
  return seeds;
};

export function registerReproduceCommand(program: Command): void {
  program
    .command('reproduce')
    .description("re-run a published experiment on the 704 and compare with the paper's figures")
    .argument('[name]', 'the experiment (see --list)')
    .option('--list', 'name every experiment, its source and its expected time')
    .option('--seeds <list>', 'seeds to run, e.g. 1,2,3 (default: the experiment\'s own)')
    .option('--quick', 'a smaller run, where the experiment has one')
    .option('--out <dir>', 'where the work, the Markdown and the HTML go (default .local/reproduce/NAME)')
    .action(guarded(async (name: string | undefined, o: { list?: boolean; seeds?: string; quick?: boolean; out?: string }) => {
      if (o.list || !name) {
        process.stdout.write(listText(await allExperiments()));
        return;
      }
      const e = await findExperiment(name);
      if (!e) throw new Error(`no experiment named ${name}; \`samuel704 reproduce --list\` names them`);
      const out = resolve(o.out ?? join('.local', 'reproduce', e.name));
      const workDir = join(out, 'work');
      makeFolder(workDir);
      const outcome = await e.run({ seeds: o.seeds ? seedList(o.seeds) : e.defaultSeeds, quick: !!o.quick, workDir, log: (l) => process.stderr.write(`${l}\n`) });
      process.stdout.write(terminalText(e, outcome));
      const files = outcome.pictures.map((p) => `${p.name}.svg`);
      outcome.pictures.forEach((p, i) => writeFileAtomic(join(out, files[i]!), sceneSvg(p.scene)));
      writeFileAtomic(join(out, `${e.name}.md`), markdown(e, outcome, files));
      writeFileAtomic(join(out, `${e.name}.html`), html(e, outcome));
      process.stdout.write(`written: ${join(out, `${e.name}.md`)} and ${join(out, `${e.name}.html`)}\n`);
    }));
}
