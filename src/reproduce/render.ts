// An experiment's outcome for a person: a terminal table, and Markdown and an HTML page (inline
// SVG pictures, no external assets) written beside the run's work folder.

import type { Experiment, Outcome, Row, Verdict } from './experiment.ts';
import { escapeXml as esc, sceneSvg } from '../pictures/svg.ts';
import { style } from '../cli/style.ts';
import { duration } from '../host/progress.ts';
import { textTable } from '../host/table.ts';

const MARK: Record<Verdict, string> = { same: 'same', close: 'close', differs: 'differs' };
const paint = (v: Verdict, s: string): string => (v === 'same' ? style.ok(s) : v === 'close' ? style.warn(s) : style.error(s));

/** Verdict counts, e.g. { same: 3, close: 1, differs: 2 }. */
export function tally(o: Outcome): Record<Verdict, number> {
  const t: Record<Verdict, number> = { same: 0, close: 0, differs: 0 };
  for (const s of o.sections) for (const r of s.rows) t[r.verdict]++;
  return t;
}

const summary = (o: Outcome): string => {
  const t = tally(o);
  return `${t.same} same, ${t.close} close, ${t.differs} differ`;
};

export function terminalText(e: Experiment, o: Outcome): string {
  const out: string[] = [style.head(`${e.name}: ${e.title}`), style.dim(e.source), ''];
  for (const s of o.sections) {
    out.push(style.reg(s.title));
    const rows = s.rows.map((r: Row) => [r.what, r.paper, r.ours, paint(r.verdict, MARK[r.verdict]), r.note ? style.dim(r.note) : '']);
    out.push(textTable(['what', 'paper', 'ours', 'verdict', ''], rows, [], 2), '');
  }
  for (const n of o.notes) out.push(`* ${n}`);
  if (o.notes.length) out.push('');
  out.push(`verdict: ${summary(o)}${o.emulatedSeconds !== undefined ? `; 704 time ${duration(o.emulatedSeconds)}` : ''}`);
  return out.join('\n') + '\n';
}

const mdCell = (s: string): string => s.replace(/\|/g, '\\|');

export function markdown(e: Experiment, o: Outcome, pictureFiles: readonly string[]): string {
  const out: string[] = [`# ${e.name}: ${e.title}`, '', `Source: ${e.source}`, ''];
  for (const s of o.sections) {
    out.push(`## ${s.title}`, '', '| what | paper | ours | verdict | note |', '|---|---|---|---|---|');
    for (const r of s.rows) out.push(`| ${[r.what, r.paper, r.ours, r.verdict, r.note ?? ''].map(mdCell).join(' | ')} |`);
    out.push('');
  }
  o.pictures.forEach((p, i) => out.push(`![${p.caption}](${pictureFiles[i]})`, '', `*${p.caption}*`, ''));
  if (o.notes.length) out.push('## Notes', '', ...o.notes.map((n) => `* ${n}`), '');
  out.push(`Verdict: ${summary(o)}.${o.emulatedSeconds !== undefined ? ` 704 time ${duration(o.emulatedSeconds)}.` : ''}`, '');
  return out.join('\n');
}

const CSS = `body{font-family:system-ui,sans-serif;max-width:960px;margin:2em auto;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}
th{background:#f3f3f3}.same{color:#1e7b34}.close{color:#a66f00}.differs{color:#b3261e}figure{margin:1.5em 0}
figcaption{color:#555;font-size:90%}svg{max-width:100%;height:auto}`;

export function html(e: Experiment, o: Outcome): string {
  const out: string[] = [`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(e.name)}</title><style>${CSS}</style></head><body>`,
    `<h1>${esc(e.name)}: ${esc(e.title)}</h1><p>Source: ${esc(e.source)}</p>`];
  for (const s of o.sections) {
    out.push(`<h2>${esc(s.title)}</h2><table><tr><th>what</th><th>paper</th><th>ours</th><th>verdict</th><th>note</th></tr>`);
    for (const r of s.rows) out.push(`<tr><td>${esc(r.what)}</td><td>${esc(r.paper)}</td><td>${esc(r.ours)}</td><td class="${r.verdict}">${r.verdict}</td><td>${esc(r.note ?? '')}</td></tr>`);
    out.push('</table>');
  }
  for (const p of o.pictures) out.push(`<figure>${sceneSvg(p.scene)}<figcaption>${esc(p.caption)}</figcaption></figure>`);
  if (o.notes.length) out.push('<h2>Notes</h2><ul>', ...o.notes.map((n) => `<li>${esc(n)}</li>`), '</ul>');
  out.push(`<p><b>Verdict:</b> ${esc(summary(o))}</p></body></html>`);
  return out.join('\n');
}
