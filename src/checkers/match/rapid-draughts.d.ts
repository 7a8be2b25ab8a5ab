// The part of rapid-draughts (npm) that match.ts uses. The package's own .d.ts files import
// each other without file extensions, which NodeNext resolution cannot follow, so its types
// arrive empty; these declarations stand in for them (from dist/english/*.d.ts, version 1.0.6).

declare module 'rapid-draughts' {
  export enum DraughtsPlayer { LIGHT = 'light', DARK = 'dark' }
  export enum DraughtsStatus { PLAYING = 'playing', DRAW = 'draw', LIGHT_WON = 'light_won', DARK_WON = 'dark_won' }
}

declare module 'rapid-draughts/english' {
  import type { DraughtsPlayer, DraughtsStatus } from 'rapid-draughts';
  /** Squares 0-31 are the standard squares 1-32 less one; captures lists the squares taken. */
  export interface DraughtsMove1D { readonly origin: number; readonly destination: number; readonly captures: number[] }
  export interface EnglishDraughtsEngineData {
    player: DraughtsPlayer;
    /** Bitboards: light (White), dark (Black), kings. */
    board: { light: number; dark: number; king: number };
    stats: { sinceCapture: number; sinceNonKingAdvance: number };
  }
  export interface EnglishDraughtsGame {
    readonly status: DraughtsStatus;
    readonly player: DraughtsPlayer;
    readonly moves: DraughtsMove1D[];
    /** Private in the package's types, public at run time: its square-to-bitboard table. */
    readonly adapter: { toEngineMove(move: DraughtsMove1D): { origin: number; destination: number; captures: number } };
    move(move: DraughtsMove1D): void;
  }
  export type EnglishDraughtsComputer = (game: EnglishDraughtsGame) => Promise<DraughtsMove1D>;
  export const EnglishDraughts: { setup(data?: Partial<EnglishDraughtsEngineData>): EnglishDraughtsGame };
  export const EnglishDraughtsComputerFactory: {
    random(): EnglishDraughtsComputer;
    alphaBeta(options: { maxDepth?: number; quiescence?: boolean }): EnglishDraughtsComputer;
  };
}
