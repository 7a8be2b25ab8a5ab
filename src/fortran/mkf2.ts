// The FORTRAN II system tape built on our 704 from the public sources (rhobbie/Mkf2, in a folder
// the user names; nothing of it is in this repository). Mkf2's batch files (MKFORT2.cmd and the
// ones it calls) are the recipe: which listing is split where, which cards are copied, patched
// and joined into which deck, and which 704 runs turn those decks into tapes. We read them and
// do each step with our own tools: our assembler where Mkf2 runs UA SAP, binaryCards.ts and
// sapSplit.ts for its card tools, and our 704 (sim704Config.ts) where it runs Sim704. Decks live
// in memory; tapes are files in the work folder, as the 704 runs write them.

import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { cardToWords, wordsToCard, type DeckItem } from '../devices/cards.ts';
import { patchCard, removeTransferCard, type Card } from './binaryCards.ts';
import { nameByAlignment } from './fort2Pages.ts';
import { sapSplit } from './sapSplit.ts';
import { parseSim704Config, runSim704 } from './sim704Config.ts';
import { runUasap, UasapOn704, type UasapRun } from './uasap.ts';
import { makeFolder } from '../host/makeFolder.ts';

export interface BuildStep {
  /** The batch line, as written. */
  readonly line: string;
  readonly script: string;
  /** For 704 runs: cycles and how the run ended. */
  readonly cycles?: number;
  readonly end?: string;
  readonly wallMs: number;
}

export interface BuildOptions {
  /** The Mkf2 folder (MKFORT2/, UASAP/, F2_4K/, F2_8K/ ...). */
  readonly source: string;
  /** Where the tapes, printer files and the build log go. */
  readonly work: string;
  /** Told of each step as it ends. */
  readonly onStep?: (step: BuildStep) => void;
  /** Name FORTRAN II's pieces by alignment even when FORT2.TXT is in the folder. */
  readonly alignPages?: boolean;
  /** UA SAP 3's binary deck: run it on the 704 for the assembly steps (else our assembler does them). */
  readonly uasapDeck?: readonly Card[];
}

export interface BuildResult {
  readonly steps: BuildStep[];
  /** Paths of the system tapes written (F2_4K/F2_4k.tap, F2_8K/F2_8k.tap under work). */
  readonly tapes: string[];
  readonly cycles: number;
  /** Whether FORTRAN II's pieces were named by the page-marked listing or by alignment. */
  readonly pagesFrom: 'FORT2.TXT' | 'alignment';
  /** Who did the assembly steps. */
  readonly assembler: 'UA SAP on the 704' | 'our assembler';
}

const norm = (p: string): string => posix.normalize(p.replaceAll('\\', '/')).replace(/\/$/, '').toLowerCase();

export class Mkf2Build {
  private readonly decks = new Map<string, Card[]>();
  private readonly listings = new Map<string, string[]>();
  private cwd = '';
  private script = '';
  readonly steps: BuildStep[] = [];
  cycles = 0;
  pagesFrom: BuildResult['pagesFrom'] = 'FORT2.TXT';

  private readonly uasap704: UasapOn704 | null;
  /** The source folder's listings, read once a folder. */
  private readonly dirs = new Map<string, string[]>();

  constructor(private readonly options: BuildOptions) {
    if (options.uasapDeck) {
      const dir = join(options.work, 'uasap');
      makeFolder(dir);
      this.uasap704 = new UasapOn704(options.uasapDeck, dir);
      this.cycles += this.uasap704.tapeCycles;
    } else this.uasap704 = null;
  }

  /** Run a batch file of the source folder, relative to the current folder. */
  call(file: string): void {
    const path = this.path(file.endsWith('.cmd') ? file : `${file}.cmd`);
    const text = this.sourceText(path);
    const outerScript = this.script;
    this.script = path;
    const lines = text.split(/\r?\n/);
    lines.forEach((raw, i) => {
      const line = raw.trim();
      if (line === '' || /^(rem\b|@echo)/i.test(line)) return;
      const started = performance.now();
      let ran: { cycles?: number; end?: string } = {};
      try {
        ran = this.command(line) ?? {};
      } catch (e) {
        throw new Error(`${path}:${i + 1}: ${line}\n  ${(e as Error).message}`);
      }
      const step = { line, script: path, ...ran, wallMs: performance.now() - started };
      this.steps.push(step);
      this.options.onStep?.(step);
    });
    this.script = outerScript; // a batch file's cd outlives it, as in cmd.exe
  }

  /** Run a batch file from its own folder, as one types its name there. */
  runIn(dir: string, file: string): void {
    this.cwd = norm(dir);
    this.call(file);
  }

  private command(line: string): { cycles?: number; end?: string } | void {
    const [verb, ...args] = line.split(/\s+/).filter((a) => !/^\/[qy]$/i.test(a));
    switch (verb!.toLowerCase()) {
      case 'cd':
        this.cwd = this.path(args[0]!);
        return;
      case 'mkdir':
      case 'rmdir':
        return;
      case 'call':
        if (/^uasap$/i.test(basename(args[0]!.replaceAll('\\', '/')))) return this.uasap(args[1]!);
        return this.call(args[0]!);
      case 'del':
        for (const a of args) this.delete(a);
        return;
      case 'copy': // the finished tapes, copied into the folders the compile runs use
        this.copyTape(args[0]!, args[1]!);
        return;
      case 'sapsplit':
        return this.sapSplit(args[0]!, args[1]!, args[2]!);
      case 'copycards':
        this.put(args[1]!, args[0]!.split('+').flatMap((f) => this.deck(f)));
        return;
      case 'removetransfercard':
        this.put(args[1]!, removeTransferCard(args[0]!.split('+').flatMap((f) => this.deck(f)), args[0]!));
        return;
      case 'patchcard': {
        const deck = this.deck(args[1]!);
        if (deck.length !== 1) throw new Error(`${args[1]} holds ${deck.length} cards, not one`);
        this.put(args[2] ?? args[1]!, [patchCard(deck[0]!, args[0]!)]);
        return;
      }
      case 'splitdeck': {
        const deck = this.deck(args[0]!);
        let n = Number(args[1]);
        if (n < 0) n += deck.length;
        if (!(n > 0 && n < deck.length)) throw new Error(`cannot split ${deck.length} cards after ${args[1]}`);
        this.put(args[2]!, deck.slice(0, n));
        this.put(args[3]!, deck.slice(n));
        return;
      }
      case 'sim704':
        return this.sim704(args[0]!);
      default:
        throw new Error(`"${verb}" is not a step this build knows`);
    }
  }

  /** A path relative to the current folder, as the scripts write them. */
  private path(p: string): string {
    return norm(posix.join(this.cwd, p.replaceAll('\\', '/')));
  }

  /** Work files are named in lower case: the scripts' names are case-blind (Windows). */
  private real(path: string, root: string): string {
    return join(root, ...path.split('/'));
  }

  private sourceText(path: string): string {
    const file = this.findSource(path);
    if (!file) throw new Error(`${path}: not in ${this.options.source}`);
    return readFileSync(file, 'latin1');
  }

  private findSource(path: string): string | undefined {
    let dir = this.options.source;
    for (const part of path.split('/')) {
      if (!existsSync(dir)) return undefined;
      const hit = this.readdir(dir).find((n) => n.toLowerCase() === part);
      if (!hit) return undefined;
      dir = join(dir, hit);
    }
    return dir;
  }

  private readdir(dir: string): string[] {
    let names = this.dirs.get(dir);
    if (!names) {
      names = readdirSync(dir);
      this.dirs.set(dir, names);
    }
    return names;
  }

  private deck(name: string): Card[] {
    const path = this.path(name);
    const d = this.decks.get(path);
    if (!d) throw new Error(`no deck ${path}`);
    return d;
  }

  private put(name: string, cards: Card[]): void {
    this.decks.set(this.path(name), cards);
  }

  private delete(pattern: string): void {
    const path = this.path(pattern);
    const re = new RegExp(`^${path.replace(/[.+^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`);
    for (const k of [...this.decks.keys()]) if (re.test(k)) this.decks.delete(k);
    for (const k of [...this.listings.keys()]) if (re.test(k)) this.listings.delete(k);
  }

  private uasap(file: string): { end: string; cycles?: number } {
    const path = this.path(file);
    const source = { name: path, text: this.sourceText(path) };
    const run: UasapRun & { cycles?: number } = this.uasap704 ? this.uasap704.assemble(source) : runUasap(source);
    this.cycles += run.cycles ?? 0;
    const stem = path.replace(/\.[^./]*$/, '');
    this.decks.set(`${stem}.cbn`, run.deck);
    this.listings.set(`${stem}.lst`, run.listing);
    return { end: `${run.deck.length} cards, ${run.listing.length} print lines, ${run.flagged} flagged M or U`, ...(run.cycles === undefined ? {} : { cycles: run.cycles }) };
  }

  private sapSplit(listingName: string, deckName: string, outDir: string): { end: string } {
    const lst = this.path(listingName);
    const out = this.path(outDir);
    let pieces;
    const own = this.listings.get(lst);
    const file = own || this.options.alignPages ? undefined : this.findSource(lst);
    if (own) pieces = sapSplit(own, this.deck(deckName), lst);
    else if (file) {
      try {
        pieces = sapSplit(readFileSync(file, 'latin1').split(/\r?\n/), this.deck(deckName), lst);
      } catch (e) {
        throw new Error(`${(e as Error).message} (--align-pages names the pieces without ${basename(file)})`);
      }
    } else {
      // FORT2.TXT (the listing with the original's page marks) is missing: split by our own
      // listing of the same source and name the pieces as the scripts use them
      const ours = this.listings.get(this.path(deckName).replace(/\.cbn$/, '.lst'));
      if (!ours) throw new Error(`${lst}: not in the source folder, and no listing of ${deckName} to stand in for it`);
      pieces = nameByAlignment(sapSplit(ours, this.deck(deckName), lst), this.pageNames());
      this.pagesFrom = 'alignment';
    }
    for (const p of pieces) this.decks.set(`${out}/${p.name.toLowerCase()}.cbn`, p.cards);
    return { end: `${pieces.length} pieces` };
  }

  /** Every `Page{p}Line{l}_{type}` the scripts of the current script's folder name. */
  private pageNames(): string[] {
    const dir = dirname(this.script);
    const folder = this.findSource(dir)!;
    const names = this.readdir(folder).filter((f) => /\.cmd$/i.test(f)).flatMap((f) => readFileSync(join(folder, f), 'latin1').match(/Page\d+Line\d+_[A-Z]+/g) ?? []);
    return names;
  }

  private copyTape(from: string, toDir: string): void {
    const src = this.real(this.path(from), this.options.work);
    const dir = this.real(this.path(toDir), this.options.work);
    makeFolder(dir);
    copyFileSync(src, join(dir, basename(src)));
  }

  private sim704(xmlName: string): { cycles: number; end: string } {
    const xml = this.path(xmlName);
    const config = parseSim704Config(this.sourceText(xml), xml);
    const dir = this.real(this.cwd, this.options.work);
    makeFolder(dir);
    const deck: DeckItem[] = config.reader ? this.deck(config.reader).map((c) => wordsToCard(c)) : [];
    const run = runSim704(config, deck, (name) => join(dir, name.toLowerCase()));
    if (config.punch) this.put(config.punch, run.machine.punch.deck().filter((c): c is Uint16Array => c !== 'eof').map(cardToWords));
    writeFileSync(join(dir, `${basename(xmlName, '.xml')}.printer.txt`), run.machine.printer.lines.join('\n') + '\n');
    this.cycles += run.cycles;
    return { cycles: run.cycles, end: run.end };
  }
}

/** Build the 4K and 8K FORTRAN II system tapes from an Mkf2 folder. */
export function buildFortran(options: BuildOptions): BuildResult {
  // a build starts from blank tapes: the 704 runs would otherwise mount what an earlier one wrote
  for (const dir of ['mkfort2', 'f2_4k', 'f2_8k']) rmSync(join(options.work, dir), { recursive: true, force: true });
  makeFolder(options.work);
  const build = new Mkf2Build(options);
  build.runIn('MKFORT2', 'MKFORT2.cmd');
  const tapes = ['f2_4k/f2_4k.tap', 'f2_8k/f2_8k.tap'].map((t) => join(options.work, t)).filter((t) => existsSync(t));
  return { steps: build.steps, tapes, cycles: build.cycles, pagesFrom: build.pagesFrom, assembler: options.uasapDeck ? 'UA SAP on the 704' : 'our assembler' };
}
