// A run of our 704 as a Sim704 configuration file describes it (rhobbie's build and compile
// steps name one per run: tapes MT1..MT10, drums, the reader's deck, the punch, the printer,
// core size, the sense switches, which LOAD button, and after how many halts the run ends).
// Sim704 halts when a program selects the reader after its last card; pressing START then gives
// end of file. We do the same: the reader stops the run for input, the halt is counted, and the
// run goes on with the reader signalling end of file.

import { Drum } from '../devices/drum.ts';
import { TapeUnit } from '../devices/tape.ts';
import { Machine } from '../machine/machine.ts';
import type { DeckItem } from '../devices/cards.ts';

export interface Sim704Config {
  readonly tapes: readonly string[];
  readonly drums: readonly string[];
  readonly reader?: string;
  readonly punch?: string;
  readonly printer?: string;
  readonly coreWords: number;
  readonly boot: 'CRD' | 'MT' | 'DR';
  readonly switches: readonly boolean[];
  readonly exitOnHalt: number;
}

const tag = (xml: string, name: string): string | undefined => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1]?.trim();
const list = (xml: string, name: string, item: string): string[] => {
  const body = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml)?.[1] ?? '';
  return [...body.matchAll(new RegExp(`<${item}>([^<]*)</${item}>`, 'g'))].map((m) => m[1]!.trim());
};

export function parseSim704Config(xml: string, file: string): Sim704Config {
  const size = Number(tag(xml, 'MemSize') ?? '32');
  if (![4, 8, 32].includes(size)) throw new Error(`${file}: MemSize ${size} is not 4, 8 or 32`);
  const boot = (tag(xml, 'boot') ?? 'CRD').toUpperCase();
  if (boot !== 'CRD' && boot !== 'MT' && boot !== 'DR') throw new Error(`${file}: boot "${boot}" is not CRD, MT or DR`);
  const reader = tag(xml, 'CRD'), punch = tag(xml, 'CPU'), printer = tag(xml, 'LP');
  return {
    tapes: list(xml, 'MT', 'string'),
    drums: list(xml, 'DR', 'string'),
    ...(reader ? { reader } : {}),
    ...(punch ? { punch } : {}),
    ...(printer ? { printer } : {}),
    coreWords: size * 1024,
    boot,
    switches: list(xml, 'Switch', 'boolean').map((b) => b === 'true'),
    exitOnHalt: Number(tag(xml, 'ExitOnHalt') ?? '1'),
  };
}

export interface Sim704Run {
  readonly machine: Machine;
  /** How the run ended, for people. */
  readonly end: string;
  readonly halts: number;
  readonly cycles: number;
}

/**
 * Run a configuration. `resolve` gives the real path of a tape or drum file named in it; the
 * deck comes from `deck`, and the punched cards and printed lines are left in the machine.
 */
export function runSim704(config: Sim704Config, deck: readonly DeckItem[], resolve: (name: string) => string, limit = 4e9): Sim704Run {
  const machine = new Machine({ coreWords: config.coreWords });
  const cpu = machine.cpu;
  config.switches.forEach((on, i) => {
    if (on) cpu.senseSwitches |= 1 << i;
  });
  const tapes = config.tapes.map((name, i) => {
    const unit = new TapeUnit(i + 1);
    unit.attach(resolve(name));
    machine.io.attachTape(i + 1, unit);
    return unit;
  });
  let drum: Drum | null = null;
  if (config.drums.length > 0) {
    drum = new Drum();
    config.drums.forEach((name, i) => drum!.attach(resolve(name), i + 1));
    for (let n = 1; n <= 8; n++) machine.io.attachDrum(n, drum);
  }
  machine.reader.feed(deck);
  machine.load(config.boot === 'CRD' ? 0o321 : config.boot === 'MT' ? 0o221 : 0o301);
  let halts = 0;
  let end = '';
  const CHUNK = 50_000_000;
  for (let left = limit; ; left -= CHUNK) {
    if (left <= 0) {
      end = `still running after ${limit} instructions (IC ${cpu.ic.toString(8)})`;
      break;
    }
    const stop = machine.run(Math.min(CHUNK, left));
    if (stop.reason === 'limit') continue;
    if (stop.reason === 'error' || stop.reason === 'breakpoint') {
      end = stop.message;
      break;
    }
    halts++;
    end = stop.reason === 'input' ? 'the card reader is empty' : stop.message;
    if (halts >= config.exitOnHalt) break;
    // START: the reader now answers end of file; a halt resumes where it stopped
    if (stop.reason === 'input') machine.reader.setEndOfFile(true);
  }
  for (const t of tapes) t.detach();
  drum?.detach();
  return { machine, end, halts, cycles: cpu.cycles };
}
